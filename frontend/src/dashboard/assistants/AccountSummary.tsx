import { useAccountQuery } from '@/auth/account-query';
import { toAccountSubscription } from '@/auth/subscription';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(date);
}

/** A compact line with the account, the plan and the assistant allowance (from GET /account). */
export function AccountSummary() {
  const account = useAccountQuery();
  if (account.isPending) return <Skeleton className="h-5 w-80" aria-label="Loading account" />;
  if (account.isError) return null;

  const { profile } = account.data;
  const subscription = toAccountSubscription(account.data.subscription);
  const allowance =
    subscription.subscribed && subscription.max_chatbots <= 0
      ? `${subscription.chatbots_created} assistants created`
      : `${subscription.chatbots_created} of ${subscription.max_chatbots} assistants used`;

  return (
    <section aria-label="Account" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <span className="font-medium text-foreground">{profile.business_name || 'No business name set'}</span>
      <span>{profile.email}</span>
      <Badge variant="secondary" className="capitalize">
        {subscription.subscription_tier} plan
      </Badge>
      {subscription.trial_end && <span>Trial ends {formatDate(subscription.trial_end)}</span>}
      {subscription.subscription_end && <span>Subscription ends {formatDate(subscription.subscription_end)}</span>}
      <span>{allowance}</span>
    </section>
  );
}
