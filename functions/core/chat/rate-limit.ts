import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';

export interface RateLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the table (atomic ADD, expired by TTL): refuses with 429 once a key has
 * used its window. Counters of all limits are taken; the first exceeded one refuses.
 */
export async function enforceRateLimits(limits: readonly RateLimit[], now = Date.now()): Promise<void> {
  const counts = await Promise.all(
    limits.map(async ({ key, windowSeconds }) => {
      const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
      const { data } = await db()
        .entities.rateCounter.update({ counter_key: key, window_start: windowStart })
        .add({ count: 1 })
        .set({ ttl: windowStart + windowSeconds * 2 })
        .go({ response: 'updated_new' });
      return data.count ?? 0;
    }),
  );
  const exceeded = limits.find((limit, i) => (counts[i] ?? 0) > limit.limit);
  if (exceeded) {
    throw new HttpError(429, 'Too many requests right now. Please wait a minute and try again.');
  }
}

/** Anonymous demo-page calls per minute: per assistant (all its visitors) and per visitor address. */
export const PUBLIC_DEMO_LIMITS = { perBotPerMinute: 600, perClientPerMinute: 60 };

/** The demo page's public calls (tracking, statistics, knowledge), each counted under its own `scope`. */
export function enforceDemoPageLimits(scope: string, chatbotId: string, clientAddress: string): Promise<void> {
  return enforceRateLimits([
    { key: `${scope}:bot:${chatbotId}`, limit: PUBLIC_DEMO_LIMITS.perBotPerMinute, windowSeconds: 60 },
    { key: `${scope}:client:${chatbotId}:${clientAddress}`, limit: PUBLIC_DEMO_LIMITS.perClientPerMinute, windowSeconds: 60 },
  ]);
}
