import { createGunzip } from 'node:zlib';
import type { SafeFetchResult } from './safe-fetch.js';

export interface SitemapLimits {
  /** Sitemap files read at most (index files included). */
  maxFiles: number;
  /** Page URLs collected at most. */
  maxUrls: number;
  /** Bytes of one sitemap read at most (decompressed, for a gzipped one): the rest is never read. */
  maxBytes: number;
}

export interface ParsedSitemap {
  pages: string[];
  sitemaps: string[];
}

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** XML's own entities and character references: all a sitemap's addresses may hold. */
const decodeXmlEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return xmlEntities[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/** A `<url>` or `<sitemap>` entry (any namespace prefix) and its `<loc>`, CDATA or not. */
const entry = /<(?:[\w-]+:)?(url|sitemap)\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?\1\s*>/gi;
const loc = /<(?:[\w-]+:)?loc\b[^>]*>\s*(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))\s*<\/(?:[\w-]+:)?loc\s*>/i;

/**
 * Reads a `<urlset>` (page URLs) or a `<sitemapindex>` (more sitemap files) in one pass over the text,
 * without building a document: a sitemap cut short by the byte cap gives the entries it holds whole.
 * Anything else yields nothing.
 */
export function parseSitemap(xml: string): ParsedSitemap {
  const parsed: ParsedSitemap = { pages: [], sitemaps: [] };
  for (const [, kind, body] of xml.matchAll(entry)) {
    const found = loc.exec(body ?? '');
    const address = decodeXmlEntities((found?.[1] ?? found?.[2] ?? '').trim());
    if (!address) continue;
    (kind!.toLowerCase() === 'url' ? parsed.pages : parsed.sitemaps).push(address);
  }
  return parsed;
}

/** The sitemap's text, a gzipped one decompressed as a stream up to `maxBytes` (a bomb stops there). */
async function bodyText(response: SafeFetchResult, maxBytes: number): Promise<string> {
  const { body } = response;
  if (body[0] !== 0x1f || body[1] !== 0x8b) return body.toString('utf8');
  const gunzip = createGunzip();
  const chunks: Buffer[] = [];
  let held = 0;
  const done = new Promise<void>((resolve) => {
    gunzip.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      held += chunk.length;
      if (held >= maxBytes) {
        gunzip.destroy();
        resolve();
      }
    });
    // A file cut short by the byte cap ends in an error: what was decompressed is kept.
    gunzip.on('error', () => resolve());
    gunzip.on('end', () => resolve());
    gunzip.on('close', () => resolve());
  });
  gunzip.end(body);
  await done;
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}

/**
 * Page URLs from sitemaps, breadth-first through sitemap index files, in the order they are listed, up
 * to `maxUrls`. Each file is fetched with a byte cap (the caller's fetch), so a sitemap of a million
 * URLs is read only as far as the cap and never held whole. Unreachable or malformed sitemaps are
 * passed over.
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
      parsed = parseSitemap(await bodyText(response, limits.maxBytes));
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
