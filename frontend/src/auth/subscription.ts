import { DEFAULT_SUBSCRIPTION, type Subscription } from '@contracts/account';

/** What the client knows of a user's subscription (user_id is implied by the session). */
export type AccountSubscription = Omit<Subscription, 'user_id'>;

/** Spec 000 section 9: no record means the default trial; each missing field takes its default. */
export function toAccountSubscription(record: Partial<Subscription> | null | undefined): AccountSubscription {
  if (!record) return { ...DEFAULT_SUBSCRIPTION };
  return {
    subscribed: record.subscribed ?? DEFAULT_SUBSCRIPTION.subscribed,
    subscription_tier: record.subscription_tier ?? DEFAULT_SUBSCRIPTION.subscription_tier,
    trial_end: record.trial_end ?? DEFAULT_SUBSCRIPTION.trial_end,
    subscription_end: record.subscription_end ?? DEFAULT_SUBSCRIPTION.subscription_end,
    chatbots_created: record.chatbots_created ?? DEFAULT_SUBSCRIPTION.chatbots_created,
    max_chatbots: record.max_chatbots ?? DEFAULT_SUBSCRIPTION.max_chatbots,
    billing_status: record.billing_status ?? null,
    cancel_at_period_end: record.cancel_at_period_end ?? false,
    has_billing_account: record.has_billing_account ?? false,
  };
}
