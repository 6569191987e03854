import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ContactTask } from '../../../functions/contracts/tasks.js';
import type { WorkflowExecution } from '../../../functions/contracts/workflows.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, type ApiClient } from '../../support/api-client.js';
import { chatVisitor } from '../../support/visitor.js';

/** Tasks a create_task action makes for a contact, listed and closed in the inbox's customer panel. */
const { apiUrl, config } = inject('runtime');
const HOUR_MS = 3_600_000;

describe('workflow tasks in the inbox', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let chatbotId: string;
  /** The conversation of the visitor who asked to be called back, and of one who did not. */
  let caller: string;
  let other: string;
  let ranAt: number;

  const tasksOf = async (conversationId: string): Promise<ContactTask[]> => {
    const res = await owner.get(`/conversations/${conversationId}/tasks`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.tasks;
  };

  beforeAll(async () => {
    site = await startFixtureSite({ pages: 2, hangingPage: false });
    owner = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    const created = await owner.post(`/chatbots/${chatbotId}/workflows`, {
      name: 'Call-backs',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: 'call me' },
      actions: [
        { type: 'create_task', config: { title: 'Send {{contact_name}} a quote', due_in_hours: 48 } },
        { type: 'create_task', config: { title: 'Call {{contact_name}} back', due_in_hours: 0 } },
      ],
    });
    expect(created.status).toBe(201);
    const workflowId = created.body.workflow.id as string;

    ranAt = Date.now();
    caller = (await chatVisitor(apiUrl, chatbotId, { contactName: 'Dana' }).ask('Please call me about a cake')).body.conversationId;
    other = (await chatVisitor(apiUrl, chatbotId, { contactName: 'Sam' }).ask('When do you open?')).body.conversationId;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const executions = (await owner.get(`/chatbots/${chatbotId}/workflow-executions`)).body.executions as WorkflowExecution[];
      const run = executions.find((e) => e.workflow_id === workflowId && e.status !== 'running');
      if (run) {
        expect(run).toMatchObject({ status: 'completed', actions_executed: 2 });
        break;
      }
      if (Date.now() > deadline) throw new Error('the call-back workflow did not finish');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("lists the contact's tasks, open ones soonest due first, with their due dates", async () => {
    const tasks = await tasksOf(caller);
    expect(tasks.map((t) => [t.title, t.status, t.conversation_id])).toEqual([
      ['Call Dana back', 'open', caller],
      ['Send Dana a quote', 'open', caller],
    ]);
    // Due when the workflow ran (overdue from then on), and 48 hours after.
    expect(Math.abs(Date.parse(tasks[0]!.due_at) - ranAt)).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(tasks[1]!.due_at) - (ranAt + 48 * HOUR_MS))).toBeLessThan(60_000);
    expect(await tasksOf(other)).toEqual([]);
  });

  it('closes a task (once: closing it again changes nothing); it moves below the open ones', async () => {
    const [callBack] = await tasksOf(caller);
    const closed = await owner.post(`/conversations/${caller}/tasks/${callBack!.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.task).toMatchObject({ id: callBack!.id, status: 'closed', closed_at: expect.any(String) });

    const again = await owner.post(`/conversations/${caller}/tasks/${callBack!.id}/close`);
    expect(again.status).toBe(200);
    expect(again.body.task.closed_at).toBe(closed.body.task.closed_at);
    expect((await tasksOf(caller)).map((t) => [t.title, t.status])).toEqual([
      ['Send Dana a quote', 'open'],
      ['Call Dana back', 'closed'],
    ]);
  });

  it("a task is closed only through its contact's conversation; another owner gets 404", async () => {
    const [open] = await tasksOf(caller);
    const throughOther = await owner.post(`/conversations/${other}/tasks/${open!.id}/close`);
    expect(throughOther.status).toBe(404);
    expect(throughOther.body.error).toBe('Task not found');
    expect((await owner.post(`/conversations/${caller}/tasks/no-such-task/close`)).status).toBe(404);

    const stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    expect((await stranger.get(`/conversations/${caller}/tasks`)).status).toBe(404);
    expect((await stranger.post(`/conversations/${caller}/tasks/${open!.id}/close`)).status).toBe(404);
    expect((await tasksOf(caller))[0]).toMatchObject({ id: open!.id, status: 'open' });
  });
});
