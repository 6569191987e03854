import { createHash } from 'node:crypto';
import type { CrawlProgress } from '../../contracts/chatbot.js';
import { crawlSite, type CrawledPage } from '../crawl/crawl-site.js';
import { allowPrivateNetworkFromEnv } from '../crawl/network-policy.js';
import { db } from '../data/db.js';
import { deleteAllIndexes } from '../knowledge/index-store.js';
import { rebuildChatbotIndex } from '../knowledge/rebuild-index.js';
import { log } from '../runtime/log.js';
import { loadProviderKeys } from '../runtime/provider-keys.js';
import type { StoredChatbot } from './chatbot-record.js';

/** DynamoDB items stop at 400 KB; a page's readable text beyond this adds little to answers. */
const MAX_PAGE_TEXT_CHARS = 100_000;

const DEFAULT_MAX_PAGES = 50;

function crawlMaxPages(): number {
  const configured = Number(process.env.CRAWL_MAX_PAGES);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_MAX_PAGES;
}

class ChatbotGone extends Error {}

/** Writes progress only while the assistant exists (it may be deleted mid-crawl). */
async function saveProgress(chatbotId: string, crawl: CrawlProgress, extra: Partial<StoredChatbot> = {}) {
  try {
    await db()
      .entities.chatbot.patch({ chatbot_id: chatbotId })
      .set({ crawl, ...extra, updated_at: new Date().toISOString() })
      .go();
  } catch (error) {
    if (/conditional/i.test(String((error as Error).message))) throw new ChatbotGone();
    throw error;
  }
}

function pageRecord(chatbotId: string, page: CrawledPage, position: number, fetchedAt: string) {
  return {
    chatbot_id: chatbotId,
    url: page.url,
    title: page.title || page.url,
    text: page.text.slice(0, MAX_PAGE_TEXT_CHARS),
    headings: page.headings.slice(0, 100),
    description: page.description,
    content_hash: page.contentHash || createHash('sha256').update(page.text).digest('hex'),
    position,
    fetched_at: fetchedAt,
  };
}

/**
 * The asynchronous half of assistant creation: crawl the site, keep its pages, build and publish the
 * knowledge index, and compute training quality, recording real progress for the creator throughout.
 */
export async function learnWebsite(chatbotId: string): Promise<void> {
  await loadProviderKeys();
  const { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  if (!bot) return;
  const started = new Date().toISOString();
  let progress: CrawlProgress = {
    stage: 'crawling',
    pages_found: 0,
    pages_fetched: 0,
    pages_indexed: 0,
    pages_failed: 0,
    error: null,
    started_at: started,
    finished_at: null,
  };
  try {
    await saveProgress(chatbotId, progress);
    let position = 0;
    const pageWrites: Promise<unknown>[] = [];
    const result = await crawlSite(bot.website_url, {
      maxPages: crawlMaxPages(),
      allowPrivateNetwork: allowPrivateNetworkFromEnv(),
      onProgress: (p) => {
        progress = { ...progress, pages_found: p.pages_found, pages_fetched: p.pages_fetched, pages_failed: p.pages_failed };
        pageWrites.push(saveProgress(chatbotId, progress).catch(() => undefined));
      },
      // Pages are stored as they arrive, so the creator can show real titles during the crawl.
      onPage: (page) => {
        pageWrites.push(db().entities.crawledPage.put(pageRecord(chatbotId, page, position++, new Date().toISOString())).go());
      },
    });
    await Promise.all(pageWrites);
    progress = {
      ...progress,
      stage: 'indexing',
      pages_found: result.progress.pages_found,
      pages_fetched: result.progress.pages_fetched,
      pages_failed: result.progress.pages_failed,
    };
    await saveProgress(chatbotId, progress);

    // Pages and the owner's knowledge entries together, published atomically; quality follows.
    const rebuilt = await rebuildChatbotIndex(chatbotId);
    if ('skipped' in rebuilt && rebuilt.skipped === 'gone') throw new ChatbotGone();
    progress = {
      ...progress,
      stage: 'done',
      pages_indexed: result.pages.length,
      error: result.pages.length ? null : 'No readable pages were found on this website.',
      finished_at: new Date().toISOString(),
    };
    await saveProgress(chatbotId, progress);
  } catch (error) {
    if (error instanceof ChatbotGone) {
      // Deleted while learning: remove what this run wrote after the deletion.
      const { data: pages } = await db().entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' });
      if (pages.length) await db().entities.crawledPage.delete(pages.map((p) => ({ chatbot_id: chatbotId, url: p.url }))).go();
      await deleteAllIndexes(chatbotId);
      return;
    }
    log.error('Learning the website failed', { chatbotId, error });
    const message = error instanceof Error ? error.message : 'Reading the website failed';
    await saveProgress(chatbotId, { ...progress, stage: 'failed', error: message, finished_at: new Date().toISOString() }).catch(
      () => undefined,
    );
  }
}
