import { setWorkflowActiveRequestSchema } from '../contracts/workflows.js';
import { chatbotFor } from '../core/access/authorize.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { setWorkflowActive } from '../core/workflows/manage-workflows.js';
import { toWorkflow } from '../core/workflows/workflow-record.js';

export const handler = httpHandler(
  { route: 'set-workflow-active', body: setWorkflowActiveRequestSchema },
  async ({ caller, pathParameters, body }) => {
    const { chatbot } = await chatbotFor(caller, pathId(pathParameters));
    return { workflow: toWorkflow(await setWorkflowActive(chatbot.chatbot_id, pathId(pathParameters, 'workflowId'), body.is_active)) };
  },
);
