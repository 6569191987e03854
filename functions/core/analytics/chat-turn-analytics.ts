import type { AnalyticsChannel } from '../../contracts/analytics.js';
import { log } from '../runtime/log.js';
import { flagConversation } from './conversation-flags.js';
import { conversationCounter } from './rollup-counters.js';
import { addToRollup } from './rollup-writes.js';

/** How a reply answered the visitor's message (stored on the reply for the question lists). */
export type ReplyOutcome = 'answered' | 'fallback' | 'off_topic' | 'handoff' | 'other';

export interface ChatTurnFacts {
  chatbotId: string;
  conversationId: string;
  channel: AnalyticsChannel;
  /** The visitor's message started the conversation. */
  newConversation: boolean;
  /** Absent when no reply was made (the AI provider failed): the message still counts. */
  reply?: { outcome: ReplyOutcome; responseMs: number };
  at: Date;
}

/**
 * The rollup of one visitor chat turn: a single counter write (one UpdateItem adding to every counter
 * of the turn), made beside the reply's own writes so it adds no round trip. A turn that went wrong
 * (fallback, handoff) also marks its conversation, at the same time; only the first such turn of a
 * conversation then adds it as unresolved or escalated. A failure is logged, never passed on: the
 * visitor's answer matters more than a count.
 */
export async function recordChatTurn(turn: ChatTurnFacts): Promise<void> {
  try {
    const outcome = turn.reply?.outcome;
    const fallback = outcome === 'fallback';
    const handoff = outcome === 'handoff';
    const counted = addToRollup(turn.chatbotId, turn.at, {
      [conversationCounter(turn.channel)]: turn.newConversation ? 1 : 0,
      messages: 1,
      replies: turn.reply ? 1 : 0,
      response_ms: turn.reply?.responseMs ?? 0,
      fallbacks: fallback ? 1 : 0,
    });
    const flagged = async () => {
      if (!fallback && !handoff) return;
      const first = await flagConversation(turn.conversationId, { unresolved: true, escalated: handoff }, turn.at);
      await addToRollup(turn.chatbotId, turn.at, { unresolved: first.unresolved ? 1 : 0, escalated: first.escalated ? 1 : 0 });
    };
    await Promise.all([counted, flagged()]);
  } catch (error) {
    log.error('Analytics rollup of a chat turn failed', { ...turn, error });
  }
}
