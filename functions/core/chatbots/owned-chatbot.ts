import { db } from '../data/db.js';
import { notFound } from '../http/http-error.js';
import type { StoredChatbot } from './chatbot-record.js';

/**
 * The one ownership rule of the `user` routes: the assistant if the caller owns it. Anyone else's
 * (or an unknown id) is the same 404, so ids of other tenants cannot be probed.
 */
export function requireOwned<T extends Pick<StoredChatbot, 'user_id'>>(userId: string, chatbot: T | null | undefined): T {
  if (!chatbot || chatbot.user_id !== userId) throw notFound('Chatbot not found');
  return chatbot;
}

/** Reads the assistant and applies the ownership rule. */
export async function ownedChatbot(userId: string, chatbotId: string): Promise<StoredChatbot> {
  const { data } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  return requireOwned(userId, data);
}
