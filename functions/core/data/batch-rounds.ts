import { setTimeout as sleep } from 'node:timers/promises';
/** Rounds of a batch request before giving up on what DynamoDB keeps leaving unprocessed. */
const MAX_ROUNDS = 4;

/**
 * Sends `pending` with `send`, which returns what DynamoDB left unprocessed (BatchGetItem and
 * BatchWriteItem do so, instead of failing, when the table is throttled), and sends that again after
 * a back-off (50, 100, 200 ms). Still unprocessed after that: the error the SDK throws for a
 * throttled table, so it reads as a database outage (503, core/runtime/dependency-outage.ts), not a bug.
 */
export async function inBatchRounds<T>(pending: readonly T[], send: (batch: readonly T[]) => Promise<readonly T[]>): Promise<void> {
  for (let round = 1; pending.length; round++) {
    pending = await send(pending);
    if (!pending.length) return;
    if (round === MAX_ROUNDS) {
      throw Object.assign(new Error(`DynamoDB left ${pending.length} requests of a batch unprocessed after ${MAX_ROUNDS} rounds`), {
        name: 'ProvisionedThroughputExceededException',
        $dependency: 'database',
      });
    }
    await sleep(25 * 2 ** round);
  }
}
