import { DEFAULT_SUBSCRIPTION, TRIAL_DAYS, type AccountResponse, type Profile, type Subscription } from '../../contracts/account.js';
import type { EntityItem } from 'electrodb';
import { db } from '../data/db.js';
import type { subscriptionEntity, userProfileEntity } from '../data/entities.js';
import type { Identity } from '../http/identity.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type StoredSubscription = EntityItem<ReturnType<typeof subscriptionEntity>>;
type StoredProfile = EntityItem<ReturnType<typeof userProfileEntity>>;

function isConditionalFailure(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? error);
  return /conditional request failed|ConditionalCheckFailed/i.test(text);
}

/** Creates a record unless one exists; a concurrent first request is not an error. */
async function createOnce(create: () => Promise<unknown>): Promise<void> {
  try {
    await create();
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

export function toSubscription(stored: StoredSubscription): Subscription {
  return {
    user_id: stored.user_id,
    subscribed: stored.subscribed ?? DEFAULT_SUBSCRIPTION.subscribed,
    subscription_tier: stored.subscription_tier ?? DEFAULT_SUBSCRIPTION.subscription_tier,
    trial_end: stored.trial_end ?? null,
    subscription_end: stored.subscription_end ?? null,
    chatbots_created: stored.chatbots_created ?? DEFAULT_SUBSCRIPTION.chatbots_created,
    max_chatbots: stored.max_chatbots ?? DEFAULT_SUBSCRIPTION.max_chatbots,
    billing_status: stored.billing_status ?? null,
    cancel_at_period_end: stored.cancel_at_period_end ?? false,
    has_billing_account: Boolean(stored.stripe_customer_id),
  };
}

function toProfile(stored: StoredProfile): Profile {
  return {
    user_id: stored.user_id,
    email: stored.email,
    business_name: stored.business_name ?? '',
    ...(stored.display_name && { display_name: stored.display_name }),
    ...(stored.avatar_url && { avatar_url: stored.avatar_url }),
    created_at: stored.created_at,
  };
}

async function readAccount(userId: string) {
  const { data } = await db().collections.account({ user_id: userId }).go();
  return { profile: data.userProfile[0], subscription: data.subscription[0] };
}

/**
 * The signed-in owner's profile and subscription. Both are created on the first call after
 * sign-up (which the app makes straight after its immediate sign-in), starting the 14-day trial.
 */
export async function getAccount(identity: Identity, now = new Date()): Promise<AccountResponse> {
  let { profile, subscription } = await readAccount(identity.userId);
  if (!profile || !subscription) {
    const createdAt = now.toISOString();
    if (!profile) {
      await createOnce(() =>
        db().entities.userProfile.create({
          user_id: identity.userId,
          email: identity.email,
          business_name: identity.businessName,
          created_at: createdAt,
        }).go(),
      );
    }
    if (!subscription) {
      await createOnce(() =>
        db().entities.subscription.create({
          user_id: identity.userId,
          ...DEFAULT_SUBSCRIPTION,
          trial_end: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
          subscription_end: undefined,
          updated_at: createdAt,
        }).go(),
      );
    }
    ({ profile, subscription } = await readAccount(identity.userId));
  }
  if (!profile || !subscription) throw new Error(`Account records missing after creation for ${identity.userId}`);
  return { profile: toProfile(profile), subscription: toSubscription(subscription) };
}

/**
 * Re-reads the subscription and settles what time has changed: a paid period that has ended.
 * (Stripe reconciliation joins here with the billing issue.)
 */
export async function refreshSubscription(identity: Identity, now = new Date()): Promise<Subscription> {
  const { subscription } = await getAccount(identity, now);
  const ended = subscription.subscription_end !== null && Date.parse(subscription.subscription_end) <= now.getTime();
  if (!subscription.subscribed || !ended) return subscription;
  const { data } = await db()
    .entities.subscription.patch({ user_id: identity.userId })
    .set({ subscribed: false, subscription_tier: 'expired', max_chatbots: DEFAULT_SUBSCRIPTION.max_chatbots, updated_at: now.toISOString() })
    .go({ response: 'all_new' });
  return toSubscription(data as StoredSubscription);
}
