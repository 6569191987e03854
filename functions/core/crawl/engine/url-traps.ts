/**
 * URL traps: calendars (/events/2031/07/14, ?month=2031-07), endless query strings (?sort=a&page=9...)
 * and session ids make a site look infinite. Addresses are grouped by a pattern (numbers and query
 * values blanked) and each pattern may hold only so many pages; the page limit bounds the rest.
 */

/** Addresses of one path that differ only in their query (?page=, ?sort=, ?date=) read at most. */
export const MAX_QUERY_VARIANTS = 50;
/** Pages of one path pattern (numeric segments blanked: /events/2031/07/14) read at most, for a plan's page limit. */
export const maxPagesPerPattern = (maxPages: number) => Math.max(50, Math.floor(maxPages / 4));
/** Longer addresses are generated, not written by people. */
export const MAX_URL_LENGTH = 512;
/** Deeper paths are loops (/a/b/a/b/...) rather than structure. */
export const MAX_PATH_SEGMENTS = 12;

const sessionParameter = /^(sid|sessionid|session_id|session|phpsessid|jsessionid|aspsessionid\w*|cfid|cftoken|s)$/i;

/** The path pattern an address counts against: its numeric path segments blanked (/events/#/#/#). */
export function urlPattern(url: URL): string {
  return `${url.host}${url.pathname.replace(/\/\d+(?=\/|$)/g, '/#')}`;
}

/** The path an address with a query is a variant of (`?page=2`, `?page=3`, ... of one path), else undefined. */
export function queryVariantOf(url: URL): string | undefined {
  return url.search ? `${url.host}${url.pathname}` : undefined;
}

/** Why an address is not offered at all, or undefined. */
export function trapReason(url: URL): string | undefined {
  if (url.href.length > MAX_URL_LENGTH) return `an address longer than ${MAX_URL_LENGTH} characters`;
  if (url.pathname.split('/').filter(Boolean).length > MAX_PATH_SEGMENTS) return `a path deeper than ${MAX_PATH_SEGMENTS} levels`;
  if (/;jsessionid=/i.test(url.pathname) || [...url.searchParams.keys()].some((name) => sessionParameter.test(name))) {
    return 'an address with a session id';
  }
  return undefined;
}

/** Counts pages per pattern; `admit` says whether one more fits. */
export class PatternBudget {
  private readonly counts = new Map<string, number>();

  constructor(private readonly perPattern: number) {}

  count(pattern: string): void {
    this.counts.set(pattern, (this.counts.get(pattern) ?? 0) + 1);
  }

  admit(pattern: string): boolean {
    if ((this.counts.get(pattern) ?? 0) >= this.perPattern) return false;
    this.count(pattern);
    return true;
  }
}
