import { saveWorkflowRequestSchema } from '../contracts/workflows.js';
import { chatbotFor } from '../core/access/authorize.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { createWorkflow } from '../core/workflows/manage-workflows.js';
import { toWorkflow } from '../core/workflows/workflow-record.js';

export const handler = httpHandler(
  { route: 'create-workflow', body: saveWorkflowRequestSchema, successStatus: 201 },
  async ({ caller, pathParameters, body }) => {
    const { chatbot } = await chatbotFor(caller, pathId(pathParameters));
    return { workflow: toWorkflow(await createWorkflow(chatbot.user_id, chatbot.chatbot_id, body)) };
  },
);
