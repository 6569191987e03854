import { randomBytes } from 'node:crypto';
import { LOCAL_PRICE } from './stand-in-state.js';

const LOCAL_SECRET_KEY = 'sk_test_local_stand_in';

export interface LocalStripeSettings {
  /** STRIPE_* for the handlers. */
  env: Record<string, string>;
  /** The stand-in's keys, when it is used (no real keys in the environment). */
  standIn?: { secretKey: string; webhookSecret: string };
}

/**
 * With STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID in `.env`, the product talks to
 * Stripe itself (forward its events with `stripe listen --forward-to localhost:3001/billing/webhook`).
 * Without them, the local stand-in with a test key, a fresh signing secret and the plan's price.
 */
export function localStripeSettings(environment: NodeJS.ProcessEnv): LocalStripeSettings {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID } = environment;
  // A runtime started again in the same process finds the stand-in's own key: not a real one.
  const real = STRIPE_SECRET_KEY && !STRIPE_SECRET_KEY.startsWith(LOCAL_SECRET_KEY);
  if (real && STRIPE_WEBHOOK_SECRET && STRIPE_PRICE_ID) {
    return { env: { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID } };
  }
  const standIn = { secretKey: LOCAL_SECRET_KEY, webhookSecret: `whsec_${randomBytes(24).toString('base64url')}` };
  return {
    env: { STRIPE_SECRET_KEY: standIn.secretKey, STRIPE_WEBHOOK_SECRET: standIn.webhookSecret, STRIPE_PRICE_ID: LOCAL_PRICE.id },
    standIn,
  };
}
