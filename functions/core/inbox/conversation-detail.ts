import type { Caller } from '../access/authorize.js';
import type { ConversationDetailResponse } from '../../contracts/inbox.js';
import { db } from '../data/db.js';
import { toInboxConversation, toInboxMessage } from './inbox-record.js';
import { conversationFor } from './conversation-access.js';

/** GET /conversations/{id}: the conversation with every message, oldest first (spec 001). */
export async function conversationDetail(caller: Caller, conversationId: string): Promise<ConversationDetailResponse> {
  const { conversation, chatbot } = await conversationFor(caller, conversationId);
  const { data } = await db().entities.message.query.byConversation({ conversation_id: conversationId }).go({ pages: 'all' });
  return { conversation: toInboxConversation(conversation, chatbot.business_name), messages: data.map(toInboxMessage) };
}
