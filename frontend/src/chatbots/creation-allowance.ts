import { QUOTA_ERRORS } from '@contracts/chatbot';
import { useAccountQuery } from '@/auth/account-query';
import { useAuth } from '@/auth/auth-context';
import { toAccountSubscription, type AccountSubscription } from '@/auth/subscription';

/** Spec 000 section 9: one free assistant at a time (chatbots_created counts the assistants the owner has). */
export const FREE_ASSISTANTS = 1;

export type CreationRefusal = (typeof QUOTA_ERRORS)[keyof typeof QUOTA_ERRORS];

/**
 * Whether one more assistant may be created, and the refusal the spec names if not (the server applies
 * the same rule): unsubscribed owners get one; a subscriber's max_chatbots applies (0 or less: unlimited).
 */
export function creationRefusal(subscription: AccountSubscription): CreationRefusal | null {
  if (!subscription.subscribed) {
    return subscription.chatbots_created < FREE_ASSISTANTS ? null : QUOTA_ERRORS.subscriptionRequired;
  }
  const unlimited = subscription.max_chatbots <= 0;
  return unlimited || subscription.chatbots_created < subscription.max_chatbots ? null : QUOTA_ERRORS.limitReached;
}

export interface CreationAllowance {
  /** Null while there is no subscription data. */
  subscription: AccountSubscription | null;
  refusal: CreationRefusal | null;
  /** False also while there is no subscription data. */
  canCreate: boolean;
  /** Why there is no subscription data (GET /account failed), and a way to ask again. */
  loadError: Error | null;
  retry: () => void;
}

/** The signed-in owner's subscription (from the auth state, else GET /account) and what it allows. */
export function useCreationAllowance(): CreationAllowance {
  const { subscription: fromAuth } = useAuth();
  const account = useAccountQuery();
  const subscription = fromAuth ?? (account.data ? toAccountSubscription(account.data.subscription) : null);
  const refusal = subscription ? creationRefusal(subscription) : null;
  return {
    subscription,
    refusal,
    canCreate: subscription !== null && refusal === null,
    loadError: subscription === null && account.isError ? account.error : null,
    retry: () => void account.refetch(),
  };
}
