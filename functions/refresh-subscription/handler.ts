import type { RefreshSubscriptionResponse } from '../contracts/account.js';
import { refreshSubscriptionWithStripe } from '../core/billing/refresh.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler(
  { route: 'refresh-subscription' },
  async ({ identity }): Promise<RefreshSubscriptionResponse> => ({ subscription: await refreshSubscriptionWithStripe(identity) }),
);
