import Stripe from 'stripe';
import { HttpError } from '../http/http-error.js';
import { loadSecretIntoEnv } from '../runtime/secret-env.js';

/** What the Stripe secret (JSON in Secrets Manager, STRIPE_SECRET_NAME) holds; `.env` may set them locally. */
export const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const;

export interface StripeSettings {
  client: Stripe;
  webhookSecret: string;
  priceId: string;
}

let cached: { signature: string; settings: StripeSettings } | undefined;

/** A refusal the owner can read when the deployment has no Stripe keys (ARCHITECTURE.md section 6). */
export const billingNotConfigured = () =>
  new HttpError(503, 'Billing is not configured on this deployment: its Stripe keys are missing. Please contact support.');

/**
 * The Stripe client and settings of this environment. On AWS the keys come from the secret once per
 * cold start; locally the runtime sets them and STRIPE_API_URL, which points the same SDK at the local
 * Stripe stand-in (local/stripe). Calls time out within a route's limit and are retried once.
 */
export async function stripeSettings(): Promise<StripeSettings> {
  await loadSecretIntoEnv(process.env.STRIPE_SECRET_NAME, STRIPE_KEYS, 'Stripe');
  const { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_ID: priceId, STRIPE_API_URL: apiUrl } = process.env;
  if (!key || !webhookSecret || !priceId) throw billingNotConfigured();
  const signature = [key, webhookSecret, priceId, apiUrl ?? ''].join('|');
  if (cached?.signature !== signature) {
    const base = apiUrl ? new URL(apiUrl) : undefined;
    const client = new Stripe(key, {
      timeout: 6_000,
      maxNetworkRetries: 1,
      ...(base ? { host: base.hostname, port: base.port, protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
    });
    cached = { signature, settings: { client, webhookSecret, priceId } };
  }
  return cached.settings;
}

/**
 * Stripe unreachable, slow or failing on its side (connection errors, 5xx, rate limits) is a 503 the
 * client may retry; anything else stays what it is (a bug, or a request Stripe refused).
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
      throw new HttpError(503, 'Service temporarily unavailable: our payment provider did not answer in time. Please try again in a few seconds.', {
        'retry-after': '5',
      });
    }
    throw error;
  }
}
