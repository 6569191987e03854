import { isConditionalFailure } from '../../data/conditional-failure.js';
import { db } from '../../data/db.js';
import type { RunRef } from './begin-run.js';
import { WORKER_BUDGET_MS, WORKER_CONCURRENCY } from './engine-settings.js';
import { offerAddresses } from './frontier.js';
import type { Batch } from './plan-round.js';
import { readContextOf } from './run-context.js';
import { readTasks } from './read-tasks.js';
import { getRun, tasksByKey } from './run-store.js';

export interface BatchResult {
  read: number;
  added: number;
  site_down: boolean;
}

/**
 * One worker of a round: reads the pages of its batch (those still claimed: a batch run again after
 * its worker died reads only what that worker did not finish), records each page on its task, and adds
 * the links it found to the frontier. A site found down is recorded on the run for the plan to stop.
 */
export async function fetchBatch({ chatbot_id: chatbotId, run_id: runId }: RunRef, batch: Batch, startedAt = Date.now()): Promise<BatchResult> {
  const run = await getRun(chatbotId, runId);
  if (!run || run.status !== 'running') return { read: 0, added: 0, site_down: false };
  const tasks = (await tasksByKey(chatbotId, runId, batch.keys)).filter((task) => task.state === 'claimed');
  const delayMs = run.crawl_delay_ms ?? 0;
  const concurrency = delayMs ? 1 : WORKER_CONCURRENCY;
  const context = readContextOf(run, concurrency);
  try {
    const outcome = await readTasks(tasks, context, { concurrency, delayMs, deadline: startedAt + WORKER_BUDGET_MS });
    if (outcome.siteDown && !run.site_down) {
      await db()
        .entities.crawlRun.patch({ chatbot_id: chatbotId, run_id: runId })
        .set({ site_down: outcome.siteDown })
        .where((attr, op) => op.notExists(attr.site_down))
        .go({ response: 'none' })
        .catch((error: unknown) => {
          if (!isConditionalFailure(error)) throw error;
        });
    }
    const added = run.follow_links
      ? await offerAddresses(outcome.links, { chatbotId, runId, sites: context.sites, robots: context.robots, firstSeq: batch.first_seq, room: batch.room, linked: true })
      : 0;
    return { read: tasks.length, added, site_down: Boolean(outcome.siteDown) };
  } finally {
    context.close();
  }
}
