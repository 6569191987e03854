import { getChatbot } from '../core/chatbots/manage-chatbots.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'get-chatbot' }, async ({ identity, pathParameters }) => ({
  chatbot: await getChatbot(identity.userId, pathId(pathParameters)),
}));
