import { QUOTA_ERRORS } from '../../contracts/chatbot.js';
import type { Subscription } from '../../contracts/account.js';

/** Spec 000 section 9: one free assistant at a time without a subscription. */
export const FREE_ASSISTANTS = 1;

/**
 * Whether the owner may create one more assistant, and the refusal the spec names if not.
 * chatbots_created counts the assistants the owner has now: deleting one frees its slot (creations
 * per day are capped separately, daily-creations.ts).
 * A subscriber's plan sets max_chatbots; 0 or less means unlimited (marketing: "unlimited assistants").
 */
export function creationRefusal(subscription: Subscription): string | undefined {
  if (!subscription.subscribed) {
    return subscription.chatbots_created < FREE_ASSISTANTS ? undefined : QUOTA_ERRORS.subscriptionRequired;
  }
  const unlimited = subscription.max_chatbots <= 0;
  return unlimited || subscription.chatbots_created < subscription.max_chatbots ? undefined : QUOTA_ERRORS.limitReached;
}
