import { TRIAL_DAYS } from '@contracts/account';
import { CircleCheckIcon, GiftIcon, LayoutDashboardIcon, LockIcon, PartyPopperIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { AccountSubscription } from '@/auth/subscription';
import { ManageBillingButton, UpgradeButton } from '@/billing/BillingButtons';
import { assistantAllowance } from '@/billing/plan-line';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const SIGN_IN_BENEFITS = [
  `${TRIAL_DAYS}-day free trial`,
  'Unlimited AI assistants',
  'Multi-platform deployment',
  'Advanced analytics',
  '24/7 support',
] as const;

/** Signed out (spec 000 section 2, "Assistant creator (modes)"). */
export function SignInRequiredCard() {
  return (
    <Card className="mx-auto w-full max-w-xl text-center">
      <CardHeader className="items-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <LockIcon className="size-6" aria-hidden="true" />
        </span>
        <CardTitle className="text-2xl">Sign In Required</CardTitle>
        <CardDescription>Sign in or start your free trial to create your AI assistant.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ul className="mx-auto flex flex-col gap-2 text-left" aria-label="What you get">
          {SIGN_IN_BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-center gap-2 text-sm">
              <CircleCheckIcon className="size-4 shrink-0 text-green-600" aria-hidden="true" />
              {benefit}
            </li>
          ))}
        </ul>
        <div className="flex flex-col justify-center gap-2 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/auth">Start Free Trial</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/auth">Sign In</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Signed in, unsubscribed, no assistant yet: shown above the form. */
export function FreePlanCard() {
  return (
    <Card className="border-primary/30 bg-primary/5 py-4">
      <CardContent className="flex items-start gap-3">
        <GiftIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">Free Plan</h3>
            <Badge variant="secondary">1 free assistant</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            Your first AI assistant is free, no card needed. Upgrade later for unlimited assistants.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Signed in and subscribed: the plan and its allowance, above the form. */
export function SubscribedPlanCard({ subscription, limitReached }: { subscription: AccountSubscription; limitReached: boolean }) {
  return (
    <Card className="border-primary/30 bg-primary/5 py-4">
      <CardContent className="flex flex-wrap items-center gap-2">
        {limitReached && (
          <p className="w-full text-sm font-medium text-destructive">
            Limit Reached: you&apos;ve reached your chatbot limit. Please upgrade for more.
          </p>
        )}
        <h3 className="font-semibold capitalize">{subscription.subscription_tier} Plan</h3>
        <Badge variant="secondary">
          {assistantAllowance(subscription)}
        </Badge>
        {limitReached && <ManageBillingButton />}
      </CardContent>
    </Card>
  );
}

/** Signed in, unsubscribed, the free assistant already created. */
export function FreeAssistantCreatedCard() {
  return (
    <Card className="mx-auto w-full max-w-xl text-center">
      <CardHeader className="items-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-600/10 text-green-700">
          <PartyPopperIcon className="size-6" aria-hidden="true" />
        </span>
        <CardTitle className="text-2xl">Free Assistant Created</CardTitle>
        <CardDescription>
          You have created your free AI assistant. Manage it, train it and deploy it from your dashboard. Upgrade to
          create more assistants.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col justify-center gap-2 sm:flex-row">
        <Button asChild size="lg" variant="outline">
          <Link to="/dashboard">
            <LayoutDashboardIcon aria-hidden="true" />
            Go to Dashboard
          </Link>
        </Button>
        <UpgradeButton size="lg" />
      </CardContent>
    </Card>
  );
}
