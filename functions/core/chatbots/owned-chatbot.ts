import { db } from '../data/db.js';
import { notFound } from '../http/http-error.js';
import type { StoredChatbot } from './chatbot-record.js';

/**
 * The assistant if the caller owns it. Anyone else's (or an unknown id) is the same 404, so ids of
 * other tenants cannot be probed.
 */
export async function ownedChatbot(userId: string, chatbotId: string): Promise<StoredChatbot> {
  const { data } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  if (!data || data.user_id !== userId) throw notFound('Chatbot not found');
  return data;
}
