import { beforeAll, describe, expect, inject, it } from 'vitest';
import { accountResponseSchema, refreshSubscriptionResponseSchema } from '../../functions/contracts/account.js';
import { deleteUser, signIn, signUpAndSignIn, type TestUser } from '../support/accounts.js';

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

  it('changes the business name with the access token too (it answered 500), and keeps it on the account', async () => {
    const user = await signUpAndSignIn(config, 'Old Name Bakery');
    const patch = (authorization: string, business_name: string) =>
      fetch(`${apiUrl}/account`, { method: 'PATCH', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ business_name }) });
    const res = await patch(user.accessToken, 'New Name Bakery');
    expect(res.status).toBe(200);
    expect(accountResponseSchema.parse(await res.json()).profile.business_name).toBe('New Name Bakery');
    const read = await fetch(`${apiUrl}/account`, { headers: { authorization: `Bearer ${user.idToken}` } });
    expect(accountResponseSchema.parse(await read.json()).profile.business_name).toBe('New Name Bakery');
    // The name is on the user too: a new ID token carries it.
    const again = await signIn(config, user.email, user.password);
    expect(JSON.parse(Buffer.from(again.idToken.split('.')[1]!, 'base64url').toString())['custom:business_name']).toBe('New Name Bakery');
  });

  it('answers 401, changing nothing, when the signed-in user was deleted meanwhile', async () => {
    const user = await signUpAndSignIn(config, 'Gone Bakery');
    expect((await fetch(`${apiUrl}/account`, { headers: { authorization: `Bearer ${user.idToken}` } })).status).toBe(200);
    await deleteUser(config, user.email);
    const res = await fetch(`${apiUrl}/account`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ business_name: 'Squatter' }),
    });
    expect(res.status).toBe(401);
    const read = await fetch(`${apiUrl}/account`, { headers: { authorization: `Bearer ${user.idToken}` } });
    expect(accountResponseSchema.parse(await read.json()).profile.business_name).toBe('Gone Bakery');
  });
});
