import { db } from '../data/db.js';

/** API Gateway closes a WebSocket after 2 h; the record outlives it a little, then TTL removes it. */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60 + 5 * 60;

const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS;

/** A socket's entry in its user's openSockets item: its id and when its record expires. */
const socketEntry = (connectionId: string, ttl: number) => `${connectionId} ${ttl}`;

/** The connection ids of an openSockets item's entries that are not past their expiry. */
export function openConnectionIds(entries: Iterable<string> | undefined, now = new Date()): string[] {
  const seconds = Math.floor(now.getTime() / 1000);
  const open: string[] = [];
  for (const entry of entries ?? []) {
    const space = entry.lastIndexOf(' ');
    if (Number(entry.slice(space + 1)) > seconds) open.push(entry.slice(0, space));
  }
  return open;
}

/** Adds a socket to its user's item; entries past their expiry (no `$disconnect` came) leave it then. */
async function addOpenSocket(userId: string, entry: string, now: Date): Promise<void> {
  const sockets = db().entities.openSockets;
  const { data } = await sockets.update({ user_id: userId }).add({ sockets: [entry] }).go({ response: 'all_new' });
  const expired = [...(data.sockets ?? [])].filter((e) => openConnectionIds([e], now).length === 0);
  if (expired.length) await sockets.update({ user_id: userId }).delete({ sockets: expired }).go({ response: 'none' });
}

/** A socket opened with a voice session token is bound to that assistant and conversation from the start. */
export async function registerConnection(
  connectionId: string,
  userId: string,
  now = new Date(),
  voice?: { chatbotId: string; voiceSession: string },
): Promise<void> {
  const ttl = expiry(now);
  await Promise.all([
    db()
      .entities.connection.put({
        connection_id: connectionId,
        user_id: userId,
        connected_at: now.toISOString(),
        ttl,
        ...(voice && { chatbot_id: voice.chatbotId, voice_session: voice.voiceSession, session_bound: true }),
      })
      .go(),
    addOpenSocket(userId, socketEntry(connectionId, ttl), now),
  ]);
}

/** Removes the record; returns what it held (a voice session to end), if anything. */
export async function removeConnection(connectionId: string) {
  const { data } = await db().entities.connection.delete({ connection_id: connectionId }).go({ response: 'all_old' });
  if (data) await db().entities.openSockets.update({ user_id: data.user_id }).delete({ sockets: [socketEntry(connectionId, data.ttl)] }).go({ response: 'none' });
  return data;
}

export async function findConnection(connectionId: string, consistent = false) {
  const { data } = await db().entities.connection.get({ connection_id: connectionId }).go({ consistent });
  return data;
}

/** The open sockets of a user id (read consistently: a socket opened a moment ago is told too). */
export async function connectionsOfUser(userId: string): Promise<string[]> {
  const { data } = await db().entities.openSockets.get({ user_id: userId }).go({ consistent: true });
  return openConnectionIds(data?.sockets);
}
