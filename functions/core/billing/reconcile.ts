import type Stripe from 'stripe';
import { db } from '../data/db.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { log } from '../runtime/log.js';
import { currentSubscription, planState } from './plan-state.js';
import { callStripe } from './stripe-client.js';

/**
 * Makes the owner's subscription record say what Stripe says now: every subscription of their customer
 * is read and the one that counts decides (plan-state.ts). Events only say *that* something changed,
 * so their order does not matter: a late or repeated event leads to the same reading. A reading older
 * than the one stored is never written over it (stripe_synced_at).
 */
export async function reconcileCustomer(client: Stripe, userId: string, customerId: string, now = new Date()): Promise<void> {
  const readAt = Date.now();
  const { data: subscriptions } = await callStripe(() => client.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }));
  const current = currentSubscription(subscriptions);
  if (!current) return;
  try {
    await db()
      .entities.subscription.patch({ user_id: userId })
      .set({ ...planState(current), stripe_customer_id: customerId, stripe_synced_at: readAt, updated_at: now.toISOString() })
      .where((attr, op) => `${op.notExists(attr.stripe_synced_at)} OR ${op.lt(attr.stripe_synced_at, readAt)}`)
      .go();
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    // A newer reading was written meanwhile, or the owner's record is gone (account deleted).
    log.info('Stripe reading not written: a newer one is stored or the account is gone', { userId, customerId });
  }
}
