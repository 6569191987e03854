import type { Caller } from '../access/authorize.js';
import type { InboxConversation, UpdateConversationRequest } from '../../contracts/inbox.js';
import { db } from '../data/db.js';
import { toInboxConversation } from './inbox-record.js';
import { conversationFor } from './conversation-access.js';
import { searchTextOf } from './search-text.js';

/** PATCH /conversations/{id}: the owner corrects the customer's details; an empty value clears one. */
export async function updateConversation(caller: Caller, conversationId: string, changes: UpdateConversationRequest): Promise<InboxConversation> {
  const { conversation, chatbot } = await conversationFor(caller, conversationId);
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
