import type Stripe from 'stripe';

/** The paid plan's tier (contracts/account.ts subscriptionTiers) and its quota: 0 means unlimited. */
export const PAID_TIER = 'professional';
export const PAID_MAX_CHATBOTS = 0;
export const FREE_MAX_CHATBOTS = 1;

/** Stripe statuses in which the owner has paid for the current period. */
const PAID_STATUSES = new Set<string>(['active', 'trialing']);
/** Which subscription of a customer counts when there are several: paid first, then unpaid, then ended. */
const RANK: Record<string, number> = { active: 0, trialing: 0, past_due: 1, unpaid: 2, paused: 3, incomplete: 4, canceled: 5, incomplete_expired: 6 };

export const isPaidStatus = (status: string | null | undefined) => PAID_STATUSES.has(status ?? '');

/** The subscription that decides the owner's plan: the best status, then the newest. */
export function currentSubscription(subscriptions: readonly Stripe.Subscription[]): Stripe.Subscription | undefined {
  const rank = (s: Stripe.Subscription) => RANK[s.status] ?? 9;
  return [...subscriptions].sort((a, b) => rank(a) - rank(b) || b.created - a.created)[0];
}

/** Where Stripe keeps the paid period since API 2025-03: on the subscription's item. */
function periodEnd(subscription: Stripe.Subscription): number | undefined {
  return subscription.items.data[0]?.current_period_end;
}

const isoOf = (unix: number | null | undefined) => (unix ? new Date(unix * 1000).toISOString() : undefined);

/** The fields of the subscription record that follow from a Stripe subscription. */
export interface PlanState {
  subscribed: boolean;
  subscription_tier?: string;
  max_chatbots: number;
  subscription_end?: string;
  stripe_subscription_id: string;
  billing_status: string;
  cancel_at_period_end: boolean;
}

/**
 * A paid plan (active, trialing) is unlimited assistants until the period's end; an unpaid one
 * (past_due, unpaid) and an ended one keep the owner's assistants and data but make them a free owner,
 * who cannot create more once they have one. A subscription still being set up (incomplete) changes
 * nothing yet.
 */
export function planState(subscription: Stripe.Subscription): PlanState {
  const base = {
    stripe_subscription_id: subscription.id,
    billing_status: subscription.status,
    cancel_at_period_end: subscription.cancel_at_period_end,
  };
  if (isPaidStatus(subscription.status)) {
    return { ...base, subscribed: true, subscription_tier: PAID_TIER, max_chatbots: PAID_MAX_CHATBOTS, subscription_end: isoOf(periodEnd(subscription)) };
  }
  if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
    return { ...base, subscribed: false, subscription_tier: 'past_due', max_chatbots: FREE_MAX_CHATBOTS, subscription_end: isoOf(periodEnd(subscription)) };
  }
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    return { ...base, subscribed: false, subscription_tier: 'expired', max_chatbots: FREE_MAX_CHATBOTS, subscription_end: isoOf(subscription.ended_at ?? periodEnd(subscription)) };
  }
  return { ...base, subscribed: false, max_chatbots: FREE_MAX_CHATBOTS };
}
