import { isConditionalFailure } from '../../data/conditional-failure.js';
import { db } from '../../data/db.js';
import { putTogether, type ItemPut } from '../../data/put-together.js';
import { isSameSite, nonPageExtension, normaliseUrl, pageKey } from '../crawl-url.js';
import type { RobotsRules } from '../robots-rules.js';
import { TASK_TTL_SECONDS } from './engine-settings.js';
import { forEachLimited, tasksByKey, type CrawlTask } from './run-store.js';
import { trapReason, urlPattern } from './url-traps.js';

export const ROBOTS_REASON = 'disallowed by robots.txt';
/** Items of one BatchWriteItem. */
const BATCH_WRITE = 25;

export interface Offer {
  chatbotId: string;
  runId: string;
  sites: ReadonlySet<string>;
  robots: RobotsRules;
  /** Discovery order of the first new address (the rest follow). */
  firstSeq: number;
  /** New addresses this offer may add at most (the frontier's room). */
  room: number;
  /** Found by a link or a sitemap (true), or a page the assistant knows, queued to check (false). */
  linked: boolean;
  /** Known pages: queued with `known` (a re-sync reads them conditionally). */
  known?: boolean;
  /**
   * No worker reads meanwhile (Begin, before the first round): the tasks are written 25 at a time by
   * batch writes instead of one conditional write each. A re-sync's Begin queues every known page and
   * marks most of them linked (the sitemap, the home page's links): 2,000 writes for 1,000 pages.
   */
  alone?: boolean;
}

export const taskTtl = () => Math.floor(Date.now() / 1000) + TASK_TTL_SECONDS;

/** The task an address becomes, or undefined when it is not a same-site page at all. */
export function newTask(raw: string, offer: Offer, seq: number): CrawlTask | undefined {
  const url = normaliseUrl(raw);
  if (!url || !isSameSite(url, offer.sites) || nonPageExtension(url)) return undefined;
  const trap = trapReason(url);
  const disallowed = !trap && !offer.robots.allows(url);
  return {
    chatbot_id: offer.chatbotId,
    run_id: offer.runId,
    key: pageKey(url),
    url: url.href,
    state: trap || disallowed ? 'excluded' : 'queued',
    ...(trap ? { reason: trap } : disallowed ? { reason: ROBOTS_REASON } : {}),
    seq,
    attempts: 0,
    linked: offer.linked,
    known: offer.known ?? false,
    ...(offer.known ? { page_url: raw } : {}),
    pattern: urlPattern(url),
    ttl: taskTtl(),
  };
}

/**
 * Adds addresses to a run's frontier: each page once (by its page key, whatever worker offers it
 * first: the create is conditional), within the frontier's room. An address already there that is now
 * found linked is marked so (a known page still linked is not removed by the re-sync). Returns how
 * many were added.
 */
export async function offerAddresses(raws: readonly string[], offer: Offer): Promise<number> {
  const candidates = new Map<string, CrawlTask>();
  for (const raw of raws) {
    const task = newTask(raw, offer, offer.firstSeq + candidates.size);
    if (task && !candidates.has(task.key)) candidates.set(task.key, task);
  }
  if (!candidates.size) return 0;
  const existing = new Map((await tasksByKey(offer.chatbotId, offer.runId, [...candidates.keys()])).map((task) => [task.key, task]));
  const fresh = [...candidates.values()].filter((task) => !existing.has(task.key)).slice(0, Math.max(0, offer.room));
  const nowLinked = offer.linked ? [...existing.values()].filter((task) => !task.linked) : [];
  if (offer.alone) {
    const puts = [...fresh, ...nowLinked.map((task) => ({ ...task, linked: true }))].map((task) => db().entities.crawlTask.put(task).params<ItemPut>());
    const batches = Array.from({ length: Math.ceil(puts.length / BATCH_WRITE) }, (_, i) => puts.slice(i * BATCH_WRITE, (i + 1) * BATCH_WRITE));
    await forEachLimited(batches, 8, (batch) => putTogether(batch));
    return fresh.length;
  }
  let added = 0;
  await forEachLimited([...fresh.map((task) => ({ task, create: true })), ...nowLinked.map((task) => ({ task, create: false }))], 8, async ({ task, create }) => {
    if (create) {
      try {
        await db().entities.crawlTask.create(task).go({ response: 'none' });
        added += 1;
        return;
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
        if (!offer.linked) return;
      }
    }
    await markLinked(task);
  });
  return added;
}

async function markLinked(task: Pick<CrawlTask, 'chatbot_id' | 'run_id' | 'key'>): Promise<void> {
  try {
    await db().entities.crawlTask.patch({ chatbot_id: task.chatbot_id, run_id: task.run_id, key: task.key }).set({ linked: true }).go({ response: 'none' });
  } catch (error) {
    // The run was cleaned up meanwhile (the assistant was deleted): nothing to mark.
    if (!isConditionalFailure(error)) throw error;
  }
}
