import { accountResponseSchema, type AccountResponse, type UpdateAccountRequest } from '@contracts/account';
import * as z from 'zod';
import type { ApiClient } from '@/lib/api';
import { uploadAvatar } from '@/lib/chatbots-api';

/** PATCH /account: the business name. */
export function updateAccount(api: ApiClient, body: UpdateAccountRequest): Promise<AccountResponse> {
  return api.request('/account', { method: 'PATCH', body, schema: accountResponseSchema });
}

/** The person's own picture: uploaded (POST /account/avatar/upload-url, then the file), then set (PUT /account/avatar). */
export async function uploadProfileAvatar(api: ApiClient, file: File): Promise<AccountResponse> {
  const url = await uploadAvatar(api, file, '/account/avatar/upload-url');
  return setProfileAvatar(api, url);
}

/** PUT /account/avatar: '' removes the picture (visitors then see the person's initials). */
export function setProfileAvatar(api: ApiClient, avatarUrl: string): Promise<AccountResponse> {
  return api.request('/account/avatar', { method: 'PUT', body: { avatar_url: avatarUrl }, schema: accountResponseSchema });
}

/** DELETE /account, confirmed by the owner's e-mail address as they typed it. */
export async function deleteAccount(api: ApiClient, confirmEmail: string): Promise<void> {
  await api.request('/account', { method: 'DELETE', body: { confirm_email: confirmEmail }, schema: z.object({ deleted: z.literal(true) }) });
}
