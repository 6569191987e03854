import type { ReplyOutcome } from '../analytics/chat-turn-analytics.js';
import { addToRollupOrLog } from '../analytics/rollup-writes.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';

/**
 * The record of each voice chat (entities.ts voiceSession) that the Voice screen's Analytics tab
 * counts: begun at init, a turn added per answer, ended when the socket closes.
 */
export interface VoiceSessionKey {
  chatbotId: string;
  session: string;
  startedAt: string;
}

const keyOf = (k: VoiceSessionKey) => ({ chatbot_id: k.chatbotId, started_at: k.startedAt, session: k.session });

/** Writes the session's record at its first init; returns its key (kept on the connection). */
export async function beginVoiceSession(chatbotId: string, session: string, userId: string, now = new Date()): Promise<VoiceSessionKey> {
  const key = { chatbotId, session, startedAt: now.toISOString() };
  await Promise.all([
    db().entities.voiceSession.put({ ...keyOf(key), user_id: userId, turns: 0, answered: 0, fallback: 0 }).go(),
    // The Analytics screen's count of voice sessions in any period.
    addToRollupOrLog(chatbotId, now, { voice_sessions: 1 }),
  ]);
  return key;
}

/**
 * One answered turn. Patch, not upsert: a session whose record is gone (its assistant deleted meanwhile)
 * is not recreated half-empty.
 */
export async function recordVoiceTurn(key: VoiceSessionKey, outcome: ReplyOutcome | undefined, now = new Date()): Promise<void> {
  try {
    await db()
      .entities.voiceSession.patch(keyOf(key))
      .add({ turns: 1, ...(outcome === 'answered' && { answered: 1 }), ...(outcome === 'fallback' && { fallback: 1 }) })
      .set({ last_activity_at: now.toISOString() })
      .go();
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

/** The socket closed: the session's end, for its duration. */
export async function endVoiceSession(key: VoiceSessionKey, now = new Date()): Promise<void> {
  try {
    await db().entities.voiceSession.patch(keyOf(key)).set({ ended_at: now.toISOString() }).go();
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

/** The session a connection record is in, if its init began one. */
export function sessionKeyOf(connection: { chatbot_id?: string; voice_session?: string; voice_started_at?: string } | null | undefined): VoiceSessionKey | undefined {
  if (!connection?.chatbot_id || !connection.voice_session || !connection.voice_started_at) return undefined;
  return { chatbotId: connection.chatbot_id, session: connection.voice_session, startedAt: connection.voice_started_at };
}
