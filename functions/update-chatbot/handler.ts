import { updateChatbotRequestSchema } from '../contracts/chatbot.js';
import { updateChatbot } from '../core/chatbots/manage-chatbots.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler(
  { route: 'update-chatbot', body: updateChatbotRequestSchema },
  async ({ caller, pathParameters, body }) => ({
    chatbot: await updateChatbot(caller, pathId(pathParameters), body),
  }),
);
