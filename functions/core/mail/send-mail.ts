import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { awsClientConfig } from '../runtime/aws-client-config.js';
import { labelDependencyErrors } from '../runtime/dependency-outage.js';
import { requireEnv } from '../runtime/env.js';

let cached: { endpoint: string | undefined; client: SESv2Client } | undefined;

/** One SES client per warm Lambda; locally `AWS_ENDPOINT_URL_SESV2` points it at the SES stand-in. */
function sesClient(): SESv2Client {
  const endpoint = process.env.AWS_ENDPOINT_URL_SESV2;
  if (!cached || cached.endpoint !== endpoint) {
    cached = { endpoint, client: labelDependencyErrors(new SESv2Client(awsClientConfig('e-mail service')), 'e-mail service') };
  }
  return cached.client;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one e-mail from the application's address (MAIL_FROM); returns SES's message id. */
export async function sendMail(mail: Mail): Promise<string> {
  const { MessageId } = await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: requireEnv('MAIL_FROM'),
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
  return MessageId ?? '';
}
