import type { InboxConversation, UpdateConversationRequest } from '../../contracts/inbox.js';
import { db } from '../data/db.js';
import { toInboxConversation } from './inbox-record.js';
import { ownedConversation } from './owned-conversation.js';
import { searchTextOf } from './search-text.js';

/** PATCH /conversations/{id}: the owner corrects the customer's details; an empty value clears one. */
export async function updateConversation(userId: string, conversationId: string, changes: UpdateConversationRequest): Promise<InboxConversation> {
  const { conversation, chatbot } = await ownedConversation(userId, conversationId);
  const updated = { ...conversation, ...changes };
  const cleared = (Object.keys(changes) as (keyof UpdateConversationRequest)[]).filter((field) => changes[field] === '');
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== ''));
  const { data } = await db()
    .entities.conversation.patch({ conversation_id: conversationId })
    .set({ ...set, search_text: searchTextOf({ ...updated, ...Object.fromEntries(cleared.map((f) => [f, undefined])) }) })
    .remove(cleared)
    .go({ response: 'all_new' });
  return toInboxConversation(data, chatbot.business_name);
}
