import { describe, expect, it } from 'vitest';
import { faqCrawlLimits, faqModelTimeoutMs } from '../../../functions/core/knowledge/faqs/faq-time-budget.js';
import { PUBLISH_RESERVE_MS, reindexDeadline, routeTimeoutMs } from '../../../functions/core/knowledge/reindex-deadline.js';

const routeMs = routeTimeoutMs('generate-faqs-from-website');

describe('the FAQ request time budget', () => {
  it('is the route limit, below what API Gateway waits', () => {
    expect(routeMs).toBe(29_000);
  });

  it('gives reading the site 40 % of it', () => {
    expect(faqCrawlLimits(routeMs)).toEqual({ totalTimeoutMs: 11_600, pageTimeoutMs: 5_800 });
  });

  it('asks the model only with at least 40 % of the time left after reading, and until 75 %', () => {
    // Stored pages: read at once.
    expect(faqModelTimeoutMs(routeMs, 200)).toBe(21_550);
    // A crawl that used its whole share.
    expect(faqModelTimeoutMs(routeMs, 11_600)).toBe(10_150);
    // 40 % left exactly: still asked, for the share up to 75 %.
    expect(faqModelTimeoutMs(routeMs, 17_400)).toBe(4_350);
    // Less than 40 % left: the pages' own FAQs instead.
    expect(faqModelTimeoutMs(routeMs, 17_401)).toBeUndefined();
    expect(faqModelTimeoutMs(routeMs, 25_000)).toBeUndefined();
  });

  it('leaves the re-index time to embed after the model, and the reserve to publish and answer', () => {
    const startedAt = 1_000_000;
    const deadline = reindexDeadline('generate-faqs-from-website', startedAt);
    expect(deadline - startedAt).toBe(routeMs - PUBLISH_RESERVE_MS);
    for (let elapsed = 0; elapsed <= routeMs; elapsed += 100) {
      const timeout = faqModelTimeoutMs(routeMs, elapsed);
      if (timeout === undefined) continue;
      expect(timeout).toBeGreaterThanOrEqual(4_000);
      expect(startedAt + elapsed + timeout).toBeLessThan(deadline - 2_000);
    }
  });
});
