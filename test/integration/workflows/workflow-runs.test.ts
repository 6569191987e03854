import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WorkflowExecution } from '../../../functions/contracts/workflows.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { signUpAndSignIn, uniqueEmail } from '../../support/accounts.js';
import { apiClient, type ApiClient } from '../../support/api-client.js';
import { mailTo } from '../../support/sent-mail.js';
import { textsTo } from '../../support/sent-texts.js';

/**
 * 'Run test' through the real local path: the route starts the state machine of
 * workflows/run-workflow.asl.json on the local Step Functions, whose tasks invoke run-workflow-action
 * through the local Lambda API, which sends through the SES stand-in and the SMS outbox.
 */
const { apiUrl, config, env } = inject('runtime');
const ses = env.AWS_ENDPOINT_URL_SESV2!;
const sms = env.AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2!;
const SAMPLE_PHONE = '+15555550123';

/** The execution as the history lists it, once it is no longer running. */
async function finished(api: ApiClient, chatbotId: string, executionId: string): Promise<WorkflowExecution> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { body } = await api.get(`/chatbots/${chatbotId}/workflow-executions`);
    const execution = (body.executions as WorkflowExecution[]).find((e) => e.id === executionId);
    if (execution && execution.status !== 'running') return execution;
    if (Date.now() > deadline) throw new Error(`execution ${executionId} still ${execution?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("workflow executions: 'Run test' on the state machine", () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let stranger: ApiClient;
  let chatbotId: string;
  /** Answers plain http: a https webhook pointed at it fails its TLS handshake. */
  let plainServer: Server;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 2, hangingPage: false });
    owner = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    plainServer = createServer((_, res) => res.end('plain'));
    await new Promise<void>((resolve) => plainServer.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await site?.stop();
    plainServer?.close();
  });

  it('runs every action in order with the sample data and records a completed execution', async () => {
    const team = uniqueEmail('team');
    const { body } = await owner.post(`/chatbots/${chatbotId}/workflows`, {
      name: 'Quote follow-up',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: 'quote' },
      is_active: false,
      actions: [
        { type: 'send_email', config: { to: team, subject: 'Quote for {{contact_name}}', message: '{{contact_name}} asked: {{message}}' } },
        { type: 'wait', delay: 1 },
        { type: 'send_sms', config: { from_phone: '+14155550100', message: 'Thanks {{contact_name}}, {{business_name}} will call you.' } },
        { type: 'tag_contact', config: { tags: 'lead' } },
        { type: 'create_task', config: { title: 'Call {{contact_name}}', due_in_hours: 2 } },
        { type: 'send_message', config: { message: 'We got your request, {{contact_name}}.' } },
      ],
    });
    const workflowId = body.workflow.id;

    const started = await owner.post(`/chatbots/${chatbotId}/workflows/${workflowId}/test`);
    expect(started.status).toBe(202);
    expect(started.body.execution).toMatchObject({ workflow_id: workflowId, workflow_name: 'Quote follow-up', status: 'running', actions_executed: 0 });
    expect(started.body.execution.trigger_data).toMatchObject({ source: 'test', contact_name: 'Sample Customer', customer_phone: SAMPLE_PHONE });

    const execution = await finished(owner, chatbotId, started.body.execution.id);
    expect(execution).toMatchObject({ status: 'completed', actions_executed: 6, error_message: null });
    expect(execution.action_results.map((r) => [r.index, r.type])).toEqual([
      [0, 'send_email'],
      [1, 'wait'],
      [2, 'send_sms'],
      [3, 'tag_contact'],
      [4, 'create_task'],
      [5, 'send_message'],
    ]);
    expect(execution.action_results[0]?.detail).toBe(`E-mail sent to ${team}`);
    expect(execution.action_results[1]?.detail).toBe('Waited 1 s');
    // A test run has no conversation: the actions on one say what they would have done.
    expect(execution.action_results[3]?.detail).toContain('the contact would be tagged lead');
    expect(execution.action_results[5]?.detail).toContain('We got your request, Sample Customer.');
    expect(execution.finished_at).not.toBeNull();

    const [mail] = await mailTo(ses, team);
    expect(mail?.subject).toBe('Quote for Sample Customer');
    expect(mail?.body.text).toBe('Sample Customer asked: Hi, could I get a quote for next week?');
    const texts = (await textsTo(sms, SAMPLE_PHONE)).filter((t) => t.MessageBody.startsWith('Thanks Sample Customer'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ OriginationIdentity: '+14155550100' });
    expect(texts[0]?.MessageBody).toMatch(/^Thanks Sample Customer, .+ will call you\.$/);

    const workflow = (await owner.get(`/chatbots/${chatbotId}/workflows`)).body.workflows.find((w: { id: string }) => w.id === workflowId);
    expect(workflow).toMatchObject({ execution_count: 1 });
    expect(workflow.last_executed_at).toBe(started.body.execution.executed_at);
  });

  it('stops at a failing action: a failed execution with its error, the actions before it done', async () => {
    const team = uniqueEmail('team');
    const { port } = plainServer.address() as AddressInfo;
    const { body } = await owner.post(`/chatbots/${chatbotId}/workflows`, {
      name: 'CRM sync',
      trigger_type: 'user_action',
      trigger_conditions: { action: 'contact_details_given' },
      actions: [
        { type: 'send_email', config: { to: team, subject: 'New contact', message: 'Syncing' } },
        { type: 'webhook', config: { url: `https://127.0.0.1:${port}/hook` } },
        { type: 'send_email', config: { to: team, subject: 'Never sent', message: 'After the webhook' } },
      ],
    });
    const started = await owner.post(`/chatbots/${chatbotId}/workflows/${body.workflow.id}/test`);
    expect(started.status).toBe(202);

    const execution = await finished(owner, chatbotId, started.body.execution.id);
    expect(execution.status).toBe('failed');
    expect(execution.actions_executed).toBe(1);
    expect(execution.error_message).toMatch(new RegExp(`^Action 2 \\(webhook\\) failed: The webhook https://127\\.0\\.0\\.1:${port}/hook could not be reached`));
    expect((await mailTo(ses, team)).map((m) => m.subject)).toEqual(['New contact']);
  });

  it("answers 404 for an unknown workflow and for another owner's, and runs nothing", async () => {
    const { body } = await owner.post(`/chatbots/${chatbotId}/workflows`, {
      name: 'Private',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: 'x' },
      actions: [{ type: 'tag_contact', config: { tags: 'x' } }],
    });
    const unknown = await owner.post(`/chatbots/${chatbotId}/workflows/0000000000-00000000-0000-0000-0000-000000000000/test`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Workflow not found');
    const foreign = await stranger.post(`/chatbots/${chatbotId}/workflows/${body.workflow.id}/test`);
    expect(foreign.status).toBe(404);
    const executions = (await owner.get(`/chatbots/${chatbotId}/workflow-executions`)).body.executions as WorkflowExecution[];
    expect(executions.filter((e) => e.workflow_id === body.workflow.id)).toEqual([]);
  });
});
