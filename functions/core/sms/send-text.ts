import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { awsClientConfig } from '../runtime/aws-client-config.js';
import { labelDependencyErrors } from '../runtime/dependency-outage.js';

let cached: { endpoint: string | undefined; client: PinpointSMSVoiceV2Client } | undefined;

/**
 * One AWS End User Messaging SMS client per warm Lambda; locally `AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2`
 * points it at the SMS outbox stand-in (local/services/sms-outbox.ts).
 */
function smsClient(): PinpointSMSVoiceV2Client {
  const endpoint = process.env.AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2;
  if (!cached || cached.endpoint !== endpoint) {
    cached = { endpoint, client: labelDependencyErrors(new PinpointSMSVoiceV2Client(awsClientConfig('text messages')), 'text messages') };
  }
  return cached.client;
}

export interface TextMessage {
  /** The owner's number (E.164), an origination identity of the account. */
  from: string;
  to: string;
  body: string;
}

/** Sends one transactional text; returns its message id. */
export async function sendText(text: TextMessage): Promise<string> {
  const { MessageId } = await smsClient().send(
    new SendTextMessageCommand({
      OriginationIdentity: text.from,
      DestinationPhoneNumber: text.to,
      MessageBody: text.body,
      MessageType: 'TRANSACTIONAL',
    }),
  );
  return MessageId ?? '';
}
