import type { ServerSocketMessage } from '../../contracts/realtime.js';
import { log } from '../runtime/log.js';
import { connectionsOfUser } from './connections.js';
import { postToConnection } from './post-to-connection.js';

/**
 * A visitor's socket (opened with their visitor token) is registered under this key instead of a user
 * id: one assistant's one contact. Cognito subs are UUIDs, so no user's key can look like it.
 */
export const visitorSocketKey = (chatbotId: string, contactId: string): string => `visitor#${chatbotId}#${contactId}`;

export const isVisitorSocketKey = (userId: string): boolean => userId.startsWith('visitor#');

/** What the visitor's widget shows: a person's reply (or a message the business sends them) in their conversation. */
export type VisitorReply = Extract<ServerSocketMessage, { type: 'reply' }>;

/**
 * Sends a message of the business to the open widgets of the conversation's visitor. Best effort: the
 * message is stored already and the visitor's widget loads it at its next visit; a failure is logged.
 */
export async function sendToVisitor(
  conversation: { chatbot_id: string; contact_id: string; channel?: string },
  reply: Omit<VisitorReply, 'type'>,
): Promise<void> {
  // WhatsApp, Messenger, Instagram and voice conversations have no widget socket: they are answered on their channel.
  if (conversation.channel && conversation.channel !== 'website') return;
  try {
    const connections = await connectionsOfUser(visitorSocketKey(conversation.chatbot_id, conversation.contact_id));
    await Promise.all(connections.map((id) => postToConnection(id, { type: 'reply', ...reply })));
  } catch (error) {
    log.warn('Live reply to the visitor not sent', { conversationId: reply.conversation_id, error });
  }
}
