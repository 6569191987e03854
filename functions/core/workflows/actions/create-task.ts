import { db } from '../../data/db.js';
import { timeOrderedId } from '../../data/time-ordered-id.js';
import { announceInboxChange } from '../../realtime/inbox-updates.js';
import { fillPlaceholders } from '../placeholders.js';
import type { ActionContext } from './action-context.js';

const HOUR_MS = 3_600_000;

/** create_task: an open task for the team, due after the configured hours, tied to the conversation when there is one. */
export async function createTaskAction(config: { title: string; due_in_hours: number }, { execution, trigger, now }: ActionContext): Promise<string> {
  const title = fillPlaceholders(config.title, trigger).trim() || config.title;
  const dueAt = new Date(now.getTime() + config.due_in_hours * HOUR_MS).toISOString();
  await db()
    .entities.workflowTask.create({
      chatbot_id: execution.chatbot_id,
      task_id: timeOrderedId(now),
      workflow_id: execution.workflow_id,
      ...(trigger.contact_id && { contact_id: trigger.contact_id }),
      ...(trigger.conversation_id && { conversation_id: trigger.conversation_id }),
      title,
      due_at: dueAt,
      status: 'open',
      created_at: now.toISOString(),
    })
    .go();
  // An open inbox lists the task in the customer panel without a reload.
  if (trigger.conversation_id) await announceInboxChange(execution.chatbot_id, trigger.conversation_id);
  return `Task "${title}" created, due ${dueAt}`;
}
