import { randomBytes } from 'node:crypto';
import type { SaveWorkflow, Workflow } from '../../contracts/workflows.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { timeOrderedId } from '../data/time-ordered-id.js';
import { notFound } from '../http/http-error.js';
import { deleteWorkflowSchedule, syncWorkflowSchedule } from './schedules.js';
import { toWorkflow, type StoredWorkflow } from './workflow-record.js';
import { markWorkflowsChanged } from './workflows-version.js';

export const WORKFLOW_NOT_FOUND = 'Workflow not found';

/** Spec 001 section 7: an assistant's workflows, newest first. */
export async function listWorkflows(chatbotId: string): Promise<Workflow[]> {
  const { data } = await db().entities.workflow.query.byChatbot({ chatbot_id: chatbotId }).go({ order: 'desc', pages: 'all' });
  return data.map(toWorkflow);
}

/** One workflow of the assistant, or 404. */
export async function storedWorkflow(chatbotId: string, workflowId: string): Promise<StoredWorkflow> {
  const { data } = await db().entities.workflow.get({ chatbot_id: chatbotId, workflow_id: workflowId }).go();
  if (!data) throw notFound(WORKFLOW_NOT_FOUND);
  return data;
}

const fieldsOf = (input: SaveWorkflow) => ({
  name: input.name,
  description: input.description,
  trigger_type: input.trigger_type,
  trigger_conditions: input.trigger_conditions,
  actions: input.actions,
  is_active: input.is_active,
});

export async function createWorkflow(userId: string, chatbotId: string, input: SaveWorkflow, now = new Date()): Promise<StoredWorkflow> {
  const { data } = await db()
    .entities.workflow.create({
      chatbot_id: chatbotId,
      workflow_id: timeOrderedId(now),
      user_id: userId,
      ...fieldsOf(input),
      execution_count: 0,
      webhook_secret: randomBytes(24).toString('base64url'),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .go();
  // After the write: a failure here answers 503, and saving again brings the schedule and the chat turns in line.
  await Promise.all([syncWorkflowSchedule(data as StoredWorkflow), markWorkflowsChanged(chatbotId)]);
  return data as StoredWorkflow;
}

/** Replaces what the dialog edits; the counters, the secret and the creation time stay. A deleted workflow is a 404. */
export async function updateWorkflow(chatbotId: string, workflowId: string, input: SaveWorkflow): Promise<StoredWorkflow> {
  return patchWorkflow(chatbotId, workflowId, fieldsOf(input));
}

export async function setWorkflowActive(chatbotId: string, workflowId: string, isActive: boolean): Promise<StoredWorkflow> {
  return patchWorkflow(chatbotId, workflowId, { is_active: isActive });
}

async function patchWorkflow(chatbotId: string, workflowId: string, fields: Partial<ReturnType<typeof fieldsOf>>): Promise<StoredWorkflow> {
  try {
    const { data } = await db()
      .entities.workflow.patch({ chatbot_id: chatbotId, workflow_id: workflowId })
      .set({ ...fields, updated_at: new Date().toISOString() })
      .go({ response: 'all_new' });
    // After the write: a failure here answers 503, and saving again brings the schedule and the chat turns in line.
    await Promise.all([syncWorkflowSchedule(data), markWorkflowsChanged(chatbotId)]);
    return data;
  } catch (error) {
    if (isConditionalFailure(error)) throw notFound(WORKFLOW_NOT_FOUND);
    throw error;
  }
}

/** Deletes the workflow; its execution history stays (it names the workflow it ran). */
export async function deleteWorkflow(chatbotId: string, workflowId: string): Promise<StoredWorkflow> {
  const existing = await storedWorkflow(chatbotId, workflowId);
  await db().entities.workflow.delete({ chatbot_id: chatbotId, workflow_id: workflowId }).go();
  await Promise.all([deleteWorkflowSchedule(workflowId), markWorkflowsChanged(chatbotId)]);
  return existing;
}
