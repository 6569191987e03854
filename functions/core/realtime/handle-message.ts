import { clientSocketMessageSchema, type ServerSocketMessage } from '../../contracts/realtime.js';
import type { TypingAction } from '../../contracts/realtime.js';
import { voiceClientMessageSchema } from '../../contracts/voice.js';
import { parseBoundedJson } from '../http/bounded-json.js';
import { relayTyping } from '../inbox/typing-relay.js';
import { describeIssues } from '../http/json-body.js';
import { handleVoiceMessage, type SocketPeer } from '../voice/voice-socket.js';

const NOT_JSON = { type: 'error', message: 'Messages must be JSON' } as const;
export const VISITOR_SOCKET_MESSAGE = "A visitor's socket only receives replies (and says when the visitor types); send messages through the chat.";

function parse(raw: string | undefined): unknown {
  try {
    return parseBoundedJson(raw ?? '');
  } catch {
    return undefined;
  }
}

/** The reply to a message with an `action` (the heartbeat). */
export function replyTo(raw: string | undefined, now = new Date()): ServerSocketMessage | TypingAction {
  const value = parse(raw);
  if (value === undefined) return NOT_JSON;
  return replyToAction(value, now);
}

function replyToAction(value: unknown, now: Date): ServerSocketMessage | TypingAction {
  const parsed = clientSocketMessageSchema.safeParse(value);
  if (!parsed.success) return { type: 'error', message: describeIssues(parsed.error) };
  const message = parsed.data;
  switch (message.action) {
    case 'ping':
      return { type: 'pong', ...(message.id ? { id: message.id } : {}), time: now.toISOString() };
    case 'typing':
      // Needs the peer and the database: relayed by handleSocketMessage.
      return message;
  }
}

const hasType = (value: unknown): value is { type: unknown } => typeof value === 'object' && value !== null && 'type' in value && !('action' in value);

/** Every client message: the heartbeat answered at once, voice messages (with a `type`) by the voice core. */
export async function handleSocketMessage(
  peer: SocketPeer & { visitor?: boolean },
  raw: string | undefined,
  send: (message: ServerSocketMessage) => Promise<unknown>,
  now = new Date(),
): Promise<void> {
  const value = parse(raw);
  if (value === undefined) return void (await send(NOT_JSON));
  if (!hasType(value)) {
    const reply = replyToAction(value, now);
    if (!('action' in reply)) return void (await send(reply));
    // Typing indicators both ways (core/inbox/typing-relay.ts); a refused one is answered with its error.
    const refused = await relayTyping(peer, reply);
    if (refused) await send(refused);
    return;
  }
  // A visitor token opens a socket for receiving replies (and the heartbeat), never a voice session.
  if (peer.visitor) return void (await send({ type: 'error', message: VISITOR_SOCKET_MESSAGE }));
  const voice = voiceClientMessageSchema.safeParse(value);
  if (!voice.success) return void (await send({ type: 'error', message: describeIssues(voice.error) }));
  await handleVoiceMessage(peer, voice.data, send);
}
