import { isConditionalFailure } from '../../data/conditional-failure.js';
import { db } from '../../data/db.js';
import { isSameSite, nonPageExtension, normaliseUrl, pageKey } from '../crawl-url.js';
import type { RobotsRules } from '../robots-rules.js';
import { TASK_TTL_SECONDS } from './engine-settings.js';
import { forEachLimited, tasksByKey, type CrawlTask } from './run-store.js';
import { trapReason, urlPattern } from './url-traps.js';

export const ROBOTS_REASON = 'disallowed by robots.txt';

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
