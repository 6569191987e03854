import { setChatbotActiveRequestSchema } from '../contracts/chatbot.js';
import { setChatbotActive } from '../core/chatbots/manage-chatbots.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler(
  { route: 'set-chatbot-active', body: setChatbotActiveRequestSchema },
  async ({ caller, pathParameters, body }) => ({
    chatbot: await setChatbotActive(caller, pathId(pathParameters), body.is_active),
  }),
);
