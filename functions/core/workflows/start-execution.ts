import type { TriggerData } from '../../contracts/workflows.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { timeOrderedId } from '../data/time-ordered-id.js';
import { DAILY_CAP_REACHED, takeDailyExecution } from './daily-cap.js';
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

/** An execution as recorded: running with the state machine's input, or refused by the daily cap (no input). */
export type BegunExecution = { execution: StoredWorkflowExecution; input: StateMachineInput } | { execution: StoredWorkflowExecution; input?: undefined };

/**
 * Records a running execution, counts it on the workflow and starts it on the state machine. The actions
 * travel in the input, so an edit of the workflow while it runs does not change what it does. Over the
 * owner's daily cap, the refused execution is recorded (failed, with the reason) and nothing starts.
 */
export async function startWorkflowExecution(workflow: StoredWorkflow, triggerData: TriggerData, now = new Date()): Promise<StoredWorkflowExecution> {
  const { execution, input } = await beginExecution(workflow, triggerData, now);
  if (!input) return execution;
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
 * Over the owner's daily cap: a failed record saying so, and no input (the owner sees why it did not run).
 */
export async function beginExecution(workflow: StoredWorkflow, triggerData: TriggerData, now = new Date()): Promise<BegunExecution> {
  const at = now.toISOString();
  const allowed = await takeDailyExecution(workflow.user_id, now);
  const { data: created } = await db()
    .entities.workflowExecution.create({
      chatbot_id: workflow.chatbot_id,
      execution_id: timeOrderedId(now),
      workflow_id: workflow.workflow_id,
      workflow_name: workflow.name,
      actions_executed: 0,
      action_results: [],
      trigger_data: triggerData,
      executed_at: at,
      ...(allowed ? { status: 'running' } : { status: 'failed', error_message: DAILY_CAP_REACHED, finished_at: at }),
    })
    .go();
  const execution = created as StoredWorkflowExecution;
  if (!allowed) return { execution };
  await countExecution(workflow, at);

  const input: StateMachineInput = {
    execution: { chatbot_id: workflow.chatbot_id, execution_id: execution.execution_id, workflow_id: workflow.workflow_id, trigger_data: triggerData },
    actions: planActions(workflow.actions as never),
  };
  return { execution, input };
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
