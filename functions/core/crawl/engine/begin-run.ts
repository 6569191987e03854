import { crawlProgressSchema, type CrawlProgress } from '../../../contracts/chatbot.js';
import { newCrawlProgress } from '../../chatbots/chatbot-record.js';
import { isConditionalFailure } from '../../data/conditional-failure.js';
import { db } from '../../data/db.js';
import { normaliseUrl, pageKey, siteOf } from '../crawl-url.js';
import { defaultUserAgent } from '../crawl-site.js';
import { allowPrivateNetworkFromEnv } from '../network-policy.js';
import { safeFetch } from '../safe-fetch.js';
import { collectSitemapPages } from '../sitemap.js';
import { frontierCapacity, MAX_CRAWL_DELAY_MS, pageTimeoutMs, WORKER_BUDGET_MS } from './engine-settings.js';
import { offerAddresses } from './frontier.js';
import { pageLimitOf } from './page-limits.js';
import { readContextOf } from './run-context.js';
import { countTasks, runningProgress, saveProgress } from './run-progress.js';
import { getRun, runTasks, tasksByKey, type CrawlRun } from './run-store.js';
import { readTasks } from './read-tasks.js';
import { readingUnderWay } from './stale-reading.js';

export interface RunRef {
  chatbot_id: string;
  run_id: string;
}

export interface BeginInput extends RunRef {
  kind: CrawlRun['kind'];
  trigger: CrawlRun['trigger'];
}

const ROBOTS_MAX_BYTES = 512 * 1024;
/** Kept with the run (a DynamoDB item holds 400 KB); rules past this are rare and not read. */
const ROBOTS_KEPT_CHARS = 100_000;
const SITEMAP_MAX_FILES = 20;
/** A sitemap entry takes about this many bytes: a file is read only as far as the URLs the frontier can hold. */
const SITEMAP_BYTES_PER_URL = 200;

/** Another reading of this assistant is under way, so this one (a scheduled re-sync) is not needed. */
function anotherRunning(progress: CrawlProgress | undefined, runId: string): boolean {
  return progress?.run_id !== runId && readingUnderWay(progress);
}

async function fetchRobots(origin: string): Promise<{ url: string; text: string }> {
  const url = new URL('/robots.txt', origin).href;
  try {
    const response = await safeFetch(url, { allowPrivateNetwork: allowPrivateNetworkFromEnv(), timeoutMs: pageTimeoutMs(), maxBytes: ROBOTS_MAX_BYTES, userAgent: defaultUserAgent });
    // Missing, unreachable or erring: everything is allowed (the owner asked for this reading).
    return { url, text: response.status >= 200 && response.status < 300 ? response.body.toString('utf8').slice(0, ROBOTS_KEPT_CHARS) : '' };
  } catch {
    return { url, text: '' };
  }
}

async function markDiscovered({ chatbot_id, run_id }: RunRef): Promise<void> {
  await db().entities.crawlRun.patch({ chatbot_id, run_id }).set({ discovered: true }).go({ response: 'none' });
}

/**
 * The first step of a reading: the run, its robots.txt and the site's hosts (where the home page
 * lands), then the frontier: for a re-sync the pages the assistant knows first, then the home page
 * (read here), the sitemaps' pages and the home page's links. Run again for the same run (the local
 * runtime restarted it), it finds the run and does nothing twice. `skip`: the assistant is gone, or
 * another reading of it is under way.
 */
export async function beginRun(input: BeginInput): Promise<RunRef & { skip: boolean }> {
  const { chatbot_id: chatbotId, run_id: runId } = input;
  const ref = { chatbot_id: chatbotId, run_id: runId };
  const { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  if (!bot) return { ...ref, skip: true };
  const current = crawlProgressSchema.safeParse(bot.crawl);
  if (anotherRunning(current.success ? current.data : undefined, runId)) return { ...ref, skip: true };
  const existing = await getRun(chatbotId, runId);
  if (existing?.discovered) return { ...ref, skip: false };

  const start = normaliseUrl(/^[a-z][a-z0-9+.-]*:/i.test(bot.website_url.trim()) ? bot.website_url.trim() : `https://${bot.website_url.trim()}`);
  const maxPages = await pageLimitOf(bot.user_id);
  const previous = current.success ? current.data : undefined;
  const retryUrls = input.kind === 'retry' ? (previous?.failures ?? []).map((failure) => failure.url) : [];
  const startedAt = new Date().toISOString();
  let robots = start ? await fetchRobots(start.origin) : { url: '', text: '' };
  let run: CrawlRun = {
    chatbot_id: chatbotId,
    run_id: runId,
    kind: input.kind,
    trigger: input.trigger,
    status: 'running',
    max_pages: maxPages,
    sites: start ? [siteOf(start)] : [],
    ...(start ? { home_url: start.href } : {}),
    robots_url: robots.url,
    robots_txt: robots.text,
    crawl_delay_ms: 0,
    follow_links: input.kind !== 'retry',
    discovered: false,
    added: 0,
    changed: 0,
    removed: 0,
    unchanged: 0,
    failed: 0,
    started_at: startedAt,
  };
  if (existing) run = { ...existing, robots_url: robots.url, robots_txt: robots.text };
  else {
    try {
      await db().entities.crawlRun.create(run).go({ response: 'none' });
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }
  const progress = { ...newCrawlProgress(new Date(startedAt), input.kind, runId), stage: 'crawling' as const, pages_limit: maxPages };
  if (!(await saveProgress(chatbotId, progress))) return { ...ref, skip: true };
  if (!start) return { ...ref, skip: false };

  const capacity = frontierCapacity(maxPages);
  let context = readContextOf(run, 1);
  try {
    if (input.kind === 'retry') {
      await offerAddresses(retryUrls, { chatbotId, runId, sites: context.sites, robots: context.robots, firstSeq: 0, room: capacity, linked: true, alone: true });
      await markDiscovered(ref);
      return { ...ref, skip: false };
    }
    let seq = 0;
    if (input.kind === 'sync') {
      const { data: pages } = await db().entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['url', 'position'] });
      pages.sort((a, b) => a.position - b.position);
      // Known pages first, each by its stored address: a re-sync checks every one of them before new ones.
      await offerAddresses(
        pages.map((page) => page.url),
        { chatbotId, runId, sites: context.sites, robots: context.robots, firstSeq: seq, room: pages.length, linked: false, known: true, alone: true },
      );
      seq += pages.length;
    }
    // The home page, read here: where it lands (http to https, apex to www) is the site.
    await offerAddresses([start.href], { chatbotId, runId, sites: context.sites, robots: context.robots, firstSeq: seq++, room: 1, linked: true });
    const [home] = (await tasksByKey(chatbotId, runId, [pageKey(start)])).filter((task) => task.state === 'queued');
    let links: string[] = [];
    let homeUrl = start;
    if (home) {
      await db().entities.crawlTask.patch({ chatbot_id: chatbotId, run_id: runId, key: home.key }).set({ state: 'claimed', attempts: 1 }).go({ response: 'none' });
      const outcome = await readTasks([{ ...home, state: 'claimed', attempts: 1 }], context, { concurrency: 1, delayMs: 0, deadline: Date.now() + WORKER_BUDGET_MS, isStart: true });
      links = outcome.links;
      if (outcome.startFinalUrl) homeUrl = new URL(outcome.startFinalUrl);
    }
    if (homeUrl.origin !== start.origin) robots = await fetchRobots(homeUrl.origin);
    context.close();
    run = { ...run, sites: [...new Set([...(run.sites ?? []), siteOf(homeUrl)])], home_url: homeUrl.href, robots_url: robots.url, robots_txt: robots.text };
    context = readContextOf(run, 1);
    const crawlDelay = context.robots.crawlDelaySeconds ? Math.min(MAX_CRAWL_DELAY_MS, context.robots.crawlDelaySeconds * 1000) : 0;
    await db()
      .entities.crawlRun.patch({ chatbot_id: chatbotId, run_id: runId })
      .set({ sites: run.sites!, home_url: homeUrl.href, robots_url: robots.url, robots_txt: robots.text, crawl_delay_ms: crawlDelay })
      .go({ response: 'none' });

    const sitemapUrls = context.robots.sitemaps.length ? context.robots.sitemaps : [new URL('/sitemap.xml', homeUrl).href];
    const maxBytes = Math.min(10 * 1024 * 1024, capacity * SITEMAP_BYTES_PER_URL + 64 * 1024);
    const sitemapPages = await collectSitemapPages(
      sitemapUrls,
      (url) => safeFetch(url, { allowPrivateNetwork: context.allowPrivateNetwork, timeoutMs: context.pageTimeoutMs, maxBytes, userAgent: defaultUserAgent, agents: context.agents }),
      { maxFiles: SITEMAP_MAX_FILES, maxUrls: capacity, maxBytes },
    );
    const found = await runTasks(chatbotId, runId, ['key']);
    await offerAddresses([...sitemapPages, ...links], {
      chatbotId,
      runId,
      sites: context.sites,
      robots: context.robots,
      firstSeq: seq,
      room: capacity - found.length,
      linked: true,
      alone: true,
    });
    await markDiscovered(ref);
    const tasks = await runTasks(chatbotId, runId, ['state', 'reason', 'url']);
    await saveProgress(chatbotId, runningProgress(run, countTasks(tasks)));
    return { ...ref, skip: false };
  } finally {
    context.close();
  }
}
