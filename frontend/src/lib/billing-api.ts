import { billingRedirectSchema, type BillingRedirect } from '@contracts/billing';
import type { ApiClient } from '@/lib/api';

/** POST /billing/checkout (spec 000 create-checkout): the Stripe Checkout page for the monthly plan. */
export function createCheckout(api: ApiClient): Promise<BillingRedirect> {
  return api.request('/billing/checkout', { method: 'POST', schema: billingRedirectSchema });
}

/** POST /billing/portal: the Stripe Customer Portal (change card, cancel). */
export function createPortalSession(api: ApiClient): Promise<BillingRedirect> {
  return api.request('/billing/portal', { method: 'POST', schema: billingRedirectSchema });
}
