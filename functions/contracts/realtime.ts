import * as z from 'zod';
import type { PersonShown, TakeoverEvent } from './takeover.js';
import type { VoiceServerEvent } from './voice.js';

/** Spec 000 section 9: realtime heartbeat every 25 s, answered within 10 s. */
export const HEARTBEAT_INTERVAL_MS = 25_000;
export const HEARTBEAT_TIMEOUT_MS = 10_000;
export const RECONNECT_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000] as const;

/**
 * Messages a client sends over the WebSocket with an `action`: the heartbeat. Voice messages carry a
 * `type` instead, as the spec names them (voice.ts voiceClientMessageSchema).
 */
/**
 * Sent by a client on its socket while its user types (issue 28): the visitor's widget (its socket knows
 * the visitor; the conversation must be theirs), or a dashboard's inbox (the caller must be allowed to reply).
 */
export const typingActionSchema = z.object({ action: z.literal('typing'), conversation_id: z.string().min(1).max(100) });
export type TypingAction = z.infer<typeof typingActionSchema>;

export const clientSocketMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ping'), id: z.string().max(64).optional() }),
  typingActionSchema,
]);
export type ClientSocketMessage = z.infer<typeof clientSocketMessageSchema>;

export type ServerSocketMessage =
  | { type: 'pong'; id?: string; time: string }
  /** A conversation of an assistant the connection's user may read changed: reload it (issue 12). */
  | { type: 'inbox'; chatbot_id: string; conversation_id: string }
  /**
   * To a visitor's widget socket: a message of the business in the visitor's conversation (a person's
   * reply from the inbox, or the transfer fallback message), shown as the business's reply.
   */
  | { type: 'reply'; conversation_id: string; message_id: string; content: string; created_at: string; person?: PersonShown }
  /**
   * To the socket(s) of the client that sent `client_message_id` with `stream: true` (contracts/chat.ts):
   * the next checked piece of the model's answer (one sentence, with the space before it; the last may be
   * the fallback message). Pieces in `seq` order (from 0) concatenate to the stored reply; the HTTP answer
   * then replaces them. A new `seq` 0 for the same id is a retry starting again.
   */
  | { type: 'stream'; client_message_id: string; seq: number; text: string }
  | { type: 'error'; message: string }
  | TakeoverEvent
  | VoiceServerEvent;
