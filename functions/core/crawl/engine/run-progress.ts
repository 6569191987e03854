import { MAX_LISTED_CRAWL_FAILURES, type CrawlProgress } from '../../../contracts/chatbot.js';
import { isConditionalFailure } from '../../data/conditional-failure.js';
import { db } from '../../data/db.js';
import { ROBOTS_REASON } from './frontier.js';
import type { CrawlRun, CrawlTask } from './run-store.js';

export type CountedTask = Pick<CrawlTask, 'state' | 'reason' | 'url'>;

export interface TaskCounts {
  /** Same-site pages found (sitemaps, links, known pages), robots-disallowed and trap addresses not included. */
  found: number;
  /** Downloaded and read (kept, unchanged, or read but not a page to keep). */
  fetched: number;
  failed: number;
  /** New or changed content, and unchanged pages: what the assistant will know. */
  kept: number;
  disallowed: number;
  queued: number;
  claimed: number;
  failures: { url: string; reason: string }[];
}

/** The exact counts of a run, from its frontier: every page's state is there, whichever worker read it. */
export function countTasks(tasks: readonly CountedTask[]): TaskCounts {
  const counts: TaskCounts = { found: 0, fetched: 0, failed: 0, kept: 0, disallowed: 0, queued: 0, claimed: 0, failures: [] };
  for (const task of tasks) {
    if (task.state === 'excluded') {
      if (task.reason === ROBOTS_REASON) counts.disallowed += 1;
      continue;
    }
    counts.found += 1;
    if (task.state === 'read' || task.state === 'unchanged') counts.kept += 1;
    if (task.state === 'read' || task.state === 'unchanged' || task.state === 'dropped') counts.fetched += 1;
    if (task.state === 'queued') counts.queued += 1;
    if (task.state === 'claimed') counts.claimed += 1;
    if (task.state === 'failed') {
      counts.failed += 1;
      if (counts.failures.length < MAX_LISTED_CRAWL_FAILURES) counts.failures.push({ url: task.url, reason: task.reason ?? 'could not be read' });
    }
  }
  return counts;
}

/** The live progress of a running reading, as the creator, the card and the Knowledge screen show it. */
export function runningProgress(run: CrawlRun, counts: TaskCounts, stage: CrawlProgress['stage'] = 'crawling'): CrawlProgress {
  return {
    stage,
    pages_found: counts.found,
    pages_fetched: counts.fetched,
    pages_indexed: 0,
    pages_failed: counts.failed,
    error: null,
    failures: counts.failures,
    stopped: null,
    started_at: run.started_at,
    finished_at: null,
    kind: run.kind,
    pages_limit: run.max_pages,
    stop_reason: null,
    pages_disallowed: counts.disallowed,
    changes: null,
    run_id: run.run_id,
  };
}

/** Writes the assistant's crawl progress; false when the assistant is gone (deleted mid-reading). */
export async function saveProgress(chatbotId: string, crawl: CrawlProgress): Promise<boolean> {
  try {
    await db()
      .entities.chatbot.patch({ chatbot_id: chatbotId })
      .set({ crawl, updated_at: new Date().toISOString() })
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}
