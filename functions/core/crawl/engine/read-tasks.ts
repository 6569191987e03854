import { setTimeout as sleep } from 'node:timers/promises';
import { isConditionalFailure } from '../../data/conditional-failure.js';
import { db } from '../../data/db.js';
import { log } from '../../runtime/log.js';
import { SITE_DOWN_AFTER } from './engine-settings.js';
import { readPage, type KnownPage, type PageReading, type ReadContext } from './read-page.js';
import { forEachLimited, type CrawlTask } from './run-store.js';

/** Unchanged pages recorded in one transaction (DynamoDB takes up to 100 writes in one). */
const UNCHANGED_TOGETHER = 25;

export interface ReadOptions {
  /** Requests in flight at once (1 with a Crawl-delay). */
  concurrency: number;
  /** robots.txt Crawl-delay: the pause between two requests. */
  delayMs: number;
  /** Epoch ms after which no new page is started (the rest is left queued for the next batch). */
  deadline: number;
  /** The home page: its redirects define the site. */
  isStart?: boolean;
}

export interface ReadOutcome {
  /** Links of the pages read, to offer to the frontier. */
  links: string[];
  /** Set when SITE_DOWN_AFTER fetches in a row failed at the network or with server errors: why. */
  siteDown?: string;
  /** The final address of the start page (where the home page landed). */
  startFinalUrl?: string;
}

/** The known pages of these tasks, by task key: their validators, text hash and links. */
async function knownPages(tasks: readonly CrawlTask[]): Promise<Map<string, KnownPage>> {
  const known = tasks.filter((task) => task.known && task.page_url);
  const pages = new Map<string, KnownPage>();
  for (let i = 0; i < known.length; i += 100) {
    const slice = known.slice(i, i + 100);
    const { data } = await db()
      .entities.crawledPage.get(slice.map((task) => ({ chatbot_id: task.chatbot_id, url: task.page_url! })))
      .go({ attributes: ['url', 'etag', 'last_modified', 'content_hash', 'links'] });
    const byUrl = new Map(data.map((page) => [page.url, page]));
    for (const task of slice) {
      const page = byUrl.get(task.page_url!);
      if (page) pages.set(task.key, page);
    }
  }
  return pages;
}

function taskUpdate(reading: PageReading): Partial<CrawlTask> {
  switch (reading.state) {
    case 'read':
      return {
        state: 'read',
        final_url: reading.finalUrl,
        ...reading.page,
        links: reading.links,
        ...(reading.etag ? { etag: reading.etag } : {}),
        ...(reading.lastModified ? { last_modified: reading.lastModified } : {}),
      };
    case 'unchanged':
      return {
        state: 'unchanged',
        final_url: reading.finalUrl,
        links: reading.links,
        ...(reading.etag ? { etag: reading.etag } : {}),
        ...(reading.lastModified ? { last_modified: reading.lastModified } : {}),
      };
    case 'dropped':
    case 'gone':
      return { state: reading.state, reason: reading.reason, ...(reading.finalUrl ? { final_url: reading.finalUrl } : {}) };
    case 'failed':
      return { state: 'failed', reason: reading.reason };
  }
}

/**
 * Records a task's outcome, only while a batch holds it (a second worker on the same batch records
 * nothing twice). False when the batch no longer holds it: another worker took it, or the run was
 * removed (its assistant deleted).
 */
async function record(task: CrawlTask, update: Partial<CrawlTask>): Promise<boolean> {
  try {
    await db()
      .entities.crawlTask.patch({ chatbot_id: task.chatbot_id, run_id: task.run_id, key: task.key })
      .set(update)
      .where((attr, op) => op.eq(attr.state, 'claimed'))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    return false;
  }
}

/**
 * Records unchanged pages (most of a re-sync) in one transaction of the same conditional writes. When
 * one of them is no longer held by this batch, each is recorded alone, as `record` does. False when the
 * batch lost a page.
 */
async function recordTogether(group: readonly (readonly [CrawlTask, Partial<CrawlTask>])[]): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write(({ crawlTask }) =>
      group.map(([task, update]) =>
        crawlTask
          .patch({ chatbot_id: task.chatbot_id, run_id: task.run_id, key: task.key })
          .set(update)
          .where((attr, op) => op.eq(attr.state, 'claimed'))
          .commit(),
      ),
    )
    .go();
  if (!canceled) return true;
  let held = true;
  for (const [task, update] of group) if (!(await record(task, update))) held = false;
  return held;
}

/**
 * Reads the claimed tasks of one batch, politely (a few requests at a time, the Crawl-delay between
 * them), and records each outcome on its task as soon as it is known, so a worker that dies loses
 * only the page in its hands; unchanged pages (one conditional request each) are recorded
 * UNCHANGED_TOGETHER at a time, so a worker dying loses at most those, read again by a later batch. Stops early when the site is down (several failures in a row) or the
 * worker's time is up; what it did not start goes back to the queue.
 */
export async function readTasks(tasks: readonly CrawlTask[], context: ReadContext, options: ReadOptions): Promise<ReadOutcome> {
  const known = await knownPages(tasks);
  const outcome: ReadOutcome = { links: [] };
  let failuresInRow = 0;
  // With a Crawl-delay the batch waits it before its first request too: the previous batch may have just asked.
  let lastStart = options.delayMs ? Date.now() : 0;
  const unstarted: CrawlTask[] = [];
  let lost = false;
  const unchanged: (readonly [CrawlTask, Partial<CrawlTask>])[] = [];
  const recordUnchanged = async () => {
    const group = unchanged.splice(0);
    if (group.length && !(await recordTogether(group))) lost = true;
  };
  await forEachLimited(tasks, options.concurrency, async (task) => {
    if (lost) return;
    if (outcome.siteDown || Date.now() > options.deadline) {
      unstarted.push(task);
      return;
    }
    if (options.delayMs) {
      const wait = lastStart + options.delayMs - Date.now();
      if (wait > 0) await sleep(wait);
      lastStart = Date.now();
    }
    const reading = await readPage(new URL(task.url), context, known.get(task.key), { isStart: options.isStart ?? false });
    if (reading.state === 'failed' && reading.siteTrouble) {
      failuresInRow += 1;
      if (failuresInRow >= SITE_DOWN_AFTER && !outcome.siteDown) {
        outcome.siteDown = `the website stopped answering (${reading.reason})`;
        log.info('Crawl worker found the site down', { chatbotId: task.chatbot_id, runId: task.run_id, reason: reading.reason });
      }
    } else {
      failuresInRow = 0;
    }
    if (options.isStart && 'finalUrl' in reading && reading.finalUrl) outcome.startFinalUrl = reading.finalUrl;
    if (reading.state !== 'failed' && reading.links?.length) outcome.links.push(...reading.links);
    if (reading.state === 'unchanged') {
      unchanged.push([task, taskUpdate(reading)]);
      if (unchanged.length >= UNCHANGED_TOGETHER) await recordUnchanged();
      return;
    }
    // The batch lost its pages (the assistant was deleted and its run removed): nothing more to read.
    if (!(await record(task, taskUpdate(reading)))) lost = true;
  });
  await recordUnchanged();
  // Not started: back to the queue, without counting the attempt against them.
  await forEachLimited(unstarted, 8, async (task) => {
    await record(task, { state: 'queued', attempts: Math.max(0, task.attempts - 1) });
  });
  return outcome;
}
