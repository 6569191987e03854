import { createChatbotRequestSchema } from '../contracts/chatbot.js';
import { createChatbot } from '../core/chatbots/create-chatbot.js';
import { httpHandler } from '../core/http/http-handler.js';
import { runOnce } from '../core/http/idempotency.js';

export const handler = httpHandler(
  { route: 'create-chatbot', body: createChatbotRequestSchema, successStatus: 201, idempotency: runOnce },
  ({ identity, body, signal }) => createChatbot(identity, body, signal),
);
