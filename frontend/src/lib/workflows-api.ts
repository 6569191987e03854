import {
  deleteWorkflowResponseSchema,
  runWorkflowTestResponseSchema,
  workflowExecutionListResponseSchema,
  workflowListResponseSchema,
  workflowResponseSchema,
  type SaveWorkflowRequest,
  type Workflow,
  type WorkflowExecution,
} from '@contracts/workflows';
import type { ApiClient } from '@/lib/api';
import { chatbotPath } from '@/lib/chatbots-api';

const workflowsPath = (chatbotId: string) => `${chatbotPath(chatbotId)}/workflows`;
const workflowPath = (chatbotId: string, workflowId: string) => `${workflowsPath(chatbotId)}/${encodeURIComponent(workflowId)}`;

/** GET /chatbots/{id}/workflows: newest first. */
export async function listWorkflows(api: ApiClient, chatbotId: string, signal?: AbortSignal): Promise<Workflow[]> {
  const { workflows } = await api.request(workflowsPath(chatbotId), { schema: workflowListResponseSchema, signal });
  return workflows;
}

/** POST /chatbots/{id}/workflows, or PUT /chatbots/{id}/workflows/{workflowId} with an id. */
export async function saveWorkflow(api: ApiClient, chatbotId: string, body: SaveWorkflowRequest, workflowId?: string): Promise<Workflow> {
  const { workflow } = await api.request(workflowId ? workflowPath(chatbotId, workflowId) : workflowsPath(chatbotId), {
    method: workflowId ? 'PUT' : 'POST',
    body,
    schema: workflowResponseSchema,
  });
  return workflow;
}

/** PUT /chatbots/{id}/workflows/{workflowId}/active. */
export async function setWorkflowActive(api: ApiClient, chatbotId: string, workflowId: string, isActive: boolean): Promise<Workflow> {
  const { workflow } = await api.request(`${workflowPath(chatbotId, workflowId)}/active`, {
    method: 'PUT',
    body: { is_active: isActive },
    schema: workflowResponseSchema,
  });
  return workflow;
}

/** DELETE /chatbots/{id}/workflows/{workflowId}. */
export async function deleteWorkflow(api: ApiClient, chatbotId: string, workflowId: string): Promise<void> {
  await api.request(workflowPath(chatbotId, workflowId), { method: 'DELETE', schema: deleteWorkflowResponseSchema });
}

/** POST /chatbots/{id}/workflows/{workflowId}/test: runs it now with sample data. */
export async function runWorkflowTest(api: ApiClient, chatbotId: string, workflowId: string): Promise<WorkflowExecution> {
  const { execution } = await api.request(`${workflowPath(chatbotId, workflowId)}/test`, { method: 'POST', schema: runWorkflowTestResponseSchema });
  return execution;
}

/** GET /chatbots/{id}/workflow-executions: the last 20, newest first. */
export async function listWorkflowExecutions(api: ApiClient, chatbotId: string, signal?: AbortSignal): Promise<WorkflowExecution[]> {
  const { executions } = await api.request(`${chatbotPath(chatbotId)}/workflow-executions`, {
    schema: workflowExecutionListResponseSchema,
    signal,
  });
  return executions;
}
