import type { FaqCrawlLimits } from './read-site-pages.js';

/**
 * How a FAQ request spends its route's time (API Gateway stops waiting at 30 s). Reading the site may
 * use 40 % of it. The model is asked only when at least 40 % is left after reading, and must be done
 * by 75 %. The rest stores the FAQs and re-indexes, possibly every assistant of the owner; that
 * re-index embeds until the request's re-index deadline and then publishes what it has, so the FAQs
 * are stored and answered once, never stored and then timed out (which the owner would retry into
 * duplicates).
 */
export const FAQ_READ_SHARE = 0.4;
export const FAQ_MODEL_MIN_LEFT_SHARE = 0.4;
export const FAQ_MODEL_DONE_BY_SHARE = 0.75;

export function faqCrawlLimits(routeMs: number): FaqCrawlLimits {
  return { totalTimeoutMs: routeMs * FAQ_READ_SHARE, pageTimeoutMs: routeMs * (FAQ_READ_SHARE / 2) };
}

/**
 * The time the model may take, `elapsedMs` into the request; undefined when too little is left to ask
 * it (the pages' own FAQs are used instead of a hurried call).
 */
export function faqModelTimeoutMs(routeMs: number, elapsedMs: number): number | undefined {
  if (routeMs - elapsedMs < routeMs * FAQ_MODEL_MIN_LEFT_SHARE) return undefined;
  return routeMs * FAQ_MODEL_DONE_BY_SHARE - elapsedMs;
}
