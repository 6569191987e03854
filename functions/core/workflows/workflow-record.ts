import type { EntityItem } from 'electrodb';
import type { ActionResult, Workflow, WorkflowExecution } from '../../contracts/workflows.js';
import type { workflowEntity, workflowExecutionEntity } from '../data/workflow-entities.js';

export type StoredWorkflow = EntityItem<ReturnType<typeof workflowEntity>>;
export type StoredWorkflowExecution = EntityItem<ReturnType<typeof workflowExecutionEntity>>;

export function toWorkflow(stored: StoredWorkflow): Workflow {
  return {
    id: stored.workflow_id,
    chatbot_id: stored.chatbot_id,
    name: stored.name,
    description: stored.description ?? '',
    trigger_type: stored.trigger_type,
    trigger_conditions: stored.trigger_conditions as Workflow['trigger_conditions'],
    actions: stored.actions as Workflow['actions'],
    is_active: stored.is_active ?? true,
    execution_count: stored.execution_count ?? 0,
    last_executed_at: stored.last_executed_at ?? null,
    webhook_secret: stored.webhook_secret,
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
}

export function toWorkflowExecution(stored: StoredWorkflowExecution): WorkflowExecution {
  return {
    id: stored.execution_id,
    workflow_id: stored.workflow_id,
    workflow_name: stored.workflow_name,
    status: stored.status,
    actions_executed: stored.actions_executed ?? 0,
    action_results: (stored.action_results ?? []) as ActionResult[],
    trigger_data: (stored.trigger_data ?? {}) as Record<string, unknown>,
    error_message: stored.error_message ?? null,
    executed_at: stored.executed_at,
    finished_at: stored.finished_at ?? null,
  };
}
