import { useAccountQuery } from '@/auth/account-query';
import { toAccountSubscription } from '@/auth/subscription';
import { assistantAllowance, planDate } from '@/billing/plan-line';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';

/** A compact line with the account, the plan and the assistant allowance (from GET /account). */
export function AccountSummary() {
  const account = useAccountQuery();
  if (account.isPending) return <Skeleton className="h-5 w-80" aria-label="Loading account" />;
  if (account.isError) return null;

  const { profile } = account.data;
  const subscription = toAccountSubscription(account.data.subscription);
  const date = planDate(subscription);

  return (
    <section aria-label="Account" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <span className="font-medium text-foreground">{profile.business_name || 'No business name set'}</span>
      <span>{profile.email}</span>
      <Badge variant="secondary" className="capitalize">
        {subscription.subscription_tier} plan
      </Badge>
      {date && <span>{date}</span>}
      <span>{assistantAllowance(subscription)}</span>
    </section>
  );
}
