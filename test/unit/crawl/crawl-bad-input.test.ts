import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extractedTextHash } from '../../../functions/core/crawl/engine/read-page.js';
import { maxPagesPerPattern, PatternBudget, queryVariantOf, trapReason, urlPattern } from '../../../functions/core/crawl/engine/url-traps.js';
import { collectSitemapPages } from '../../../functions/core/crawl/sitemap.js';
import type { SafeFetchResult } from '../../../functions/core/crawl/safe-fetch.js';

const result = (body: Buffer): SafeFetchResult => ({ finalUrl: 'https://b.example/sitemap.xml', status: 200, contentType: 'application/xml', contentTypeHeader: 'application/xml', body, truncated: false });

describe('URL traps', () => {
  it('groups calendar and numbered addresses by path pattern and bounds each pattern', () => {
    const days = Array.from({ length: 400 }, (_, i) => new URL(`https://b.example/events/2031/${String((i % 12) + 1).padStart(2, '0')}/${(i % 28) + 1}`));
    expect(new Set(days.map(urlPattern))).toEqual(new Set(['b.example/events/#/#/#']));
    const budget = new PatternBudget(maxPagesPerPattern(100));
    expect(days.filter((url) => budget.admit(urlPattern(url)))).toHaveLength(50);
    // Slugs with numbers in them are distinct pages, not a pattern.
    expect(urlPattern(new URL('https://b.example/blog/top-10-breads'))).not.toBe(urlPattern(new URL('https://b.example/blog/top-12-breads')));
  });

  it('bounds endless query strings per path, and refuses session ids, very long and very deep addresses', () => {
    expect(queryVariantOf(new URL('https://b.example/shop?page=7'))).toBe('b.example/shop');
    expect(queryVariantOf(new URL('https://b.example/shop'))).toBeUndefined();
    expect(trapReason(new URL('https://b.example/cart?PHPSESSID=abc'))).toBe('an address with a session id');
    expect(trapReason(new URL('https://b.example/cart;jsessionid=abc'))).toBe('an address with a session id');
    expect(trapReason(new URL(`https://b.example/${'a/'.repeat(13)}`))).toMatch(/deeper than 12/);
    expect(trapReason(new URL(`https://b.example/?q=${'x'.repeat(600)}`))).toMatch(/longer than 512/);
    expect(trapReason(new URL('https://b.example/about'))).toBeUndefined();
  });
});

describe('a sitemap of a million URLs', () => {
  const huge = (count: number) =>
    `<?xml version="1.0"?><urlset>${Array.from({ length: count }, (_, i) => `<url><loc>https://b.example/p/${i}</loc></url>`).join('')}</urlset>`;

  it('is read only as far as the byte cap and the URL cap, plain or gzipped, keeping the entries it holds whole', async () => {
    const xml = huge(200_000);
    const capped = Buffer.from(xml).subarray(0, 100_000);
    const pages = await collectSitemapPages(['https://b.example/sitemap.xml'], async () => result(capped), { maxFiles: 1, maxUrls: 10_000, maxBytes: 100_000 });
    expect(pages.length).toBeGreaterThan(1_000);
    expect(pages.length).toBeLessThan(3_000);
    expect(pages.every((page, i) => page === `https://b.example/p/${i}`)).toBe(true);
    const zipped = gzipSync(Buffer.from(xml));
    const fromGzip = await collectSitemapPages(['https://b.example/sitemap.xml'], async () => result(zipped), { maxFiles: 1, maxUrls: 500, maxBytes: 100_000 });
    expect(fromGzip).toHaveLength(500);
  });
});

describe('markup that changes on every request', () => {
  it('is not a change: the hash is of the extracted text, whitespace-normalised', () => {
    expect(extractedTextHash('Open  Tuesday\nto Sunday.', 'Call 555 0143')).toBe(extractedTextHash('Open Tuesday to Sunday.', ' Call 555 0143 '));
    expect(extractedTextHash('Open Tuesday to Sunday.', '')).not.toBe(extractedTextHash('Open Monday to Sunday.', ''));
  });
});
