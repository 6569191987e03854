import { db } from '../data/db.js';

/** API Gateway closes a WebSocket after 2 h; the record outlives it a little, then TTL removes it. */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60 + 5 * 60;

const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS;

/** A socket opened with a voice session token is bound to that assistant and conversation from the start. */
export async function registerConnection(
  connectionId: string,
  userId: string,
  now = new Date(),
  voice?: { chatbotId: string; voiceSession: string },
): Promise<void> {
  await db()
    .entities.connection.put({
      connection_id: connectionId,
      user_id: userId,
      connected_at: now.toISOString(),
      ttl: expiry(now),
      ...(voice && { chatbot_id: voice.chatbotId, voice_session: voice.voiceSession, session_bound: true }),
    })
    .go();
}

/** Removes the record; returns what it held (a voice session to end), if anything. */
export async function removeConnection(connectionId: string) {
  const { data } = await db().entities.connection.delete({ connection_id: connectionId }).go({ response: 'all_old' });
  return data;
}

export async function findConnection(connectionId: string, consistent = false) {
  const { data } = await db().entities.connection.get({ connection_id: connectionId }).go({ consistent });
  return data;
}

export async function connectionsOfUser(userId: string): Promise<string[]> {
  const { data } = await db().entities.connection.query.byUser({ user_id: userId }).go({ pages: 'all' });
  return data.map((c) => c.connection_id);
}
