import { db } from '../../data/db.js';
import type { RunRef } from './begin-run.js';
import {
  BATCH_PAGES,
  crawlTimeLimitMs,
  frontierCapacity,
  HOST_CONCURRENCY,
  KNOWN_BATCH_PAGES,
  MAX_ATTEMPTS,
  WORKER_BUDGET_MS,
  WORKER_CONCURRENCY,
} from './engine-settings.js';
import { countTasks, runningProgress, saveProgress } from './run-progress.js';
import { deleteRunTasks, forEachLimited, getRun, runTasks, type CrawlRun, type CrawlTask } from './run-store.js';
import { MAX_QUERY_VARIANTS, maxPagesPerPattern, PatternBudget, queryVariantOf } from './url-traps.js';

/** One worker's share of a round: the keys of the tasks it reads, and what it may add to the frontier. */
export interface Batch {
  keys: string[];
  /** Discovery order of the links it finds. */
  first_seq: number;
  /** New addresses it may add at most. */
  room: number;
}

export interface RoundPlan {
  done: boolean;
  round: number;
  batches: Batch[];
}

const SEQ_PER_ROUND = 1_000_000;
/** Writes of one DynamoDB transaction at most. */
const CLAIMS_TOGETHER = 100;
const SEQ_PER_BATCH = 10_000;

type PlannedTask = Pick<CrawlTask, 'key' | 'state' | 'reason' | 'url' | 'seq' | 'attempts' | 'pattern' | 'known' | 'chatbot_id' | 'run_id'>;

async function setStates(tasks: readonly PlannedTask[], update: Partial<CrawlTask>, perTask?: (task: PlannedTask) => Partial<CrawlTask>): Promise<void> {
  await forEachLimited(tasks, 16, async (task) => {
    await db()
      .entities.crawlTask.patch({ chatbot_id: task.chatbot_id, run_id: task.run_id, key: task.key })
      .set({ ...update, ...perTask?.(task) })
      .go({ response: 'none' });
  });
}

async function stopRun(run: CrawlRun, reason: NonNullable<CrawlRun['stop_reason']>, stopped: string): Promise<void> {
  await db().entities.crawlRun.patch({ chatbot_id: run.chatbot_id, run_id: run.run_id }).set({ stop_reason: reason, stopped }).go({ response: 'none' });
}

function stopText(run: CrawlRun, reason: NonNullable<CrawlRun['stop_reason']>, fetched: number, unread: number): string {
  const notRead = `${unread} found ${unread === 1 ? 'page was' : 'pages were'} not read`;
  if (reason === 'limit') return `the plan's limit of ${run.max_pages} pages was reached; ${notRead}`;
  if (reason === 'time') return `the time limit of ${Math.round(crawlTimeLimitMs() / 60_000)} minutes was reached; ${notRead}`;
  return `${run.site_down ?? 'the website stopped answering'} after ${fetched} ${fetched === 1 ? 'page' : 'pages'}; ${notRead}`;
}

/**
 * Between rounds (one invocation, so one view of the frontier): gives up pages whose batches keep
 * dying, bounds URL traps per pattern, stops at the plan's page limit, the time limit or a site that
 * went down, and otherwise hands the next pages out in batches, as many at once as politeness to the
 * site allows. Writes the live progress. An assistant deleted meanwhile: its run is removed, done.
 */
export async function planRound({ chatbot_id: chatbotId, run_id: runId }: RunRef, round: number): Promise<RoundPlan> {
  const finished = { done: true, round, batches: [] };
  const [{ data: bot }, run] = await Promise.all([db().entities.chatbot.get({ chatbot_id: chatbotId }).go({ attributes: ['chatbot_id'] }), getRun(chatbotId, runId)]);
  if (!bot || !run) {
    await deleteRunTasks(chatbotId, runId);
    if (run) await db().entities.crawlRun.delete({ chatbot_id: chatbotId, run_id: runId }).go();
    return finished;
  }
  if (run.status !== 'running') return finished;
  const tasks: PlannedTask[] = await runTasks(chatbotId, runId, ['key', 'state', 'reason', 'url', 'seq', 'attempts', 'pattern', 'known', 'chatbot_id', 'run_id']);

  // Still claimed after their round: their worker died (or was stopped). Read again, up to a bound.
  const orphaned = tasks.filter((task) => task.state === 'claimed');
  const abandoned = orphaned.filter((task) => task.attempts >= MAX_ATTEMPTS);
  await setStates(abandoned, { state: 'failed', reason: `its reading stopped ${MAX_ATTEMPTS} times` });
  await setStates(orphaned.filter((task) => task.attempts < MAX_ATTEMPTS), { state: 'queued' });
  for (const task of orphaned) task.state = task.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';

  // URL traps: so many pages per path pattern, so many query variants per path.
  const perPattern = maxPagesPerPattern(run.max_pages);
  const patterns = new PatternBudget(perPattern);
  const variants = new PatternBudget(MAX_QUERY_VARIANTS);
  for (const task of tasks) {
    if (task.state === 'queued' || task.state === 'skipped' || task.state === 'excluded') continue;
    patterns.count(task.pattern);
    const variant = queryVariantOf(new URL(task.url));
    if (variant) variants.count(variant);
  }
  const queued = tasks.filter((task) => task.state === 'queued').sort((a, b) => a.seq - b.seq);
  const trapped = queued.filter((task) => {
    const variant = queryVariantOf(new URL(task.url));
    return !patterns.admit(task.pattern) || (variant !== undefined && !variants.admit(variant));
  });
  await setStates(trapped, { state: 'skipped', reason: `too many addresses like this one (a URL trap: at most ${perPattern} per path pattern, ${MAX_QUERY_VARIANTS} per path with a query)` });
  const trappedKeys = new Set(trapped.map((task) => task.key));
  for (const task of trapped) task.state = 'skipped';
  const next = queued.filter((task) => !trappedKeys.has(task.key));

  const counts = countTasks(tasks);
  const stop: CrawlRun['stop_reason'] | undefined = run.site_down
    ? 'site_down'
    : Date.now() - Date.parse(run.started_at) > crawlTimeLimitMs()
      ? 'time'
      : next.length && counts.kept >= run.max_pages
        ? 'limit'
        : undefined;
  if (stop) {
    await setStates(next, { state: 'skipped', reason: stop === 'limit' ? 'the page limit was reached' : 'the reading stopped before it' });
    await stopRun(run, stop, stopText({ ...run }, stop, counts.fetched, next.length));
    return finished;
  }
  if (!next.length) return finished;

  const delay = run.crawl_delay_ms ?? 0;
  const batchCount = delay ? 1 : Math.max(1, Math.floor(HOST_CONCURRENCY / WORKER_CONCURRENCY));
  // Known pages are queued first (Begin), so a re-sync's first rounds are of known pages only.
  const firstNew = next.findIndex((task) => !task.known);
  const knownAhead = firstNew === -1 ? next.length : firstNew;
  const batchPages = delay
    ? Math.max(1, Math.min(BATCH_PAGES, Math.floor(WORKER_BUDGET_MS / delay)))
    : knownAhead >= batchCount * BATCH_PAGES
      ? Math.min(KNOWN_BATCH_PAGES, Math.floor(knownAhead / batchCount))
      : BATCH_PAGES;
  const taken = next.slice(0, Math.min(run.max_pages - counts.kept, batchCount * batchPages));
  // Claimed CLAIMS_TOGETHER at a time in one transaction: a re-sync's round claims 200 pages.
  const groups = Array.from({ length: Math.ceil(taken.length / CLAIMS_TOGETHER) }, (_, i) => taken.slice(i * CLAIMS_TOGETHER, (i + 1) * CLAIMS_TOGETHER));
  await forEachLimited(groups, 4, async (group) => {
    const { canceled } = await db()
      .transaction.write(({ crawlTask }) =>
        group.map((task) => crawlTask.patch({ chatbot_id: chatbotId, run_id: runId, key: task.key }).set({ state: 'claimed', attempts: task.attempts + 1 }).commit()),
      )
      .go();
    // One write refused (a task gone with its deleted assistant): each claimed alone, as one would be.
    if (canceled) await setStates(group, { state: 'claimed' }, (task) => ({ attempts: task.attempts + 1 }));
  });
  const batchTotal = Math.ceil(taken.length / batchPages);
  const room = Math.max(0, Math.floor((frontierCapacity(run.max_pages) - tasks.length) / batchTotal));
  const batches: Batch[] = [];
  for (let i = 0; i < batchTotal; i++) {
    batches.push({ keys: taken.slice(i * batchPages, (i + 1) * batchPages).map((task) => task.key), first_seq: (round + 1) * SEQ_PER_ROUND + i * SEQ_PER_BATCH, room });
  }
  await saveProgress(chatbotId, runningProgress(run, counts));
  return { done: false, round: round + 1, batches };
}
