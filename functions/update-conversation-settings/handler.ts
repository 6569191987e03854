import { updateConversationSettingsRequestSchema } from '../contracts/chatbot.js';
import { updateConversationSettings } from '../core/chatbots/manage-chatbots.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler(
  { route: 'update-conversation-settings', body: updateConversationSettingsRequestSchema },
  async ({ caller, pathParameters, body }) => ({
    chatbot: await updateConversationSettings(caller, pathId(pathParameters), body),
  }),
);
