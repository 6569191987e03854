import { contactTaskResponseSchema, contactTasksResponseSchema, type ContactTask } from '@contracts/tasks';
import type { ApiClient } from '@/lib/api';

const tasksPath = (conversationId: string) => `/conversations/${encodeURIComponent(conversationId)}/tasks`;

/** GET /conversations/{id}/tasks: the tasks workflows made for the conversation's contact. */
export async function listContactTasks(api: ApiClient, conversationId: string, signal?: AbortSignal): Promise<ContactTask[]> {
  const { tasks } = await api.request(tasksPath(conversationId), { schema: contactTasksResponseSchema, signal });
  return tasks;
}

/** POST /conversations/{id}/tasks/{taskId}/close. */
export async function closeContactTask(api: ApiClient, conversationId: string, taskId: string): Promise<ContactTask> {
  const { task } = await api.request(`${tasksPath(conversationId)}/${encodeURIComponent(taskId)}/close`, {
    method: 'POST',
    schema: contactTaskResponseSchema,
  });
  return task;
}
