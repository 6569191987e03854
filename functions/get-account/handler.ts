import type { AccountResponse } from '../contracts/account.js';
import { getAccount } from '../core/accounts/account.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler({ route: 'get-account' }, ({ identity }): Promise<AccountResponse> => getAccount(identity));
