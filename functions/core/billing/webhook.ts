import type Stripe from 'stripe';
import { db } from '../data/db.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { badRequest } from '../http/http-error.js';
import { log } from '../runtime/log.js';
import { linkCustomer, ownerOfCustomer } from './customers.js';
import { reconcileCustomer } from './reconcile.js';
import { stripeSettings } from './stripe-client.js';

/** The events that can change an owner's plan (configure the endpoint on Stripe with these). */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const EVENT_RECORD_DAYS = 30;

export interface WebhookOutcome {
  received: true;
  /** This event id was handled before: nothing was done again. */
  duplicate?: true;
  /** Not an event that changes a plan, or not one of our customers. */
  ignored?: true;
}

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'object' && value && 'id' in value ? String((value as { id: unknown }).id) : undefined;

/** The owner an event is about: by its customer, else (first checkout) by the id our checkout gave it. */
async function ownerOf(event: Stripe.Event, customerId: string): Promise<string | undefined> {
  const known = await ownerOfCustomer(customerId);
  if (known) return known;
  if (event.type !== 'checkout.session.completed') return undefined;
  const session = event.data.object;
  const userId = session.client_reference_id ?? session.metadata?.user_id;
  return userId ? linkCustomer(userId, customerId).then(() => userId) : undefined;
}

/**
 * stripe-webhook: the signature is checked on the raw bytes as received (a changed byte, another
 * secret or a stale timestamp is a 400 and changes nothing); an event id handled before is answered
 * without being done again; a plan event re-reads the customer's subscriptions from Stripe
 * (reconcile.ts), so events arriving late, twice or out of order leave the record true. A failure to
 * reach Stripe answers 503, and Stripe delivers the event again later.
 */
export async function handleStripeWebhook(rawBody: Buffer, signature: string | undefined, now = new Date()): Promise<WebhookOutcome> {
  const { client, webhookSecret } = await stripeSettings();
  if (!signature) throw badRequest('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = client.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    log.warn('Stripe webhook refused: bad signature', { error: (error as Error).message });
    throw badRequest('Invalid Stripe signature: this event was not signed with the endpoint secret, was changed, or is too old');
  }
  const { data: seen } = await db().entities.stripeEvent.get({ event_id: event.id }).go();
  if (seen) return { received: true, duplicate: true };

  let ignored = true;
  const customerId = HANDLED_EVENTS.has(event.type) ? idOf((event.data.object as { customer?: unknown }).customer) : undefined;
  if (customerId) {
    const userId = await ownerOf(event, customerId);
    if (userId) {
      await reconcileCustomer(client, userId, customerId, now);
      ignored = false;
    } else {
      log.warn('Stripe event for a customer of no owner', { eventId: event.id, type: event.type, customerId });
    }
  }
  try {
    await db()
      .entities.stripeEvent.create({
        event_id: event.id,
        type: event.type,
        processed_at: now.toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + EVENT_RECORD_DAYS * 86_400,
      })
      .go();
  } catch (error) {
    // The same event handled at the same moment by another delivery: both readings were true.
    if (!isConditionalFailure(error)) throw error;
  }
  return ignored ? { received: true, ignored: true } : { received: true };
}
