import type { EntityItem } from 'electrodb';
import type { ContactTask } from '../../contracts/tasks.js';
import type { Caller } from '../access/authorize.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { contactRef, type workflowTaskEntity } from '../data/workflow-entities.js';
import { notFound } from '../http/http-error.js';
import { conversationFor } from './conversation-access.js';

type StoredTask = EntityItem<ReturnType<typeof workflowTaskEntity>>;

const toContactTask = (task: StoredTask): ContactTask => ({
  id: task.task_id,
  title: task.title,
  due_at: task.due_at,
  status: task.status,
  conversation_id: task.conversation_id ?? null,
  created_at: task.created_at,
  closed_at: task.closed_at ?? null,
});

/** Open tasks first, the soonest due on top; then closed ones, the latest closed first. */
function byUrgency(a: ContactTask, b: ContactTask): number {
  if (a.status !== b.status) return a.status === 'open' ? -1 : 1;
  return a.status === 'open' ? a.due_at.localeCompare(b.due_at) : (b.closed_at ?? '').localeCompare(a.closed_at ?? '');
}

/** The tasks workflows made for the conversation's contact (any of their conversations): the customer panel's list. */
export async function listContactTasks(caller: Caller, conversationId: string): Promise<ContactTask[]> {
  const { conversation } = await conversationFor(caller, conversationId);
  const { data } = await db()
    .entities.workflowTask.query.byContact({ contact_ref: contactRef(conversation.chatbot_id, conversation.contact_id) })
    .go({ pages: 'all' });
  return data.map(toContactTask).sort(byUrgency);
}

/** Closes one of the contact's tasks; a task of anyone else, or none, is a 404 like an unknown conversation. */
export async function closeContactTask(caller: Caller, conversationId: string, taskId: string, now: Date): Promise<ContactTask> {
  const { conversation } = await conversationFor(caller, conversationId);
  const key = { chatbot_id: conversation.chatbot_id, task_id: taskId };
  try {
    const { data } = await db()
      .entities.workflowTask.patch(key)
      .set({ status: 'closed', closed_at: now.toISOString() })
      .where((attr, op) => `${op.eq(attr.contact_id, conversation.contact_id)} AND ${op.eq(attr.status, 'open')}`)
      .go({ response: 'all_new' });
    return toContactTask(data as StoredTask);
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
  // Not closed now: already closed (it stays as it was), or not the contact's.
  const { data: task } = await db().entities.workflowTask.get(key).go();
  if (!task || task.contact_id !== conversation.contact_id) throw notFound('Task not found');
  return toContactTask(task);
}
