import { addToAnalyticsDay } from '../data/analytics-day-counters.js';
import { log } from '../runtime/log.js';
import { rollupAttributes, type HourIncrement, type RollupCounter } from './rollup-counters.js';

export type Increments = Partial<Record<RollupCounter, number>>;

/**
 * Adds to the assistant's counters of the UTC hour of `at`: one UpdateItem (ADD is atomic, so concurrent
 * writers never lose a count) on the day's item, created by the first.
 */
export async function addToRollup(chatbotId: string, at: Date, increments: Increments): Promise<void> {
  const hour = at.getUTCHours();
  const changes = (Object.entries(increments) as [RollupCounter, number][]).map(([counter, value]) => ({ counter, hour, value }));
  await addToDay(chatbotId, at.toISOString().slice(0, 10), changes);
}

/** Adds to counters of one UTC day item (YYYY-MM-DD), hours and day totals: one UpdateItem, none when nothing changes. */
export async function addToDay(chatbotId: string, day: string, increments: readonly HourIncrement[]): Promise<void> {
  const add = rollupAttributes(increments);
  if (Object.keys(add).length === 0) return;
  await addToAnalyticsDay(chatbotId, day, add);
}

/** addToRollup for writes whose own data is already stored: a failed count is logged, not passed on. */
export async function addToRollupOrLog(chatbotId: string, at: Date, increments: Increments): Promise<void> {
  try {
    await addToRollup(chatbotId, at, increments);
  } catch (error) {
    log.error('Analytics rollup failed', { chatbotId, at: at.toISOString(), increments, error });
  }
}
