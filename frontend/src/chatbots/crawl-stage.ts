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
