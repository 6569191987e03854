import type Stripe from 'stripe';
import { db } from '../data/db.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import type { Identity } from '../http/identity.js';
import { callStripe } from './stripe-client.js';

/** The owner of a Stripe customer, if the customer is one of ours. */
export async function ownerOfCustomer(customerId: string): Promise<string | undefined> {
  const { data } = await db().entities.stripeCustomer.get({ customer_id: customerId }).go();
  return data?.user_id;
}

/** Links a customer to an owner: the mapping for events, and the id on the owner's subscription record. */
export async function linkCustomer(userId: string, customerId: string, now = new Date()): Promise<string> {
  await db().entities.stripeCustomer.put({ customer_id: customerId, user_id: userId, created_at: now.toISOString() }).go();
  try {
    await db()
      .entities.subscription.patch({ user_id: userId })
      .set({ stripe_customer_id: customerId, updated_at: now.toISOString() })
      .where((attr, op) => op.notExists(attr.stripe_customer_id))
      .go();
    return customerId;
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    // Another request linked a customer first (or the record is gone): keep the one stored.
    const { data } = await db().entities.subscription.get({ user_id: userId }).go();
    return data?.stripe_customer_id ?? customerId;
  }
}

/** The owner's Stripe customer id, created on their first checkout (one per owner, reused afterwards). */
export async function ensureCustomer(identity: Identity, client: Stripe): Promise<string> {
  const { data } = await db().entities.subscription.get({ user_id: identity.userId }).go();
  if (data?.stripe_customer_id) return data.stripe_customer_id;
  const customer = await callStripe(() =>
    client.customers.create(
      { email: identity.email || undefined, name: identity.businessName || undefined, metadata: { user_id: identity.userId } },
      // Two first checkouts at once make one customer on Stripe.
      { idempotencyKey: `customer-${identity.userId}` },
    ),
  );
  return linkCustomer(identity.userId, customer.id);
}
