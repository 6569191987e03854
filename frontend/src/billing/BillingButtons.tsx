import { PAID_PLAN } from '@contracts/billing';
import { CreditCardIcon, LoaderCircleIcon, SparklesIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { createCheckout, createPortalSession } from '@/lib/billing-api';
import { errorMessage, useApi, type ApiClient } from '@/lib/api';
import { notify } from '@/lib/notify';

/**
 * Opens a Stripe page in a new tab (spec 000: create-checkout's url is opened in a new tab). The tab is
 * opened on the click, before the server answers, so no pop-up blocker stops it; if it is blocked
 * anyway, this tab goes there.
 */
function useStripePage(make: (api: ApiClient) => Promise<{ url: string }>, failure: string) {
  const api = useApi();
  const [pending, setPending] = useState(false);
  const open = async () => {
    setPending(true);
    const tab = window.open('', '_blank');
    try {
      const { url } = await make(api);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      console.error(failure, error);
      notify.error('Error', { description: error instanceof Error && 'status' in error && error.status === 409 ? errorMessage(error) : failure });
    } finally {
      setPending(false);
    }
  };
  return { open, pending };
}

/** 'Upgrade': Stripe Checkout for the monthly plan. */
export function UpgradeButton({ size }: { size?: 'default' | 'sm' | 'lg' }) {
  const { open, pending } = useStripePage(createCheckout, 'Failed to start checkout process');
  return (
    <Button size={size} onClick={() => void open()} disabled={pending} aria-busy={pending}>
      {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SparklesIcon aria-hidden="true" />}
      Upgrade to {PAID_PLAN.name} ({PAID_PLAN.pricePerMonth}/month)
    </Button>
  );
}

/** 'Manage Billing': the Stripe Customer Portal (change card, cancel, renew). */
export function ManageBillingButton({ variant = 'outline' }: { variant?: 'default' | 'outline' }) {
  const { open, pending } = useStripePage(createPortalSession, 'Failed to open the billing portal');
  return (
    <Button variant={variant} onClick={() => void open()} disabled={pending} aria-busy={pending}>
      {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <CreditCardIcon aria-hidden="true" />}
      Manage Billing
    </Button>
  );
}
