import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '@/auth/auth-context';
import { useApi } from '@/lib/api';
import { notify } from '@/lib/notify';

/** How long the return from Checkout waits for Stripe's events to make the owner a subscriber. */
const WAIT_MS = 20_000;
const POLL_MS = 1_000;

/**
 * Back from Stripe Checkout (`?checkout=success` or `?checkout=cancelled`, checkout.ts): on success the
 * subscription is refreshed (reconciled with Stripe) until it shows the paid plan, then the owner is
 * told; on cancel they are told they are still on their plan. The parameter is then removed.
 */
export function useCheckoutReturn(): void {
  const [params, setParams] = useSearchParams();
  const { refreshSubscription } = useAuth();
  const api = useApi();
  const outcome = params.get('checkout');
  const handled = useRef(false);

  useEffect(() => {
    if (!outcome || handled.current) return;
    handled.current = true;
    const clear = () =>
      setParams(
        (current) => {
          current.delete('checkout');
          current.delete('session_id');
          return current;
        },
        { replace: true },
      );
    if (outcome !== 'success') {
      notify.error('Checkout cancelled', { description: 'Nothing was charged. You are still on your current plan.' });
      clear();
      return;
    }
    void (async () => {
      const deadline = Date.now() + WAIT_MS;
      let subscribed = false;
      while (!subscribed && Date.now() < deadline) {
        subscribed = await api
          .refreshSubscription()
          .then(({ subscription }) => subscription?.subscribed === true)
          .catch(() => false);
        if (!subscribed) await new Promise((r) => setTimeout(r, POLL_MS));
      }
      await refreshSubscription();
      if (subscribed) notify.success('Upgrade complete', { description: 'Your subscription is active: you can now create unlimited assistants.' });
      else notify.error('Payment not confirmed yet', { description: 'Stripe has not confirmed your payment yet. Refresh this page in a minute.' });
      clear();
    })();
  }, [outcome, api, refreshSubscription, setParams]);
}
