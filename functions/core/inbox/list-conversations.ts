import { DEFAULT_INBOX_PAGE_SIZE, type ConversationListResponse, type ListConversationsQuery } from '../../contracts/inbox.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { notTestContact } from '../chat/owner-contact.js';
import { assistantsSharedWith } from '../access/shared-assistants.js';
import { db } from '../data/db.js';
import { decodeCursor, encodeCursor, type InboxPosition } from './inbox-cursor.js';
import { toInboxConversation, type StoredConversation } from './inbox-record.js';
import { searchAlternatives } from './search-text.js';

interface InboxChatbot {
  chatbot_id: string;
  business_name: string;
}

/** Items DynamoDB reads per request while a search or a tag filters an assistant's conversations. */
const SEARCH_READ_BATCH = 1000;

/**
 * The assistants whose conversations the caller's inbox shows (the one rule): one they may read, or
 * all of them: their own and those shared with a team they are an active member of.
 */
export async function inboxChatbots(caller: Caller, chatbotId: string | undefined): Promise<InboxChatbot[]> {
  if (chatbotId) return [(await chatbotFor(caller, chatbotId)).chatbot];
  const attributes = ['chatbot_id', 'business_name'] as const;
  const [{ data: own }, shared] = await Promise.all([
    db().entities.chatbot.query.byUser({ user_id: caller.userId }).go({ pages: 'all', attributes: [...attributes] }),
    assistantsSharedWith(caller.userId),
  ]);
  if (!shared.length) return own;
  const { data: others } = await db()
    .entities.chatbot.get(shared.map((s) => ({ chatbot_id: s.chatbot_id })))
    .go({ attributes: [...attributes] });
  return [...own, ...others];
}

interface InboxFilter {
  /** What the search text must contain, one of them (search-text.ts); none for no search. */
  search: string[];
  /** A tag the conversation's contact must have. */
  tag: string | undefined;
}

/**
 * One assistant's conversations after `after`, newest activity first: up to `wanted` of them, each
 * matching the search unless the assistant's business name does (then all of them match), and each
 * of a contact with the tag when one is asked for.
 */
async function conversationsOf(bot: InboxChatbot, filter: InboxFilter, after: InboxPosition | undefined, wanted: number) {
  const query = db().entities.conversation.query.byChatbot({ chatbot_id: bot.chatbot_id });
  const range = after ? query.lt({ last_message_at: after.at, conversation_id: after.id }) : query;
  const { search, tag } = filter;
  // The business name is matched by the search as typed (the first alternative).
  const everyOne = !search.length || bot.business_name.toLowerCase().includes(search[0]!);
  const { data } = await range
    .where(({ contact_id, search_text, contact_tags }, { begins, contains }) =>
      [
        // The owner's and team's own tests, typed or spoken, are nobody to answer.
        notTestContact((prefix) => begins(contact_id, prefix)),
        ...(everyOne ? [] : [`(${search.map((text) => contains(search_text, text)).join(' OR ')})`]),
        // On a string set, contains is membership: the whole tag, not part of one.
        ...(tag ? [contains(contact_tags, tag)] : []),
      ].join(' AND '),
    )
    // `count` pages on until that many items passed the filter (or the assistant has no more).
    // Read a page's worth at a time (only the owner's and team's own tests are filtered out): without a limit
    // DynamoDB reads 1 MB per request, some 2,000 conversations, to return the first 50 (1.2 s locally).
    .go({ order: 'desc', count: wanted, limit: everyOne && !tag ? wanted : SEARCH_READ_BATCH });
  return data.map((conversation) => ({ conversation, businessName: bot.business_name }));
}

const newestFirst = (a: StoredConversation, b: StoredConversation) =>
  b.last_message_at.localeCompare(a.last_message_at) || b.conversation_id.localeCompare(a.conversation_id);

/**
 * The inbox list (spec 001 /conversations and the contacts inbox): the caller's conversations across
 * their assistants or of one, newest activity first, searched case-insensitively over customer name,
 * contact name, contact id, phone, reason for enquiry and business name, or narrowed to the contacts
 * with a tag, a page at a time. Each assistant gives its next page + 1 and the merge keeps the newest
 * page, so the position of the last one continues every assistant's list at once.
 */
export async function listConversations(caller: Caller, query: ListConversationsQuery): Promise<ConversationListResponse> {
  const pageSize = query.limit ?? DEFAULT_INBOX_PAGE_SIZE;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const filter = { search: searchAlternatives(query.q ?? ''), tag: query.tag };
  const chatbots = await inboxChatbots(caller, query.chatbotId);
  const found = (await Promise.all(chatbots.map((bot) => conversationsOf(bot, filter, after, pageSize + 1)))).flat();
  found.sort((a, b) => newestFirst(a.conversation, b.conversation));
  const page = found.slice(0, pageSize);
  const last = page.at(-1)?.conversation;
  return {
    conversations: page.map(({ conversation, businessName }) => toInboxConversation(conversation, businessName)),
    nextCursor: found.length > pageSize && last ? encodeCursor({ at: last.last_message_at, id: last.conversation_id }) : null,
  };
}
