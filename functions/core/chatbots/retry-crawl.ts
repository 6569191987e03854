import type { CrawlStatusResponse } from '../../contracts/chatbot.js';
import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { toChatbotFields } from './chatbot-record.js';
import { crawlStatusOf } from './crawl-status.js';
import { lastReading, requestReading } from './request-reading.js';

export const NOTHING_TO_RETRY_MESSAGE = 'There are no unread pages to retry: the last reading of the website had no problems, or is still running.';

/**
 * Reads again the pages the last crawl could not read (POST /chatbots/{id}/crawl/retry): a reading of
 * only those pages (no links followed), adding the ones it now can, re-indexing only them.
 */
export async function retryFailedPages(caller: Caller, chatbotId: string): Promise<CrawlStatusResponse> {
  const { chatbot: bot } = await chatbotFor(caller, chatbotId);
  const progress = lastReading(bot);
  if (!progress || progress.stage !== 'done_with_problems' || !progress.failures.length) throw new HttpError(409, NOTHING_TO_RETRY_MESSAGE);
  await requestReading(bot, { kind: 'retry', trigger: 'manual' }, NOTHING_TO_RETRY_MESSAGE);
  const { data: queued } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  return crawlStatusOf(toChatbotFields(queued ?? bot));
}
