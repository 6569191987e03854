import { DAILY_WORKFLOW_EXECUTIONS } from '../../contracts/workflows.js';
import { wholeNumberText } from '../../contracts/whole-number-text.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';

const DAY_SECONDS = 86_400;

/** What the Execution History says of an execution the daily cap refused (it ran no action). */
export const DAILY_CAP_REACHED =
  `Daily limit reached: your workflows can run ${wholeNumberText(DAILY_WORKFLOW_EXECUTIONS)} times a day, so this one did not run. ` +
  'Workflows run again after 00:00 UTC.';

/** The owner's counter of executions for the UTC day of `now` (expired by TTL the day after). */
export function executionCounter(userId: string, now = new Date()) {
  const windowStart = Math.floor(now.getTime() / 1000 / DAY_SECONDS) * DAY_SECONDS;
  return { key: { counter_key: `workflow-runs:${userId}`, window_start: windowStart }, ttl: windowStart + 2 * DAY_SECONDS };
}

/**
 * Takes one of the owner's executions for today, or refuses once the cap is used up. The count and the
 * check are one conditional write, so concurrent triggers can never run more than the cap between them.
 */
export async function takeDailyExecution(userId: string, now = new Date()): Promise<boolean> {
  const { key, ttl } = executionCounter(userId, now);
  try {
    await db()
      .entities.rateCounter.update(key)
      .add({ count: 1 })
      .set({ ttl })
      .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, DAILY_WORKFLOW_EXECUTIONS)}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}
