import { publicChatbot } from '../core/demo/public-chatbot.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'get-public-chatbot' }, async ({ pathParameters, event }) => ({
  chatbot: await publicChatbot(pathId(pathParameters), event.headers?.origin),
}));
