import { RefreshCwIcon } from 'lucide-react';
import { useAccountQuery } from '@/auth/account-query';
import { toAccountSubscription } from '@/auth/subscription';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, type AccountRead } from '@/lib/api';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(date);
}

/**
 * /dashboard/assistants. For now the account card (from GET /account); the assistant grid of spec 000
 * section 2 comes with the assistants API.
 */
export default function AssistantsScreen() {
  const account = useAccountQuery();

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">Assistants</h2>
        <p className="text-muted-foreground">Your account, plan and assistant allowance.</p>
      </div>
      {account.isPending ? (
        <AccountCardSkeleton />
      ) : account.isError ? (
        <Card role="alert" className="max-w-xl border-destructive/40">
          <CardHeader>
            <CardTitle>Could not load your account</CardTitle>
            <CardDescription>{errorMessage(account.error)}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={() => void account.refetch()} disabled={account.isFetching}>
              <RefreshCwIcon className={account.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
              Retry
            </Button>
          </CardContent>
        </Card>
      ) : (
        <AccountCard account={account.data} />
      )}
    </div>
  );
}

function AccountCard({ account }: { account: AccountRead }) {
  const { profile } = account;
  const subscription = toAccountSubscription(account.subscription);

  return (
    <Card className="max-w-xl" aria-label="Account">
      <CardHeader>
        <CardTitle className="text-xl">{profile.business_name || 'No business name set'}</CardTitle>
        <CardDescription>{profile.email}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-3">
          <div className="flex flex-col gap-1">
            <dt className="text-muted-foreground">Plan</dt>
            <dd className="flex flex-col gap-1">
              <Badge variant="secondary" className="capitalize">
                {subscription.subscription_tier}
              </Badge>
              {subscription.trial_end && <span>Trial ends {formatDate(subscription.trial_end)}</span>}
              {subscription.subscription_end && (
                <span>Subscription ends {formatDate(subscription.subscription_end)}</span>
              )}
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-muted-foreground">Subscribed</dt>
            <dd className="font-medium">{subscription.subscribed ? 'Yes' : 'No'}</dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-muted-foreground">Assistants used</dt>
            <dd className="font-medium">
              {subscription.chatbots_created} of {subscription.max_chatbots}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function AccountCardSkeleton() {
  return (
    <Card className="max-w-xl" aria-busy="true" aria-label="Loading account">
      <CardHeader>
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-64" />
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </CardContent>
    </Card>
  );
}
