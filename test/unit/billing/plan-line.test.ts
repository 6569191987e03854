import { describe, expect, it } from 'vitest';
import type { AccountSubscription } from '../../../frontend/src/auth/subscription.js';
import { assistantAllowance, planDate } from '../../../frontend/src/billing/plan-line.js';

const now = new Date('2026-11-27T12:00:00Z');
const trial: AccountSubscription = {
  subscribed: false,
  subscription_tier: 'trial',
  trial_end: '2026-12-05T12:00:00.000Z',
  subscription_end: null,
  chatbots_created: 1,
  max_chatbots: 1,
  billing_status: null,
  cancel_at_period_end: false,
  has_billing_account: false,
};
const paid: AccountSubscription = {
  ...trial,
  subscribed: true,
  subscription_tier: 'professional',
  subscription_end: '2026-12-27T12:00:00.000Z',
  max_chatbots: 0,
  billing_status: 'active',
  has_billing_account: true,
};
const long = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso));

describe('the plan line the Assistants screen and Settings share', () => {
  it('says a paid plan renews, and nothing of the trial it started from (issue 30)', () => {
    expect(planDate(paid, now)).toBe(`Renews on ${long(paid.subscription_end!)}`);
  });

  it('says a cancelled plan ends, a running trial ends, and nothing for an ended trial or plan', () => {
    expect(planDate({ ...paid, cancel_at_period_end: true }, now)).toBe(`Ends on ${long(paid.subscription_end!)}`);
    expect(planDate(trial, now)).toBe(`Trial ends ${long(trial.trial_end!)}`);
    expect(planDate({ ...trial, trial_end: '2026-11-01T00:00:00.000Z' }, now)).toBeNull();
    expect(planDate({ ...trial, subscription_tier: 'expired', subscription_end: '2026-11-20T00:00:00.000Z' }, now)).toBeNull();
  });

  it('counts assistants in the singular for one', () => {
    expect(assistantAllowance({ chatbots_created: 1, max_chatbots: 0 })).toBe('1 assistant created');
    expect(assistantAllowance({ chatbots_created: 3, max_chatbots: 0 })).toBe('3 assistants created');
    expect(assistantAllowance({ chatbots_created: 0, max_chatbots: 1 })).toBe('0 of 1 assistants used');
  });
});
