import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { addToAnalyticsDayOnce, analyticsDayMark } from '../data/analytics-day-counters.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { flagConversationOnce } from './conversation-first-flags.js';
import { COUNTS_ATTRIBUTE, type MessageCounts } from './message-counts.js';
import { conversationCounter, rollupAttributes, type HourIncrement, type RollupCounter } from './rollup-counters.js';

/** A record of the table's stream as Lambda's event source mapping delivers it (NEW_IMAGE). */
export interface TableStreamRecord {
  eventName?: string;
  dynamodb?: { NewImage?: Record<string, AttributeValue>; SequenceNumber?: string };
}

/** Sequence numbers are decimal strings of up to 40 digits: padded, they compare as strings in a condition. */
const SEQUENCE_DIGITS = 40;
const comparable = (sequenceNumber: string) => sequenceNumber.padStart(SEQUENCE_DIGITS, '0');

/** Attempts at one day item when its mark keeps moving under the write (it should not: one shard has one consumer). */
const MAX_ATTEMPTS = 3;

interface CountedRecord {
  sequence: string;
  increments: HourIncrement[];
}

/** One inserted message's counts, or none (not a message of a visitor's turn). */
function countsOf(record: TableStreamRecord): { sequence: string; item: Record<string, unknown>; counts: MessageCounts } | undefined {
  const image = record.dynamodb?.NewImage;
  const sequence = record.dynamodb?.SequenceNumber;
  if (record.eventName !== 'INSERT' || !image?.[COUNTS_ATTRIBUTE] || !sequence) return undefined;
  const item = unmarshall(image);
  return { sequence: comparable(sequence), item, counts: item[COUNTS_ATTRIBUTE] as MessageCounts };
}

/**
 * What one message adds: a visitor's message one message (and its channel's conversation when it started
 * one); a reply one reply with its response time (and a fallback); a fallback or handoff also marks its
 * conversation, adding it to unresolved (and escalated) when it is the first reply to do so.
 */
async function incrementsOf(item: Record<string, unknown>, counts: MessageCounts): Promise<HourIncrement[]> {
  const hour = new Date(counts.at).getUTCHours();
  const add = (counter: RollupCounter, value: number) => ({ counter, hour, value });
  if (counts.kind === 'visitor') return [add('messages', 1), add(conversationCounter(counts.channel), counts.new_conversation ? 1 : 0)];
  const fallback = counts.outcome === 'fallback';
  const handoff = counts.outcome === 'handoff';
  const [unresolved, escalated] =
    fallback || handoff
      ? await Promise.all([
          flagConversationOnce(String(item.conversation_id), String(item.message_id), 'unresolved', counts.at),
          handoff && flagConversationOnce(String(item.conversation_id), String(item.message_id), 'escalated', counts.at),
        ])
      : [false, false];
  return [
    add('replies', 1),
    add('response_ms', counts.response_ms),
    add('fallbacks', fallback ? 1 : 0),
    add('unresolved', unresolved ? 1 : 0),
    add('escalated', escalated ? 1 : 0),
  ];
}

/**
 * Adds one shard's records of one day item: one UpdateItem adding them all and recording the last
 * sequence number as the shard's mark on the item, refused if the mark shows any of them was added
 * before. A refused write reads the mark and adds the records past it only: a batch delivered again,
 * whole or overlapping (a retry after a failure elsewhere in it, its halves after a bisection), adds
 * each record once, since a shard's records reach the consumer in order the first time.
 */
async function addDayOnce(shardId: string, chatbotId: string, day: string, records: readonly CountedRecord[]): Promise<void> {
  const attribute = `stream_${shardId}`;
  let pending = [...records].sort((a, b) => (a.sequence < b.sequence ? -1 : 1));
  let expected: string | undefined;
  for (let attempt = 1; pending.length > 0; attempt++) {
    try {
      const mark = { attribute, first: pending[0]!.sequence, last: pending.at(-1)!.sequence, ...(expected !== undefined && { expected }) };
      await addToAnalyticsDayOnce(chatbotId, day, rollupAttributes(pending.flatMap((r) => r.increments)), mark);
      return;
    } catch (error) {
      if (!isConditionalFailure(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
    expected = await analyticsDayMark(chatbotId, day, attribute);
    const added = expected;
    pending = added === undefined ? pending : pending.filter((r) => r.sequence > added);
  }
}

/**
 * The stream consumer: a batch of one shard's records (message inserts carrying counts, as the event
 * source mapping's filter passes them) added up into one counter write per assistant and UTC day.
 * Throws when a write fails, so that the batch is delivered again (bisected on AWS); what was added
 * already is not added twice.
 */
export async function countStoredMessages(shardId: string, records: readonly TableStreamRecord[]): Promise<void> {
  const days = new Map<string, { chatbotId: string; day: string; records: CountedRecord[] }>();
  const counted = await Promise.all(
    records.map(async (record) => {
      const found = countsOf(record);
      return found && { ...found, increments: await incrementsOf(found.item, found.counts) };
    }),
  );
  for (const entry of counted) {
    if (!entry) continue;
    const day = entry.counts.at.slice(0, 10);
    const key = `${entry.counts.chatbot_id} ${day}`;
    const group = days.get(key) ?? { chatbotId: entry.counts.chatbot_id, day, records: [] };
    group.records.push({ sequence: entry.sequence, increments: entry.increments });
    days.set(key, group);
  }
  await Promise.all([...days.values()].map((group) => addDayOnce(shardId, group.chatbotId, group.day, group.records)));
}
