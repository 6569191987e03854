import { chatbotFor } from '../core/access/authorize.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { deleteWorkflow } from '../core/workflows/manage-workflows.js';

export const handler = httpHandler({ route: 'delete-workflow' }, async ({ caller, pathParameters }) => {
  const { chatbot } = await chatbotFor(caller, pathId(pathParameters));
  await deleteWorkflow(chatbot.chatbot_id, pathId(pathParameters, 'workflowId'));
  return { deleted: true };
});
