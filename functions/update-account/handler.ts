import { updateAccountRequestSchema, type AccountResponse } from '../contracts/account.js';
import { updateAccount } from '../core/accounts/update-account.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler(
  { route: 'update-account', body: updateAccountRequestSchema },
  ({ identity, body }): Promise<AccountResponse> => updateAccount(identity, body),
);
