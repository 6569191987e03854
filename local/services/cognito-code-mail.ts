import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { localCredentials, LOCAL_REGION } from '../local-aws.js';

export interface CodeDelivery {
  destination: string;
  code: string;
  subject: string;
  message: string;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const BOX_END = '╯';

/**
 * cognito-local "delivers" confirmation codes (sign-up, e-mail change, forgotten password) by printing a
 * box on its console. This reads those boxes from its output, so the local runtime can send them as the
 * e-mails Cognito would send. Feed it output as it arrives; it returns the text not yet complete.
 */
export function takeCodeDeliveries(buffer: string): { deliveries: CodeDelivery[]; rest: string } {
  const deliveries: CodeDelivery[] = [];
  let rest = buffer.replace(ANSI, '');
  for (;;) {
    const start = rest.indexOf('Confirmation Code Delivery');
    if (start < 0) return { deliveries, rest: rest.slice(-200) };
    const end = rest.indexOf(BOX_END, start);
    if (end < 0) return { deliveries, rest: rest.slice(start) };
    const box = rest.slice(start, end);
    const field = (name: string) => new RegExp(`${name}:\\s+(.+?)\\s*│`).exec(box)?.[1]?.trim() ?? '';
    const destination = field('Destination');
    const code = field('Code');
    if (destination && code) deliveries.push({ destination, code, subject: field('Email Subject'), message: field('Email Message') });
    rest = rest.slice(end + 1);
  }
}

/** Sends a confirmation code to the local SES stand-in, from Cognito's default sender address. */
export async function mailCodeDelivery(sesEndpoint: string, delivery: CodeDelivery): Promise<void> {
  const client = new SESv2Client({ endpoint: sesEndpoint, region: LOCAL_REGION, credentials: localCredentials });
  const text = delivery.message || `Your verification code is ${delivery.code}`;
  try {
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'no-reply@verificationemail.com',
        Destination: { ToAddresses: [delivery.destination] },
        Content: { Simple: { Subject: { Data: delivery.subject || 'Your verification code' }, Body: { Text: { Data: text } } } },
      }),
    );
  } finally {
    client.destroy();
  }
}
