import { PAID_PLAN } from '@contracts/billing';
import { useAccountQuery } from '@/auth/account-query';
import { toAccountSubscription } from '@/auth/subscription';
import { planDate } from '@/billing/plan-line';
import { ManageBillingButton, UpgradeButton } from '@/billing/BillingButtons';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The plan, what it allows and when it renews or ends; Upgrade (Checkout) or Manage Billing (Customer Portal). */
export function PlanSection() {
  const account = useAccountQuery();
  if (!account.data) return <Skeleton className="h-40 rounded-xl" aria-label="Loading your plan" />;
  const subscription = toAccountSubscription(account.data.subscription);
  const unpaid = subscription.billing_status === 'past_due' || subscription.billing_status === 'unpaid';
  // The date in the words the Assistants screen uses (billing/plan-line.ts).
  const date = planDate(subscription);
  const dated = date ? ` ${date}.` : '';
  let status: string;
  if (subscription.subscribed && subscription.cancel_at_period_end) status = `Cancelled, kept until the paid period ends.${dated}`;
  else if (subscription.subscribed) status = `${PAID_PLAN.pricePerMonth} a month, unlimited assistants.${dated}`;
  else if (unpaid) status = 'Your last payment failed. Update your card to keep your plan; until then you cannot create more assistants.';
  else if (subscription.subscription_tier === 'expired') status = 'Your plan has ended. Your assistants and their data are kept; upgrade to create more.';
  else status = `Free plan: one assistant.${dated}`;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Plan and Billing
          <Badge variant="secondary" className="capitalize" data-testid="plan-tier">
            {subscription.subscription_tier.replace('_', ' ')}
          </Badge>
        </CardTitle>
        <CardDescription>{status}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {!subscription.subscribed && !unpaid && <UpgradeButton />}
        {subscription.has_billing_account && <ManageBillingButton variant={unpaid ? 'default' : 'outline'} />}
      </CardContent>
    </Card>
  );
}
