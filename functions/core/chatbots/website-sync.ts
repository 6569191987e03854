import type {
  CrawlStatusResponse,
  ListCrawledPagesResponse,
  SyncFrequency,
  SyncHistoryEntry,
  SyncSettingsResponse,
} from '../../contracts/chatbot.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { nextSyncAt, setSyncSchedule } from '../crawl/engine/sync-schedule.js';
import { db } from '../data/db.js';
import { toChatbotFields } from './chatbot-record.js';
import { crawlStatusOf } from './crawl-status.js';
import { requestReading } from './request-reading.js';

export const SYNC_RUNNING_MESSAGE = 'Your website is already being read. Please wait until this reading ends.';

/** POST /chatbots/{id}/sync ('Sync now'): reads the website again, keeping what did not change. */
export async function syncNow(caller: Caller, chatbotId: string): Promise<CrawlStatusResponse> {
  const { chatbot: bot } = await chatbotFor(caller, chatbotId);
  await requestReading(bot, { kind: 'sync', trigger: 'manual' }, SYNC_RUNNING_MESSAGE);
  const { data: queued } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  return crawlStatusOf(toChatbotFields(queued ?? bot));
}

/** The readings of the assistant's website, newest first (the sync history). */
async function syncHistory(chatbotId: string): Promise<SyncHistoryEntry[]> {
  const { data: runs } = await db().entities.crawlRun.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' });
  return runs
    .sort((a, b) => b.started_at.localeCompare(a.started_at))
    .map((run) => ({
      id: run.run_id,
      kind: run.kind,
      trigger: run.trigger,
      stage: run.status === 'running' ? 'crawling' : run.status,
      started_at: run.started_at,
      finished_at: run.finished_at ?? null,
      changes: { added: run.added, changed: run.changed, removed: run.removed, unchanged: run.unchanged, failed: run.failed },
      error: run.error ?? null,
    }));
}

/** GET /chatbots/{id}/sync */
export async function syncSettings(caller: Caller, chatbotId: string): Promise<SyncSettingsResponse> {
  const { chatbot: bot } = await chatbotFor(caller, chatbotId);
  const frequency = bot.sync_frequency ?? 'never';
  return { frequency, next_sync_at: nextSyncAt(chatbotId, frequency), history: await syncHistory(chatbotId) };
}

/** PUT /chatbots/{id}/sync: Never / Daily / Weekly. The schedule first: a frequency saved is one that runs. */
export async function setSyncFrequency(caller: Caller, chatbotId: string, frequency: SyncFrequency): Promise<SyncSettingsResponse> {
  await chatbotFor(caller, chatbotId);
  await setSyncSchedule(chatbotId, frequency);
  await db().entities.chatbot.patch({ chatbot_id: chatbotId }).set({ sync_frequency: frequency, updated_at: new Date().toISOString() }).go({ response: 'none' });
  return { frequency, next_sync_at: nextSyncAt(chatbotId, frequency), history: await syncHistory(chatbotId) };
}

/** GET /chatbots/{id}/pages: the pages the assistant learned, in the order they were read, filtered by title or address. */
export async function listLearnedPages(caller: Caller, chatbotId: string, { search, limit }: { search: string; limit: number }): Promise<ListCrawledPagesResponse> {
  await chatbotFor(caller, chatbotId);
  const { data: pages } = await db()
    .entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId })
    .go({ pages: 'all', attributes: ['title', 'url', 'position', 'fetched_at'] });
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = pages
    .filter((page) => words.every((word) => page.title.toLowerCase().includes(word) || page.url.toLowerCase().includes(word)))
    .sort((a, b) => a.position - b.position);
  return {
    pages: matching.slice(0, limit).map(({ title, url, fetched_at }) => ({ title, url, fetched_at })),
    matching: matching.length,
    total: pages.length,
  };
}
