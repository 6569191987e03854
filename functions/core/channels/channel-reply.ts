import { platformLabels, socialPlatforms, type SocialPlatform } from '../../contracts/deployment.js';
import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';
import { deliverToCustomer } from './channel-inbound.js';
import { openChannelSecrets } from './credential-vault.js';
import { outsideWindowMessage, withinCustomerWindow } from './graph-send.js';

interface ChannelConversation {
  conversation_id: string;
  chatbot_id: string;
  channel: string;
  contact_id: string;
}

/** Whether a business message reached a channel customer: refused 409 (not deliverable now) or 502 (Meta said no). */
export type ChannelDelivery = { ok: true } | { ok: false; status: 409 | 502; error: string };

export const isChannelConversation = (conversation: { channel?: string }): boolean =>
  socialPlatforms.includes(conversation.channel as SocialPlatform);

/**
 * Sends a message of the business to a WhatsApp, Messenger or Instagram customer with the Graph API,
 * where the platform allows it: not once the channel was disconnected, nor after the platform's 24-hour
 * window since the customer's last message has closed. Undefined for other conversations.
 */
export async function deliverOnChannel(conversation: ChannelConversation, text: string, messageId: string, now = Date.now()): Promise<ChannelDelivery | undefined> {
  if (!isChannelConversation(conversation)) return undefined;
  const platform = conversation.channel as SocialPlatform;
  const label = platformLabels[platform];
  const [{ data: connections }, { data: contact }] = await Promise.all([
    db().entities.channelConnection.query.byChatbot({ chatbot_id: conversation.chatbot_id, platform }).go(),
    db().entities.visitor.get({ chatbot_id: conversation.chatbot_id, contact_id: conversation.contact_id }).go({ attributes: ['last_message_at'] }),
  ]);
  const connection = connections[0];
  if (!connection) return { ok: false, status: 409, error: `${label} is no longer connected to this assistant, so the message cannot reach the customer.` };
  // The contact's last activity is their last message: only the customer's own messages move it.
  if (!withinCustomerWindow(contact?.last_message_at, now)) return { ok: false, status: 409, error: outsideWindowMessage(label) };
  const credentials = await openChannelSecrets(connection.connection_id, connection.sealed_credentials);
  const customerId = conversation.contact_id.slice(`${platform}:`.length);
  const sent = await deliverToCustomer(connection, credentials, customerId, { conversationId: conversation.conversation_id, messageId, text });
  return sent.ok ? sent : { ok: false, status: 502, error: `${label} did not accept the message: ${sent.error}` };
}

/**
 * An owner's inbox reply on a WhatsApp, Messenger or Instagram conversation goes to the customer before
 * it is stored, so the inbox never shows a reply the customer did not get: refused as deliverOnChannel
 * says (409, or 502 with Meta's text). Other conversations: nothing to do.
 */
export async function sendReplyOnChannel(conversation: ChannelConversation, text: string, messageId: string, now = Date.now()): Promise<void> {
  const delivery = await deliverOnChannel(conversation, text, messageId, now);
  if (delivery && !delivery.ok) throw new HttpError(delivery.status, delivery.error);
}
