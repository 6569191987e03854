import type { BillingRedirect } from '../../contracts/billing.js';
import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';
import type { Identity } from '../http/identity.js';
import { requireEnv } from '../runtime/env.js';
import { callStripe, stripeSettings } from './stripe-client.js';

/** The Customer Portal (change card, cancel, renew) for the owner's own Stripe customer. */
export async function createPortalSession(identity: Identity): Promise<BillingRedirect> {
  const { client } = await stripeSettings();
  const { data } = await db().entities.subscription.get({ user_id: identity.userId }).go();
  if (!data?.stripe_customer_id) throw new HttpError(409, 'You have no billing account yet: subscribe first.');
  const customer = data.stripe_customer_id;
  const session = await callStripe(() =>
    client.billingPortal.sessions.create({ customer, return_url: `${requireEnv('PUBLIC_SITE_URL')}/dashboard/settings` }),
  );
  return { url: session.url };
}
