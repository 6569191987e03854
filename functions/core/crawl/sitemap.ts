import { gunzipSync } from 'node:zlib';
import { DOMParser } from 'linkedom';
import type { SafeFetchResult } from './safe-fetch.js';

export interface SitemapLimits {
  /** Sitemap files read at most (index files included). */
  maxFiles: number;
  /** Page URLs collected at most. */
  maxUrls: number;
  /** Decompressed bytes of one gzipped sitemap. */
  maxBytes: number;
}

export interface ParsedSitemap {
  pages: string[];
  sitemaps: string[];
}

/** Reads a `<urlset>` (page URLs) or a `<sitemapindex>` (more sitemap files). Anything else yields nothing. */
export function parseSitemap(xml: string): ParsedSitemap {
  const document = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;
  const locs = (parent: string) =>
    [...document.getElementsByTagName('loc')]
      .filter((loc) => loc.parentNode?.nodeName.toLowerCase() === parent)
      .map((loc) => (loc.textContent ?? '').trim())
      .filter(Boolean);
  return { pages: locs('url'), sitemaps: locs('sitemap') };
}

function bodyText(response: SafeFetchResult, maxBytes: number): string {
  const { body } = response;
  if (body[0] === 0x1f && body[1] === 0x8b) {
    try {
      return gunzipSync(body, { maxOutputLength: maxBytes }).toString('utf8');
    } catch {
      return '';
    }
  }
  return body.toString('utf8');
}

/**
 * Page URLs from sitemaps, breadth-first through sitemap index files, in the order they are listed.
 * Unreachable or malformed sitemaps are passed over.
 */
export async function collectSitemapPages(
  sitemapUrls: readonly string[],
  fetchSitemap: (url: string) => Promise<SafeFetchResult>,
  limits: SitemapLimits,
): Promise<string[]> {
  const queue = [...new Set(sitemapUrls)];
  const seen = new Set(queue);
  const pages: string[] = [];
  for (let read = 0; queue.length && read < limits.maxFiles && pages.length < limits.maxUrls; read += 1) {
    const url = queue.shift() as string;
    let parsed: ParsedSitemap;
    try {
      const response = await fetchSitemap(url);
      if (response.status < 200 || response.status >= 300) continue;
      parsed = parseSitemap(bodyText(response, limits.maxBytes));
    } catch {
      continue;
    }
    pages.push(...parsed.pages.slice(0, limits.maxUrls - pages.length));
    for (const sitemap of parsed.sitemaps) {
      if (!seen.has(sitemap)) {
        seen.add(sitemap);
        queue.push(sitemap);
      }
    }
  }
  return pages;
}
