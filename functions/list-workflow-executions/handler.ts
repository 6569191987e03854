import { chatbotFor } from '../core/access/authorize.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { listWorkflowExecutions } from '../core/workflows/execution-history.js';

export const handler = httpHandler({ route: 'list-workflow-executions' }, async ({ caller, pathParameters }) => {
  const { chatbot } = await chatbotFor(caller, pathId(pathParameters));
  return { executions: await listWorkflowExecutions(chatbot.chatbot_id) };
});
