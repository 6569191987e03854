import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import {
  CrawlRefusedError,
  FetchFailedError,
  RedirectNotFollowedError,
  UnsupportedContentTypeError,
} from './crawl-errors.js';
import { checkAddress, isIpLiteral } from './network-policy.js';
import { networkErrorText } from './network-error-text.js';
import { readCappedBody } from './read-capped-body.js';
import { resolveAllowedAddresses, validatingLookup, type HostResolver } from './validating-lookup.js';

export interface SafeFetchOptions {
  /** Local-development switch: allow loopback addresses (see network-policy.ts). */
  allowPrivateNetwork: boolean;
  /** Time limit for the whole fetch, redirects and body included. Default 10 s. */
  timeoutMs?: number;
  /** Decoded bytes kept; a longer body is cut there and flagged `truncated`. Default 2 MB. */
  maxBytes?: number;
  /** Redirects followed before giving up. Default 5. */
  maxRedirects?: number;
  /**
   * Accepted media types (e.g. ['text/html']). Sent as the Accept header; a 2xx response of another
   * type throws UnsupportedContentTypeError before its body is read. Omitted: anything is accepted.
   */
  accept?: readonly string[];
  userAgent?: string;
  /** DNS resolution, injectable for tests; every address it returns is checked before connecting. */
  lookup?: HostResolver;
  /** Cancels the fetch (the crawl's overall time limit). */
  signal?: AbortSignal;
  /** Asked before each redirect hop; return a reason to stop there (RedirectNotFollowedError). */
  refuseRedirect?: (next: URL) => string | undefined;
  /** POST sends `body` (workflow webhooks); redirects of a POST are not followed (maxRedirects 0 refuses them). */
  method?: 'GET' | 'POST';
  body?: string;
  /** Request headers beyond those derived from the options (a webhook's content type and signature). */
  headers?: Record<string, string>;
  /** Keep-alive agents shared by one crawl. Default: a fresh connection per request. */
  agents?: { http: http.Agent; https: https.Agent };
}

export interface SafeFetchResult {
  finalUrl: string;
  status: number;
  /** Media type without parameters, lower-case ('' when absent). */
  contentType: string;
  /** The full Content-Type header, charset included. */
  contentTypeHeader: string;
  body: Buffer;
  truncated: boolean;
  /** The validators a conditional request sends back (If-None-Match, If-Modified-Since), when the server gave them. */
  etag?: string;
  lastModified?: string;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

function parseTarget(raw: string | URL): URL {
  try {
    return new URL(raw);
  } catch {
    throw new CrawlRefusedError(`Refused to fetch "${String(raw)}": it is not a valid web address`);
  }
}

/** Scheme, credentials and IP literals are checked here; host names are checked at connection time. */
function assertFetchable(target: URL, allowPrivateNetwork: boolean): void {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new CrawlRefusedError(`Refused to fetch ${target.href}: only http and https addresses can be fetched`);
  }
  if (target.username || target.password) {
    throw new CrawlRefusedError(`Refused to fetch ${target.href}: addresses with credentials are not fetched`);
  }
  if (isIpLiteral(target.hostname)) {
    const address = target.hostname.replace(/^\[|\]$/g, '');
    const verdict = checkAddress(address, { allowPrivateNetwork });
    if (!verdict.allowed) {
      throw new CrawlRefusedError(`Refused to fetch ${target.href}: the address ${address} is ${verdict.reason}`);
    }
  }
}

/**
 * Checks an address up front (scheme, credentials, and every address its host resolves to) so a caller can
 * refuse a whole job with a clear message before starting it. Connections are still checked one by one.
 * Throws CrawlRefusedError, or FetchFailedError when the host name does not resolve.
 */
export async function assertUrlAllowed(
  url: string | URL,
  options: Pick<SafeFetchOptions, 'allowPrivateNetwork' | 'lookup'>,
): Promise<void> {
  const target = parseTarget(url);
  assertFetchable(target, options.allowPrivateNetwork);
  if (isIpLiteral(target.hostname)) return;
  try {
    await resolveAllowedAddresses(target.href, target.hostname, options, options.lookup);
  } catch (error) {
    if (error instanceof CrawlRefusedError) throw error;
    throw new FetchFailedError(`Could not find ${target.hostname}: ${networkErrorText(error)}`, target.href, {
      cause: error,
    });
  }
}

export function mediaType(header: string): string {
  return (header.split(';')[0] ?? '').trim().toLowerCase();
}

function request(target: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const client = target.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...options.headers };
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  if (options.accept?.length) headers.accept = `${options.accept.join(', ')};q=0.9, */*;q=0.1`;
  return new Promise((resolve, reject) => {
    const req = client.request(target, {
      method: options.method ?? 'GET',
      headers,
      signal,
      agent: options.agents ? options.agents[target.protocol === 'https:' ? 'https' : 'http'] : false,
      lookup: validatingLookup(target.href, { allowPrivateNetwork: options.allowPrivateNetwork }, options.lookup),
    });
    req.once('response', resolve);
    // `on`, not `once`: a socket error after the response must not become an uncaught exception.
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * GET (or POST) one address without letting it reach the internal network: only http(s), every host name resolved
 * and every address checked by the socket's own lookup, redirects followed by hand with each hop checked
 * again, the body decoded and capped while it streams, and one time limit over the whole exchange.
 * Non-2xx statuses are returned, not thrown. Throws CrawlRefusedError for addresses that are not allowed
 * and FetchFailedError (or a subclass) for everything else that goes wrong.
 */
export async function safeFetch(url: string | URL, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const { timeoutMs = 10_000, maxBytes = 2 * 1024 * 1024, maxRedirects = 5 } = options;
  const startUrl = parseTarget(url);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let target = startUrl;
  const failure = (error: unknown): Error => {
    if (error instanceof CrawlRefusedError || error instanceof FetchFailedError) return error;
    if (timeout.aborted) {
      const summary = `no answer within ${timeoutMs / 1000} s`;
      return new FetchFailedError(`${target.href} did not answer within ${timeoutMs} ms`, target.href, { summary });
    }
    if (signal.aborted) return new FetchFailedError(`Fetching ${target.href} was cancelled`, target.href, { summary: 'cancelled' });
    const summary = networkErrorText(error);
    return new FetchFailedError(`Could not fetch ${target.href}: ${summary}`, target.href, { cause: error, summary });
  };

  for (let hop = 0; ; hop += 1) {
    assertFetchable(target, options.allowPrivateNetwork);
    let response: IncomingMessage;
    try {
      response = await request(target, options, signal);
    } catch (error) {
      throw failure(error);
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (redirectStatuses.has(status) && location) {
      response.destroy();
      if (hop >= maxRedirects) {
        throw new FetchFailedError(`${startUrl.href} redirected more than ${maxRedirects} times`, startUrl.href, {
          summary: `more than ${maxRedirects} redirects`,
        });
      }
      const next = parseTarget(new URL(location, target).href);
      next.hash = '';
      assertFetchable(next, options.allowPrivateNetwork);
      const reason = options.refuseRedirect?.(next);
      if (reason) throw new RedirectNotFollowedError(target.href, next.href, reason);
      target = next;
      continue;
    }
    const contentTypeHeader = String(response.headers['content-type'] ?? '');
    const contentType = mediaType(contentTypeHeader);
    if (status >= 200 && status < 300 && options.accept && !options.accept.includes(contentType)) {
      response.destroy();
      throw new UnsupportedContentTypeError(target.href, contentType);
    }
    const onAbort = () => response.destroy(failure(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();
    try {
      const { body, truncated } = await readCappedBody(response, maxBytes);
      const { etag, 'last-modified': lastModified } = response.headers;
      return { finalUrl: target.href, status, contentType, contentTypeHeader, body, truncated, ...(etag && { etag }), ...(lastModified && { lastModified }) };
    } catch (error) {
      throw failure(error);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}
