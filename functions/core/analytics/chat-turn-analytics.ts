/**
 * How a reply answered the visitor's message (stored on the reply for the question lists, and in its
 * counts: core/analytics/message-counts.ts).
 */
export type ReplyOutcome = 'answered' | 'fallback' | 'off_topic' | 'handoff' | 'other';
