import type { SearchHit } from '../knowledge/search-index.js';
import { termsOf } from './text-terms.js';

/**
 * Words of greetings and thanks: a message made only of these is conversation, not a question about
 * anything, so it is never refused as off-topic.
 */
const SMALL_TALK = new Set(
  'hi hello hey hiya howdy morning afternoon evening good thank thanks thx cheer bye goodbye ok okay great cool nice yes yeah yep nope please help'.split(
    ' ',
  ),
);

/**
 * The offline responder's off-topic test (a model judges topics itself, told by the system prompt):
 * true when the assistant's knowledge mentions none of the question's meaningful words, so the
 * question is about something else entirely. Without knowledge to compare (`undefined`: no index yet,
 * or it could not be read) nothing is judged off-topic.
 */
export function isOffTopic(question: string, passages: readonly SearchHit[] | undefined): boolean {
  if (!passages) return false;
  const terms = termsOf(question).filter((term) => !SMALL_TALK.has(term));
  if (terms.length === 0) return false;
  const known = new Set(passages.flatMap((p) => termsOf(`${p.title} ${p.heading ?? ''} ${p.text}`)));
  return !terms.some((term) => known.has(term));
}

/** The polite refusal of an off-topic question (allowOffTopic off). */
export const offTopicMessage = (businessName: string) =>
  `I'm sorry, I can only help with questions about ${businessName}. Is there anything about ${businessName} I can help you with?`;
