import { crawlProgressSchema, type CrawlStatusResponse } from '../../contracts/chatbot.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';
import { invokeAsync } from '../invoke/invoke-async.js';
import { requireEnv } from '../runtime/env.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { toChatbotFields } from './chatbot-record.js';
import { crawlStatusOf } from './crawl-status.js';

export const NOTHING_TO_RETRY_MESSAGE = 'There are no unread pages to retry: the last reading of the website had no problems, or is still running.';

/**
 * Reads again the pages the last crawl could not read (POST /chatbots/{id}/crawl/retry): the crawl
 * goes back to 'queued' (conditionally, so two clicks start one retry) and the crawl function reads
 * only those pages, adds the ones it now can and re-indexes.
 */
export async function retryFailedPages(caller: Caller, chatbotId: string): Promise<CrawlStatusResponse> {
  const { chatbot: bot } = await chatbotFor(caller, chatbotId);
  const parsed = crawlProgressSchema.safeParse(bot.crawl);
  const progress = parsed.success ? parsed.data : undefined;
  if (!progress || progress.stage !== 'done_with_problems' || !progress.failures.length) throw new HttpError(409, NOTHING_TO_RETRY_MESSAGE);
  try {
    await db()
      .entities.chatbot.patch({ chatbot_id: chatbotId })
      .set({ crawl: { ...progress, stage: 'queued' }, updated_at: new Date().toISOString() })
      .where((attr, op) => op.eq(attr.updated_at, bot.updated_at))
      .go();
  } catch (error) {
    if (isConditionalFailure(error)) throw new HttpError(409, NOTHING_TO_RETRY_MESSAGE);
    throw error;
  }
  try {
    await invokeAsync(requireEnv('CRAWL_FUNCTION_NAME'), { chatbotId, retryFailed: true });
  } catch (error) {
    await db().entities.chatbot.patch({ chatbot_id: chatbotId }).set({ crawl: progress }).go();
    throw error;
  }
  const { data: queued } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  return crawlStatusOf(toChatbotFields(queued ?? bot));
}
