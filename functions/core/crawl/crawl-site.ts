import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { CrawlRefusedError, FetchFailedError, RedirectNotFollowedError, UnsupportedContentTypeError } from './crawl-errors.js';
import { CrawlFrontier, type SkippedUrl } from './crawl-frontier.js';
import { emptyProgress, throttledProgress, type CrawlProgress } from './crawl-progress.js';
import { isSameSite, normaliseUrl, pageKey, siteOf } from './crawl-url.js';
import { decodeHtml } from './decode-html.js';
import type { ExtractedPage } from './extract-page.js';
import { extractPage, saysAnything } from './page-reader.js';
import { allowPrivateNetworkFromEnv } from './network-policy.js';
import { RobotsCache } from './robots-rules.js';
import { assertUrlAllowed, safeFetch, type SafeFetchOptions, type SafeFetchResult } from './safe-fetch.js';
import { collectSitemapPages } from './sitemap.js';
import type { HostResolver } from './validating-lookup.js';

export const defaultUserAgent = 'AssistantBuilderBot/1.0 (+https://assistant-builder.app/bot)';

export interface CrawlOptions {
  /** Pages kept at most (distinct content). Default 50. */
  maxPages?: number;
  /** Pages fetched at the same time. Default 4. */
  concurrency?: number;
  /** A page larger than this (decoded) is skipped. Default 2 MB. */
  maxBytesPerPage?: number;
  /** Time limit of one page, redirects included. Default 10 s. */
  pageTimeoutMs?: number;
  /** Time limit of the whole crawl; what was read by then is returned. Default 120 s. */
  totalTimeoutMs?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Allow loopback addresses (local development). Default: allowPrivateNetworkFromEnv(). */
  allowPrivateNetwork?: boolean;
  /** Sent with every request and matched against robots.txt groups (by its name before "/"). */
  userAgent?: string;
  /** DNS resolution, injectable for tests. */
  lookup?: HostResolver;
  /** Cancels the crawl; pages read so far are returned. */
  signal?: AbortSignal;
  /** Called as the counts change, at most every 250 ms, and once more at the end. */
  onProgress?: (progress: CrawlProgress) => void;
  /** Called for each page kept, as soon as it is read (awaited: a slow consumer slows the crawl). */
  onPage?: (page: CrawledPage) => void | Promise<void>;
  /**
   * Read only these pages of the site (a retry of pages that failed): no sitemaps, no home page, no
   * links followed.
   */
  onlyUrls?: readonly string[];
  /** Pages already kept by an earlier crawl (a retry): a page with the same content is not kept again. */
  keptPages?: readonly { url: string; contentHash: string }[];
}

export interface CrawledPage {
  /** Where the page was read (after redirects). */
  url: string;
  title: string;
  /** Readable text as markdown. */
  text: string;
  /** The site header and footer of the page (see ExtractedPage.siteText). */
  siteText: string;
  headings: string[];
  description?: string;
  /** sha256 of the whitespace-normalised text; pages with equal text are kept once. */
  contentHash: string;
}

export interface CrawlResult {
  pages: CrawledPage[];
  progress: CrawlProgress;
  /** URLs not kept, with the reason: robots.txt, not a page, duplicate, too large, failed (with its error). */
  skipped: SkippedUrl[];
  /** The pages that could not be read (network errors, HTTP errors, refused), with a short reason each. */
  failed: SkippedUrl[];
  /** Why the crawl ended before reading every page it found (time limit, cancelled), if it did. */
  stoppedBy?: string;
}

const htmlTypes = ['text/html', 'application/xhtml+xml'];
const robotsMaxBytes = 512 * 1024;
const sitemapMaxBytes = 10 * 1024 * 1024;
const maxQueued = 10_000;

function contentHash(text: string): string {
  return createHash('sha256').update(text.replace(/\s+/g, ' ').trim()).digest('hex');
}

function startAddress(raw: string): URL {
  const trimmed = raw.trim();
  const url = normaliseUrl(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
  if (!url) throw new CrawlRefusedError(`Refused to crawl "${raw}": only http and https addresses can be crawled`);
  return url;
}

/**
 * Crawls one website: robots.txt, then the pages listed in its sitemaps, then same-site links
 * breadth-first, within the page, byte, time and redirect limits, through safeFetch (no internal
 * addresses). Throws only when the start address itself is refused or does not resolve; every other
 * problem is a skipped or failed page in the result.
 */
export async function crawlSite(startUrl: string, options: CrawlOptions = {}): Promise<CrawlResult> {
  const {
    maxPages = 50,
    concurrency = 4,
    maxBytesPerPage = 2 * 1024 * 1024,
    pageTimeoutMs = 10_000,
    totalTimeoutMs = 120_000,
    maxRedirects = 5,
    allowPrivateNetwork = allowPrivateNetworkFromEnv(),
    userAgent = defaultUserAgent,
    lookup,
  } = options;
  const start = startAddress(startUrl);
  await assertUrlAllowed(start, { allowPrivateNetwork, lookup });

  const timeLimit = AbortSignal.timeout(totalTimeoutMs);
  const stopOnError = new AbortController();
  // Once maxPages are kept, fetches still in flight are cancelled rather than waited for.
  const pageLimit = new AbortController();
  const signal = AbortSignal.any([
    timeLimit,
    stopOnError.signal,
    pageLimit.signal,
    ...(options.signal ? [options.signal] : []),
  ]);
  const stopReason = () =>
    pageLimit.signal.aborted
      ? `the page limit of ${maxPages} was reached`
      : timeLimit.aborted
        ? `the crawl time limit of ${totalTimeoutMs} ms was reached`
        : 'the crawl was stopped';
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: concurrency }),
    https: new https.Agent({ keepAlive: true, maxSockets: concurrency }),
  };
  const fetchWith = (url: string | URL, overrides: Partial<SafeFetchOptions>): Promise<SafeFetchResult> =>
    safeFetch(url, {
      allowPrivateNetwork,
      timeoutMs: pageTimeoutMs,
      maxBytes: maxBytesPerPage,
      maxRedirects,
      userAgent,
      lookup,
      signal,
      agents,
      ...overrides,
    });

  const progress = emptyProgress();
  const reporter = throttledProgress(progress, options.onProgress);
  const frontier = new CrawlFrontier(maxQueued);
  const sites = new Set([siteOf(start)]);
  const pages: CrawledPage[] = [];
  const keptHashes = new Map<string, string>((options.keptPages ?? []).map((page) => [page.contentHash, page.url]));
  /** Pages read, by pageKey of where they were read (a redirect to an address already read is not read twice). */
  const readKeys = new Set<string>();

  const robots = new RobotsCache(userAgent, (robotsUrl) => fetchWith(robotsUrl, { maxBytes: robotsMaxBytes }));

  const offer = async (raw: string | URL): Promise<void> => {
    const url = typeof raw === 'string' ? normaliseUrl(raw) : raw;
    if (!url || !isSameSite(url, sites)) return;
    const rules = await robots.rulesFor(url);
    if (frontier.offer(url, (candidate) => rules.allows(candidate))) {
      progress.pages_found = frontier.found;
      reporter.changed();
    }
  };

  let home = start;

  /** Keeps a page read at `finalUrl` (asked for as `url`) unless it is noindex, empty or a duplicate. */
  const keep = async (url: URL, finalUrl: URL, extracted: ExtractedPage): Promise<void> => {
    if (extracted.robots.noindex) return frontier.skip(url.href, 'marked noindex');
    if (!saysAnything(extracted)) return frontier.skip(url.href, 'no readable text');
    const hash = contentHash(extracted.text);
    const original = keptHashes.get(hash);
    if (original) return frontier.skip(url.href, `same content as ${original}`);
    if (pages.length >= maxPages) return frontier.skip(url.href, `page limit of ${maxPages} reached`);
    if (stopOnError.signal.aborted) return;
    keptHashes.set(hash, finalUrl.href);
    const page: CrawledPage = {
      url: finalUrl.href,
      title: extracted.title,
      text: extracted.text,
      siteText: extracted.siteText,
      headings: extracted.headings,
      ...(extracted.description ? { description: extracted.description } : {}),
      contentHash: hash,
    };
    pages.push(page);
    if (pages.length >= maxPages) pageLimit.abort();
    await options.onPage?.(page);
  };

  const failed: SkippedUrl[] = [];
  const fail = (url: string, reason: string, shortReason = reason) => {
    progress.pages_failed += 1;
    frontier.skip(url, reason);
    failed.push({ url, reason: shortReason });
    reporter.changed();
  };

  const refuseRedirect = (isStart: boolean) => (next: URL) => {
    if (isStart) return undefined;
    if (!isSameSite(next, sites)) return 'which is on another site';
    if (robots.allowsIfKnown(next) === false) return 'which robots.txt disallows';
    return readKeys.has(pageKey(next)) ? 'which was already read' : undefined;
  };

  /** Fetches and reads one page; returns the links to offer next. */
  const visit = async (url: URL, isStart = false): Promise<string[]> => {
    if (readKeys.has(pageKey(url))) {
      frontier.skip(url.href, 'already read (another address redirects to it)');
      return [];
    }
    let response: SafeFetchResult;
    try {
      response = await fetchWith(url, { accept: htmlTypes, refuseRedirect: refuseRedirect(isStart) });
    } catch (error) {
      if (error instanceof UnsupportedContentTypeError) {
        frontier.skip(url.href, `not a web page (${error.contentType || 'no content type'})`);
      } else if (error instanceof RedirectNotFollowedError) {
        frontier.skip(url.href, `redirects to ${error.location}, ${error.reason}`);
      } else if (signal.aborted) {
        frontier.skip(url.href, `not read: ${stopReason()}`);
      } else {
        fail(url.href, (error as Error).message, error instanceof FetchFailedError || error instanceof CrawlRefusedError ? shortReason(error) : 'a network error');
      }
      return [];
    }
    if (response.status === 404 || response.status === 410) {
      // A link to a page that does not exist: a broken link, not a page the crawl failed to read.
      frontier.skip(url.href, `HTTP ${response.status}`);
      return [];
    }
    if (response.status < 200 || response.status >= 300) {
      fail(url.href, `HTTP ${response.status}`, `the server answered HTTP ${response.status}`);
      return [];
    }
    if (response.truncated) {
      frontier.skip(url.href, `larger than ${Math.round(maxBytesPerPage / 1024)} KB`);
      return [];
    }
    const finalUrl = new URL(response.finalUrl);
    if (isStart) {
      home = finalUrl;
      sites.add(siteOf(finalUrl));
    }
    frontier.markSeen(finalUrl);
    const finalKey = pageKey(finalUrl);
    if (readKeys.has(finalKey)) {
      // Two addresses of one page were in flight at once.
      frontier.skip(url.href, `already read as ${finalUrl.href}`);
      return [];
    }
    readKeys.add(finalKey);
    progress.pages_fetched += 1;
    reporter.changed();

    const extracted = await extractPage(decodeHtml(response.body, response.contentTypeHeader), finalUrl.href);
    await keep(url, finalUrl, extracted);
    return extracted.links;
  };

  const retrying = options.onlyUrls !== undefined;
  try {
    if (retrying) {
      for (const url of options.onlyUrls ?? []) await offer(url);
    } else {
      await discover();
    }
    // Fetch attempts are bounded too, so a site of broken links or duplicates cannot keep the crawl busy.
    const maxAttempts = maxPages * 3;
    let attempts = 1;
    let active = 0;
    const run = async (url: URL): Promise<void> => {
      const links = await visit(url);
      if (!retrying) for (const link of links) await offer(link);
    };
    await new Promise<void>((resolve, reject) => {
      const pump = () => {
        while (!signal.aborted && active < concurrency && pages.length < maxPages && attempts < maxAttempts) {
          const url = frontier.next();
          if (!url) break;
          active += 1;
          attempts += 1;
          run(url).then(
            () => {
              active -= 1;
              pump();
            },
            (error: unknown) => {
              stopOnError.abort(error);
              reject(error);
            },
          );
        }
        if (active === 0) resolve();
      };
      pump();
    });
    const unread = frontier.found - progress.pages_fetched - progress.pages_failed;
    const stoppedBy =
      signal.aborted && !pageLimit.signal.aborted && unread > 0 ? `${stopReason()} with ${unread} found pages not read` : undefined;
    return { pages, progress: { ...progress }, skipped: frontier.skipped, failed, ...(stoppedBy ? { stoppedBy } : {}) };
  } finally {
    reporter.flush();
    agents.http.destroy();
    agents.https.destroy();
  }

  /** The home page, then the sitemaps' pages and the home page's links, queued for reading. */
  async function discover(): Promise<void> {
    // The home page first, alone: where it redirects (http to https, apex to www) defines the site.
    const startRules = await robots.rulesFor(start);
    frontier.claim(start);
    progress.pages_found = frontier.found;
    reporter.changed();
    let startLinks: string[] = [];
    if (startRules.allows(start)) startLinks = await visit(start, true);
    else frontier.skip(start.href, 'disallowed by robots.txt');

    // Then the sitemaps' pages, then the home page's links; the pages' own links follow breadth-first.
    const homeRules = await robots.rulesFor(home);
    const sitemapUrls = homeRules.sitemaps.length ? homeRules.sitemaps : [new URL('/sitemap.xml', home).href];
    const sitemapPages = await collectSitemapPages(
      sitemapUrls,
      (sitemapUrl) => fetchWith(sitemapUrl, { maxBytes: sitemapMaxBytes }),
      { maxFiles: 20, maxUrls: maxQueued, maxBytes: sitemapMaxBytes },
    );
    for (const page of sitemapPages) await offer(page);
    for (const link of startLinks) await offer(link);
  }
}

/** The few words a per-page list shows: the network reason without the address. */
function shortReason(error: FetchFailedError | CrawlRefusedError): string {
  if (error instanceof FetchFailedError) return error.summary;
  return 'the address is not allowed';
}
