import { deleteChatbot } from '../core/chatbots/manage-chatbots.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'delete-chatbot' }, async ({ caller, pathParameters }) => {
  await deleteChatbot(caller, pathId(pathParameters));
  return { deleted: true };
});
