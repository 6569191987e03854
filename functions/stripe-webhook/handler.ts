import { handleStripeWebhook } from '../core/billing/webhook.js';
import { payloadTooLarge } from '../core/http/http-error.js';
import { httpHandler } from '../core/http/http-handler.js';

/** Stripe's events are a few KB; lib/routes.ts gives the route the same limit. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * Public, for Stripe: the signature is verified on the body's bytes exactly as they arrived (API Gateway
 * may hand them over base64-encoded), never on re-serialised JSON.
 */
export const handler = httpHandler({ route: 'stripe-webhook' }, ({ event }) => {
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : Buffer.from(event.body ?? '', 'utf8');
  if (raw.length > MAX_EVENT_BYTES) throw payloadTooLarge(MAX_EVENT_BYTES);
  return handleStripeWebhook(raw, event.headers['stripe-signature']);
});
