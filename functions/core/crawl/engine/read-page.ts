import { createHash } from 'node:crypto';
import type http from 'node:http';
import type https from 'node:https';
import { CrawlRefusedError, FetchFailedError, RedirectNotFollowedError, UnsupportedContentTypeError } from '../crawl-errors.js';
import { isSameSite, siteOf } from '../crawl-url.js';
import { decodeHtml } from '../decode-html.js';
import { extractPage, saysAnything } from '../page-reader.js';
import type { RobotsRules } from '../robots-rules.js';
import { safeFetch, type SafeFetchResult } from '../safe-fetch.js';
import { MAX_LINKS_PER_PAGE, MAX_PAGE_BYTES, MAX_PAGE_TEXT_CHARS } from './engine-settings.js';
import { scriptFileLinks } from './script-page-links.js';

/** What the assistant already knows of a page: a re-sync asks conditionally and compares the text. */
export interface KnownPage {
  etag?: string;
  last_modified?: string;
  content_hash: string;
  links?: string[];
}

export interface ReadContext {
  /** The site's hosts (crawl-url.ts siteOf); a redirect elsewhere is not followed. */
  sites: ReadonlySet<string>;
  robots: RobotsRules;
  allowPrivateNetwork: boolean;
  userAgent: string;
  pageTimeoutMs: number;
  agents: { http: http.Agent; https: https.Agent };
  signal?: AbortSignal;
}

export interface PageContent {
  title: string;
  text: string;
  site_text: string;
  headings: string[];
  description?: string;
  content_hash: string;
}

/** How reading one address ended; the states are crawlTask's. */
export type PageReading =
  | { state: 'read'; finalUrl: string; page: PageContent; links: string[]; etag?: string; lastModified?: string }
  | { state: 'unchanged'; finalUrl: string; links: string[]; etag?: string; lastModified?: string }
  /** A page dropped for what it says (noindex, no text) still has `links`: a menu fragment that a script loads links the site's pages. */
  | { state: 'dropped' | 'gone'; reason: string; finalUrl?: string; links?: string[] }
  /** `siteTrouble`: the network failed or the server erred (5xx, 429): counts towards calling the site down. */
  | { state: 'failed'; reason: string; siteTrouble: boolean };

const htmlTypes = ['text/html', 'application/xhtml+xml'];

/**
 * The hash a page is compared by: its extracted text and site text, whitespace-normalised. Markup that
 * changes on every request (nonces, timestamps in attributes or scripts, tracking) does not change it,
 * so such a page is not re-indexed by every sync.
 */
export function extractedTextHash(text: string, siteText: string): string {
  const normalise = (value: string) => value.replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(`${normalise(text)}\n${normalise(siteText)}`).digest('hex');
}

function conditionalHeaders(known: KnownPage | undefined): Record<string, string> {
  if (!known) return {};
  return {
    ...(known.etag ? { 'if-none-match': known.etag } : {}),
    ...(known.last_modified ? { 'if-modified-since': known.last_modified } : {}),
  };
}

/**
 * Reads one page of the site through the SSRF-safe fetch (no private addresses, every redirect hop
 * checked, no redirect to another site or to what robots.txt disallows), conditionally when the
 * assistant knows it, and says what became of it. Never throws for what a site does.
 */
export async function readPage(url: URL, context: ReadContext, known?: KnownPage, { isStart = false } = {}): Promise<PageReading> {
  let response: SafeFetchResult;
  try {
    response = await safeFetch(url, {
      allowPrivateNetwork: context.allowPrivateNetwork,
      timeoutMs: context.pageTimeoutMs,
      maxBytes: MAX_PAGE_BYTES,
      userAgent: context.userAgent,
      accept: htmlTypes,
      agents: context.agents,
      headers: conditionalHeaders(known),
      ...(context.signal ? { signal: context.signal } : {}),
      refuseRedirect: (next) => {
        // The home page may move (http to https, apex to www): where it lands defines the site.
        if (isStart) return undefined;
        if (!isSameSite(next, context.sites)) return 'which is on another site';
        return context.robots.allows(next) ? undefined : 'which robots.txt disallows';
      },
    });
  } catch (error) {
    if (error instanceof UnsupportedContentTypeError) return { state: 'dropped', reason: `not a web page (${error.contentType || 'no content type'})` };
    if (error instanceof RedirectNotFollowedError) return { state: 'dropped', reason: `redirects to ${error.location}, ${error.reason}` };
    if (error instanceof CrawlRefusedError) return { state: 'failed', reason: 'the address is not allowed', siteTrouble: false };
    if (error instanceof FetchFailedError) return { state: 'failed', reason: error.summary, siteTrouble: true };
    return { state: 'failed', reason: 'a network error', siteTrouble: true };
  }
  const validators = { ...(response.etag ? { etag: response.etag } : {}), ...(response.lastModified ? { lastModified: response.lastModified } : {}) };
  if (response.status === 304 && known) return { state: 'unchanged', finalUrl: url.href, links: known.links ?? [], ...validators };
  if (response.status === 404 || response.status === 410) return { state: 'gone', reason: `HTTP ${response.status}` };
  if (response.status < 200 || response.status >= 300) {
    return { state: 'failed', reason: `the server answered HTTP ${response.status}`, siteTrouble: response.status >= 500 || response.status === 429 };
  }
  if (response.truncated) return { state: 'dropped', reason: `larger than ${Math.round(MAX_PAGE_BYTES / 1024)} KB` };
  const finalUrl = new URL(response.finalUrl);
  const extracted = await extractPage(decodeHtml(response.body, response.contentTypeHeader), finalUrl.href);
  const written = extracted.robots.nofollow ? [] : await scriptFileLinks(extracted.scripts, finalUrl.href, context);
  const links = extracted.robots.nofollow ? [] : [...new Set([...extracted.links, ...written])].slice(0, MAX_LINKS_PER_PAGE);
  if (extracted.robots.noindex) return { state: 'dropped', reason: 'marked noindex', finalUrl: finalUrl.href, links };
  if (!saysAnything(extracted)) return { state: 'dropped', reason: 'no readable text', finalUrl: finalUrl.href, links };
  const text = extracted.text.slice(0, MAX_PAGE_TEXT_CHARS);
  const siteText = extracted.siteText.slice(0, MAX_PAGE_TEXT_CHARS);
  const hash = extractedTextHash(text, siteText);
  if (known && known.content_hash === hash) return { state: 'unchanged', finalUrl: finalUrl.href, links, ...validators };
  return {
    state: 'read',
    finalUrl: finalUrl.href,
    links,
    ...validators,
    page: {
      title: extracted.title,
      text,
      site_text: siteText,
      headings: extracted.headings.slice(0, 100),
      ...(extracted.description ? { description: extracted.description } : {}),
      content_hash: hash,
    },
  };
}

/** The site a start page defines: its own host, and where it landed. */
export function sitesOf(start: URL, finalUrl: string | undefined): string[] {
  const sites = new Set([siteOf(start)]);
  if (finalUrl) sites.add(siteOf(new URL(finalUrl)));
  return [...sites];
}
