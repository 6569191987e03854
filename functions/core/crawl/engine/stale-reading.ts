import type { CrawlProgress } from '../../../contracts/chatbot.js';
import { crawlTimeLimitMs } from './engine-settings.js';

const unfinished = new Set<CrawlProgress['stage']>(['queued', 'crawling', 'indexing']);

/** How long past its time limit a reading that says nothing more is taken for dead (its execution was stopped from outside). */
const GRACE_MS = 3_600_000;

/** A reading still under way (one that died long ago is not). */
export function readingUnderWay(progress: CrawlProgress | undefined, now = Date.now()): boolean {
  return Boolean(progress && unfinished.has(progress.stage) && now - Date.parse(progress.started_at) < crawlTimeLimitMs() + GRACE_MS);
}

/** The progress as it stands: a reading that died without a word is told as failed, never 'running' for ever. */
export function settledProgress(progress: CrawlProgress, now = Date.now()): CrawlProgress {
  if (!unfinished.has(progress.stage) || readingUnderWay(progress, now)) return progress;
  return { ...progress, stage: 'failed', error: 'Reading the website stopped unexpectedly. Your assistant answers from what it knew; please try again.', finished_at: progress.finished_at ?? new Date(now).toISOString() };
}
