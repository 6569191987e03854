import { authorizeChatbot, type Caller, type TeamRole } from '../access/authorize.js';
import type { StoredChatbot } from '../chatbots/chatbot-record.js';
import { db } from '../data/db.js';
import { HttpError, notFound } from '../http/http-error.js';
import type { StoredConversation } from './inbox-record.js';

/**
 * A conversation of an assistant the caller may act on for their route's action (the one rule,
 * core/access/authorize.ts): its owner, or a member of its team in a role that allows the action.
 * A conversation the caller cannot see, or an unknown id, is the same 404; a role that lacks the right 403.
 */
export async function conversationFor(
  caller: Caller,
  conversationId: string,
): Promise<{ conversation: StoredConversation; chatbot: StoredChatbot; role: TeamRole }> {
  const { data: conversation } = await db().entities.conversation.get({ conversation_id: conversationId }).go();
  if (!conversation) throw notFound('Conversation not found');
  const { data: chatbot } = await db().entities.chatbot.get({ chatbot_id: conversation.chatbot_id }).go();
  try {
    const grant = await authorizeChatbot(caller, chatbot);
    return { conversation, chatbot: grant.chatbot, role: grant.role };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound('Conversation not found');
    throw error;
  }
}
