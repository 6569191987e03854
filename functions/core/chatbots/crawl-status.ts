import type { ChatbotFields, CrawlStatusResponse } from '../../contracts/chatbot.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { db } from '../data/db.js';
import { toChatbotFields } from './chatbot-record.js';

/** Spec 000 section 9: the creator previews at most 6 pages, then '+N more pages'. */
export const PREVIEW_PAGES = 6;

/** What the creator polls while the assistant learns: real progress and the first pages read. */
export async function crawlStatus(caller: Caller, chatbotId: string): Promise<CrawlStatusResponse> {
  return crawlStatusOf(toChatbotFields((await chatbotFor(caller, chatbotId)).chatbot));
}

/** The status of an assistant the caller was already authorized for. */
export async function crawlStatusOf(bot: ChatbotFields): Promise<CrawlStatusResponse> {
  const chatbotId = bot.id;
  const { data: pages } = await db()
    .entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId })
    .go({ pages: 'all', attributes: ['title', 'url', 'position'] });
  const firstRead = [...pages].sort((a, b) => a.position - b.position).slice(0, PREVIEW_PAGES);
  return {
    progress: bot.crawl,
    training_quality: bot.training_quality,
    training_status: bot.training_status,
    pages: firstRead.map(({ title, url }) => ({ title, url })),
    total_pages: pages.length,
  };
}
