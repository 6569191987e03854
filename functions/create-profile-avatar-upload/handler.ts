import { avatarUploadRequestSchema } from '../contracts/chatbot.js';
import { createProfileAvatarUpload } from '../core/accounts/profile-avatar.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler({ route: 'create-profile-avatar-upload', body: avatarUploadRequestSchema }, ({ identity, body }) =>
  createProfileAvatarUpload(identity, body),
);
