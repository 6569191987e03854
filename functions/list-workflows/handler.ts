import { chatbotFor } from '../core/access/authorize.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { listWorkflows } from '../core/workflows/manage-workflows.js';

export const handler = httpHandler({ route: 'list-workflows' }, async ({ caller, pathParameters }) => {
  const { chatbot } = await chatbotFor(caller, pathId(pathParameters));
  return { workflows: await listWorkflows(chatbot.chatbot_id) };
});
