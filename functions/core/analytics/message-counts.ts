import type { AnalyticsChannel } from '../../contracts/analytics.js';
import type { ReplyOutcome } from './chat-turn-analytics.js';

/**
 * What a stored message adds to its assistant's analytics, written on the message item itself
 * (attribute `counts`, a map) by the visitor's turn. The turn does not write the counters: the
 * message's insert reaches the stream consumer (core/analytics/stream-counting.ts), which adds up a
 * batch of messages into one write per assistant and day. Only visitors' turns carry it: the owner's and
 * team's test chats, inbox replies and workflow messages count nothing, as before.
 */
export type MessageCounts =
  | {
      kind: 'visitor';
      chatbot_id: string;
      /** The turn's time (ISO): the UTC hour the message counts in. */
      at: string;
      channel: AnalyticsChannel;
      /** The message started its conversation. */
      new_conversation: boolean;
    }
  | {
      kind: 'reply';
      chatbot_id: string;
      at: string;
      response_ms: number;
      outcome: ReplyOutcome;
    };

/** The message item's attribute holding its counts (not an ElectroDB attribute: only the stream consumer reads it). */
export const COUNTS_ATTRIBUTE = 'counts';
