import { createHash } from 'node:crypto';
import {
  crawlProblemSummary,
  crawlProgressSchema,
  MAX_LISTED_CRAWL_FAILURES,
  type CrawlProgress,
} from '../../contracts/chatbot.js';
import { crawlSite, type CrawledPage } from '../crawl/crawl-site.js';
import { allowPrivateNetworkFromEnv } from '../crawl/network-policy.js';
import { db } from '../data/db.js';
import { deleteAllIndexes } from '../knowledge/index-store.js';
import { rebuildChatbotIndex } from '../knowledge/rebuild-index.js';
import { PUBLISH_RESERVE_MS } from '../knowledge/reindex-deadline.js';
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
    ...(page.siteText ? { site_text: page.siteText.slice(0, MAX_PAGE_TEXT_CHARS) } : {}),
    headings: page.headings.slice(0, 100),
    description: page.description,
    content_hash: page.contentHash || createHash('sha256').update(page.text).digest('hex'),
    position,
    fetched_at: fetchedAt,
  };
}

export interface LearnOptions {
  /** Epoch ms by which the function must be done (its time limit, less a reserve to record the outcome). */
  deadline?: number;
  /** Read again only the pages the last crawl could not read, adding those it now can. */
  retryFailed?: boolean;
}

/** The crawl's own time limit; the function's limit (deadline) may cut it shorter. */
const CRAWL_TIME_MS = 120_000;
/** Time kept after the crawl for storing pages, building and publishing the index. */
const INDEX_RESERVE_MS = 60_000;
/** Never give the crawl less than this, whatever the deadline says. */
const MIN_CRAWL_MS = 5_000;

/**
 * The asynchronous half of assistant creation: crawl the site, keep its pages, build and publish the
 * knowledge index, and compute training quality, recording real progress for the creator throughout.
 * The outcome is told as it is: 'done' when every page found was read, 'done_with_problems' with the
 * count and reason of each unreadable page (and where it stopped, when time ran out), 'failed' when
 * nothing could be read. Within `deadline`, so it records its outcome before the function's limit.
 */
export async function learnWebsite(chatbotId: string, { deadline, retryFailed = false }: LearnOptions = {}): Promise<void> {
  await loadProviderKeys();
  const { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  if (!bot) return;
  const before = crawlProgressSchema.safeParse(bot.crawl);
  const previous = before.success ? before.data : undefined;
  const retryUrls = retryFailed ? (previous?.failures ?? []).map((f) => f.url) : undefined;
  if (retryFailed && !retryUrls?.length) return;
  const started = new Date().toISOString();
  let progress: CrawlProgress = {
    stage: 'crawling',
    pages_found: retryFailed ? (previous?.pages_found ?? 0) : 0,
    pages_fetched: retryFailed ? (previous?.pages_fetched ?? 0) : 0,
    pages_indexed: retryFailed ? (previous?.pages_indexed ?? 0) : 0,
    pages_failed: retryFailed ? (previous?.pages_failed ?? 0) : 0,
    error: null,
    failures: retryFailed ? (previous?.failures ?? []) : [],
    stopped: null,
    started_at: started,
    finished_at: null,
  };
  const base = { fetched: progress.pages_fetched, failed: progress.pages_failed - (retryUrls?.length ?? 0) };
  try {
    await saveProgress(chatbotId, progress);
    const { data: stored } = retryFailed
      ? await db()
          .entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId })
          .go({ pages: 'all', attributes: ['position', 'url', 'content_hash'] })
      : { data: [] };
    let position = stored.reduce((max, page) => Math.max(max, page.position + 1), 0);
    const pageWrites: Promise<unknown>[] = [];
    const crawlMs = deadline === undefined ? CRAWL_TIME_MS : Math.max(MIN_CRAWL_MS, Math.min(CRAWL_TIME_MS, deadline - Date.now() - INDEX_RESERVE_MS));
    const result = await crawlSite(bot.website_url, {
      maxPages: crawlMaxPages(),
      totalTimeoutMs: crawlMs,
      allowPrivateNetwork: allowPrivateNetworkFromEnv(),
      ...(retryUrls ? { onlyUrls: retryUrls, keptPages: stored.map((page) => ({ url: page.url, contentHash: page.content_hash })) } : {}),
      onProgress: (p) => {
        progress = {
          ...progress,
          ...(retryFailed ? {} : { pages_found: p.pages_found }),
          pages_fetched: base.fetched + p.pages_fetched,
          pages_failed: Math.max(0, base.failed) + p.pages_failed,
        };
        pageWrites.push(saveProgress(chatbotId, progress).catch(() => undefined));
      },
      // Pages are stored as they arrive, so the creator can show real titles during the crawl.
      onPage: (page) => {
        const write = db().entities.crawledPage.put(pageRecord(chatbotId, page, position++, new Date().toISOString())).go();
        // Its failure is reported by the Promise.all below; until the crawl gets there it must not be an unhandled rejection.
        write.catch(() => undefined);
        pageWrites.push(write);
      },
    });
    await Promise.all(pageWrites);
    const pagesKept = stored.length + result.pages.length;
    progress = {
      ...progress,
      stage: 'indexing',
      ...(retryFailed ? {} : { pages_found: result.progress.pages_found }),
      pages_fetched: base.fetched + result.progress.pages_fetched,
      pages_failed: Math.max(0, base.failed) + result.progress.pages_failed,
      failures: result.failed.slice(0, MAX_LISTED_CRAWL_FAILURES),
      stopped: result.stoppedBy ?? null,
    };
    await saveProgress(chatbotId, progress);
    if (!pagesKept) {
      // Nothing readable: no index to build, and the owner is told why.
      const why = crawlProblemSummary(progress);
      await finish(chatbotId, progress, 'failed', `No page of this website could be read${why ? ` (${why})` : ''}.`);
      return;
    }

    // Pages and the owner's knowledge entries together, published atomically; quality follows.
    const rebuilt = await rebuildChatbotIndex(chatbotId, deadline === undefined ? {} : { deadline: deadline - PUBLISH_RESERVE_MS });
    if ('skipped' in rebuilt && rebuilt.skipped === 'gone') throw new ChatbotGone();
    progress = { ...progress, pages_indexed: pagesKept };
    const problems = [crawlProblemSummary(progress), progress.stopped && `stopped: ${progress.stopped}`].filter(Boolean).join('; ');
    await finish(chatbotId, progress, problems ? 'done_with_problems' : 'done', problems || null);
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

async function finish(chatbotId: string, progress: CrawlProgress, stage: CrawlProgress['stage'], error: string | null): Promise<void> {
  await saveProgress(chatbotId, { ...progress, stage, error, finished_at: new Date().toISOString() });
}
