import { db } from '../data/db.js';
import { HOT_CALL } from '../data/hot-call.js';
import { tooManyRequests } from '../http/http-error.js';
import { sourceAddressKey } from '../http/source-address.js';

/**
 * Limits of a public route, per minute: `perSource` for each source address (whatever contact id or
 * token it sends) and `perAssistant` for all of an assistant's visitors together. One source can use
 * at most its share of the assistant's ceiling, so a flood from one address cannot silence the
 * assistant for everyone else.
 */
export interface PublicLimits {
  perSource: number;
  perAssistant: number;
}

const WINDOW_SECONDS = 60;
/**
 * A source draws on the assistant's ceiling this many requests at a time, so most requests cost one
 * counter write (the source's), and the first of each block two.
 */
export const CEILING_BLOCK = 5;

/** Adds `by` to a fixed-window counter (expired by TTL) and returns the new count. */
async function addToCounter(key: string, by: number, windowStart: number): Promise<number> {
  const { data } = await db()
    .entities.rateCounter.update({ counter_key: key, window_start: windowStart })
    .add({ count: by })
    .set({ ttl: windowStart + WINDOW_SECONDS * 2 })
    .go({ response: 'updated_new', ...HOT_CALL });
  return data.count ?? 0;
}

const windowOf = (now: number) => {
  const start = Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  return { start, retryAfter: Math.max(1, start + WINDOW_SECONDS - Math.floor(now / 1000)) };
};

/** Counts one request under `key`, refusing with 429 (Retry-After: the seconds left in the minute) above `limit`. */
export async function enforceLimit(key: string, limit: number, refusal: string, now = Date.now()): Promise<void> {
  const window = windowOf(now);
  if ((await addToCounter(key, 1, window.start)) > limit) throw tooManyRequests(window.retryAfter, refusal);
}

/**
 * Counts one request of `sourceIp` to a public route of an assistant, refusing with 429 (and
 * Retry-After: the seconds until the minute's window ends) over either limit. A request refused for
 * its source never reaches the assistant's counter.
 */
export async function enforcePublicLimits(
  scope: string,
  chatbotId: string,
  sourceIp: string,
  limits: PublicLimits,
  now = Date.now(),
): Promise<void> {
  const window = windowOf(now);
  const sourceKey = `${scope}:src:${chatbotId}:${sourceAddressKey(sourceIp)}`;
  const used = await addToCounter(sourceKey, 1, window.start);
  if (used > limits.perSource) throw tooManyRequests(window.retryAfter, 'Too many requests from your network right now.');
  if ((used - 1) % CEILING_BLOCK !== 0) return;
  const assistantUsed = await addToCounter(`${scope}:bot:${chatbotId}`, CEILING_BLOCK, window.start);
  if (assistantUsed > limits.perAssistant) {
    // The source's block was not granted: its next request must ask the ceiling again.
    await addToCounter(sourceKey, CEILING_BLOCK - 1, window.start);
    throw tooManyRequests(window.retryAfter, 'This assistant is receiving too many messages right now.');
  }
}

/** Anonymous demo-page calls per minute (tracking, statistics, knowledge). */
export const PUBLIC_DEMO_LIMITS: PublicLimits = { perSource: 60, perAssistant: 600 };

/** The demo page's public calls, each counted under its own `scope`. */
export function enforceDemoPageLimits(scope: string, chatbotId: string, sourceIp: string): Promise<void> {
  return enforcePublicLimits(scope, chatbotId, sourceIp, PUBLIC_DEMO_LIMITS);
}
