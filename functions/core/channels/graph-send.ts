import type { SocialPlatform } from '../../contracts/deployment.js';
import { graphCall, type GraphCredentials } from './graph-api.js';

/**
 * The platforms' customer service window: free-form messages may go to a customer within 24 hours of
 * their last message (WhatsApp Cloud API; Messenger and Instagram "standard messaging"). Later ones
 * need templates or message tags, which the product does not send.
 */
export const CUSTOMER_WINDOW_MS = 24 * 3600 * 1000;

export const outsideWindowMessage = (label: string) =>
  `${label} allows replies only within 24 hours of the customer's last message. Wait for the customer to write again.`;

export function withinCustomerWindow(lastCustomerMessageAt: string | undefined, now = Date.now()): boolean {
  return lastCustomerMessageAt !== undefined && now - Date.parse(lastCustomerMessageAt) <= CUSTOMER_WINDOW_MS;
}

/** Messenger and Instagram stop a text at 2,000 characters; WhatsApp at 4,096. */
const MAX_TEXT: Record<SocialPlatform, number> = { whatsapp: 4096, messenger: 2000, instagram: 1000 };

/** The send request of each platform (Meta's documented bodies). */
function sendBody(platform: SocialPlatform, to: string, text: string): unknown {
  const body = text.slice(0, MAX_TEXT[platform]);
  if (platform === 'whatsapp') {
    return { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body } };
  }
  // RESPONSE: an answer to the customer's message, within the window.
  return platform === 'messenger' ? { recipient: { id: to }, messaging_type: 'RESPONSE', message: { text: body } } : { recipient: { id: to }, message: { text: body } };
}

/** Sends a text to a customer through the account; Meta's message id (to match its statuses later), or Meta's error. */
export async function sendChannelText(
  platform: SocialPlatform,
  accountId: string,
  credentials: GraphCredentials,
  to: string,
  text: string,
): Promise<{ ok: true; externalId: string } | { ok: false; error: string }> {
  const result = await graphCall<{ messages?: { id?: string }[]; message_id?: string }>('POST', `${encodeURIComponent(accountId)}/messages`, credentials, {
    body: sendBody(platform, to, text),
  });
  if (!result.ok) return { ok: false, error: result.error };
  const externalId = platform === 'whatsapp' ? result.data.messages?.[0]?.id : result.data.message_id;
  return externalId ? { ok: true, externalId } : { ok: false, error: 'Meta accepted the message but named no message id' };
}

/**
 * The customer's name for the inbox: WhatsApp sends it with the message; Messenger and Instagram are
 * asked through the User Profile API. Undefined when Meta does not say.
 */
export async function customerProfileName(platform: SocialPlatform, senderId: string, credentials: GraphCredentials): Promise<string | undefined> {
  if (platform === 'whatsapp') return undefined;
  const fields = platform === 'messenger' ? 'first_name,last_name' : 'name,username';
  const result = await graphCall<Record<string, string | undefined>>('GET', encodeURIComponent(senderId), credentials, { query: { fields } });
  if (!result.ok) return undefined;
  const d = result.data;
  const name = platform === 'messenger' ? [d.first_name, d.last_name].filter(Boolean).join(' ') : (d.name ?? d.username);
  return name || undefined;
}
