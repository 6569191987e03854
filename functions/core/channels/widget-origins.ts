import type { SeenOrigin } from '../../contracts/deployment.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { log } from '../runtime/log.js';

/** A page that keeps loading the widget is written down at most once in this time. */
const RECORD_EVERY_MS = 60_000;
/** An origin not seen for this long leaves the list. */
const FORGET_AFTER_S = 30 * 24 * 3600;
/** The Deployment Center lists this many, most recent first. */
const LISTED = 10;

/**
 * Notes that the widget of `chatbotId` ran on a page of `origin` (the Origin its profile was fetched
 * from). One conditional write, skipped while the last one is fresh; a failure only loses the note.
 */
export async function recordWidgetOrigin(chatbotId: string, origin: string, now = new Date()): Promise<void> {
  const fresh = new Date(now.getTime() - RECORD_EVERY_MS).toISOString();
  try {
    await db()
      .entities.widgetOrigin.update({ chatbot_id: chatbotId, origin: origin.slice(0, 300) })
      .set({ last_seen_at: now.toISOString(), ttl: Math.floor(now.getTime() / 1000) + FORGET_AFTER_S })
      .where((attr, op) => `${op.notExists(attr.last_seen_at)} OR ${op.lt(attr.last_seen_at, fresh)}`)
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionalFailure(error)) return;
    log.warn('Could not record where the widget runs', { chatbotId, error });
  }
}

/** Where the widget has run lately, most recent first. */
export async function seenOrigins(chatbotId: string, now = new Date()): Promise<SeenOrigin[]> {
  const { data } = await db().entities.widgetOrigin.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' });
  const nowS = now.getTime() / 1000;
  return data
    .filter((item) => item.ttl > nowS)
    .sort((a, b) => b.last_seen_at.localeCompare(a.last_seen_at))
    .slice(0, LISTED)
    .map(({ origin, last_seen_at }) => ({ origin, last_seen_at }));
}
