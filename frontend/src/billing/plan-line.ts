import type { AccountSubscription } from '@/auth/subscription';

const day = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(date);
};

/**
 * The one date that matters of the plan as it is now, worded the same on the Assistants screen and in
 * Settings (issue 30: one said "Trial ends ... · Subscription ends ..." where the other said "Renews
 * on ..."): a paid plan renews, or ends when cancelled; a trial ends; an ended or unpaid plan has none.
 */
export function planDate(subscription: AccountSubscription, now = new Date()): string | null {
  if (subscription.subscribed && subscription.subscription_end) {
    return subscription.cancel_at_period_end ? `Ends on ${day(subscription.subscription_end)}` : `Renews on ${day(subscription.subscription_end)}`;
  }
  if (!subscription.subscribed && subscription.subscription_tier !== 'expired' && subscription.trial_end && Date.parse(subscription.trial_end) > now.getTime()) {
    return `Trial ends ${day(subscription.trial_end)}`;
  }
  return null;
}

/** "1 assistant created", "3 assistants created" on an unlimited plan; "0 of 1 assistants used" otherwise. */
export function assistantAllowance(subscription: Pick<AccountSubscription, 'chatbots_created' | 'max_chatbots'>): string {
  const { chatbots_created: made, max_chatbots: max } = subscription;
  if (max <= 0) return `${made} ${made === 1 ? 'assistant' : 'assistants'} created`;
  return `${made} of ${max} assistants used`;
}
