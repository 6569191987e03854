import type { StoredChatbot } from '../../chatbots/chatbot-record.js';
import { CrawlRefusedError, FetchFailedError } from '../../crawl/crawl-errors.js';
import { crawlSite } from '../../crawl/crawl-site.js';
import { pageKey, siteOf } from '../../crawl/crawl-url.js';
import { allowPrivateNetworkFromEnv } from '../../crawl/network-policy.js';
import { db } from '../../data/db.js';
import { HttpError } from '../../http/http-error.js';
import type { FaqSourcePage } from './faq.js';

/** Pages read for FAQs: enough for a business site's main pages, few enough to read within the API's time limit. */
export const FAQ_CRAWL_MAX_PAGES = 12;

export type FaqCrawlLimits = { totalTimeoutMs: number; pageTimeoutMs: number };

const unreadable = (reason: string) => new HttpError(422, `This website could not be read: ${reason}`);

function sameSite(a: string, b: string): boolean {
  try {
    return siteOf(new URL(a)) === siteOf(new URL(b));
  } catch {
    return false;
  }
}

function keyOf(url: string): string | undefined {
  try {
    return pageKey(new URL(url));
  } catch {
    return undefined;
  }
}

/**
 * The pages the assistant learned from its own site, when FAQs are asked for that site: already
 * read, complete and instant. The page asked for comes first.
 */
async function storedPages(bot: StoredChatbot, websiteUrl: string): Promise<FaqSourcePage[]> {
  if (!sameSite(bot.website_url, websiteUrl)) return [];
  const { data } = await db()
    .entities.crawledPage.query.byChatbot({ chatbot_id: bot.chatbot_id })
    .go({ pages: 'all', attributes: ['url', 'title', 'text', 'position'] });
  const asked = keyOf(websiteUrl);
  return data
    .sort((a, b) => Number(keyOf(b.url) === asked) - Number(keyOf(a.url) === asked) || a.position - b.position)
    .map(({ url, title, text }) => ({ url, title, text }));
}

/**
 * Reads the website the FAQs are written from: the assistant's stored pages of that site, else a
 * short crawl (same SSRF rules, robots.txt and limits as the assistant's crawl). A site that gives no
 * readable page is a 422 with the crawler's reason.
 */
export async function readSitePages(
  websiteUrl: string,
  bot: StoredChatbot | undefined,
  limits: FaqCrawlLimits,
): Promise<FaqSourcePage[]> {
  if (bot) {
    const stored = await storedPages(bot, websiteUrl);
    if (stored.length) return stored;
  }
  let result;
  try {
    result = await crawlSite(websiteUrl, {
      maxPages: FAQ_CRAWL_MAX_PAGES,
      totalTimeoutMs: limits.totalTimeoutMs,
      pageTimeoutMs: limits.pageTimeoutMs,
      allowPrivateNetwork: allowPrivateNetworkFromEnv(),
    });
  } catch (error) {
    if (error instanceof CrawlRefusedError || error instanceof FetchFailedError) throw unreadable(error.message);
    throw error;
  }
  if (!result.pages.length) {
    const start = keyOf(websiteUrl);
    const why = result.skipped.find((s) => keyOf(s.url) === start)?.reason;
    throw unreadable(why ?? 'no readable pages were found on it');
  }
  return result.pages.map(({ url, title, text }) => ({ url, title, text }));
}
