import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyProgress, throttledProgress, type CrawlProgress } from '../../../functions/core/crawl/crawl-progress.js';
import { decodeHtml } from '../../../functions/core/crawl/decode-html.js';

describe('decodeHtml', () => {
  const cafe = '<p>Café crème</p>';

  it('uses the charset of the Content-Type header', () => {
    expect(decodeHtml(Buffer.from(cafe, 'latin1'), 'text/html; charset=windows-1252')).toBe(cafe);
    expect(decodeHtml(Buffer.from(cafe, 'latin1'), 'text/html; charset="ISO-8859-1"')).toBe(cafe);
  });

  it('falls back to a <meta charset> or a byte-order mark, then UTF-8', () => {
    const declared = `<meta charset="windows-1252">${cafe}`;
    expect(decodeHtml(Buffer.from(declared, 'latin1'), 'text/html')).toBe(declared);
    const httpEquiv = `<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">${cafe}`;
    expect(decodeHtml(Buffer.from(httpEquiv, 'latin1'))).toBe(httpEquiv);
    expect(decodeHtml(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(cafe)]), 'text/html; charset=latin1')).toBe(cafe);
    expect(decodeHtml(Buffer.from(cafe), 'text/html')).toBe(cafe);
    expect(decodeHtml(Buffer.from(cafe), 'text/html; charset=no-such-charset')).toBe(cafe);
  });
});

describe('throttled progress', () => {
  afterEach(() => vi.useRealTimers());

  it('reports at most every 250 ms, sends the latest figures, and flushes a final call', () => {
    vi.useFakeTimers();
    const progress = emptyProgress();
    const calls: CrawlProgress[] = [];
    const reporter = throttledProgress(progress, (p) => calls.push(p));

    progress.pages_found = 1;
    reporter.changed();
    expect(calls).toHaveLength(1);
    for (let n = 2; n <= 10; n += 1) {
      progress.pages_found = n;
      reporter.changed();
    }
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(249);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.pages_found).toBe(10);

    progress.pages_fetched = 3;
    reporter.changed();
    reporter.flush();
    expect(calls).toHaveLength(3);
    expect(calls[2]).toEqual({ pages_found: 10, pages_fetched: 3, pages_indexed: 0, pages_failed: 0, stage: 'crawling' });
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveLength(3);
    // Each report is a copy: later changes do not alter what was sent.
    progress.pages_failed = 5;
    expect(calls[2]?.pages_failed).toBe(0);
  });
});
