import type { ConversationDetailResponse } from '../../contracts/inbox.js';
import { db } from '../data/db.js';
import { toInboxConversation, toInboxMessage } from './inbox-record.js';
import { ownedConversation } from './owned-conversation.js';

/** GET /conversations/{id}: the conversation with every message, oldest first (spec 001). */
export async function conversationDetail(userId: string, conversationId: string): Promise<ConversationDetailResponse> {
  const { conversation, chatbot } = await ownedConversation(userId, conversationId);
  const { data } = await db().entities.message.query.byConversation({ conversation_id: conversationId }).go({ pages: 'all' });
  return { conversation: toInboxConversation(conversation, chatbot.business_name), messages: data.map(toInboxMessage) };
}
