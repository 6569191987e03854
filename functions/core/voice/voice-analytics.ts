import { VOICE_ANALYTICS_DAYS, type VoiceAnalytics } from '../../contracts/voice.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { db } from '../data/db.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface StoredSession {
  started_at: string;
  last_activity_at?: string;
  ended_at?: string;
  turns?: number;
  answered?: number;
  fallback?: number;
}

const percentOf = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

/** A session lasts from its init to its close; one whose close never arrived, to its last answer. */
function durationMs(s: StoredSession): number {
  const end = s.ended_at ?? s.last_activity_at ?? s.started_at;
  return Math.max(0, Date.parse(end) - Date.parse(s.started_at));
}

/** The figures of the Analytics tab from the stored sessions (pure, so the arithmetic is tested alone). */
export function summarizeVoiceSessions(sessions: readonly StoredSession[], days = VOICE_ANALYTICS_DAYS): VoiceAnalytics {
  const turns = sessions.reduce((n, s) => n + (s.turns ?? 0), 0);
  const answered = sessions.reduce((n, s) => n + (s.answered ?? 0), 0);
  const fallback = sessions.reduce((n, s) => n + (s.fallback ?? 0), 0);
  const totalMs = sessions.reduce((n, s) => n + durationMs(s), 0);
  const byDay = new Map<string, { day: string; sessions: number; turns: number }>();
  for (const s of sessions) {
    const day = s.started_at.slice(0, 10);
    const entry = byDay.get(day) ?? { day, sessions: 0, turns: 0 };
    entry.sessions += 1;
    entry.turns += s.turns ?? 0;
    byDay.set(day, entry);
  }
  return {
    days,
    sessions: sessions.length,
    average_duration_seconds: sessions.length ? Math.round(totalMs / sessions.length / 1000) : 0,
    turns,
    answered,
    fallback,
    answered_share: percentOf(answered, turns),
    fallback_share: percentOf(fallback, turns),
    per_day: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)),
  };
}

/** get-voice-analytics: the assistant's voice sessions begun in the last VOICE_ANALYTICS_DAYS days (UTC, today included). */
export async function voiceAnalytics(caller: Caller, chatbotId: string, now = new Date()): Promise<VoiceAnalytics> {
  await chatbotFor(caller, chatbotId);
  const since = new Date(now.getTime() - (VOICE_ANALYTICS_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const { data } = await db()
    .entities.voiceSession.query.byChatbot({ chatbot_id: chatbotId })
    .gte({ started_at: since })
    .go({ pages: 'all', attributes: ['started_at', 'last_activity_at', 'ended_at', 'turns', 'answered', 'fallback'] });
  return summarizeVoiceSessions(data);
}
