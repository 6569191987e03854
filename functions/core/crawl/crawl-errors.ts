/**
 * Why a fetch did not produce a page. Messages are written for people: they end up in logs and in the
 * crawl's `skipped` list.
 */

/** The address is not one the crawler may contact (scheme, private network, metadata endpoint). */
export class CrawlRefusedError extends Error {
  override readonly name = 'CrawlRefusedError';
}

/** The fetch was attempted and went wrong: network error, time limit, too many redirects. */
export class FetchFailedError extends Error {
  override readonly name: string = 'FetchFailedError';
  /** What went wrong in a few words, without the address ("connection refused"), for per-page lists. */
  readonly summary: string;
  constructor(
    message: string,
    readonly url: string,
    options?: { cause?: unknown; summary?: string },
  ) {
    super(message, options);
    this.summary = options?.summary ?? message;
  }
}

/** The server answered with something other than the accepted media types; the body was not read. */
export class UnsupportedContentTypeError extends FetchFailedError {
  override readonly name = 'UnsupportedContentTypeError';
  constructor(
    url: string,
    readonly contentType: string,
  ) {
    super(`${url} is ${contentType || 'of no declared type'}, not a web page`, url, { summary: 'not a web page' });
  }
}

/** A redirect pointed somewhere the caller declined to follow (another site, a disallowed path). */
export class RedirectNotFollowedError extends FetchFailedError {
  override readonly name = 'RedirectNotFollowedError';
  constructor(
    url: string,
    readonly location: string,
    readonly reason: string,
  ) {
    super(`${url} redirects to ${location}, which was not followed: ${reason}`, url, { summary: `redirects ${reason}` });
  }
}
