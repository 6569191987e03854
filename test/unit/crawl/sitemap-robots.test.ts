import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadRobotsRules } from '../../../functions/core/crawl/robots-rules.js';
import type { SafeFetchResult } from '../../../functions/core/crawl/safe-fetch.js';
import { collectSitemapPages, parseSitemap } from '../../../functions/core/crawl/sitemap.js';

function response(body: string | Buffer, status = 200): SafeFetchResult {
  return {
    finalUrl: 'https://bakery.example/',
    status,
    contentType: 'application/xml',
    contentTypeHeader: 'application/xml',
    body: typeof body === 'string' ? Buffer.from(body) : body,
    truncated: false,
  };
}

const urlset = (...urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">` +
  urls.map((u) => `<url><loc> ${u} </loc><image:image><image:loc>${u}/photo.jpg</image:loc></image:image></url>`).join('') +
  `</urlset>`;
const index = (...files: string[]) =>
  `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
  files.map((f) => `<sitemap><loc>${f}</loc></sitemap>`).join('') +
  `</sitemapindex>`;

describe('sitemaps', () => {
  it('parses a urlset (page locations only, entities decoded) and a sitemap index', () => {
    expect(parseSitemap(urlset('https://b.example/a', 'https://b.example/menu?x=1&amp;y=2'))).toEqual({
      pages: ['https://b.example/a', 'https://b.example/menu?x=1&y=2'],
      sitemaps: [],
    });
    expect(parseSitemap(index('https://b.example/s1.xml', 'https://b.example/s2.xml'))).toEqual({
      pages: [],
      sitemaps: ['https://b.example/s1.xml', 'https://b.example/s2.xml'],
    });
    expect(parseSitemap('<html><body>Not found</body></html>')).toEqual({ pages: [], sitemaps: [] });
    expect(parseSitemap('')).toEqual({ pages: [], sitemaps: [] });
  });

  it('follows index files (gzipped too), skips failures and loops, and stops at its limits', async () => {
    const files: Record<string, SafeFetchResult> = {
      'https://b.example/sitemap.xml': response(index('https://b.example/pages.xml', 'https://b.example/blog.xml.gz', 'https://b.example/missing.xml', 'https://b.example/sitemap.xml')),
      'https://b.example/pages.xml': response(urlset('https://b.example/', 'https://b.example/about')),
      'https://b.example/blog.xml.gz': response(gzipSync(urlset('https://b.example/blog/1', 'https://b.example/blog/2'))),
      'https://b.example/missing.xml': response('not here', 404),
    };
    const read: string[] = [];
    const fetchSitemap = async (url: string) => {
      read.push(url);
      const file = files[url];
      if (!file) throw new Error('unreachable');
      return file;
    };
    const limits = { maxFiles: 20, maxUrls: 100, maxBytes: 1_000_000 };
    expect(await collectSitemapPages(['https://b.example/sitemap.xml'], fetchSitemap, limits)).toEqual([
      'https://b.example/',
      'https://b.example/about',
      'https://b.example/blog/1',
      'https://b.example/blog/2',
    ]);
    expect(read).toHaveLength(4);
    expect(await collectSitemapPages(['https://b.example/sitemap.xml'], fetchSitemap, { ...limits, maxUrls: 3 })).toHaveLength(3);
    expect(await collectSitemapPages(['https://b.example/sitemap.xml'], fetchSitemap, { ...limits, maxFiles: 2 })).toEqual([
      'https://b.example/',
      'https://b.example/about',
    ]);
    expect(await collectSitemapPages(['https://b.example/nowhere.xml'], fetchSitemap, limits)).toEqual([]);
  });
});

describe('robots.txt', () => {
  const robotsTxt = `User-agent: *
Disallow: /private/
Allow: /private/open-day

User-agent: AssistantBuilderBot
Disallow: /drafts/

User-agent: BadBot
Disallow: /

Sitemap: https://b.example/sitemap-a.xml
Sitemap: https://b.example/sitemap-b.xml`;
  const fetchRobots = (body: string, status = 200) => async () => response(body, status);

  it('applies the group of the crawler when there is one, else *, and lists sitemaps', async () => {
    const ours = await loadRobotsRules('https://b.example', 'AssistantBuilderBot/1.0 (+https://x.example)', fetchRobots(robotsTxt));
    expect(ours.allows(new URL('https://b.example/drafts/new-cake'))).toBe(false);
    expect(ours.allows(new URL('https://b.example/private/rota'))).toBe(true);
    expect(ours.sitemaps).toEqual(['https://b.example/sitemap-a.xml', 'https://b.example/sitemap-b.xml']);

    const other = await loadRobotsRules('https://b.example', 'SomeCrawler/2.0', fetchRobots(robotsTxt));
    expect(other.allows(new URL('https://b.example/private/rota'))).toBe(false);
    expect(other.allows(new URL('https://b.example/private/open-day'))).toBe(true);
    expect(other.allows(new URL('https://b.example/drafts/new-cake'))).toBe(true);
    expect(other.allows(new URL('https://b.example/'))).toBe(true);

    const bad = await loadRobotsRules('https://b.example', 'BadBot', fetchRobots(robotsTxt));
    expect(bad.allows(new URL('https://b.example/'))).toBe(false);
  });

  it('allows everything when robots.txt is missing, failing or unreachable', async () => {
    for (const fetchText of [
      fetchRobots('User-agent: *\nDisallow: /', 404),
      fetchRobots('User-agent: *\nDisallow: /', 503),
      async () => {
        throw new Error('timed out');
      },
    ]) {
      const rules = await loadRobotsRules('https://b.example', 'AssistantBuilderBot/1.0', fetchText);
      expect(rules.allows(new URL('https://b.example/anything'))).toBe(true);
      expect(rules.sitemaps).toEqual([]);
    }
  });
});
