import { db } from '../data/db.js';
import { log } from '../runtime/log.js';
import { hourlyAttribute, type HourlyAttribute, type RollupCounter } from './rollup-counters.js';

export type Increments = Partial<Record<RollupCounter, number>>;

/**
 * Adds to the assistant's counters of the UTC hour of `at`: one UpdateItem (ADD is atomic, so concurrent
 * writers never lose a count) on the day's item, created by the first.
 */
export async function addToRollup(chatbotId: string, at: Date, increments: Increments): Promise<void> {
  const hour = at.getUTCHours();
  const add: Partial<Record<HourlyAttribute, number>> = {};
  for (const [counter, value] of Object.entries(increments) as [RollupCounter, number][]) {
    if (value) add[hourlyAttribute(counter, hour)] = value;
  }
  await addToDay(chatbotId, at.toISOString().slice(0, 10), add);
}

/** Adds to hourly counters of one UTC day item (YYYY-MM-DD): one UpdateItem, none when nothing changes. */
export async function addToDay(chatbotId: string, day: string, add: Partial<Record<HourlyAttribute, number>>): Promise<void> {
  if (Object.keys(add).length === 0) return;
  await db().entities.analyticsDay.update({ chatbot_id: chatbotId, day }).add(add).go({ response: 'none' });
}

/** addToRollup for writes whose own data is already stored: a failed count is logged, not passed on. */
export async function addToRollupOrLog(chatbotId: string, at: Date, increments: Increments): Promise<void> {
  try {
    await addToRollup(chatbotId, at, increments);
  } catch (error) {
    log.error('Analytics rollup failed', { chatbotId, at: at.toISOString(), increments, error });
  }
}
