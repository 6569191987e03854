import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WorkflowExecution } from '../../../functions/contracts/workflows.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { signUpAndSignIn, uniqueEmail } from '../../support/accounts.js';
import { apiClient, type ApiClient } from '../../support/api-client.js';
import { mailTo } from '../../support/sent-mail.js';
import { textsTo } from '../../support/sent-texts.js';
import { chatVisitor, contactIdOf } from '../../support/visitor.js';

/** Triggers checked by the chat engine on visitors' messages, each starting the real state machine. */
const { apiUrl, config, env } = inject('runtime');
const ses = env.AWS_ENDPOINT_URL_SESV2!;
const sms = env.AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2!;

describe('workflow triggers in the chat', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let chatbotId: string;

  const executionsOf = async (workflowId: string): Promise<WorkflowExecution[]> =>
    ((await owner.get(`/chatbots/${chatbotId}/workflow-executions`)).body.executions as WorkflowExecution[]).filter((e) => e.workflow_id === workflowId);
  /** The workflow's executions once `count` of them have finished. */
  async function finishedExecutions(workflowId: string, count = 1): Promise<WorkflowExecution[]> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const executions = await executionsOf(workflowId);
      if (executions.filter((e) => e.status !== 'running').length >= count) return executions;
      if (Date.now() > deadline) throw new Error(`workflow ${workflowId}: ${executions.length} executions, not ${count} finished`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const create = async (body: Record<string, unknown>): Promise<string> => {
    const res = await owner.post(`/chatbots/${chatbotId}/workflows`, body);
    expect(res.status).toBe(201);
    return res.body.workflow.id;
  };

  beforeAll(async () => {
    site = await startFixtureSite({ pages: 2, hangingPage: false });
    owner = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("a keyword starts the workflow: e-mail, tag and a message in the conversation, which does not trigger it again", async () => {
    const team = uniqueEmail('sales');
    const workflowId = await create({
      name: 'Quotes',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: 'quote, price list' },
      actions: [
        { type: 'send_email', config: { to: team, subject: 'Quote request', message: 'A visitor wrote: {{message}}' } },
        { type: 'tag_contact', config: { tags: 'lead' } },
        { type: 'send_message', config: { message: 'Our team will send your quote today.' } },
      ],
    });
    const visitor = chatVisitor(apiUrl, chatbotId);
    const first = await visitor.ask('Hello there');
    expect(first.status).toBe(200);
    const asked = await visitor.ask('Could I get a QUOTE for 20 cakes?');
    expect(asked.status).toBe(200);

    const [execution] = await finishedExecutions(workflowId);
    expect(execution).toMatchObject({ status: 'completed', actions_executed: 3 });
    expect(execution?.trigger_data).toMatchObject({
      source: 'keyword',
      matched: 'quote',
      message: 'Could I get a QUOTE for 20 cakes?',
      conversation_id: asked.body.conversationId,
      contact_id: contactIdOf(visitor.visitorToken!),
    });
    expect(execution?.action_results.map((r) => r.detail)).toEqual([`E-mail sent to ${team}`, 'Contact tagged lead', 'Message sent in the conversation']);
    expect((await mailTo(ses, team)).map((m) => m.body.text)).toEqual(['A visitor wrote: Could I get a QUOTE for 20 cakes?']);
    const thread = (await owner.get(`/conversations/${asked.body.conversationId}`)).body.messages as { sender_type: string; content: string }[];
    expect(thread.at(-1)).toMatchObject({ sender_type: 'assistant', content: 'Our team will send your quote today.' });

    // The workflow's own message said "quote": it is not a visitor message and started nothing.
    // A word that only contains the keyword does not trigger either.
    expect((await visitor.ask('Is a quotation binding?')).status).toBe(200);
    expect(await executionsOf(workflowId)).toHaveLength(1);
    const workflow = (await owner.get(`/chatbots/${chatbotId}/workflows`)).body.workflows.find((w: { id: string }) => w.id === workflowId);
    expect(workflow.execution_count).toBe(1);
  });

  it('an intent matches a message that means one of its examples, not one that shares a word', async () => {
    const workflowId = await create({
      name: 'Bookings',
      trigger_type: 'intent',
      trigger_conditions: { intent: 'table booking', examples: 'book a table, is there a free table tonight' },
      actions: [{ type: 'tag_contact', config: { tags: 'booking' } }],
    });
    const visitor = chatVisitor(apiUrl, chatbotId);
    await visitor.ask('Is your table wooden?');
    await visitor.ask('Could I reserve a table for Friday?');
    const executions = await finishedExecutions(workflowId);
    expect(executions).toHaveLength(1);
    expect(executions[0]).toMatchObject({
      status: 'completed',
      trigger_data: { source: 'intent', matched: 'table booking', message: 'Could I reserve a table for Friday?' },
    });
  });

  it('an inactive workflow is not triggered', async () => {
    const workflowId = await create({
      name: 'Paused',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: 'refund' },
      is_active: false,
      actions: [{ type: 'tag_contact', config: { tags: 'refund' } }],
    });
    expect((await chatVisitor(apiUrl, chatbotId).ask('I want a refund')).status).toBe(200);
    // A later workflow on the same message is started, so the paused one had its chance.
    const marker = await create({
      name: 'Marker',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: 'refund' },
      actions: [{ type: 'tag_contact', config: { tags: 'marker' } }],
    });
    expect((await chatVisitor(apiUrl, chatbotId).ask('refund please')).status).toBe(200);
    await finishedExecutions(marker);
    expect(await executionsOf(workflowId)).toEqual([]);
  });

  it('a workflow switched off stops triggering from the next message on, and switched on triggers again', async () => {
    const tag = { type: 'tag_contact', config: { tags: 'wholesale' } };
    const workflowId = await create({ name: 'Wholesale', trigger_type: 'keyword', trigger_conditions: { keywords: 'wholesale' }, actions: [tag] });
    const visitor = chatVisitor(apiUrl, chatbotId);
    await visitor.ask('Do you sell wholesale?');
    await finishedExecutions(workflowId);
    expect((await owner.put(`/chatbots/${chatbotId}/workflows/${workflowId}/active`, { is_active: false })).status).toBe(200);
    await visitor.ask('What are your wholesale prices?');
    expect((await owner.put(`/chatbots/${chatbotId}/workflows/${workflowId}/active`, { is_active: true })).status).toBe(200);
    await visitor.ask('Wholesale again, please');
    const executions = await finishedExecutions(workflowId, 2);
    expect(executions.map((e) => e.trigger_data.message).sort()).toEqual(['Do you sell wholesale?', 'Wholesale again, please']);
  });

  it('conversation started: once per conversation, on its first message', async () => {
    const workflowId = await create({
      name: 'Welcome',
      trigger_type: 'user_action',
      trigger_conditions: { action: 'conversation_started' },
      actions: [{ type: 'create_task', config: { title: 'Greet {{contact_name}}', due_in_hours: 1 } }],
    });
    const visitor = chatVisitor(apiUrl, chatbotId, { contactName: 'Maya' });
    await visitor.ask('Hi');
    await visitor.ask('Are you open today?');
    const executions = await finishedExecutions(workflowId);
    expect(executions).toHaveLength(1);
    expect(executions[0]?.action_results[0]?.detail).toMatch(/^Task "Greet Maya" created, due /);
  });

  it('contact details given: texts the number the visitor just gave', async () => {
    const workflowId = await create({
      name: 'Text back',
      trigger_type: 'user_action',
      trigger_conditions: { action: 'contact_details_given' },
      actions: [{ type: 'send_sms', config: { from_phone: '+14155550100', message: 'Hi {{contact_name}}, thanks for your number!' } }],
    });
    const visitor = chatVisitor(apiUrl, chatbotId);
    await visitor.ask('My name is Lena Park, call me on +1 415 555 0199');
    const [execution] = await finishedExecutions(workflowId);
    expect(execution).toMatchObject({ status: 'completed' });
    expect(execution?.trigger_data).toMatchObject({ matched: 'contact_details_given', contact_name: 'Lena Park' });
    expect((await textsTo(sms, '+14155550199')).map((t) => t.MessageBody)).toContain('Hi Lena Park, thanks for your number!');
  });

  it('handoff requested and negative feedback start their workflows', async () => {
    const handoff = await create({
      name: 'Handoff alert',
      trigger_type: 'user_action',
      trigger_conditions: { action: 'handoff_requested' },
      actions: [{ type: 'tag_contact', config: { tags: 'needs-human' } }],
    });
    const unhappy = await create({
      name: 'Unhappy',
      trigger_type: 'user_action',
      trigger_conditions: { action: 'negative_feedback' },
      actions: [{ type: 'tag_contact', config: { tags: 'unhappy' } }],
    });
    const visitor = chatVisitor(apiUrl, chatbotId);
    const reply = await visitor.ask('What are your opening hours?');
    expect(await executionsOf(unhappy)).toEqual([]);
    expect((await visitor.rate({ conversationId: reply.body.conversationId, messageId: reply.body.messageId }, 'down')).status).toBe(200);
    expect((await visitor.ask('I want to speak to human please')).body.transferRequested).toBe(true);

    expect((await finishedExecutions(handoff))[0]).toMatchObject({ status: 'completed', trigger_data: { matched: 'handoff_requested' } });
    expect((await finishedExecutions(unhappy))[0]).toMatchObject({
      status: 'completed',
      trigger_data: { matched: 'negative_feedback', message: 'What are your opening hours?' },
    });
  });
});
