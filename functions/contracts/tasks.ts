import * as z from 'zod';

/** A task for the team a workflow's create_task action made, as the inbox's customer panel lists it. */
export const contactTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  due_at: z.string(),
  status: z.enum(['open', 'closed']),
  /** The conversation the workflow ran for (the contact may have had others since). */
  conversation_id: z.string().nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type ContactTask = z.infer<typeof contactTaskSchema>;

/** GET /conversations/{id}/tasks: the tasks for the conversation's contact, open ones first (soonest due), then closed (latest first). */
export const contactTasksResponseSchema = z.object({ tasks: z.array(contactTaskSchema) });
export type ContactTasksResponse = z.infer<typeof contactTasksResponseSchema>;

/** POST /conversations/{id}/tasks/{taskId}/close: the task, closed (closing it again changes nothing). */
export const contactTaskResponseSchema = z.object({ task: contactTaskSchema });
