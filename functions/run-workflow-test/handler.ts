import { chatbotFor } from '../core/access/authorize.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { storedWorkflow } from '../core/workflows/manage-workflows.js';
import { startTestRun } from '../core/workflows/test-run.js';
import { toWorkflowExecution } from '../core/workflows/workflow-record.js';

export const handler = httpHandler({ route: 'run-workflow-test', successStatus: 202 }, async ({ caller, pathParameters }) => {
  const { chatbot } = await chatbotFor(caller, pathId(pathParameters));
  const workflow = await storedWorkflow(chatbot.chatbot_id, pathId(pathParameters, 'workflowId'));
  return { execution: toWorkflowExecution(await startTestRun(workflow, chatbot.business_name)) };
});
