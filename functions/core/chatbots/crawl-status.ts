import type { ChatbotFields, CrawlStatusResponse } from '../../contracts/chatbot.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { countTasks, runningProgress } from '../crawl/engine/run-progress.js';
import { getRun, runTasks } from '../crawl/engine/run-store.js';
import { db } from '../data/db.js';
import { toChatbotFields } from './chatbot-record.js';

/** Spec 000 section 9: the creator previews at most 6 pages, then '+N more pages'. */
export const PREVIEW_PAGES = 6;

/** What the creator polls while the assistant learns: real progress and the first pages read. */
export async function crawlStatus(caller: Caller, chatbotId: string): Promise<CrawlStatusResponse> {
  return crawlStatusOf(toChatbotFields((await chatbotFor(caller, chatbotId)).chatbot));
}

/**
 * While a reading runs, its counts come from its frontier (exact whichever worker read what, and live:
 * each page is recorded as soon as it is read); the first crawl's preview shows the pages read so far.
 */
async function liveStatus(bot: ChatbotFields): Promise<Pick<CrawlStatusResponse, 'progress' | 'pages' | 'total_pages'> | undefined> {
  const runId = bot.crawl.run_id;
  if (!runId || bot.crawl.stage !== 'crawling') return undefined;
  const [run, tasks] = await Promise.all([getRun(bot.id, runId), runTasks(bot.id, runId, ['state', 'reason', 'url', 'title', 'final_url', 'seq'])]);
  if (!run || run.status !== 'running') return undefined;
  const counts = countTasks(tasks);
  const read = tasks.filter((task) => task.state === 'read').sort((a, b) => a.seq - b.seq);
  return {
    progress: runningProgress(run, counts),
    pages: read.slice(0, PREVIEW_PAGES).map((task) => ({ title: task.title || (task.final_url ?? task.url), url: task.final_url ?? task.url })),
    total_pages: counts.kept,
  };
}

/** The status of an assistant the caller was already authorized for. */
export async function crawlStatusOf(bot: ChatbotFields): Promise<CrawlStatusResponse> {
  const chatbotId = bot.id;
  const [live, { data: pages }] = await Promise.all([
    liveStatus(bot),
    db().entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['title', 'url', 'position'] }),
  ]);
  const firstRead = [...pages].sort((a, b) => a.position - b.position).slice(0, PREVIEW_PAGES);
  const learning = live && bot.crawl.kind === 'crawl' && !pages.length;
  return {
    progress: live?.progress ?? bot.crawl,
    training_quality: bot.training_quality,
    training_status: bot.training_status,
    pages: learning ? live.pages : firstRead.map(({ title, url }) => ({ title, url })),
    total_pages: learning ? live.total_pages : pages.length,
  };
}
