import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { WorkflowExecution } from '../../../functions/contracts/workflows.js';
import { uniqueEmail } from '../../support/accounts.js';
import { useAssistantFromFixtureSite } from '../../support/fixture-assistant.js';
import { credentialsOf, graphStandIn, trainForChannels, type StandInAccount } from '../../support/graph-stand-in.js';
import { mailTo } from '../../support/sent-mail.js';
import { chatVisitor } from '../../support/visitor.js';
import { widgetSocket } from '../../support/widget-socket.js';

/**
 * Workflows triggered by customers on messaging channels: a WhatsApp message, delivered by the Graph
 * stand-in to the webhook signed like Meta's, goes through the same trigger check as the website chat.
 */
const runtime = inject('runtime');
const { apiUrl, config, env } = runtime;
const meta = graphStandIn(env);
const ses = env.AWS_ENDPOINT_URL_SESV2!;

describe('workflow triggers on messaging channels', () => {
  const assistant = useAssistantFromFixtureSite(apiUrl, config, 30);
  let whatsapp: StandInAccount;

  const executionsOf = async (workflowId: string): Promise<WorkflowExecution[]> =>
    ((await assistant.owner.get(`/chatbots/${assistant.chatbotId}/workflow-executions`)).body.executions as WorkflowExecution[]).filter(
      (e) => e.workflow_id === workflowId,
    );
  async function finished(workflowId: string): Promise<WorkflowExecution[]> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const executions = await executionsOf(workflowId);
      if (executions.length > 0 && executions.every((e) => e.status !== 'running')) return executions;
      if (Date.now() > deadline) throw new Error(`workflow ${workflowId}: ${JSON.stringify(executions)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    await trainForChannels(assistant.owner, assistant.chatbotId);
    whatsapp = await meta.newAccount('whatsapp', 'Harbor Bakery');
    const res = await assistant.owner.put(`/chatbots/${assistant.chatbotId}/channels/whatsapp`, { credentials: credentialsOf(whatsapp) });
    if (res.status !== 200) throw new Error(`connecting WhatsApp answered ${res.status}: ${JSON.stringify(res.body)}`);
    const { webhook_url: webhookUrl, verify_token: verifyToken } = res.body.channel;
    expect(await meta.subscribe(whatsapp.account_id, webhookUrl, verifyToken)).toMatchObject({ verified: true });
  }, 120_000);

  it("a WhatsApp customer's keyword starts the workflow with their phone and conversation; other words start nothing", async () => {
    const team = uniqueEmail('orders');
    const created = await assistant.owner.post(`/chatbots/${assistant.chatbotId}/workflows`, {
      name: 'Catering leads',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: 'catering' },
      actions: [
        { type: 'send_email', config: { to: team, subject: 'Catering request from {{customer_phone}}', message: '{{contact_name}} wrote: {{message}}' } },
        { type: 'tag_contact', config: { tags: 'catering' } },
        { type: 'send_message', config: { message: 'Thanks {{contact_name}}, our catering team will call you today.' } },
      ],
    });
    expect(created.status).toBe(201);
    const workflowId = created.body.workflow.id as string;

    const customer = '447700900777';
    const plain = await meta.customerWrites(whatsapp.account_id, { from: customer, name: 'Dana Hughes', text: 'Do you sell rye bread?' });
    expect(plain.webhook_status).toBe(200);
    const asked = await meta.customerWrites(whatsapp.account_id, { from: customer, name: 'Dana Hughes', text: 'Do you do catering for 40 people?' });
    expect(asked.webhook_status).toBe(200);

    const [execution, ...others] = await finished(workflowId);
    expect(others).toEqual([]);
    expect(execution).toMatchObject({ status: 'completed', actions_executed: 3 });
    expect(execution?.trigger_data).toMatchObject({
      source: 'keyword',
      matched: 'catering',
      message: 'Do you do catering for 40 people?',
      contact_name: 'Dana Hughes',
      customer_phone: `+${customer}`,
      contact_id: `whatsapp:${customer}`,
    });
    const [mail] = await mailTo(ses, team);
    expect(mail?.subject).toBe(`Catering request from +${customer}`);
    expect(mail?.body.text).toBe('Dana Hughes wrote: Do you do catering for 40 people?');

    expect(execution?.action_results.map((r) => r.detail)).toEqual([`E-mail sent to ${team}`, 'Contact tagged catering', 'Message sent in the conversation']);
    // The workflow's message reached the customer on WhatsApp, after the assistant's two answers.
    const sent = await meta.sentTo(whatsapp.account_id, customer);
    expect(sent.map((m) => m.text)).toContain('Thanks Dana Hughes, our catering team will call you today.');
    // The execution names the WhatsApp conversation of the inbox.
    const { conversations } = (await assistant.owner.get(`/conversations?chatbotId=${assistant.chatbotId}`)).body;
    const conversation = conversations.find((c: { contact_id: string }) => c.contact_id === `whatsapp:${customer}`);
    expect(conversation.id).toBe(execution?.trigger_data.conversation_id);
  });

  it("a workflow's send_message reaches the website visitor's open widget live and stays in the conversation", async () => {
    const created = await assistant.owner.post(`/chatbots/${assistant.chatbotId}/workflows`, {
      name: 'Booking link',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: 'book a table' },
      actions: [{ type: 'send_message', config: { message: 'You can book here: https://example.com/book ({{business_name}})' } }],
    });
    const workflowId = created.body.workflow.id as string;
    const visitor = chatVisitor(apiUrl, assistant.chatbotId);
    expect((await visitor.ask('Hello')).status).toBe(200);
    const widget = await widgetSocket(runtime, assistant.chatbotId, visitor.visitorToken!);
    try {
      const asked = await visitor.ask('Can I book a table for Friday?');
      expect(asked.status).toBe(200);
      const live = await widget.message(0);
      expect(live).toMatchObject({ type: 'reply', conversation_id: asked.body.conversationId, content: expect.stringMatching(/^You can book here: https:\/\/example\.com\/book \(.+\)$/) });
      const [execution] = await finished(workflowId);
      expect(execution).toMatchObject({ status: 'completed', actions_executed: 1 });
      const { messages } = (await assistant.owner.get(`/conversations/${asked.body.conversationId}`)).body;
      expect(messages.at(-1)).toMatchObject({ id: (live as { message_id: string }).message_id, sender_type: 'assistant', content: (live as { content: string }).content });
    } finally {
      await widget.close();
    }
  });
});
