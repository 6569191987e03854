import { E164_PATTERN } from '../../../contracts/workflows.js';
import { sendText } from '../../sms/send-text.js';
import { ActionFailedError } from '../action-errors.js';
import { fillPlaceholders } from '../placeholders.js';
import type { ActionContext } from './action-context.js';

/** send_sms through AWS End User Messaging SMS (locally the SMS outbox); the recipient may be {{customer_phone}}. */
export async function sendSmsAction(config: { from_phone: string; to_phone: string; message: string }, { trigger }: ActionContext): Promise<string> {
  const to = fillPlaceholders(config.to_phone, trigger).replace(/[\s()-]/g, '');
  if (!E164_PATTERN.test(to)) {
    throw new ActionFailedError(to ? `The phone number ${to} is not in E.164 format` : 'There is no customer phone number to text');
  }
  await sendText({ from: config.from_phone, to, body: fillPlaceholders(config.message, trigger) });
  return `Text sent to ${to}`;
}
