import type { ServerSocketMessage } from '../../contracts/realtime.js';
import type { TypingAction } from '../../contracts/realtime.js';
import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';
import { listeningConnections } from '../realtime/inbox-updates.js';
import { postToConnection } from '../realtime/post-to-connection.js';
import { isVisitorSocketKey, visitorSocketKey } from '../realtime/visitor-replies.js';
import { conversationFor } from './conversation-access.js';
import { personShown } from './person-shown.js';
import { postToVisitorSockets } from './takeover-events.js';

/** Who sent the typing event: the socket's user (a Cognito user, or a visitor's socket key). */
export interface TypingPeer {
  userId: string;
  email: string;
}

export const NOT_YOUR_CONVERSATION = 'Conversation not found';

/**
 * Typing indicators both ways (issue 28). A visitor's widget says its visitor is typing: told to the
 * open inboxes of those who may read the conversation, only if the conversation is that visitor's. A
 * dashboard says its user is typing a reply: told to the visitor's open widget, with the person's name,
 * only if the user may reply in it (the inbox reply's rule). Answers an error for a refused event
 * (the same for an unknown conversation as for another's), else nothing.
 */
export async function relayTyping(peer: TypingPeer, { conversation_id }: TypingAction): Promise<ServerSocketMessage | undefined> {
  if (isVisitorSocketKey(peer.userId)) {
    const { data: conversation } = await db()
      .entities.conversation.get({ conversation_id })
      .go({ attributes: ['conversation_id', 'chatbot_id', 'contact_id'] });
    if (!conversation || visitorSocketKey(conversation.chatbot_id, conversation.contact_id) !== peer.userId) {
      return { type: 'error', message: NOT_YOUR_CONVERSATION };
    }
    const { data: bot } = await db().entities.chatbot.get({ chatbot_id: conversation.chatbot_id }).go({ attributes: ['user_id', 'team_id'] });
    const connections = bot ? await listeningConnections(bot) : [];
    const told: ServerSocketMessage = { type: 'visitor_typing', chatbot_id: conversation.chatbot_id, conversation_id };
    await Promise.all(connections.map((id) => postToConnection(id, told)));
    return undefined;
  }
  try {
    const { conversation } = await conversationFor({ userId: peer.userId, email: peer.email, businessName: '', groups: [], action: 'edit' }, conversation_id);
    const person = await personShown(peer.userId, peer.email);
    await postToVisitorSockets(conversation, { type: 'person_typing', conversation_id, person });
    return undefined;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return { type: 'error', message: error.message };
    throw error;
  }
}
