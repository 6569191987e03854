import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite, type CrawledPage, type CrawlResult } from '../../../functions/core/crawl/crawl-site.js';
import type { CrawlProgress } from '../../../functions/core/crawl/crawl-progress.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';

const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

describe('crawlSite on the fixture bakery site (30 pages)', () => {
  let site: FixtureSite;
  let result: CrawlResult;
  let elapsedMs: number;
  const progressCalls: CrawlProgress[] = [];
  const pagesAsTheyCame: CrawledPage[] = [];
  const heapBefore = process.memoryUsage().heapUsed;

  beforeAll(async () => {
    site = await startFixtureSite({ pages: 30 });
    const started = Date.now();
    result = await crawlSite(site.url, {
      allowPrivateNetwork: true,
      pageTimeoutMs: 1_500,
      onProgress: (progress) => progressCalls.push(progress),
      onPage: (page) => {
        pagesAsTheyCame.push(page);
      },
    });
    elapsedMs = Date.now() - started;
  });
  afterAll(() => site.stop());

  it('keeps exactly the distinct pages of the site, home first', () => {
    const paths = result.pages.map((page) => pathOf(page.url));
    expect(paths[0]).toBe('/');
    expect([...paths].sort()).toEqual([...site.pagePaths].sort());
    expect(pagesAsTheyCame).toEqual(result.pages);
  });

  it('reads the sitemap index first (including the gzipped blog sitemap), then follows links', () => {
    const requests = site.requests;
    const firstPage = requests.indexOf('/');
    expect(requests.slice(0, 2)).toEqual(['/robots.txt', '/']);
    expect(requests).toContain('/sitemap.xml');
    expect(requests).toContain('/sitemaps/blog.xml.gz');
    expect(requests.indexOf('/sitemaps/pages.xml')).toBeGreaterThan(firstPage);
    // Blog posts missing from the sitemap were found through the blog index.
    expect(result.pages.filter((page) => page.url.includes('/blog/'))).toHaveLength(site.pagePaths.filter((p) => p.startsWith('/blog/')).length);
  });

  it('never fetches what robots.txt disallows', () => {
    expect(site.requests.filter((request) => request.startsWith('/private/'))).toEqual([]);
    expect(result.skipped).toContainEqual({ url: `${site.url}${site.special.disallowed}`, reason: 'disallowed by robots.txt' });
  });

  it('follows the redirect chain to /menu and keeps /menu once', () => {
    expect(site.requests).toEqual(expect.arrayContaining(['/old-menu', '/menu-2023']));
    expect(result.pages.filter((page) => pathOf(page.url) === '/menu')).toHaveLength(1);
    expect(result.pages.some((page) => /old-menu|menu-2023/.test(page.url))).toBe(false);
  });

  it('skips non-pages: by extension without fetching them, and by content type', () => {
    expect(site.requests).not.toContain(site.special.pdf);
    expect(site.requests).not.toContain(site.special.image);
    const reasons = Object.fromEntries(result.skipped.map((s) => [pathOf(s.url), s.reason]));
    expect(reasons[site.special.pdf]).toBe('not a web page (.pdf)');
    expect(reasons[site.special.image]).toBe('not a web page (.jpg)');
    expect(reasons[site.special.pdfWithoutExtension]).toBe('not a web page (application/pdf)');
    expect(reasons[site.special.offSiteRedirect]).toBe(
      'redirects to https://orders.pos-provider.example/maple-and-rye, which is on another site',
    );
  });

  it('skips the 5 MB page without holding it in memory, and fails the hanging page within its time limit', () => {
    const reasons = Object.fromEntries(result.skipped.map((s) => [pathOf(s.url), s.reason]));
    expect(reasons[site.special.large]).toBe('larger than 2048 KB');
    expect(reasons[site.special.hanging]).toMatch(/did not answer within 1500 ms/);
    expect(reasons[site.special.notFound]).toBe('HTTP 404');
    expect(elapsedMs).toBeLessThan(10_000);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('keeps duplicate content once and leaves noindex pages out', () => {
    const hashes = result.pages.map((page) => page.contentHash);
    expect(new Set(hashes).size).toBe(hashes.length);
    const reasons = Object.fromEntries(result.skipped.map((s) => [pathOf(s.url), s.reason]));
    expect(reasons['/index.html']).toBe(`same content as ${site.url}/`);
    expect(reasons['/about?ref=footer']).toBe(`same content as ${site.url}/about`);
    expect(reasons[site.special.noindex]).toBe('marked noindex');
    // Trailing-slash, fragment and utm_ variants of linked pages are not fetched again.
    expect(site.requests.filter((r) => r.startsWith('/services/catering'))).toHaveLength(1);
    expect(site.requests.filter((r) => r === '/menu-2023')).toHaveLength(1);
    expect(site.requests.filter((r) => r === '/menu').length).toBeLessThanOrEqual(2);
  });

  it('extracts title, readable markdown text, headings and description', () => {
    const faq = result.pages.find((page) => pathOf(page.url) === '/faq');
    expect(faq?.title).toBe('Frequently asked questions | Maple & Rye Bakery');
    expect(faq?.description).toMatch(/Answers about ordering/);
    expect(faq?.headings).toEqual(expect.arrayContaining(['Frequently asked questions', 'Is there parking?']));
    expect(faq?.text).toContain('### Is there parking?');
    expect(faq?.text).toContain('metered street parking on Harbor Street');
    const coffee = result.pages.find((page) => pathOf(page.url) === site.special.windows1252);
    expect(coffee?.text).toContain('Café crème');
    for (const page of result.pages) {
      expect(page.text.length).toBeGreaterThan(100);
      expect(page.text).not.toMatch(/analytics placeholder|dataLayer|font-family|Staff area/);
      expect(page.contentHash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('reports real progress as it goes, and a final call with the totals', () => {
    expect(result.progress).toEqual({
      pages_found: 39,
      pages_fetched: 33,
      pages_indexed: 0,
      // The hanging page; the 404 link is a skipped broken link, not a page that failed.
      pages_failed: 1,
      stage: 'crawling',
    });
    expect(progressCalls.at(-1)).toEqual(result.progress);
    expect(progressCalls.length).toBeGreaterThan(1);
    for (const [previous, next] of progressCalls.slice(1).map((call, i) => [progressCalls[i], call] as const)) {
      expect(next.pages_fetched).toBeGreaterThanOrEqual(previous?.pages_fetched ?? 0);
      expect(next.pages_found).toBeGreaterThanOrEqual(previous?.pages_found ?? 0);
    }
  });
});

describe('crawlSite limits', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 60, hangingPage: false });
  });
  afterAll(() => site.stop());

  it('keeps no more than maxPages and fetches no more than it needs', async () => {
    const before = site.requests.length;
    const result = await crawlSite(site.url, { allowPrivateNetwork: true, maxPages: 10, concurrency: 3 });
    expect(result.pages).toHaveLength(10);
    expect(result.pages[0]?.url).toBe(`${site.url}/`);
    const pageRequests = site.requests.slice(before).filter((r) => !/robots|sitemap/.test(r));
    expect(pageRequests.length).toBeLessThanOrEqual(10 + 3);
    expect(result.progress.pages_found).toBeGreaterThan(10);
  });

  it('does not wait for a hanging page once maxPages are kept', async () => {
    const hanging = await startFixtureSite({ pages: 30 });
    try {
      const started = Date.now();
      const result = await crawlSite(hanging.url, { allowPrivateNetwork: true, maxPages: 30, pageTimeoutMs: 10_000 });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(result.pages).toHaveLength(30);
      expect(hanging.requests).toContain(hanging.special.hanging);
      expect(result.skipped).toContainEqual({
        url: `${hanging.url}${hanging.special.hanging}`,
        reason: 'not read: the page limit of 30 was reached',
      });
    } finally {
      await hanging.stop();
    }
  });

  it('stops at the total time limit and returns the pages read so far', async () => {
    const slow = await startFixtureSite({ pages: 30, latencyMs: 200, hangingPage: false });
    try {
      const started = Date.now();
      const result = await crawlSite(slow.url, { allowPrivateNetwork: true, totalTimeoutMs: 1_000, concurrency: 2 });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(result.pages.length).toBeGreaterThan(0);
      expect(result.pages.length).toBeLessThan(30);
    } finally {
      await slow.stop();
    }
  });

  it('stops when the caller cancels, and rejects when onPage fails', async () => {
    const controller = new AbortController();
    const cancelled = await crawlSite(site.url, {
      allowPrivateNetwork: true,
      signal: controller.signal,
      onPage: () => controller.abort(),
    });
    expect(cancelled.pages.length).toBeGreaterThanOrEqual(1);
    expect(cancelled.pages.length).toBeLessThan(10);

    await expect(
      crawlSite(site.url, {
        allowPrivateNetwork: true,
        onPage: async () => {
          throw new Error('index store unavailable');
        },
      }),
    ).rejects.toThrow('index store unavailable');
  });

  it('honours robots.txt groups for its own user agent', async () => {
    const before = site.requests.length;
    const result = await crawlSite(site.url, { allowPrivateNetwork: true, userAgent: 'BadBot/1.0' });
    expect(result.pages).toEqual([]);
    expect(result.skipped[0]).toEqual({ url: `${site.url}/`, reason: 'disallowed by robots.txt' });
    // The sitemap's pages are all disallowed too; none is fetched.
    expect(result.skipped.length).toBeGreaterThan(20);
    expect(new Set(result.skipped.map((s) => s.reason))).toEqual(new Set(['disallowed by robots.txt']));
    expect(site.requests.slice(before).filter((r) => !/robots|sitemap/.test(r))).toEqual([]);
  });
});
