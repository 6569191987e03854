import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { isTestContact, notTestContact } from '../chat/owner-contact.js';
import { getDocumentClient } from '../data/client.js';
import { db } from '../data/db.js';
import { log } from '../runtime/log.js';
import type { RollupDay } from './figures.js';
import { dayTotalAttribute, hourlyAttribute, type HourIncrement } from './rollup-counters.js';
import { addToDay } from './rollup-writes.js';

/**
 * Active users (distinct visitors who wrote since an instant) without reading every visitor. Each
 * visitor is counted in exactly one hour, that of their latest message (`active_visitors_HH` of the
 * day item), and the visitor item names that hour (`active_hour`), written in the same update as
 * their last message. When a visitor's latest message moves to another hour, the count moves with
 * it: -1 in the hour named by the value the update replaced (UPDATED_OLD, or the condition of a
 * transaction), +1 in the new one. The owner's and team's test contacts (typed or spoken) are not counted. Every visitor is then in exactly one hour's count, so the visitors
 * whose last message is at or after an instant are the sum of the hours after it: a year reads the
 * same 366 day items as the other figures.
 */

const HOUR_MS = 3_600_000;

/** The hour a visitor is counted in: `YYYY-MM-DDTHH` (UTC) of their last message's ISO time. */
export const activityHour = (iso: string): string => iso.slice(0, 13);

/**
 * Moves a visitor's count from the hour they were counted in (`from`; absent for a new visitor or one
 * stored before this count existed) to `to` (absent when the visitor item is deleted). Nothing to write
 * when the hour is the same; one UpdateItem when both hours are in one day, else two at once.
 * Logged, not passed on: the visitor's message is stored and matters more than the count.
 */
export async function moveVisitorActivity(chatbotId: string, contactId: string, from: string | undefined, to: string | undefined): Promise<void> {
  if (from === to || isTestContact(contactId)) return;
  const byDay = new Map<string, HourIncrement[]>();
  const add = (hour: string, value: number) => {
    const day = hour.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), { counter: 'active_visitors', hour: Number(hour.slice(11, 13)), value }]);
  };
  if (from) add(from, -1);
  if (to) add(to, 1);
  try {
    await Promise.all([...byDay].map(([day, increments]) => addToDay(chatbotId, day, increments)));
  } catch (error) {
    log.error('Analytics count of an active visitor failed', { chatbotId, contactId, from, to, error });
  }
}

const nextHourStart = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;

/**
 * Active users since `sinceMs` (ranges end now, so: visitors whose last message is at or after it),
 * part 1: the visitors counted in the day items' hours that start at or after it.
 */
export function visitorsCountedSince(days: readonly RollupDay[], sinceMs: number): number {
  const fromMs = nextHourStart(sinceMs);
  let count = 0;
  for (const item of days) {
    const dayStart = Date.parse(`${item.day}T00:00:00Z`);
    // A day wholly after it may be read with its totals only.
    const total = item[dayTotalAttribute('active_visitors')];
    if (dayStart >= fromMs && typeof total === 'number') {
      count += total;
      continue;
    }
    for (let hour = 0; hour < 24; hour++) {
      if (dayStart + hour * HOUR_MS < fromMs) continue;
      const value = item[hourlyAttribute('active_visitors', hour)];
      if (typeof value === 'number') count += value;
    }
  }
  return count;
}

/**
 * Part 2, where the range starts inside an hour (zones like India's +5:30): the visitors whose last
 * message is in the rest of that hour, counted on the visitors' activity index (an hour's visitors at most).
 */
export async function visitorsActiveInFirstHour(chatbotId: string, sinceMs: number): Promise<number> {
  const until = nextHourStart(sinceMs);
  if (until === sinceMs) return 0;
  const untilIso = new Date(until).toISOString();
  const params = db()
    .entities.visitor.query.byActivity({ chatbot_id: chatbotId })
    .between({ last_message_at: new Date(sinceMs).toISOString() }, { last_message_at: untilIso })
    .where(
      ({ contact_id, last_message_at }, { begins, lt }) =>
        `${notTestContact((prefix) => begins(contact_id, prefix))} AND ${lt(last_message_at, untilIso)}`,
    )
    .params() as QueryCommandInput;
  let count = 0;
  let start: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await getDocumentClient().send(new QueryCommand({ ...params, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}
