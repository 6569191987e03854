import { crawlProgressSchema, type CrawlProgress } from '../../contracts/chatbot.js';
import { readingUnderWay } from '../crawl/engine/stale-reading.js';
import { newRunId, queuedProgress, startReading, type ReadingInput } from '../crawl/engine/start-reading.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';
import type { StoredChatbot } from './chatbot-record.js';

/** The assistant's last reading, when its progress parses. */
export function lastReading(bot: Pick<StoredChatbot, 'crawl'>): CrawlProgress | undefined {
  const parsed = crawlProgressSchema.safeParse(bot.crawl);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Starts a reading of the assistant's website: its progress goes to 'queued' conditionally (two clicks
 * start one reading; 409 `refusal` for the second), then the crawl state machine starts. If it cannot
 * start, the progress goes back to what it was and the error is the caller's.
 */
export async function requestReading(bot: StoredChatbot, input: Omit<ReadingInput, 'chatbot_id'>, refusal: string): Promise<void> {
  const previous = lastReading(bot);
  if (readingUnderWay(previous)) throw new HttpError(409, refusal);
  const runId = newRunId();
  const key = { chatbot_id: bot.chatbot_id };
  try {
    await db()
      .entities.chatbot.patch(key)
      // A retry keeps the failures it is to read again (its first step reads them from here).
      .set({ crawl: input.kind === 'retry' && previous ? { ...queuedProgress('retry', runId), failures: previous.failures } : queuedProgress(input.kind, runId), updated_at: new Date().toISOString() })
      .where((attr, op) => op.eq(attr.updated_at, bot.updated_at))
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionalFailure(error)) throw new HttpError(409, refusal);
    throw error;
  }
  try {
    await startReading({ chatbot_id: bot.chatbot_id, ...input }, runId);
  } catch (error) {
    await db().entities.chatbot.patch(key).set({ crawl: bot.crawl }).go({ response: 'none' });
    throw error;
  }
}
