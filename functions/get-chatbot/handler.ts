import { getChatbot } from '../core/chatbots/manage-chatbots.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'get-chatbot' }, async ({ caller, pathParameters }) => ({
  chatbot: await getChatbot(caller, pathId(pathParameters)),
}));
