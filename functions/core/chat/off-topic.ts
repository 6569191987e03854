import { factTypesAsked } from '../knowledge/fact-types.js';
import type { SearchHit } from '../knowledge/search-index.js';
import { joinedHyphenatedWords } from '../knowledge/search-terms.js';
import { saysOtherForm } from '../knowledge/word-forms.js';
import { passageTermsOf, termsOf } from './text-terms.js';

/**
 * Words of greetings and thanks: a message made only of these is conversation, not a question about
 * anything, so it is never refused as off-topic.
 */
export const SMALL_TALK = new Set(
  termsOf('hi hello hey hiya howdy morning afternoon evening good thank thanks thx cheer cheers bye goodbye ok okay great cool nice yes yeah yep nope please help'),
);

/**
 * Questions about the business itself (who runs it, its policies, how to book or pay) are never
 * off-topic, even when the site words them differently: at worst they get the fallback message.
 */
const ABOUT_THE_BUSINESS = new Set(
  termsOf(
    'owner owns founder founded run runs staff team employees manager company business service services policy policies book booking appointment reservation cancel cancellation refund return guarantee warranty insured insurance license licensed pay payment card cash deposit discount offer deal delivery ship shipping area areas cover serve',
  ),
);

/**
 * "Do you do takeaway?", "Can I bring my dog?", "Do you sell gift cards?": asking whether the business
 * does, sells or allows something is about the business, whatever the thing; the site not naming it
 * means the fallback ("I don't know"), not "I can only help with questions about...". So does asking
 * about anything of the business's own ("your soaps", "your parking").
 */
const ASKS_WHAT_BUSINESS_DOES =
  /^\s*(?:do|does|can|could|will|would)\s+(?:you|your\s+[\p{L}]+|the\s+[\p{L}]+|i|we)\s+(?:do|offer|sell|have|make|serve|provide|deliver|accept|take|allow|cater|stock|carry|fix|repair|install|bring|order|get|book|pay|park|buy|hire|rent|use|come|visit|collect|pick)\b/iu;
/** "Are *your* soaps eco-friendly?": whatever the business has is about the business. */
const ABOUT_YOURS = /\byour\b/i;

/**
 * The offline responder's off-topic test (a model judges topics itself, told by the system prompt):
 * true when the question is not about the business (not asking for its prices, hours, address or
 * contact details, nor about its team, policies or services) and the assistant's knowledge mentions
 * none of the question's meaningful words. Without knowledge to compare (`undefined`: no index yet,
 * or it could not be read) nothing is judged off-topic.
 */
export function isOffTopic(question: string, passages: readonly SearchHit[] | undefined): boolean {
  if (!passages) return false;
  // "make-up" is also "makeup", as passages are indexed with their hyphenated words written as one.
  const terms = [...termsOf(question), ...termsOf(joinedHyphenatedWords(question, true).join(' '))].filter((term) => !SMALL_TALK.has(term));
  if (terms.length === 0) return false;
  // "Who" is asked of the world as much as of a business: a question for a person needs a business word too.
  const asksBusinessFact = factTypesAsked(question).some((type) => type !== 'person');
  if (asksBusinessFact || ASKS_WHAT_BUSINESS_DOES.test(question) || ABOUT_YOURS.test(question) || terms.some((term) => ABOUT_THE_BUSINESS.has(term))) return false;
  const known = new Set(passages.flatMap((p) => passageTermsOf(`${p.title} ${p.heading ?? ''} ${p.text}`)));
  // Another form of a word the knowledge uses ("kinesiotaping": "Kinesiology Taping") is no other topic.
  return !terms.some((term) => known.has(term) || saysOtherForm(known, term));
}

/** The polite refusal of an off-topic question (allowOffTopic off). */
export const offTopicMessage = (businessName: string) =>
  `I'm sorry, I can only help with questions about ${businessName}. Is there anything about ${businessName} I can help you with?`;
