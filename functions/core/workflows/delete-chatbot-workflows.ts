import { deleteAll } from '../data/delete-all.js';
import { db } from '../data/db.js';
import { deleteContactTagsOfChatbot } from '../inbox/contact-tags.js';
import { deleteWorkflowSchedule } from './schedules.js';

/**
 * Deletes the EventBridge Scheduler schedules of the assistants' time-based workflows. Called before
 * the workflows themselves go: a schedule left behind would keep starting the state machine for an
 * assistant that no longer exists (each run finding nothing, for ever).
 */
export async function deleteSchedulesOfChatbots(chatbotIds: readonly string[]): Promise<void> {
  const workflows = await Promise.all(
    chatbotIds.map((chatbotId) =>
      db().entities.workflow.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['workflow_id', 'trigger_type'] }),
    ),
  );
  // Only time-based workflows ever have a schedule (schedules.ts syncWorkflowSchedule).
  const scheduled = workflows.flatMap(({ data }) => data.filter((w) => w.trigger_type === 'time_based'));
  await Promise.all(scheduled.map((w) => deleteWorkflowSchedule(w.workflow_id!)));
}

/** An assistant's workflows with their schedules, their execution history and the tasks and tags they made. */
export async function deleteWorkflowsOfChatbot(chatbotId: string): Promise<void> {
  await deleteSchedulesOfChatbots([chatbotId]);
  const key = { chatbot_id: chatbotId };
  const { entities } = db();
  const [workflows, executions, tasks] = await Promise.all([
    entities.workflow.query.byChatbot(key).go({ pages: 'all', attributes: ['workflow_id'] }),
    entities.workflowExecution.query.byChatbot(key).go({ pages: 'all', attributes: ['execution_id'] }),
    entities.workflowTask.query.byChatbot(key).go({ pages: 'all', attributes: ['task_id'] }),
  ]);
  await Promise.all([
    deleteAll('workflows', workflows.data.map((w) => ({ ...key, workflow_id: w.workflow_id! })), (keys) => entities.workflow.delete(keys).go()),
    deleteAll('workflow executions', executions.data.map((e) => ({ ...key, execution_id: e.execution_id! })), (keys) =>
      entities.workflowExecution.delete(keys).go(),
    ),
    deleteAll('workflow tasks', tasks.data.map((t) => ({ ...key, task_id: t.task_id! })), (keys) => entities.workflowTask.delete(keys).go()),
    deleteContactTagsOfChatbot(chatbotId),
  ]);
}
