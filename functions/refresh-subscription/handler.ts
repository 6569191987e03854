import type { RefreshSubscriptionResponse } from '../contracts/account.js';
import { refreshSubscription } from '../core/accounts/account.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler(
  { route: 'refresh-subscription' },
  async ({ identity }): Promise<RefreshSubscriptionResponse> => ({ subscription: await refreshSubscription(identity) }),
);
