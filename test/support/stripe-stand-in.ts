import Stripe from 'stripe';
import type { ApiClient } from './api-client.js';

/** Stripe's test cards (local/stripe/test-cards.ts). */
export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  chargeFails: '4000 0000 0000 0341',
} as const;

/** The test runtime's local Stripe, reached as the product reaches it (env from the runtime). */
export function stripeStandIn(env: Record<string, string>) {
  const base = env.STRIPE_API_URL!;
  const secret = env.STRIPE_WEBHOOK_SECRET!;
  const client = new Stripe(env.STRIPE_SECRET_KEY!, { host: new URL(base).hostname, port: new URL(base).port, protocol: 'http' });
  const control = async (method: string, path: string) => {
    const res = await fetch(`${base}/_stand-in${path}`, { method });
    return res.json();
  };
  return {
    client,
    /** Submits the hosted page's card form, as the owner's browser does: 303 to success_url, or 402 with the decline. */
    async pay(pageUrl: string, card: string, action = '') {
      const form = new URLSearchParams({ cardNumber: card, cardExpiry: '12 / 34', cardCvc: '123', cardName: 'Test Owner' });
      const res = await fetch(`${pageUrl}${action}`, { method: 'POST', body: form, redirect: 'manual' });
      return { status: res.status, location: res.headers.get('location'), html: await res.text() };
    },
    /** Every event the stand-in sent, oldest first, with its deliveries. */
    events: async (): Promise<{ event: Stripe.Event; attempts: { status: number }[] }[]> => (await control('GET', '/events')).data,
    resend: (eventId: string) => control('POST', `/events/${eventId}/resend`),
    endPeriod: (subscriptionId: string) => control('POST', `/subscriptions/${subscriptionId}/end-period`),
    /** Signs a payload with the endpoint's secret, exactly as Stripe does. */
    sign: (payload: string, withSecret = secret) => client.webhooks.generateTestHeaderString({ payload, secret: withSecret }),
  };
}

/** Polls GET /account until `done` holds for the subscription (webhooks arrive in the background). */
export async function waitForSubscription<T extends Record<string, unknown>>(
  owner: ApiClient,
  done: (subscription: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await owner.get('/account');
    if (done(body.subscription)) return body.subscription;
    if (Date.now() > deadline) throw new Error(`Subscription still ${JSON.stringify(body.subscription)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
