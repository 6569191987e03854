import type { DemoStats, TrackDemoAnalyticsRequest } from '../../contracts/chat.js';
import { addToRollupOrLog } from '../analytics/rollup-writes.js';
import { db } from '../data/db.js';
import { notFound } from '../http/http-error.js';
import { enforceDemoPageLimits } from '../chat/rate-limit.js';

async function requireActiveChatbot(chatbotId: string) {
  const { data } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  if (!data || data.is_active === false) throw notFound("This chatbot is either inactive or doesn't exist.");
}

/** track-demo-analytics: counts a view or an interaction in the visit (session) it belongs to. */
export async function trackDemoEvent(event: TrackDemoAnalyticsRequest, clientAddress: string, now = new Date()): Promise<void> {
  await requireActiveChatbot(event.chatbot_id);
  await enforceDemoPageLimits('demo', event.chatbot_id, clientAddress);
  const at = now.toISOString();
  const view = event.event_type === 'demo_view';
  await Promise.all([
    db()
      .entities.demoSession.update({ chatbot_id: event.chatbot_id, session_id: event.session_id })
      .data((attr, op) => [
        op.set(attr.last_at, at),
        // The first event of a visit starts it; later events only move its end.
        op.ifNotExists(attr.first_at, at),
      ])
      .add(view ? { views: 1 } : { interactions: 1 })
      .go(),
    // The same count by hour for the dashboard's analytics.
    addToRollupOrLog(event.chatbot_id, now, view ? { demo_views: 1 } : { demo_interactions: 1 }),
  ]);
}

/** Visits examined for the statistics (newest sessions are not ordered; the table keeps the rest). */
const MAX_SESSIONS = 5000;

/** get-demo-stats: totals over the assistant's demo visits; the average session counts visits with a chat. */
export async function demoStats(chatbotId: string, clientAddress: string): Promise<DemoStats> {
  // Anonymous and reading up to MAX_SESSIONS items: throttled like the other demo-page calls.
  await Promise.all([requireActiveChatbot(chatbotId), enforceDemoPageLimits('stats', chatbotId, clientAddress)]);
  const { data } = await db()
    .entities.demoSession.query.byChatbot({ chatbot_id: chatbotId })
    .go({ pages: 'all', limit: MAX_SESSIONS });
  const chatted = data.filter((s) => (s.interactions ?? 0) > 0);
  const avg = chatted.length
    ? chatted.reduce((sum, s) => sum + (Date.parse(s.last_at) - Date.parse(s.first_at)) / 1000, 0) / chatted.length
    : 0;
  const lastAccessed = data.reduce<string | null>((latest, s) => (!latest || s.last_at > latest ? s.last_at : latest), null);
  return {
    total_views: data.reduce((sum, s) => sum + (s.views ?? 0), 0),
    total_interactions: data.reduce((sum, s) => sum + (s.interactions ?? 0), 0),
    avg_session_time: Math.round(avg),
    last_accessed: lastAccessed,
  };
}
