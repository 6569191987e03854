import type { TriggerData } from '../../contracts/workflows.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { timeOrderedId } from '../data/time-ordered-id.js';
import { planActions, type PlannedAction } from './execution-plan.js';
import { startStateMachine } from './state-machine.js';
import type { StoredWorkflow, StoredWorkflowExecution } from './workflow-record.js';

/** What every task of an execution is given to find its record and fill its placeholders. */
export interface ExecutionRef {
  chatbot_id: string;
  execution_id: string;
  workflow_id: string;
  trigger_data: TriggerData;
}

/** The state machine's input (workflows/run-workflow.asl.json). */
export interface StateMachineInput {
  execution: ExecutionRef;
  actions: PlannedAction[];
}

/**
 * Records a running execution, counts it on the workflow and starts it on the state machine. The actions
 * travel in the input, so an edit of the workflow while it runs does not change what it does.
 */
export async function startWorkflowExecution(workflow: StoredWorkflow, triggerData: TriggerData, now = new Date()): Promise<StoredWorkflowExecution> {
  const { execution, input } = await beginExecution(workflow, triggerData, now);
  try {
    await startStateMachine(execution.execution_id, input);
  } catch (error) {
    // The record must not stay 'running' for ever: the history shows why it never ran.
    await db()
      .entities.workflowExecution.patch({ chatbot_id: workflow.chatbot_id, execution_id: execution.execution_id })
      .set({ status: 'failed', error_message: 'The workflow could not be started. Please try again.', finished_at: new Date().toISOString() })
      .go();
    throw error;
  }
  return execution;
}

/**
 * The running execution record, counted on the workflow, and the state machine's input for it: what
 * starting an execution writes, also when EventBridge Scheduler started the state machine itself.
 */
export async function beginExecution(
  workflow: StoredWorkflow,
  triggerData: TriggerData,
  now = new Date(),
): Promise<{ execution: StoredWorkflowExecution; input: StateMachineInput }> {
  const at = now.toISOString();
  const { data: execution } = await db()
    .entities.workflowExecution.create({
      chatbot_id: workflow.chatbot_id,
      execution_id: timeOrderedId(now),
      workflow_id: workflow.workflow_id,
      workflow_name: workflow.name,
      status: 'running',
      actions_executed: 0,
      action_results: [],
      trigger_data: triggerData,
      executed_at: at,
    })
    .go();
  await countExecution(workflow, at);

  const input: StateMachineInput = {
    execution: { chatbot_id: workflow.chatbot_id, execution_id: execution.execution_id, workflow_id: workflow.workflow_id, trigger_data: triggerData },
    actions: planActions(workflow.actions as never),
  };
  return { execution: execution as StoredWorkflowExecution, input };
}

async function countExecution(workflow: StoredWorkflow, at: string): Promise<void> {
  try {
    await db()
      .entities.workflow.patch({ chatbot_id: workflow.chatbot_id, workflow_id: workflow.workflow_id })
      .add({ execution_count: 1 })
      .set({ last_executed_at: at })
      .go();
  } catch (error) {
    // Deleted meanwhile: the execution still runs and stays in the history under its name.
    if (!isConditionalFailure(error)) throw error;
  }
}
