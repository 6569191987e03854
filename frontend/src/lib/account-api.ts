import { accountResponseSchema, type AccountResponse, type UpdateAccountRequest } from '@contracts/account';
import * as z from 'zod';
import type { ApiClient } from '@/lib/api';

/** PATCH /account: the business name. */
export function updateAccount(api: ApiClient, body: UpdateAccountRequest): Promise<AccountResponse> {
  return api.request('/account', { method: 'PATCH', body, schema: accountResponseSchema });
}

/** DELETE /account, confirmed by the owner's e-mail address as they typed it. */
export async function deleteAccount(api: ApiClient, confirmEmail: string): Promise<void> {
  await api.request('/account', { method: 'DELETE', body: { confirm_email: confirmEmail }, schema: z.object({ deleted: z.literal(true) }) });
}
