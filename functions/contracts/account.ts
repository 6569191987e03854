import * as z from 'zod';

/** Spec 000 section 3 "Subscription record"; defaults from section 9. */
export const subscriptionTiers = ['trial', 'starter', 'professional', 'enterprise', 'expired'] as const;

export const subscriptionSchema = z.object({
  user_id: z.string(),
  subscribed: z.boolean(),
  subscription_tier: z.string(),
  trial_end: z.string().nullable(),
  subscription_end: z.string().nullable(),
  /** The assistants the owner has now (deleting one frees its slot); the spec's name is kept. */
  chatbots_created: z.number().int().nonnegative(),
  max_chatbots: z.number().int().nonnegative(),
  /** Stripe's status of the paid plan (active, past_due, canceled...); null without one. */
  billing_status: z.string().nullable().optional(),
  /** The plan was cancelled and ends at subscription_end. */
  cancel_at_period_end: z.boolean().optional(),
  /** The owner has a Stripe customer, so the Customer Portal can open. */
  has_billing_account: z.boolean().optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const profileSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  business_name: z.string(),
  /** The person's own name, shown to visitors when they answer a conversation (else a name from their e-mail). */
  display_name: z.string().optional(),
  /** The person's own picture (Settings > Profile), shown to visitors beside their replies; absent: their initials. */
  avatar_url: z.string().optional(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /account */
export const accountResponseSchema = z.object({
  profile: profileSchema,
  subscription: subscriptionSchema,
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

/** POST /account/subscription/refresh */
export const refreshSubscriptionResponseSchema = z.object({ subscription: subscriptionSchema });
export type RefreshSubscriptionResponse = z.infer<typeof refreshSubscriptionResponseSchema>;

/** Spec 000 section 9: what the client assumes when no record exists. */
export const DEFAULT_SUBSCRIPTION: Omit<Subscription, 'user_id' | 'billing_status' | 'cancel_at_period_end' | 'has_billing_account'> = {
  subscribed: false,
  subscription_tier: 'trial',
  trial_end: null,
  subscription_end: null,
  chatbots_created: 0,
  max_chatbots: 1,
};

export const TRIAL_DAYS = 14;

/** PATCH /account (account settings): the business name, on the profile and the user; the person's own name. */
export const updateAccountRequestSchema = z.object({
  business_name: z.string().trim().max(100, 'must be at most 100 characters'),
  /** Your name as visitors see it when you answer them ("Maria from Harbor Cafe joined the conversation"); empty clears it. */
  display_name: z.string().trim().max(60, 'must be at most 60 characters').optional(),
});
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;

/**
 * PUT /account/avatar: the picture uploaded through POST /account/avatar/upload-url becomes the caller's
 * avatar (only the address that upload gave, once the image is there); '' removes it.
 */
export const setProfileAvatarRequestSchema = z.object({
  avatar_url: z.union([z.literal(''), z.string().trim().max(2048).url('avatar_url must be the address the upload gave')]),
});
export type SetProfileAvatarRequest = z.infer<typeof setProfileAvatarRequestSchema>;

/** DELETE /account: the owner types their e-mail address to confirm. */
export const deleteAccountRequestSchema = z.object({ confirm_email: z.string().trim().max(254) });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
