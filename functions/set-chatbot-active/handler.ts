import { setChatbotActiveRequestSchema } from '../contracts/chatbot.js';
import { setChatbotActive } from '../core/chatbots/manage-chatbots.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler(
  { route: 'set-chatbot-active', body: setChatbotActiveRequestSchema },
  async ({ identity, pathParameters, body }) => ({
    chatbot: await setChatbotActive(identity.userId, pathId(pathParameters), body.is_active),
  }),
);
