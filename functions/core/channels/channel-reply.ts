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

/**
 * An owner's inbox reply on a WhatsApp, Messenger or Instagram conversation goes to the customer with
 * the Graph API before it is stored, so the inbox never shows a reply the customer did not get. Refused
 * (409) when the channel was disconnected or the platform's 24-hour window since the customer's last
 * message has closed; 502 with Meta's text when Meta refuses it. Other conversations: nothing to do.
 */
export async function sendReplyOnChannel(conversation: ChannelConversation, text: string, messageId: string, now = Date.now()): Promise<void> {
  if (!socialPlatforms.includes(conversation.channel as SocialPlatform)) return;
  const platform = conversation.channel as SocialPlatform;
  const label = platformLabels[platform];
  const [{ data: connections }, { data: contact }] = await Promise.all([
    db().entities.channelConnection.query.byChatbot({ chatbot_id: conversation.chatbot_id, platform }).go(),
    db().entities.visitor.get({ chatbot_id: conversation.chatbot_id, contact_id: conversation.contact_id }).go({ attributes: ['last_message_at'] }),
  ]);
  const connection = connections[0];
  if (!connection) throw new HttpError(409, `${label} is no longer connected to this assistant, so the reply cannot reach the customer.`);
  // The contact's last activity is their last message: only the customer's own messages move it.
  if (!withinCustomerWindow(contact?.last_message_at, now)) throw new HttpError(409, outsideWindowMessage(label));
  const credentials = await openChannelSecrets(connection.connection_id, connection.sealed_credentials);
  const customerId = conversation.contact_id.slice(`${platform}:`.length);
  const sent = await deliverToCustomer(connection, credentials, customerId, { conversationId: conversation.conversation_id, messageId, text });
  if (!sent.ok) throw new HttpError(502, `${label} did not accept the reply: ${sent.error}`);
}
