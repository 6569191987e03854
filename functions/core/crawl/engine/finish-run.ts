import { crawlProblemSummary, type CrawlProgress, type SyncChanges } from '../../../contracts/chatbot.js';
import { db } from '../../data/db.js';
import { deleteAll } from '../../data/delete-all.js';
import { deleteAllIndexes } from '../../knowledge/index-store.js';
import { rebuildChatbotIndex } from '../../knowledge/rebuild-index.js';
import { log } from '../../runtime/log.js';
import { loadProviderKeys } from '../../runtime/provider-keys.js';
import type { RunRef } from './begin-run.js';
import { HISTORY_RUNS } from './engine-settings.js';
import { countTasks, saveProgress, type TaskCounts } from './run-progress.js';
import { deleteRunTasks, forEachLimited, getRun, runTasks, type CrawlRun, type CrawlTask } from './run-store.js';

type StoredPage = { url: string; content_hash: string; position: number };

/** What a run changes in what the assistant knows. */
interface Commit {
  upserts: { task: CrawlTask; url: string; position: number }[];
  removed: string[];
  unchanged: number;
}

function planCommit(run: CrawlRun, tasks: readonly CrawlTask[], existing: readonly StoredPage[]): Commit {
  const byUrl = new Map(existing.map((page) => [page.url, page]));
  let nextPosition = existing.reduce((max, page) => Math.max(max, page.position + 1), 0);
  const removed = new Set<string>();
  const hashes = new Set<string>();
  const ordered = [...tasks].sort((a, b) => a.seq - b.seq);
  // Discovery was complete (nothing left unread by a stop): a known page nobody links to any more is gone.
  const complete = run.kind === 'sync' && !run.stop_reason;
  let unchanged = 0;
  for (const task of ordered) {
    if (task.state !== 'unchanged' || !task.page_url) continue;
    if (complete && !task.linked) removed.add(task.page_url);
    else {
      unchanged += 1;
      const hash = byUrl.get(task.page_url)?.content_hash;
      if (hash) hashes.add(hash);
    }
  }
  const upserts: Commit['upserts'] = [];
  const taken = new Set<string>();
  for (const task of ordered) {
    if (task.known && task.page_url && ['gone', 'dropped', 'excluded'].includes(task.state)) removed.add(task.page_url);
    if (task.state !== 'read' || !task.content_hash) continue;
    if (complete && task.known && !task.linked) {
      if (task.page_url) removed.add(task.page_url);
      continue;
    }
    const url = task.final_url ?? task.url;
    // The same text under two addresses (or two addresses landing on one page): kept once, first found.
    if (hashes.has(task.content_hash) || taken.has(url)) {
      if (task.known && task.page_url && task.page_url !== url) removed.add(task.page_url);
      continue;
    }
    hashes.add(task.content_hash);
    taken.add(url);
    if (task.known && task.page_url && task.page_url !== url) removed.add(task.page_url);
    const known = byUrl.get(url);
    removed.delete(url);
    upserts.push({ task, url, position: known?.position ?? nextPosition++ });
  }
  return { upserts, removed: [...removed].filter((url) => byUrl.has(url) && !taken.has(url)), unchanged };
}

function pageItem(chatbotId: string, { task, url, position }: Commit['upserts'][number], fetchedAt: string) {
  return {
    chatbot_id: chatbotId,
    url,
    title: task.title || url,
    text: task.text ?? '',
    ...(task.site_text ? { site_text: task.site_text } : {}),
    headings: task.headings ?? [],
    ...(task.description ? { description: task.description } : {}),
    content_hash: task.content_hash!,
    ...(task.etag ? { etag: task.etag } : {}),
    ...(task.last_modified ? { last_modified: task.last_modified } : {}),
    links: task.links ?? [],
    position,
    fetched_at: fetchedAt,
  };
}

function outcomeOf(run: CrawlRun, counts: TaskCounts, learned: number, failedSync: string | null): { stage: CrawlProgress['stage']; error: string | null } {
  if (failedSync) return { stage: 'failed', error: failedSync };
  if (!learned) {
    const why = crawlProblemSummary({ pages_fetched: counts.fetched, pages_failed: counts.failed, failures: counts.failures }) ?? run.stopped;
    return { stage: 'failed', error: `No page of this website could be read${why ? ` (${why})` : ''}.` };
  }
  const problems = [
    crawlProblemSummary({ pages_fetched: counts.fetched, pages_failed: counts.failed, failures: counts.failures }),
    run.stop_reason && run.stop_reason !== 'limit' ? `stopped: ${run.stopped}` : null,
  ].filter(Boolean);
  return problems.length ? { stage: 'done_with_problems', error: problems.join('; ') } : { stage: 'done', error: null };
}

/** Why a re-sync must change nothing: the site was down, or not one page could be read. */
function failedSyncReason(run: CrawlRun, counts: TaskCounts, known: number): string | null {
  if (run.kind !== 'sync' || !known) return null;
  if (run.stop_reason === 'site_down') return `The website could not be read: ${run.stopped}. Your assistant keeps answering from what it knew.`;
  if (!counts.kept) {
    const why = crawlProblemSummary({ pages_fetched: counts.fetched, pages_failed: counts.failed, failures: counts.failures });
    return `The website could not be read${why ? ` (${why})` : ''}. Your assistant keeps answering from what it knew.`;
  }
  return null;
}

/** Removes what a run of a deleted assistant left: its frontier, its run, pages and index versions written meanwhile. */
async function cleanUpAfterDeletion(chatbotId: string, runId: string): Promise<void> {
  await deleteRunTasks(chatbotId, runId);
  await db().entities.crawlRun.delete({ chatbot_id: chatbotId, run_id: runId }).go();
  const { data: pages } = await db().entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['url'] });
  for (let i = 0; i < pages.length; i += 25) {
    await deleteAll('pages', pages.slice(i, i + 25).map((p) => ({ chatbot_id: chatbotId, url: p.url })), (keys) => db().entities.crawledPage.delete(keys).go());
  }
  await deleteAllIndexes(chatbotId);
}

async function pruneHistory(chatbotId: string): Promise<void> {
  const { data: runs } = await db().entities.crawlRun.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['run_id', 'started_at', 'status'] });
  const old = runs
    .filter((run) => run.status !== 'running')
    .sort((a, b) => b.started_at.localeCompare(a.started_at))
    .slice(HISTORY_RUNS);
  await deleteAll('crawl runs', old.map(({ run_id }) => ({ chatbot_id: chatbotId, run_id })), (keys) => db().entities.crawlRun.delete(keys).go());
}

/**
 * The last step of a reading: commits what it read to what the assistant knows (new and changed pages
 * written, gone pages removed: pages no longer there, no longer linked nor in the sitemap, now
 * disallowed or noindex), re-indexes only those pages, and records the outcome on the assistant and
 * in its sync history. A re-sync that could not read the site commits nothing: the assistant answers
 * from what it had. The owner's own knowledge is never touched here. Idempotent (a finished run is
 * not committed twice).
 */
export async function finishRun({ chatbot_id: chatbotId, run_id: runId }: RunRef): Promise<{ stage: CrawlProgress['stage'] }> {
  await loadProviderKeys();
  const [{ data: bot }, run] = await Promise.all([db().entities.chatbot.get({ chatbot_id: chatbotId }).go({ attributes: ['chatbot_id'] }), getRun(chatbotId, runId)]);
  if (!bot) {
    await cleanUpAfterDeletion(chatbotId, runId);
    return { stage: 'failed' };
  }
  if (!run || run.status !== 'running') return { stage: run?.status === 'running' || !run ? 'failed' : run.status };
  const [tasks, { data: existing }] = await Promise.all([
    runTasks(chatbotId, runId),
    db().entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['url', 'content_hash', 'position'] }),
  ]);
  const counts = countTasks(tasks);
  const failedSync = failedSyncReason(run, counts, existing.length);
  const commit: Commit = failedSync ? { upserts: [], removed: [], unchanged: 0 } : planCommit(run, tasks, existing);
  const existingUrls = new Set(existing.map((page) => page.url));
  const changes: SyncChanges = {
    added: commit.upserts.filter((upsert) => !existingUrls.has(upsert.url)).length,
    changed: commit.upserts.filter((upsert) => existingUrls.has(upsert.url)).length,
    removed: commit.removed.length,
    unchanged: commit.unchanged,
    failed: counts.failed,
  };
  const learned = failedSync ? existing.length : existing.length + changes.added - changes.removed;
  const base: CrawlProgress = {
    stage: 'indexing',
    pages_found: counts.found,
    pages_fetched: counts.fetched,
    pages_indexed: 0,
    pages_failed: counts.failed,
    error: null,
    failures: counts.failures,
    stopped: run.stopped ?? null,
    started_at: run.started_at,
    finished_at: null,
    kind: run.kind,
    pages_limit: run.max_pages,
    stop_reason: run.stop_reason ?? null,
    pages_disallowed: counts.disallowed,
    changes,
    run_id: runId,
  };
  if (!(await saveProgress(chatbotId, base))) {
    await cleanUpAfterDeletion(chatbotId, runId);
    return { stage: 'failed' };
  }

  if (commit.upserts.length || commit.removed.length) {
    const fetchedAt = new Date().toISOString();
    await forEachLimited(commit.upserts, 8, async (upsert) => {
      await db().entities.crawledPage.put(pageItem(chatbotId, upsert, fetchedAt)).go({ response: 'none' });
    });
    for (let i = 0; i < commit.removed.length; i += 25) {
      const keys = commit.removed.slice(i, i + 25).map((url) => ({ chatbot_id: chatbotId, url }));
      await deleteAll('pages', keys, (batch) => db().entities.crawledPage.delete(batch).go());
    }
    const rebuilt = await rebuildChatbotIndex(chatbotId, { changes: { upserted: commit.upserts.map((upsert) => upsert.url), removed: commit.removed } });
    if ('skipped' in rebuilt && rebuilt.skipped === 'gone') {
      await cleanUpAfterDeletion(chatbotId, runId);
      return { stage: 'failed' };
    }
  }

  const { stage, error } = outcomeOf(run, counts, learned, failedSync);
  const finishedAt = new Date().toISOString();
  await db()
    .entities.crawlRun.patch({ chatbot_id: chatbotId, run_id: runId })
    .set({ status: stage === 'failed' ? 'failed' : stage === 'done' ? 'done' : 'done_with_problems', ...changes, ...(error ? { error } : {}), finished_at: finishedAt })
    .go({ response: 'none' });
  const saved = await saveProgress(chatbotId, { ...base, stage, error, pages_indexed: learned, finished_at: finishedAt });
  await deleteRunTasks(chatbotId, runId);
  if (!saved) {
    await cleanUpAfterDeletion(chatbotId, runId);
    return { stage: 'failed' };
  }
  await pruneHistory(chatbotId).catch((failure: unknown) => log.warn('Pruning the sync history failed', { chatbotId, error: failure }));
  return { stage };
}

/**
 * A reading that broke (a step failed past its retries): recorded as failed with the reason, nothing
 * committed, its frontier removed. The assistant answers from what it had.
 */
export async function failRun({ chatbot_id: chatbotId, run_id: runId }: RunRef, cause: string): Promise<void> {
  log.error('A reading of the website failed', { chatbotId, runId, cause });
  const run = await getRun(chatbotId, runId);
  const error = 'Reading the website failed unexpectedly. Your assistant keeps answering from what it knew; please try again.';
  const finishedAt = new Date().toISOString();
  if (run && run.status === 'running') {
    await db().entities.crawlRun.patch({ chatbot_id: chatbotId, run_id: runId }).set({ status: 'failed', error, finished_at: finishedAt }).go({ response: 'none' });
  }
  const tasks = run ? await runTasks(chatbotId, runId, ['state', 'reason', 'url']) : [];
  const counts = countTasks(tasks);
  const { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go({ attributes: ['crawl'] });
  if (bot) {
    const progress = bot.crawl as CrawlProgress;
    await saveProgress(chatbotId, {
      ...progress,
      stage: 'failed',
      error,
      pages_found: counts.found,
      pages_fetched: counts.fetched,
      pages_failed: counts.failed,
      failures: counts.failures,
      finished_at: finishedAt,
    });
  }
  await deleteRunTasks(chatbotId, runId);
  if (!bot) await cleanUpAfterDeletion(chatbotId, runId);
}
