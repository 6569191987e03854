import { beforeAll, describe, expect, inject, it } from 'vitest';
import { accountResponseSchema, refreshSubscriptionResponseSchema } from '../../functions/contracts/account.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';

const { apiUrl, config } = inject('runtime');
const DAY = 24 * 60 * 60 * 1000;

describe('the signed-in owner account', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await signUpAndSignIn(config, 'Harbour Cafe');
  });

  it('starts a 14-day trial with one free assistant on the first read after sign-up', async () => {
    const before = Date.now();
    const res = await fetch(`${apiUrl}/account`, { headers: { authorization: `Bearer ${owner.idToken}` } });
    expect(res.status).toBe(200);
    const account = accountResponseSchema.parse(await res.json());
    expect(account.profile).toMatchObject({ email: owner.email, business_name: 'Harbour Cafe' });
    expect(account.subscription).toMatchObject({
      subscribed: false,
      subscription_tier: 'trial',
      subscription_end: null,
      chatbots_created: 0,
      max_chatbots: 1,
    });
    const trialEnd = Date.parse(account.subscription.trial_end!);
    expect(trialEnd - before).toBeGreaterThan(14 * DAY - 60_000);
    expect(trialEnd - before).toBeLessThan(14 * DAY + 60_000);
  });

  it('keeps the same records on later reads (the trial does not restart)', async () => {
    const read = async () =>
      accountResponseSchema.parse(
        await (await fetch(`${apiUrl}/account`, { headers: { authorization: `Bearer ${owner.idToken}` } })).json(),
      );
    const [first, second] = [await read(), await read()];
    expect(second.subscription.trial_end).toBe(first.subscription.trial_end);
    expect(second.profile.created_at).toBe(first.profile.created_at);
  });

  it('creates the records once when the first reads race', async () => {
    const racer = await signUpAndSignIn(config);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => fetch(`${apiUrl}/account`, { headers: { authorization: `Bearer ${racer.idToken}` } })),
    );
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(bodies.map((b) => b.subscription.trial_end)).size).toBe(1);
  });

  it('refreshes the subscription (refreshSubscription) for the caller only', async () => {
    const res = await fetch(`${apiUrl}/account/subscription/refresh`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(res.status).toBe(200);
    const { subscription } = refreshSubscriptionResponseSchema.parse(await res.json());
    const claims = JSON.parse(Buffer.from(owner.idToken.split('.')[1]!, 'base64url').toString());
    expect(subscription.user_id).toBe(claims.sub);
    expect(subscription.subscription_tier).toBe('trial');
  });

  it('accepts the access token as well as the ID token, as the JWT authorizer does', async () => {
    const res = await fetch(`${apiUrl}/account`, { headers: { authorization: owner.accessToken } });
    expect(res.status).toBe(200);
  });
});
