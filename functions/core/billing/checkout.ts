import type { BillingRedirect } from '../../contracts/billing.js';
import { getAccount } from '../accounts/account.js';
import { HttpError } from '../http/http-error.js';
import type { Identity } from '../http/identity.js';
import { requireEnv } from '../runtime/env.js';
import { ensureCustomer } from './customers.js';
import { isPaidStatus } from './plan-state.js';
import { callStripe, stripeSettings } from './stripe-client.js';

/** Where Checkout sends the owner back: the Assistants screen, which then refreshes the subscription. */
export const checkoutReturnUrls = (site: string) => ({
  success: `${site}/dashboard/assistants?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
  cancel: `${site}/dashboard/assistants?checkout=cancelled`,
});

/**
 * create-checkout (spec 000): a Stripe Checkout session for the monthly plan, for the signed-in owner's
 * own customer. An owner who pays already, or whose payment failed (they fix it in the portal), gets
 * a 409 rather than a second subscription.
 */
export async function createCheckout(identity: Identity): Promise<BillingRedirect> {
  const { client, priceId } = await stripeSettings();
  const { subscription } = await getAccount(identity);
  if (subscription.subscribed || isPaidStatus(subscription.billing_status)) {
    throw new HttpError(409, 'You already have an active subscription. Manage it from Account settings.');
  }
  if (subscription.billing_status === 'past_due' || subscription.billing_status === 'unpaid') {
    throw new HttpError(409, 'Your last payment failed. Update your card in the billing portal (Account settings) to keep your plan.');
  }
  const customer = await ensureCustomer(identity, client);
  const urls = checkoutReturnUrls(requireEnv('PUBLIC_SITE_URL'));
  const session = await callStripe(() =>
    client.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: identity.userId,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: urls.success,
      cancel_url: urls.cancel,
      metadata: { user_id: identity.userId },
      subscription_data: { metadata: { user_id: identity.userId } },
    }),
  );
  if (!session.url) throw new Error('Stripe answered a Checkout session without a URL');
  return { url: session.url };
}
