import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DAILY_WORKFLOW_EXECUTIONS, type WorkflowExecution } from '../../../functions/contracts/workflows.js';
import type { FixtureSite } from '../../../local/sample-site.js';
import { uniqueEmail } from '../../support/accounts.js';
import type { ApiClient } from '../../support/api-client.js';
import { assistantFromFixtureSite } from '../../support/fixture-assistant.js';
import { withRuntimeEnv } from '../../support/runtime-env.js';
import { mailTo } from '../../support/sent-mail.js';
import { chatVisitor } from '../../support/visitor.js';

/**
 * The owner's daily cap of workflow executions, on the real path: the counter of today is set close
 * to the cap in the table, then triggers and 'Run test' use up the rest and are refused after it.
 */
const { apiUrl, config, env } = inject('runtime');
const ses = env.AWS_ENDPOINT_URL_SESV2!;
const REFUSAL = /^Daily limit reached: your workflows can run 500 times a day, so this one did not run\. Workflows run again after 00:00 UTC\.$/;

/** Sets the owner's count of executions today (the owner is the assistant's, read from the workflow). */
async function setUsedToday(chatbotId: string, workflowId: string, used: number): Promise<void> {
  await withRuntimeEnv(env, async () => {
    const { db } = await import('../../../functions/core/data/db.js');
    const { executionCounter } = await import('../../../functions/core/workflows/daily-cap.js');
    const { data: workflow } = await db().entities.workflow.get({ chatbot_id: chatbotId, workflow_id: workflowId }).go();
    const { key, ttl } = executionCounter(workflow!.user_id);
    await db().entities.rateCounter.put({ ...key, count: used, ttl }).go();
  });
}

describe('daily cap of workflow executions', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let chatbotId: string;

  const history = async (): Promise<WorkflowExecution[]> => (await owner.get(`/chatbots/${chatbotId}/workflow-executions`)).body.executions;
  async function settled(workflowId: string, count: number): Promise<WorkflowExecution[]> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const executions = (await history()).filter((e) => e.workflow_id === workflowId);
      if (executions.length >= count && executions.every((e) => e.status !== 'running')) return executions;
      if (Date.now() > deadline) throw new Error(`workflow ${workflowId}: ${JSON.stringify(executions.map((e) => e.status))}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    ({ site, owner, chatbotId } = await assistantFromFixtureSite(apiUrl, config, 2));
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('runs the last execution of the day, then records each further one as refused with the reason, running none of its actions', async () => {
    const team = uniqueEmail('sales');
    const { body } = await owner.post(`/chatbots/${chatbotId}/workflows`, {
      name: 'Quote alert',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: 'quote' },
      actions: [{ type: 'send_email', config: { to: team, subject: 'Quote asked', message: '{{message}}' } }],
    });
    const workflowId = body.workflow.id as string;
    await setUsedToday(chatbotId, workflowId, DAILY_WORKFLOW_EXECUTIONS - 1);

    const visitor = chatVisitor(apiUrl, chatbotId);
    expect((await visitor.ask('Can I get a quote for a wedding cake?')).status).toBe(200);
    const [ran] = await settled(workflowId, 1);
    expect(ran).toMatchObject({ status: 'completed', actions_executed: 1, error_message: null });

    // Over the cap: the chat still answers, the history says why the workflow did not run.
    const refusedTurn = await visitor.ask('And a quote for cupcakes?');
    expect(refusedTurn.status).toBe(200);
    expect(refusedTurn.body.message).toBeTruthy();
    const test = await owner.post(`/chatbots/${chatbotId}/workflows/${workflowId}/test`);
    expect(test.status).toBe(202);
    expect(test.body.execution).toMatchObject({ status: 'failed', actions_executed: 0 });
    expect(test.body.execution.error_message).toMatch(REFUSAL);

    const executions = await settled(workflowId, 3);
    expect(executions.map((e) => [e.status, e.trigger_data.source])).toEqual([
      ['failed', 'test'],
      ['failed', 'keyword'],
      ['completed', 'keyword'],
    ]);
    expect(executions[1]?.error_message).toMatch(REFUSAL);
    expect(executions[1]?.trigger_data).toMatchObject({ message: 'And a quote for cupcakes?' });
    // Only the execution that ran sent its e-mail and counts on the workflow.
    expect((await mailTo(ses, team)).map((m) => m.body.text)).toEqual(['Can I get a quote for a wedding cake?']);
    const workflow = (await owner.get(`/chatbots/${chatbotId}/workflows`)).body.workflows.find((w: { id: string }) => w.id === workflowId);
    expect(workflow.execution_count).toBe(1);
  });

  it('lets concurrent runs take only the executions left, never more', async () => {
    const { body } = await owner.post(`/chatbots/${chatbotId}/workflows`, {
      name: 'Tagger',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: 'tag' },
      is_active: false,
      actions: [{ type: 'tag_contact', config: { tags: 'x' } }],
    });
    const workflowId = body.workflow.id as string;
    await setUsedToday(chatbotId, workflowId, DAILY_WORKFLOW_EXECUTIONS - 2);

    const started = await Promise.all(Array.from({ length: 6 }, () => owner.post(`/chatbots/${chatbotId}/workflows/${workflowId}/test`)));
    expect(started.map((r) => r.status)).toEqual(Array(6).fill(202));
    const refused = started.filter((r) => REFUSAL.test(r.body.execution.error_message ?? ''));
    expect(refused).toHaveLength(4);
    const executions = await settled(workflowId, 6);
    expect(executions.filter((e) => e.status === 'completed')).toHaveLength(2);
    expect(executions.filter((e) => e.status === 'failed' && REFUSAL.test(e.error_message ?? ''))).toHaveLength(4);
  });

  it('refuses a scheduled run over the cap in the history too', async () => {
    const { body } = await owner.post(`/chatbots/${chatbotId}/workflows`, {
      name: 'Morning task',
      trigger_type: 'time_based',
      trigger_conditions: { schedule: { repeat: 'daily', time: '08:00', timezone: 'UTC' } },
      actions: [{ type: 'create_task', config: { title: 'Morning check' } }],
    });
    const workflowId = body.workflow.id as string;
    await setUsedToday(chatbotId, workflowId, DAILY_WORKFLOW_EXECUTIONS);
    // 08:00 comes: the Scheduler stand-in runs the schedule now.
    expect((await fetch(`${env.AWS_ENDPOINT_URL_SCHEDULER}/local/schedules/workflow-${workflowId}/run`, { method: 'POST' })).status).toBe(200);
    const [refused] = await settled(workflowId, 1);
    expect(refused).toMatchObject({ status: 'failed', actions_executed: 0, trigger_data: { source: 'time_based', matched: 'daily at 08:00 (UTC)' } });
    expect(refused?.error_message).toMatch(REFUSAL);
  });
});
