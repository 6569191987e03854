import * as z from 'zod';

/** POST /billing/checkout and POST /billing/portal: the Stripe page to open. */
export const billingRedirectSchema = z.object({ url: z.url() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

/** Spec 000: the paid plan, as the marketing copy states it. */
export const PAID_PLAN = { name: 'Pro', pricePerMonth: '£99' } as const;
