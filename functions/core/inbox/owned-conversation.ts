import { requireOwned } from '../chatbots/owned-chatbot.js';
import type { StoredChatbot } from '../chatbots/chatbot-record.js';
import { db } from '../data/db.js';
import { HttpError, notFound } from '../http/http-error.js';
import type { StoredConversation } from './inbox-record.js';

/**
 * A conversation the caller may read and answer: one of an assistant they may manage (the one
 * authorization rule, core/chatbots/owned-chatbot.ts). Anyone else's, or an unknown id, is the same 404.
 */
export async function ownedConversation(userId: string, conversationId: string): Promise<{ conversation: StoredConversation; chatbot: StoredChatbot }> {
  const { data: conversation } = await db().entities.conversation.get({ conversation_id: conversationId }).go();
  if (!conversation) throw notFound('Conversation not found');
  const { data: chatbot } = await db().entities.chatbot.get({ chatbot_id: conversation.chatbot_id }).go();
  try {
    return { conversation, chatbot: requireOwned(userId, chatbot) };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound('Conversation not found');
    throw error;
  }
}
