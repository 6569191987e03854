import type { ReplyOutcome } from './chat-turn-analytics.js';

/** Longest question kept for the question lists (chat messages may be longer). */
const MAX_QUESTION_CHARS = 500;

/** What a reply to a visitor carries for the question lists: the question and how it was answered. */
export interface QuestionLogFields {
  chatbot_id: string;
  question: string;
  outcome: ReplyOutcome;
  /** The turn's time: the hour its counters and its thumbs are counted in. */
  answered_at: string;
}

/**
 * The reply item is the question log: these fields put it in the assistant's sparse question index,
 * so the lists need no write of their own.
 */
export function questionLogFields(chatbotId: string, question: string, outcome: ReplyOutcome, at: Date): QuestionLogFields {
  return { chatbot_id: chatbotId, question: question.slice(0, MAX_QUESTION_CHARS), outcome, answered_at: at.toISOString() };
}

/** How the engine's reply answered the message. */
export function replyOutcome(reply: {
  answer: string;
  fallbackMessage: string;
  transferRequested: boolean;
  offTopic: boolean;
  /** A confirmation question or the answer to one: not an answer to a question. */
  confirmationTurn: boolean;
}): ReplyOutcome {
  if (reply.transferRequested) return 'handoff';
  if (reply.confirmationTurn) return 'other';
  if (reply.offTopic) return 'off_topic';
  return reply.answer.trim() === reply.fallbackMessage.trim() ? 'fallback' : 'answered';
}
