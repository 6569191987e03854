/**
 * The distributed crawl's knobs. Politeness: at most HOST_CONCURRENCY requests to the site at a time
 * (batches in flight x requests per worker), and robots.txt's Crawl-delay honoured by reading one page
 * at a time with that pause between pages.
 */

/** Requests in flight to one site at a time, all workers together. */
export const HOST_CONCURRENCY = 4;
/** Requests one worker has in flight without a Crawl-delay. */
export const WORKER_CONCURRENCY = 2;
/** Pages one batch (one worker invocation) reads at most. */
export const BATCH_PAGES = 25;
/**
 * Pages one batch reads at most when they are pages the assistant knows (a re-sync): mostly one
 * conditional request each and nothing to parse, so fewer, larger rounds (each round costs a plan
 * over the whole frontier and a worker start) at the same number of requests in flight.
 */
export const KNOWN_BATCH_PAGES = 100;
/** Crawl-delay beyond this is read as this: a site asking for minutes between pages would never be read. */
export const MAX_CRAWL_DELAY_MS = 30_000;
/** A worker takes no new page after this much of its time, and leaves the rest of its batch queued. */
export const WORKER_BUDGET_MS = 240_000;
/** Batches that may take a page before it is given up as failed (a worker that keeps dying on it). */
export const MAX_ATTEMPTS = 3;
/** Fetches in a row that fail at the network (or with 5xx) before a worker calls the site down. */
export const SITE_DOWN_AFTER = 3;
/** Time limit of one page, redirects and body included. */
export const PAGE_TIMEOUT_MS = 10_000;
/** A page larger than this (decoded) is passed over. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** DynamoDB items stop at 400 KB; a page's readable text beyond this adds little to answers. */
export const MAX_PAGE_TEXT_CHARS = 100_000;
/** Links of a page kept (a re-sync that gets HTTP 304 follows the links it kept). */
export const MAX_LINKS_PER_PAGE = 300;
/** Frontier addresses per page of the plan's limit (the rest of a huge site is never queued). */
export const FRONTIER_PER_PAGE = 5;
/** The frontier holds at least this many addresses, whatever the limit. */
export const MIN_FRONTIER = 500;
/** Runs kept in an assistant's sync history. */
export const HISTORY_RUNS = 20;
/** Tasks of a run that never commits are removed by TTL after this. */
export const TASK_TTL_SECONDS = 7 * 24 * 3600;

/** Time limit of one whole reading (CRAWL_MAX_MINUTES, default 3 hours): past it, it ends with what it read. */
export function crawlTimeLimitMs(): number {
  const minutes = Number(process.env.CRAWL_MAX_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 180) * 60_000;
}

/** Time limit of one page; CRAWL_PAGE_TIMEOUT_MS shortens it (tests of a silent site). */
export function pageTimeoutMs(): number {
  const configured = Number(process.env.CRAWL_PAGE_TIMEOUT_MS);
  return Number.isInteger(configured) && configured > 0 ? configured : PAGE_TIMEOUT_MS;
}

export const frontierCapacity = (maxPages: number) => Math.max(MIN_FRONTIER, maxPages * FRONTIER_PER_PAGE);
