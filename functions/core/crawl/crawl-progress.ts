export interface CrawlProgress {
  /** Distinct same-site page URLs discovered (sitemaps and links), allowed by robots.txt. */
  pages_found: number;
  /** Pages downloaded and read as HTML (duplicates and noindex pages included). */
  pages_fetched: number;
  /** Left at 0 by the crawler; the indexer counts the pages it stores. */
  pages_indexed: number;
  /** Pages that could not be fetched: network errors, time limits, HTTP errors (a 404 is a skipped broken link), refused addresses. */
  pages_failed: number;
  stage: 'crawling';
}

export function emptyProgress(): CrawlProgress {
  return { pages_found: 0, pages_fetched: 0, pages_indexed: 0, pages_failed: 0, stage: 'crawling' };
}

/**
 * Reports progress at most once per interval: a change inside the interval is sent when it ends;
 * `flush` sends the latest figures at once (the final call).
 */
export function throttledProgress(
  progress: CrawlProgress,
  onProgress: ((progress: CrawlProgress) => void) | undefined,
  intervalMs = 250,
) {
  let lastSent = 0;
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    timer = undefined;
    lastSent = Date.now();
    onProgress?.({ ...progress });
  };
  return {
    changed(): void {
      if (!onProgress || timer) return;
      const wait = lastSent + intervalMs - Date.now();
      if (wait <= 0) send();
      else timer = setTimeout(send, wait);
    },
    flush(): void {
      if (timer) clearTimeout(timer);
      send();
    },
  };
}
