import { avatarUploadRequestSchema } from '../contracts/chatbot.js';
import { createAvatarUpload } from '../core/chatbots/avatar-upload.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler({ route: 'create-avatar-upload', body: avatarUploadRequestSchema }, ({ body }) =>
  createAvatarUpload(body),
);
