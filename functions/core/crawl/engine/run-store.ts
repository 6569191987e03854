import type { EntityItem } from 'electrodb';
import type { crawlRunEntity, crawlTaskEntity } from '../../data/crawl-entities.js';
import { db } from '../../data/db.js';
import { deleteAll } from '../../data/delete-all.js';

export type CrawlRun = EntityItem<ReturnType<typeof crawlRunEntity>>;
export type CrawlTask = EntityItem<ReturnType<typeof crawlTaskEntity>>;
export type TaskState = CrawlTask['state'];
export type TaskKey = Pick<CrawlTask, 'chatbot_id' | 'run_id' | 'key'>;

export async function getRun(chatbotId: string, runId: string): Promise<CrawlRun | null> {
  const { data } = await db().entities.crawlRun.get({ chatbot_id: chatbotId, run_id: runId }).go();
  return data;
}

/** Every task of a run, with only `attributes` when given (the plan and the live counts need few). */
export async function runTasks<A extends keyof CrawlTask>(chatbotId: string, runId: string, attributes?: readonly A[]): Promise<Pick<CrawlTask, A>[]> {
  const query = db().entities.crawlTask.query.byRun({ chatbot_id: chatbotId, run_id: runId });
  const { data } = attributes ? await query.go({ pages: 'all', attributes: [...attributes] }) : await query.go({ pages: 'all' });
  return data as Pick<CrawlTask, A>[];
}

/** The tasks of these keys that exist (BatchGetItem, 100 a call). */
export async function tasksByKey(chatbotId: string, runId: string, keys: readonly string[]): Promise<CrawlTask[]> {
  const found: CrawlTask[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    const { data, unprocessed } = await db()
      .entities.crawlTask.get(keys.slice(i, i + 100).map((key) => ({ chatbot_id: chatbotId, run_id: runId, key })))
      .go();
    if (unprocessed.length) throw new Error(`DynamoDB left ${unprocessed.length} frontier reads unprocessed`);
    found.push(...data);
  }
  return found;
}

/** Runs `work` on every item, at most `limit` at a time; after a failure no new item is started, and the failure is thrown once the items under way are done. */
export async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // Every lane settles before the failure is passed on: a lane still reading a page would otherwise
  // find its connections closed by the caller's clean-up and record the page as failed.
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, lane));
  const failure = lanes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Removes a run's frontier (and the run itself with `withRun`). */
export async function deleteRunTasks(chatbotId: string, runId: string): Promise<void> {
  const tasks = await runTasks(chatbotId, runId, ['key']);
  for (let i = 0; i < tasks.length; i += 25) {
    const keys = tasks.slice(i, i + 25).map(({ key }) => ({ chatbot_id: chatbotId, run_id: runId, key }));
    await deleteAll('crawl tasks', keys, (batch) => db().entities.crawlTask.delete(batch).go());
  }
}

/** Everything the crawl engine keeps for an assistant: every run and its frontier (the assistant is deleted). */
export async function deleteCrawlData(chatbotId: string): Promise<void> {
  const { data: runs } = await db().entities.crawlRun.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['run_id'] });
  for (const { run_id } of runs) await deleteRunTasks(chatbotId, run_id);
  await deleteAll('crawl runs', runs.map(({ run_id }) => ({ chatbot_id: chatbotId, run_id })), (keys) => db().entities.crawlRun.delete(keys).go());
}
