import { listChatbotsQuerySchema } from '../contracts/chatbot.js';
import { listChatbots } from '../core/chatbots/manage-chatbots.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler({ route: 'list-chatbots', query: listChatbotsQuerySchema }, async ({ identity, query }) => ({
  chatbots: await listChatbots(identity.userId, query.sort),
}));
