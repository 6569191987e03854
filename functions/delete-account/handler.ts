import { deleteAccountRequestSchema } from '../contracts/account.js';
import { deleteAccount } from '../core/accounts/delete-account.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler({ route: 'delete-account', body: deleteAccountRequestSchema }, async ({ identity, body }) => {
  await deleteAccount(identity, body.confirm_email);
  return { deleted: true };
});
