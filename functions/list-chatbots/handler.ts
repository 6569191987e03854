import { listChatbots } from '../core/chatbots/manage-chatbots.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler({ route: 'list-chatbots' }, async ({ identity }) => ({
  chatbots: await listChatbots(identity.userId),
}));
