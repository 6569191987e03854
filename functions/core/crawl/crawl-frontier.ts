import { nonPageExtension, pageKey } from './crawl-url.js';

export interface SkippedUrl {
  url: string;
  reason: string;
}

/**
 * The crawl's to-do list: URLs in discovery order (sitemaps first, then links, so breadth-first), each page
 * once whatever its spelling (see `pageKey`), obvious files set aside as skipped.
 */
export class CrawlFrontier {
  private readonly queue: URL[] = [];
  private readonly seen = new Set<string>();
  readonly skipped: SkippedUrl[] = [];
  /** Distinct page URLs accepted into the queue so far. */
  found = 0;

  constructor(private readonly maxQueued: number) {}

  /** Marks a page as seen under another address (where a redirect ended). True when it was new. */
  markSeen(url: URL): boolean {
    const key = pageKey(url);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }

  /** Takes a URL as a page to read without queueing it (the start page, read first). */
  claim(url: URL): void {
    if (this.markSeen(url)) this.found += 1;
  }

  /**
   * Offers a same-site URL. `allowed` is robots.txt's verdict. Returns true when the URL was queued as a
   * new page (the caller reports progress).
   */
  offer(url: URL, allowed: (url: URL) => boolean): boolean {
    if (this.found >= this.maxQueued || !this.markSeen(url)) return false;
    const extension = nonPageExtension(url);
    if (extension) {
      this.skip(url.href, `not a web page (.${extension})`);
      return false;
    }
    if (!allowed(url)) {
      this.skip(url.href, 'disallowed by robots.txt');
      return false;
    }
    this.queue.push(url);
    this.found += 1;
    return true;
  }

  next(): URL | undefined {
    return this.queue.shift();
  }

  get pending(): number {
    return this.queue.length;
  }

  skip(url: string, reason: string): void {
    this.skipped.push({ url, reason });
  }
}
