import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { HOT_CALL } from '../data/hot-call.js';
import { HttpError } from '../http/http-error.js';
import type { ChatOutcome } from './chat-turn.js';
import type { Contact } from './conversation-store.js';

/** How long the outcome of a message is kept for a repeat of its id (a client retries within minutes; Meta within a day). */
const KEEP_SECONDS = 7 * 24 * 3600;
/** Past the chat routes' time limit (29 s) a pending claim is a turn whose function stopped: a repeat runs it again. */
export const ABANDONED_AFTER_MS = 30_000;
/** How long a repeat waits for the first attempt's outcome, and how often it looks. */
const WAIT_MS = 20_000;
const LOOK_EVERY_MS = 100;

export interface ClientMessage extends Contact {
  clientMessageId: string;
}

/** What a turn may write again, under the same keys, when it repeats a failed or abandoned attempt. */
export interface HeldClaim {
  startedAt: number;
  messageAt: string;
  conversationId?: string;
  replyAt?: string;
}

export type Claim = { held: HeldClaim } | { repeat: ChatOutcome };

const keyOf = (message: ClientMessage) => ({ chatbot_id: message.chatbotId, contact_id: message.contactId, client_message_id: message.clientMessageId });

/**
 * The id a message of the turn is stored under, the same for every attempt of one client message id:
 * a retry of a turn that stored part of its work writes the same items again instead of new ones.
 */
export function turnMessageId(message: ClientMessage, role: 'visitor' | 'reply'): string {
  const hex = createHash('sha256').update(`${message.chatbotId}\n${message.contactId}\n${message.clientMessageId}\n${role}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Claims the message for this attempt (a conditional write: of two at once, one runs), unless an
 * earlier attempt answered it (its outcome is returned) or runs still (this one waits for its outcome).
 * A failed attempt's claim, or one abandoned past the time limit, is taken over with what it stored.
 */
export async function claimTurn(message: ClientMessage, now: Date): Promise<Claim> {
  const deadline = now.getTime() + WAIT_MS;
  for (;;) {
    const startedAt = Date.now();
    try {
      const { data: earlier } = await db()
        .entities.chatTurn.put({
          ...keyOf(message),
          state: 'pending',
          started_at: startedAt,
          message_at: now.toISOString(),
          ttl: Math.floor(startedAt / 1000) + KEEP_SECONDS,
        })
        .where((attr, op) =>
          [
            op.notExists(attr.state),
            op.eq(attr.state, 'failed'),
            `(${op.eq(attr.state, 'pending')} AND ${op.lt(attr.started_at, startedAt - ABANDONED_AFTER_MS)})`,
          ].join(' OR '),
        )
        .go({ response: 'all_old', ...HOT_CALL });
      return {
        held: {
          startedAt,
          messageAt: earlier?.message_at ?? now.toISOString(),
          ...(earlier?.conversation_id && { conversationId: earlier.conversation_id }),
          ...(earlier?.reply_at && { replyAt: earlier.reply_at }),
        },
      };
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
    const { data: current } = await db().entities.chatTurn.get(keyOf(message)).go({ consistent: true });
    if (current?.state === 'done' && current.outcome) return { repeat: JSON.parse(current.outcome) as ChatOutcome };
    // Failed or abandoned meanwhile: claimed again at once; pending: looked at again shortly.
    if (current?.state === 'pending' || current?.state === 'done') {
      if (Date.now() > deadline) throw new HttpError(409, 'This message is still being answered. Please try again in a moment.');
      await sleep(LOOK_EVERY_MS);
    }
  }
}

/** The claim's record with the turn's outcome: a plain put, written with the turn's messages (turn-delivery.ts). */
export function doneRecord(message: ClientMessage, held: HeldClaim, outcome: ChatOutcome) {
  return {
    ...keyOf(message),
    state: 'done' as const,
    started_at: held.startedAt,
    message_at: held.messageAt,
    outcome: JSON.stringify(outcome),
    ttl: Math.floor(Date.now() / 1000) + KEEP_SECONDS,
  };
}

/** Records the turn's outcome once its messages are stored (turns that store the visitor's message alone). */
export async function finishClaim(message: ClientMessage, held: HeldClaim, outcome: ChatOutcome): Promise<void> {
  await db().entities.chatTurn.put(doneRecord(message, held, outcome)).go({ response: 'none' });
}

/**
 * A turn that stopped: its claim is released for a retry, with what it may have stored (the message's
 * conversation, the reply's time) so that the retry writes the same items. Only while still this attempt's.
 */
export async function failClaim(message: ClientMessage, held: HeldClaim, stored: { conversationId?: string; replyAt?: string }): Promise<void> {
  try {
    await db()
      .entities.chatTurn.patch(keyOf(message))
      .set({ state: 'failed', ...(stored.conversationId && { conversation_id: stored.conversationId }), ...(stored.replyAt && { reply_at: stored.replyAt }) })
      .where((attr, op) => op.eq(attr.started_at, held.startedAt))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}
