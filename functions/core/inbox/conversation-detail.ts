import type { Caller } from '../access/authorize.js';
import type { ConversationDetailResponse } from '../../contracts/inbox.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { toInboxConversation, toInboxMessage } from './inbox-record.js';
import { conversationFor } from './conversation-access.js';

/**
 * GET /conversations/{id}: the conversation with every message, oldest first (spec 001). Opening it
 * reads it: its unread count goes back to 0 for every reader (a team shares one inbox).
 */
export async function conversationDetail(caller: Caller, conversationId: string): Promise<ConversationDetailResponse> {
  const { conversation, chatbot } = await conversationFor(caller, conversationId);
  const [{ data }] = await Promise.all([
    db().entities.message.query.byConversation({ conversation_id: conversationId }).go({ pages: 'all' }),
    conversation.unread_count ? markRead(conversationId) : undefined,
  ]);
  return { conversation: toInboxConversation({ ...conversation, unread_count: 0 }, chatbot.business_name), messages: data.map(toInboxMessage) };
}

async function markRead(conversationId: string): Promise<void> {
  try {
    await db().entities.conversation.patch({ conversation_id: conversationId }).set({ unread_count: 0 }).go({ response: 'none' });
  } catch (error) {
    // Deleted meanwhile: nothing left to mark; the reader still sees what they loaded.
    if (!isConditionalFailure(error)) throw error;
  }
}
