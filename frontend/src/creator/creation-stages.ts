import type { CrawlStatusResponse } from '@contracts/chatbot';
import { pagesReadText } from '@/chatbots/crawl-stage';

/** Spec 000 section 4, "Creation progress": the five stages, driven here by the real crawl. */
export const CREATION_STAGES = [
  { label: 'Validating inputs', progress: 10 },
  { label: 'Scraping website content', progress: 30 },
  { label: 'Processing content for AI', progress: 60 },
  { label: 'Generating assistant', progress: 80 },
  { label: 'Saving configuration', progress: 100 },
] as const;

export type StepState = 'done' | 'active' | 'pending' | 'failed';

export interface CreationView {
  /** Index of the stage under way; CREATION_STAGES.length once complete. */
  current: number;
  /** Overall percentage shown on the bar. */
  progress: number;
  /** A line under the active stage ('3 of 12 pages read'). */
  detail: string | null;
  complete: boolean;
  /** The crawl's error when it failed. */
  error: string | null;
}

const SCRAPE = 1;
const PROCESS = 2;
const GENERATE = 3;

function at(current: number, detail: string | null): CreationView {
  const stage = CREATION_STAGES[current];
  return { current, progress: stage ? stage.progress : 100, detail, complete: false, error: null };
}

/** The stage a failed crawl stopped in: processing once every page found was read, else scraping. */
function failedStage(progress: CrawlStatusResponse['progress']): number {
  const allRead = progress.pages_found > 0 && progress.pages_fetched + progress.pages_failed >= progress.pages_found;
  return progress.pages_indexed > 0 || (progress.pages_fetched > 0 && allRead) ? PROCESS : SCRAPE;
}

/**
 * Where the creation stands. `status` is undefined while POST /chatbots is in flight (validating) and
 * until the first crawl poll answers.
 */
export function creationView(created: boolean, status: CrawlStatusResponse | undefined): CreationView {
  if (!created) return at(0, null);
  if (!status) return at(SCRAPE, 'Starting to read your website…');
  const { progress } = status;
  switch (progress.stage) {
    case 'queued':
      return at(SCRAPE, 'Waiting to start reading your website…');
    case 'crawling':
      return at(SCRAPE, pagesReadText(progress) ?? 'Looking for pages…');
    case 'indexing':
      return progress.pages_fetched > 0 && progress.pages_indexed >= progress.pages_fetched
        ? at(GENERATE, 'Measuring training quality…')
        : at(PROCESS, pagesReadText(progress));
    case 'done':
    case 'done_with_problems':
      // With problems, the assistant still learned what could be read; the problems are shown beside it.
      return { current: CREATION_STAGES.length, progress: 100, detail: 'AI assistant created successfully!', complete: true, error: null };
    case 'failed':
      return { ...at(failedStage(progress), null), error: progress.error ?? 'Reading your website failed.' };
  }
}

/** Earlier stages are done, the current one active (or failed), later ones pending. */
export function stepState(view: CreationView, index: number): StepState {
  if (index < view.current) return 'done';
  if (index > view.current) return 'pending';
  return view.error ? 'failed' : 'active';
}
