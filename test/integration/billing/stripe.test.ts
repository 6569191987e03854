import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QUOTA_ERRORS } from '../../../functions/contracts/chatbot.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, type ApiClient } from '../../support/api-client.js';
import { withRuntimeEnv } from '../../support/runtime-env.js';
import { stripeStandIn, TEST_CARDS, waitForSubscription } from '../../support/stripe-stand-in.js';
import { userIdOf } from '../../support/subscriptions.js';

const { apiUrl, config, env } = inject('runtime');
const stripe = stripeStandIn(env);

interface Owner {
  api: ApiClient;
  userId: string;
}

async function newOwner(): Promise<Owner> {
  const { idToken } = await signUpAndSignIn(config);
  const api = apiClient(apiUrl, idToken);
  await api.get('/account');
  return { api, userId: userIdOf(idToken) };
}

const postWebhook = (payload: string, signature?: string) =>
  fetch(`${apiUrl}/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });

/** Checkout paid with `card`; answers the subscription id once the webhooks made the owner a subscriber. */
async function subscribe(owner: Owner): Promise<string> {
  const { body } = await owner.api.post('/billing/checkout');
  const paid = await stripe.pay(body.url, TEST_CARDS.succeeds);
  expect(paid.status).toBe(303);
  const subscription = await waitForSubscription(owner.api, (s) => s.subscribed === true);
  const customer = await stripe.client.subscriptions.list({ customer: (await customerOf(owner))!, status: 'all' });
  expect(subscription).toMatchObject({ subscription_tier: 'professional', billing_status: 'active', max_chatbots: 0 });
  return customer.data[0]!.id;
}

async function customerOf(owner: Owner): Promise<string | undefined> {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../../functions/core/data/db.js');
    return (await db().entities.subscription.get({ user_id: owner.userId }).go()).data?.stripe_customer_id;
  });
}

async function portal(owner: Owner): Promise<string> {
  const res = await owner.api.post('/billing/portal');
  expect(res.status).toBe(200);
  return res.body.url as string;
}

describe('subscriptions with Stripe (local stand-in)', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 2, hangingPage: false });
  });
  afterAll(async () => {
    await site?.stop();
  });
  const create = (owner: Owner) => owner.api.post('/chatbots', { websiteUrl: site.url });

  it('opens a Checkout session for the signed-in owner only, on their own customer', async () => {
    expect((await fetch(`${apiUrl}/billing/checkout`, { method: 'POST' })).status).toBe(401);
    const [ann, bob] = [await newOwner(), await newOwner()];
    const first = await ann.api.post('/billing/checkout');
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(new RegExp(`^${env.STRIPE_API_URL}/checkout/cs_test_`));
    const session = await stripe.client.checkout.sessions.retrieve(first.body.url.split('/').pop());
    expect(session).toMatchObject({ mode: 'subscription', client_reference_id: ann.userId, status: 'open' });
    expect(session.customer).toBe(await customerOf(ann));

    // The same owner again: the same customer. Another owner: their own.
    const again = await stripe.client.checkout.sessions.retrieve((await ann.api.post('/billing/checkout')).body.url.split('/').pop());
    expect(again.customer).toBe(session.customer);
    const other = await stripe.client.checkout.sessions.retrieve((await bob.api.post('/billing/checkout')).body.url.split('/').pop());
    expect(other.customer).not.toBe(session.customer);
    expect(other.client_reference_id).toBe(bob.userId);
  });

  it('a free owner pays with 4242: subscribed by the webhooks, and creates a second assistant', async () => {
    const owner = await newOwner();
    expect((await create(owner)).status).toBe(201);
    const refused = await create(owner);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(QUOTA_ERRORS.subscriptionRequired);

    await subscribe(owner);
    expect((await create(owner)).status).toBe(201);
    expect((await owner.api.get('/account')).body.subscription.chatbots_created).toBe(2);
    // Paying already: no second subscription.
    const second = await owner.api.post('/billing/checkout');
    expect(second.status).toBe(409);
  });

  it('a declined card leaves the owner on the free plan, with the decline shown on the page', async () => {
    const owner = await newOwner();
    const { body } = await owner.api.post('/billing/checkout');
    const before = (await stripe.events()).length;
    const declined = await stripe.pay(body.url, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect((await stripe.events()).length).toBe(before);
    const { body: account } = await owner.api.get('/account');
    expect(account.subscription).toMatchObject({ subscribed: false, subscription_tier: 'trial' });
  });

  it('refuses an event with a bad, missing or stale signature, or a changed body, and changes nothing', async () => {
    const owner = await newOwner();
    const subscriptionId = await subscribe(owner);
    const customer = await customerOf(owner);
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: subscriptionId, object: 'subscription', customer, status: 'canceled' } },
    });
    const wrongSecret = await postWebhook(payload, stripe.sign(payload, 'whsec_not_the_endpoint_secret'));
    expect(wrongSecret.status).toBe(400);
    expect((await wrongSecret.json()).error).toMatch(/signature/i);
    expect((await postWebhook(payload)).status).toBe(400);
    expect((await postWebhook(payload.replace('canceled', 'cancelled'), stripe.sign(payload))).status).toBe(400);
    const stale = `t=${Math.floor(Date.now() / 1000) - 3600},v1=${stripe.sign(payload).split('v1=')[1]}`;
    expect((await postWebhook(payload, stale)).status).toBe(400);
    expect((await owner.api.get('/account')).body.subscription).toMatchObject({ subscribed: true, billing_status: 'active' });
  });

  it('a replayed event is answered as a duplicate; a stale event arriving late does not undo a cancellation', async () => {
    const owner = await newOwner();
    const subscriptionId = await subscribe(owner);
    // Its first delivery may still be on the way: the owner was subscribed by whichever event came first.
    const deliveredCreation = async () =>
      (await stripe.events()).find(
        (e) => e.event.type === 'customer.subscription.created' && (e.event.data.object as { id: string }).id === subscriptionId && e.attempts.length > 0,
      );
    let created = await deliveredCreation();
    for (let i = 0; !created && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 200));
      created = await deliveredCreation();
    }
    expect(created?.attempts.at(-1)?.status).toBe(200);
    if (!created) return;
    // Stripe delivers an event again (a retry, or `stripe events resend`): nothing is done twice.
    const resent = await stripe.resend(created.event.id);
    expect(resent.attempts.at(-1).status).toBe(200);
    const payload = JSON.stringify(created.event);
    const replay = await postWebhook(payload, stripe.sign(payload));
    expect(await replay.json()).toEqual({ received: true, duplicate: true });

    // Cancelled for good; then an older 'active' snapshot arrives under a new event id (out of order).
    await stripe.client.subscriptions.cancel(subscriptionId);
    await waitForSubscription(owner.api, (s) => s.subscribed === false);
    const late = JSON.stringify({ ...created.event, id: `evt_${randomUUID()}`, type: 'customer.subscription.updated' });
    const res = await postWebhook(late, stripe.sign(late));
    expect(res.status).toBe(200);
    expect((await owner.api.get('/account')).body.subscription).toMatchObject({ subscribed: false, subscription_tier: 'expired', billing_status: 'canceled' });
  });

  it('cancelling in the portal keeps the plan to the period end; then assistants stay but no more can be created', async () => {
    const owner = await newOwner();
    const subscriptionId = await subscribe(owner);
    expect((await create(owner)).status).toBe(201);
    expect((await create(owner)).status).toBe(201);

    const page = await portal(owner);
    expect((await stripe.pay(page, '', '/cancel')).status).toBe(303);
    const ending = await waitForSubscription(owner.api, (s) => s.cancel_at_period_end === true);
    expect(ending.subscribed).toBe(true);

    await stripe.endPeriod(subscriptionId);
    const ended = await waitForSubscription(owner.api, (s) => s.subscribed === false);
    expect(ended).toMatchObject({ subscription_tier: 'expired', billing_status: 'canceled', max_chatbots: 1 });
    expect((await owner.api.get('/chatbots')).body.chatbots).toHaveLength(2);
    const refused = await create(owner);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(QUOTA_ERRORS.subscriptionRequired);
  });

  it('a failed renewal payment blocks creating; a working card in the portal pays and restores the plan', async () => {
    const owner = await newOwner();
    const subscriptionId = await subscribe(owner);
    expect((await create(owner)).status).toBe(201);
    const page = await portal(owner);
    expect((await stripe.pay(page, TEST_CARDS.chargeFails, '/payment-method')).html).toContain('saved');

    await stripe.endPeriod(subscriptionId);
    const unpaid = await waitForSubscription(owner.api, (s) => s.billing_status === 'past_due');
    expect(unpaid).toMatchObject({ subscribed: false, subscription_tier: 'past_due' });
    expect((await create(owner)).status).toBe(403);
    expect((await owner.api.post('/billing/checkout')).status).toBe(409);

    expect((await stripe.pay(page, TEST_CARDS.succeeds, '/payment-method')).html).toContain('saved');
    await waitForSubscription(owner.api, (s) => s.billing_status === 'active' && s.subscribed === true);
    expect((await create(owner)).status).toBe(201);
  });

  it('refresh-subscription reconciles with Stripe when a webhook was missed', async () => {
    const owner = await newOwner();
    await subscribe(owner);
    // As if the events had never arrived: the record still says free.
    await withRuntimeEnv(env, async () => {
      const { db } = await import('../../../functions/core/data/db.js');
      await db()
        .entities.subscription.patch({ user_id: owner.userId })
        .set({ subscribed: false, subscription_tier: 'trial', max_chatbots: 1, stripe_synced_at: 0 })
        .go();
    });
    const { status, body } = await owner.api.post('/account/subscription/refresh');
    expect(status).toBe(200);
    expect(body.subscription).toMatchObject({ subscribed: true, subscription_tier: 'professional', billing_status: 'active' });
  });

  it('the portal needs a billing account: 409 before the first checkout, 401 signed out', async () => {
    const owner = await newOwner();
    expect((await owner.api.post('/billing/portal')).status).toBe(409);
    expect((await fetch(`${apiUrl}/billing/portal`, { method: 'POST' })).status).toBe(401);
  });
});
