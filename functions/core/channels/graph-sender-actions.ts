import type { SocialPlatform } from '../../contracts/deployment.js';
import { log } from '../runtime/log.js';
import { graphCall, type GraphCredentials } from './graph-api.js';

type SenderAction = 'mark_seen' | 'typing_on' | 'typing_off';

/** Messenger's and Instagram's sender actions (Send API): one action per call, no message with it. */
async function senderAction(accountId: string, credentials: GraphCredentials, to: string, action: SenderAction): Promise<boolean> {
  const result = await graphCall('POST', `${encodeURIComponent(accountId)}/messages`, credentials, { body: { recipient: { id: to }, sender_action: action } });
  if (!result.ok) log.warn('Meta refused a sender action', { action, error: result.error });
  return result.ok;
}

/**
 * What the customer sees as soon as their message is taken: WhatsApp's read receipt (blue ticks,
 * `status: read` on the message id); on Messenger and Instagram the message marked seen, then the
 * typing indicator while the answer is written (the answer itself turns it off). Best effort: a
 * refusal is logged and the answer still goes out.
 */
export async function showMessageSeen(
  platform: SocialPlatform,
  accountId: string,
  credentials: GraphCredentials,
  message: { senderId: string; messageId: string },
): Promise<void> {
  if (platform === 'whatsapp') {
    const result = await graphCall('POST', `${encodeURIComponent(accountId)}/messages`, credentials, {
      body: { messaging_product: 'whatsapp', status: 'read', message_id: message.messageId },
    });
    if (!result.ok) log.warn('WhatsApp refused the read receipt', { error: result.error });
    return;
  }
  if (await senderAction(accountId, credentials, message.senderId, 'mark_seen')) {
    await senderAction(accountId, credentials, message.senderId, 'typing_on');
  }
}

/** Messenger and Instagram: no answer is coming from the assistant (a person answers, or it failed): typing stops. */
export async function stopTyping(platform: SocialPlatform, accountId: string, credentials: GraphCredentials, to: string): Promise<void> {
  if (platform !== 'whatsapp') await senderAction(accountId, credentials, to, 'typing_off');
}
