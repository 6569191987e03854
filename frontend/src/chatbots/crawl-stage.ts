import type { CrawlProgress } from '@contracts/chatbot';

/** Whether the crawl has come to an end, successfully, with problems or not at all (polling stops there). */
export function isCrawlFinished(stage: CrawlProgress['stage']): boolean {
  return stage === 'done' || stage === 'done_with_problems' || stage === 'failed';
}

/** 'N of M pages read' once the crawl knows how many pages it found. */
export function pagesReadText(progress: Pick<CrawlProgress, 'pages_fetched' | 'pages_found'>): string | null {
  if (progress.pages_found <= 0) return null;
  return `${progress.pages_fetched} of ${progress.pages_found} pages read`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What a finished reading taught the assistant and why it stopped where it did, for the creator, the
 * assistant card and the Knowledge screen: 'Learned 100 of 412 pages found.', 'Stopped at your plan's
 * limit of 100 pages.', '3 pages not read: robots.txt disallows them.'
 */
export function learnedPagesLines(progress: CrawlProgress): string[] {
  if (!isCrawlFinished(progress.stage) || progress.stage === 'failed') return [];
  const lines = [`Learned ${progress.pages_indexed} of ${plural(progress.pages_found, 'page')} found.`];
  if (progress.stop_reason === 'limit') lines.push(`Stopped at your plan's limit of ${plural(progress.pages_limit, 'page')}.`);
  else if (progress.stop_reason && progress.stopped) lines.push(`Stopped early: ${progress.stopped}.`);
  if (progress.pages_disallowed > 0) lines.push(`${plural(progress.pages_disallowed, 'page')} not read: robots.txt disallows them.`);
  return lines;
}
