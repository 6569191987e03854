import type { Subscription } from '../../contracts/account.js';
import { refreshSubscription } from '../accounts/account.js';
import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';
import type { Identity } from '../http/identity.js';
import { log } from '../runtime/log.js';
import { reconcileCustomer } from './reconcile.js';
import { stripeSettings } from './stripe-client.js';

/**
 * refresh-subscription (spec 000 refreshSubscription): for an owner with a Stripe customer, the record
 * is first reconciled with Stripe (a missed webhook cannot leave it wrong for long), then time is
 * settled as before. If Stripe cannot be reached the stored record is answered, and the refusal logged.
 */
export async function refreshSubscriptionWithStripe(identity: Identity, now = new Date()): Promise<Subscription> {
  const { data } = await db().entities.subscription.get({ user_id: identity.userId }).go();
  if (data?.stripe_customer_id) {
    try {
      const { client } = await stripeSettings();
      await reconcileCustomer(client, identity.userId, data.stripe_customer_id, now);
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 503)) throw error;
      log.warn('Subscription not reconciled with Stripe', { userId: identity.userId, error: error.message });
    }
  }
  return refreshSubscription(identity, now);
}
