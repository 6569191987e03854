import { setProfileAvatarRequestSchema, type AccountResponse } from '../contracts/account.js';
import { setProfileAvatar } from '../core/accounts/profile-avatar.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler(
  { route: 'set-profile-avatar', body: setProfileAvatarRequestSchema },
  ({ identity, body }): Promise<AccountResponse> => setProfileAvatar(identity, body.avatar_url),
);
