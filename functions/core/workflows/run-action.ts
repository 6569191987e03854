import { actionResultSchema, workflowActionTypes, type ActionResult } from '../../contracts/workflows.js';
import { db } from '../data/db.js';
import { dependencyOutage } from '../runtime/dependency-outage.js';
import { ActionFailedError, TransientActionError } from './action-errors.js';
import type { ActionContext } from './actions/action-context.js';
import { createTaskAction } from './actions/create-task.js';
import { sendEmailAction } from './actions/send-email.js';
import { sendMessageAction } from './actions/send-message.js';
import { sendSmsAction } from './actions/send-sms.js';
import { tagContactAction } from './actions/tag-contact.js';
import { webhookAction } from './actions/webhook.js';
import type { PlannedAction } from './execution-plan.js';
import type { ExecutionRef } from './start-execution.js';

async function perform(action: PlannedAction, context: ActionContext): Promise<string> {
  switch (action.type) {
    case 'send_email':
      return sendEmailAction(action.config, context);
    case 'send_sms':
      return sendSmsAction(action.config, context);
    case 'send_message':
      return sendMessageAction(action.config, context);
    case 'tag_contact':
      return tagContactAction(action.config, context);
    case 'create_task':
      return createTaskAction(action.config, context);
    case 'webhook':
      return webhookAction(action.config, context);
    case 'wait':
      // The state machine's Wait state did the waiting before this task.
      return `Waited ${action.delay} s`;
    default: {
      const unknown: never = action;
      throw new ActionFailedError(`Unknown action type ${String((unknown as { type: unknown }).type)}`);
    }
  }
}

const describe = (action: PlannedAction) => `Action ${action.index + 1} (${action.type})`;

/**
 * One task of the state machine: performs the action and adds its result to the execution record. A
 * task Step Functions runs again after it recorded (a retry of a lost answer) does not act twice.
 * Errors come back named for the state machine: TransientActionError is retried, the rest fail the execution.
 */
export async function runWorkflowAction(execution: ExecutionRef, action: PlannedAction, now = new Date()): Promise<{ detail: string }> {
  if (!workflowActionTypes.includes(action.type)) throw new ActionFailedError(`Unknown action type ${String(action.type)}`);
  const key = { chatbot_id: execution.chatbot_id, execution_id: execution.execution_id };
  const { data: record } = await db().entities.workflowExecution.get(key).go();
  if (!record) throw new ActionFailedError('The execution record is gone');
  const results = (record.action_results ?? []) as ActionResult[];
  const done = results.find((r) => r.index === action.index);
  if (done) return { detail: done.detail };

  let detail: string;
  try {
    detail = await perform(action, { execution, trigger: execution.trigger_data, now });
  } catch (error) {
    if (error instanceof ActionFailedError || error instanceof TransientActionError) {
      throw Object.assign(error, { message: `${describe(action)} failed: ${error.message}` });
    }
    if (dependencyOutage(error)) throw new TransientActionError(`${describe(action)} failed: the ${dependencyOutage(error)} is not available`, { cause: error });
    throw new ActionFailedError(`${describe(action)} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const result = actionResultSchema.parse({ index: action.index, type: action.type, detail });
  const recorded = [...results, result].sort((a, b) => a.index - b.index);
  await db().entities.workflowExecution.patch(key).set({ action_results: recorded, actions_executed: recorded.length }).go();
  return { detail };
}
