import { db } from '../data/db.js';
import { callStripe, stripeSettings } from './stripe-client.js';

const ENDED = new Set(['canceled', 'incomplete_expired']);

/** Cancels, now, every subscription of the owner's Stripe customer that has not ended (account deletion). */
export async function cancelStripeSubscriptions(userId: string): Promise<void> {
  const { data } = await db().entities.subscription.get({ user_id: userId }).go();
  const customer = data?.stripe_customer_id;
  if (!customer) return;
  const { client } = await stripeSettings();
  const { data: subscriptions } = await callStripe(() => client.subscriptions.list({ customer, status: 'all', limit: 100 }));
  for (const subscription of subscriptions) {
    if (!ENDED.has(subscription.status)) await callStripe(() => client.subscriptions.cancel(subscription.id));
  }
}
