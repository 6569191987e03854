import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { withRuntimeEnv } from '../../support/runtime-env.js';

const { env } = inject('runtime');
/** One moment for every request, so all fall in one minute's window. */
const NOW = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;

/** Outcome of each of `count` requests of `source`: 'ok' or the 429's message. */
async function requests(chatbotId: string, source: string, count: number, limits: { perSource: number; perAssistant: number }) {
  return withRuntimeEnv(env, async () => {
    const { enforcePublicLimits } = await import('../../../functions/core/chat/rate-limit.js');
    const outcomes: string[] = [];
    for (let i = 0; i < count; i++) {
      outcomes.push(
        await enforcePublicLimits('probe', chatbotId, source, limits, NOW).then(
          () => 'ok',
          (error: { statusCode?: number; message: string }) => `${error.statusCode} ${error.message.split('.')[0]}`,
        ),
      );
    }
    return outcomes;
  });
}

async function assistantCount(chatbotId: string): Promise<number> {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../../functions/core/data/db.js');
    const { data } = await db().entities.rateCounter.query.byKey({ counter_key: `probe:bot:${chatbotId}` }).go();
    return data.reduce((sum, counter) => sum + counter.count, 0);
  });
}

describe("probe: the assistant's ceiling is shared per source", () => {
  it('requests refused for their source never reach the assistant’s counter', async () => {
    const chatbotId = randomUUID();
    const outcomes = await requests(chatbotId, '198.18.7.1', 30, { perSource: 3, perAssistant: 1000 });
    expect(outcomes).toEqual([...Array(3).fill('ok'), ...Array(27).fill('429 Too many requests from your network right now')]);
    // One block of 5 drawn for the 3 accepted requests, whatever the flood sent.
    expect(await assistantCount(chatbotId)).toBe(5);
  });

  it('once the ceiling is drawn, every source is refused, and a refused block is asked for again', async () => {
    const chatbotId = randomUUID();
    const limits = { perSource: 100, perAssistant: 10 };
    const first = await requests(chatbotId, '198.18.7.2', 12, limits);
    // Two blocks of 5 fill the ceiling; the 11th asks for a third and is refused, and so is the 12th.
    const busy = '429 This assistant is receiving too many messages right now';
    expect(first).toEqual([...Array(10).fill('ok'), busy, busy]);
    const other = await requests(chatbotId, '198.18.7.3', 1, limits);
    expect(other).toEqual([busy]);
  });
});
