import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { currentSubscription, planState } from '../../../functions/core/billing/plan-state.js';

const periodEnd = Date.UTC(2026, 11, 23) / 1000;
const subscription = (id: string, status: Stripe.Subscription.Status, created: number, extra: Partial<Stripe.Subscription> = {}) =>
  ({
    id,
    status,
    created,
    cancel_at_period_end: false,
    ended_at: null,
    items: { data: [{ current_period_end: periodEnd }] },
    ...extra,
  }) as unknown as Stripe.Subscription;

describe('the plan a Stripe subscription gives', () => {
  it('active: unlimited assistants until the period ends', () => {
    expect(planState(subscription('sub_1', 'active', 1))).toMatchObject({
      subscribed: true,
      subscription_tier: 'professional',
      max_chatbots: 0,
      subscription_end: '2026-12-23T00:00:00.000Z',
      billing_status: 'active',
    });
  });

  it('unpaid or ended: a free owner again (assistants kept, one allowed)', () => {
    expect(planState(subscription('sub_1', 'past_due', 1))).toMatchObject({ subscribed: false, subscription_tier: 'past_due', max_chatbots: 1 });
    expect(planState(subscription('sub_1', 'canceled', 1, { ended_at: periodEnd - 86_400 }))).toMatchObject({
      subscribed: false,
      subscription_tier: 'expired',
      subscription_end: '2026-12-22T00:00:00.000Z',
    });
  });

  it('still being paid for the first time (incomplete): no tier change', () => {
    expect(planState(subscription('sub_1', 'incomplete', 1)).subscription_tier).toBeUndefined();
  });

  it('of several subscriptions, a paid one counts over a newer ended one, and the newest among equals', () => {
    const old = subscription('sub_old', 'active', 1);
    const newer = subscription('sub_new', 'canceled', 5);
    expect(currentSubscription([newer, old])?.id).toBe('sub_old');
    expect(currentSubscription([subscription('a', 'canceled', 1), subscription('b', 'canceled', 9)])?.id).toBe('b');
    expect(currentSubscription([])).toBeUndefined();
  });
});
