import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { ConversationChannel } from '../../contracts/inbox.js';
import { activityHour, moveVisitorActivity } from '../analytics/active-visitors.js';
import type { QuestionLogFields } from '../analytics/question-log.js';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { COUNTS_ATTRIBUTE, type MessageCounts } from '../analytics/message-counts.js';
import { getDocumentClient } from '../data/client.js';
import { db } from '../data/db.js';
import { HOT_CALL } from '../data/hot-call.js';
import { putTogether, type ItemPut } from '../data/put-together.js';
import { getTogether, type ItemGet } from '../data/get-together.js';
import { HttpError } from '../http/http-error.js';
import { tagsOfContact } from '../inbox/contact-tags.js';
import { openConnectionIds } from '../realtime/connections.js';
import { reasonFromMessage } from '../inbox/customer-details.js';
import { searchTextOf } from '../inbox/search-text.js';
import { PERSON_ANSWERING } from '../transfers/takeover.js';

export interface StoredMessage {
  sender_type: 'user' | 'assistant' | 'system';
  content: string;
  created_at: string;
}

export interface CurrentConversation {
  conversation_id: string;
  last_message_at: string;
  /** The hour the visitor is counted in for active users (absent if stored before that count). */
  active_hour?: string;
}

/** Who the conversation is with: one contact of one assistant. */
export interface Contact {
  chatbotId: string;
  contactId: string;
}

/** Attempts at starting a conversation while concurrent messages of the same visitor race for it. */
const MAX_ATTEMPTS = 5;

const CURRENT_CONVERSATION_FIELDS = ['conversation_id', 'last_message_at', 'active_hour'] as const;
const visitorGet = (contact: Contact) => db().entities.visitor.get({ chatbot_id: contact.chatbotId, contact_id: contact.contactId });

/** The visitor's current conversation with this assistant, if any (read consistently: it decides which one continues). */
export async function currentConversation(contact: Contact): Promise<CurrentConversation | undefined> {
  const { data } = await visitorGet(contact).go({ consistent: true, attributes: CURRENT_CONVERSATION_FIELDS });
  return data ?? undefined;
}

/** What the assistant answering a conversation must know of it: a person may have taken over, and what was said. */
export interface ConversationState {
  personAnswering: boolean;
  /** Until when a transfer the visitor asked for waits for a person, if one does. */
  transferWaitingUntil?: string;
  /** The latest messages, oldest first: at most as many as the reader asked for. */
  history: StoredMessage[];
}

/** What a turn reads of the conversation item (beside the messages). */
const STATE_FIELDS = ['status', 'transfer_waiting_until'] as const;
/** The first round reads the hinted conversation's last message too: it is exact where the visitor's may lag (moveLastActivity). */
const HINTED_FIELDS = [...STATE_FIELDS, 'last_message_at'] as const;

const stateOf = (conversation: { status: string; transfer_waiting_until?: string } | null, history: StoredMessage[]): ConversationState => ({
  personAnswering: conversation?.status === PERSON_ANSWERING,
  ...(conversation?.transfer_waiting_until && { transferWaitingUntil: conversation.transfer_waiting_until }),
  history,
});

/**
 * The first round of every turn: the assistant item and the visitor's current conversation (as
 * currentConversation reads it; none for a contact the server just made up) in one strongly
 * consistent BatchGetItem. When the visitor's token names the conversation they were in, that
 * conversation's item joins the batch and its recent messages are queried beside it: the state of the
 * conversation the turn most likely continues, known one round early (`hinted`, only if it is still the
 * current one): `historyLimit` messages of it, none when 0. `socketsOf`: a user (the assistant's owner)
 * whose open sockets join the batch too.
 */
export async function readTurnStart(
  contact: Contact,
  options: { hint?: string; historyLimit: number; before: string; newContact?: boolean; socketsOf?: string },
) {
  const { chatbot, conversation, openSockets } = db().entities;
  const hint = options.newContact ? undefined : options.hint;
  const gets: [string, ItemGet][] = [['bot', chatbot.get({ chatbot_id: contact.chatbotId }).params<ItemGet>()]];
  if (!options.newContact) gets.push(['visitor', visitorGet(contact).params<ItemGet>()]);
  if (hint) gets.push(['conversation', conversation.get({ conversation_id: hint }).params<ItemGet>()]);
  if (options.socketsOf) gets.push(['sockets', openSockets.get({ user_id: options.socketsOf }).params<ItemGet>()]);
  const [items, hintedHistory] = await Promise.all([
    getTogether(gets.map(([, get]) => get)),
    hint && options.historyLimit > 0 ? recentMessages(hint, options.historyLimit, options.before) : [],
  ]);
  const item = (name: string) => items[gets.findIndex(([n]) => n === name)];
  const current: CurrentConversation | undefined =
    db().entities.visitor.parse({ Item: item('visitor') }, { attributes: CURRENT_CONVERSATION_FIELDS, ignoreOwnership: false }).data ?? undefined;
  const continuesHint = hint !== undefined && current?.conversation_id === hint;
  const hintedItem = continuesHint ? conversation.parse({ Item: item('conversation') }, { attributes: HINTED_FIELDS, ignoreOwnership: false }).data : undefined;
  const hinted = continuesHint ? stateOf(hintedItem ?? null, hintedHistory) : undefined;
  // The conversation timeout counts from the later of the two (ISO times of one clock compare as text).
  if (current && hintedItem && hintedItem.last_message_at > current.last_message_at) current.last_message_at = hintedItem.last_message_at;
  const sockets = options.socketsOf
    ? { userId: options.socketsOf, connectionIds: openConnectionIds(openSockets.parse({ Item: item('sockets') }, { ignoreOwnership: false }).data?.sockets) }
    : undefined;
  return { bot: chatbot.parse({ Item: item('bot') }, { ignoreOwnership: false }).data, current, hinted, sockets };
}

/**
 * The state of a conversation the turn continues, when readTurnStart could not know it (no or another
 * conversation named), with `historyLimit` of its latest messages (none when 0).
 */
export async function readConversationState(conversationId: string, options: { historyLimit: number; before: string }): Promise<ConversationState> {
  const [{ data }, history] = await Promise.all([
    db().entities.conversation.get({ conversation_id: conversationId }).go({ consistent: true, attributes: STATE_FIELDS }),
    options.historyLimit > 0 ? recentMessages(conversationId, options.historyLimit, options.before) : [],
  ]);
  return stateOf(data, history);
}

/** Whether the visitor's current conversation is still within the conversation timeout (spec 001), and so continues. */
export function continues(current: CurrentConversation | undefined, timeoutMs: number, now: Date): boolean {
  return current !== undefined && now.getTime() - Date.parse(current.last_message_at) <= timeoutMs;
}

/**
 * The visitor's current conversation if it is still within the conversation timeout, else a new one
 * (spec 001: conversationTimeout starts a new conversation). A new one replaces the current one only
 * if no concurrent message of the visitor replaced it first; the loser continues the winner's.
 */
export async function continueOrStartConversation(args: {
  current: CurrentConversation | undefined;
  contact: Contact;
  ownerId: string;
  contactName?: string;
  /** The customer's phone as their channel knows it (a WhatsApp sender): shown and searched in the inbox from the start. */
  contactPhone?: string;
  channel?: ConversationChannel;
  /** The visitor's message: a new conversation's reason for enquiry (spec 001), until the owner edits it. */
  message: string;
  timeoutMs: number;
  now: Date;
}): Promise<{ conversationId: string; isNew: boolean }> {
  const { contact, now } = args;
  const at = now.toISOString();
  const hour = activityHour(at);
  const reason = reasonFromMessage(args.message);
  let current = args.current;
  let tags: string[] | undefined;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    if (current && continues(current, args.timeoutMs, now)) return { conversationId: current.conversation_id, isNew: false };
    // A returning contact's new conversation carries the tags workflows gave them (read only when one starts).
    tags ??= await tagsOfContact(contact.chatbotId, contact.contactId);
    const contactTags = tags;
    const conversationId = randomUUID();
    const key = { chatbot_id: contact.chatbotId, contact_id: contact.contactId };
    const replaced = current?.conversation_id;
    const countedIn = current?.active_hour;
    // ElectroDB reports a cancelled transaction (a lost race) in its result rather than by throwing.
    const { canceled } = await db()
      .transaction.write(({ visitor, conversation }) => [
        replaced
          ? visitor
              .patch(key)
              .set({ conversation_id: conversationId, last_message_at: at, active_hour: hour })
              // The hour it was counted in must be the one read, so the count moves from the right hour.
              .where((attr, op) =>
                [op.eq(attr.conversation_id, replaced), countedIn ? op.eq(attr.active_hour, countedIn) : op.notExists(attr.active_hour)].join(' AND '),
              )
              .commit()
          : visitor.create({ ...key, conversation_id: conversationId, last_message_at: at, active_hour: hour }).commit(),
        conversation
          .create({
            conversation_id: conversationId,
            chatbot_id: contact.chatbotId,
            user_id: args.ownerId,
            channel: args.channel ?? 'website',
            contact_id: contact.contactId,
            contact_name: args.contactName,
            contact_phone: args.contactPhone,
            reason_for_enquiry: reason,
            search_text: searchTextOf({
              contact_id: contact.contactId,
              contact_name: args.contactName,
              contact_phone: args.contactPhone,
              reason_for_enquiry: reason,
            }),
            ...(contactTags.length && { contact_tags: contactTags }),
            status: 'active',
            unread_count: 1,
            last_message_at: at,
            created_at: at,
          })
          .commit(),
      ])
      .go();
    if (!canceled) {
      await moveVisitorActivity(contact.chatbotId, contact.contactId, replaced ? countedIn : undefined, hour);
      return { conversationId, isNew: true };
    }
    current = await currentConversation(contact);
    // Transactions on one item can cancel each other with no winner: step apart before trying again.
    if (!current || current.conversation_id === replaced) await sleep(5 + Math.random() * 20 * attempt);
  }
  throw new HttpError(409, 'Your conversation changed while this message was sent. Please send it again.');
}

/** A message with the id it is (to be) stored under. */
export interface IdentifiedMessage {
  messageId: string;
  message: StoredMessage;
  /** What it adds to the analytics (a visitor's turn only), counted from the stream of stored messages. */
  counts?: MessageCounts;
}

/** The message's PutItem as ElectroDB builds it, with its analytics counts beside ElectroDB's attributes. */
function messagePut(conversationId: string, { messageId, message, counts }: IdentifiedMessage): ItemPut {
  const put = db()
    .entities.message.put({ conversation_id: conversationId, message_id: messageId, message_type: 'text', ...message })
    .params<ItemPut>();
  if (counts) put.Item[COUNTS_ATTRIBUTE] = counts;
  return put;
}

/**
 * Stores one message. Messages are written with a plain put: the id is new, so "must not exist"
 * guards nothing, and when the SDK retries a write that timed out but had succeeded, a conditional
 * create would fail the turn (and writing the same id again writes the same item).
 */
export async function storeMessage(conversationId: string, message: IdentifiedMessage): Promise<void> {
  await getDocumentClient().send(new PutCommand(messagePut(conversationId, message)));
}

/**
 * The conversation's last activity (what the inbox sorts by) moves to `at`, with one more unread
 * message when `unread` (a visitor's message; a new conversation was created with its first).
 */
function moveConversationActivity(conversationId: string, chatbotId: string, at: string, unread: boolean, transferWaitingUntil?: string) {
  const patch = db()
    .entities.conversation.patch({ conversation_id: conversationId })
    .set({ last_message_at: at, ...(transferWaitingUntil && { transfer_waiting_until: transferWaitingUntil }) });
  // The inbox's index sorts by last activity within the assistant.
  return (unread ? patch.add({ unread_count: 1 }) : patch).composite({ chatbot_id: chatbotId }).go(HOT_CALL);
}

/** A visitor's message the assistant does not answer (a person answers, or no reply could be made): stored and counted as unread. */
export async function storeVisitorMessage(conversationId: string, chatbotId: string, message: IdentifiedMessage, newConversation: boolean): Promise<void> {
  await Promise.all([
    storeMessage(conversationId, message),
    moveConversationActivity(conversationId, chatbotId, message.message.created_at, !newConversation),
  ]);
}

/** Stores messages in one BatchWriteItem (plain puts, as storeMessage), with any other items of the turn. */
async function storeMessages(conversationId: string, messages: readonly IdentifiedMessage[], others: readonly ItemPut[] = []): Promise<void> {
  await putTogether([...messages.map((m) => messagePut(conversationId, m)), ...others]);
}

/**
 * Within this long of the visitor's stored last message, and in the same hour, a turn leaves it as it
 * is: one write fewer on most turns of a live chat. What reads it tolerates the lag: the conversation
 * timeout (at least 5 minutes) counts from the continued conversation's own last message when the
 * visitor's token names it (readTurnStart), active users count by hour (always moved), and a channel's
 * 24-hour customer window errs by at most this on the side of not sending.
 */
export const LAST_ACTIVITY_STEP_MS = 60_000;

/** Whether a turn at `at` must move the visitor's last activity (see LAST_ACTIVITY_STEP_MS). */
export function lastActivityDue(current: CurrentConversation, at: string): boolean {
  return current.active_hour !== activityHour(at) || Date.parse(at) - Date.parse(current.last_message_at) >= LAST_ACTIVITY_STEP_MS;
}

/**
 * The visitor's last message moves to `at` (what the conversation timeout reads); their active-users
 * count follows it to its hour, from the hour this update replaced (so concurrent messages of one
 * visitor each move it from where the other left it).
 */
export async function moveLastActivity(contact: Contact, at: string): Promise<void> {
  const hour = activityHour(at);
  const { data } = await db()
    .entities.visitor.patch({ chatbot_id: contact.chatbotId, contact_id: contact.contactId })
    .set({ last_message_at: at, active_hour: hour })
    .go({ response: 'updated_old', ...HOT_CALL });
  await moveVisitorActivity(contact.chatbotId, contact.contactId, data.active_hour, hour);
}

/**
 * Stores the assistant's reply; the conversation's last activity (what lists sort by) moves with it.
 * `messageId`: the id it was sent with already (a channel message is sent before it is stored).
 * `visitorMessage`: the visitor's message it answers, written in the same request (one request fewer
 * per chat turn: each costs the function about a millisecond of CPU in the SDK and ElectroDB) and
 * counted as unread by the same update, unless it started the conversation (created with it unread).
 */
export async function storeReply(
  conversationId: string,
  chatbotId: string,
  message: StoredMessage & { response_time_ms?: number; sources?: { title: string; url: string }[]; confirmation?: 'handoff' } & Partial<QuestionLogFields>,
  options: {
    messageId?: string;
    visitorMessage?: IdentifiedMessage;
    newConversation?: boolean;
    /** Other items the turn writes with its messages (the claim of its client message id, done). */
    alsoPut?: readonly ItemPut[];
    /** The reply hands over to a person: the visitor's messages wait for one until then (set by the same update). */
    transferWaitingUntil?: string;
    /** What the reply adds to the analytics (a reply to a visitor's turn). */
    counts?: MessageCounts;
  } = {},
): Promise<string> {
  const reply = { messageId: options.messageId ?? randomUUID(), message, ...(options.counts && { counts: options.counts }) };
  const { visitorMessage } = options;
  await Promise.all([
    visitorMessage || options.alsoPut?.length
      ? storeMessages(conversationId, visitorMessage ? [visitorMessage, reply] : [reply], options.alsoPut)
      : storeMessage(conversationId, reply),
    moveConversationActivity(conversationId, chatbotId, message.created_at, Boolean(visitorMessage && !options.newConversation), options.transferWaitingUntil),
  ]);
  return reply.messageId;
}

/** The last `count` messages of a conversation written before `before`, oldest first (the model's context window). */
export async function recentMessages(conversationId: string, count: number, before: string): Promise<StoredMessage[]> {
  const { data } = await db()
    .entities.message.query.byConversation({ conversation_id: conversationId })
    .lt({ created_at: before })
    // Only what the model is given: a message's sources and analytics fields would cost every turn their reading.
    .go({ order: 'desc', limit: count, attributes: ['sender_type', 'content', 'created_at'], ...HOT_CALL });
  return data.reverse().map(({ sender_type, content, created_at }) => ({ sender_type, content, created_at }));
}
