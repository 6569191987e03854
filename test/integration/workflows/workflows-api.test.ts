import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EMPTY_SMS_MESSAGE, INVALID_SENDER_PHONE } from '../../../functions/contracts/workflows.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, type ApiClient } from '../../support/api-client.js';

const { apiUrl, config } = inject('runtime');

const quoteWorkflow = {
  name: '  Quote requests ',
  description: 'Tell the team',
  trigger_type: 'keyword',
  trigger_conditions: { keywords: ' quote, , price list ,quote' },
  actions: [
    { type: 'send_email', config: { to: 'Team@Example.com', subject: 'New quote request', message: '{{contact_name}} asked: {{message}}' } },
    { type: 'wait', delay: '30' },
    {
      type: 'send_sms',
      config: { from_phone: '+14155550100', message: 'Thanks {{contact_name}}!' },
      schedule: { type: 'delay', delay_minutes: '5' },
    },
    { type: 'tag_contact', config: { tags: 'lead, quote' } },
  ],
};

describe('workflows API (spec 001 /dashboard/workflows)', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let stranger: ApiClient;
  let chatbotId: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, hangingPage: false });
    owner = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('creates a workflow with the inputs normalised as the spec says, and lists it newest first', async () => {
    const created = await owner.post(`/chatbots/${chatbotId}/workflows`, quoteWorkflow);
    expect(created.status).toBe(201);
    const workflow = created.body.workflow;
    expect(workflow).toMatchObject({
      name: 'Quote requests',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: ['quote', 'price list'] },
      is_active: true,
      execution_count: 0,
      last_executed_at: null,
    });
    expect(workflow.actions).toEqual([
      { type: 'send_email', config: { to: 'team@example.com', subject: 'New quote request', message: '{{contact_name}} asked: {{message}}' } },
      { type: 'wait', config: {}, delay: 30 },
      {
        type: 'send_sms',
        config: { from_phone: '+14155550100', to_phone: '{{customer_phone}}', message: 'Thanks {{contact_name}}!' },
        schedule: { type: 'delay', delay_minutes: 5 },
      },
      { type: 'tag_contact', config: { tags: ['lead', 'quote'] } },
    ]);
    expect(workflow.webhook_secret).toMatch(/^[\w-]{32}$/);

    const second = await owner.post(`/chatbots/${chatbotId}/workflows`, { ...quoteWorkflow, name: 'Second' });
    const list = await owner.get(`/chatbots/${chatbotId}/workflows`);
    expect(list.status).toBe(200);
    expect(list.body.workflows.map((w: { id: string }) => w.id).slice(0, 2)).toEqual([second.body.workflow.id, workflow.id]);
  });

  it('edits, deactivates and deletes a workflow', async () => {
    const { body } = await owner.post(`/chatbots/${chatbotId}/workflows`, quoteWorkflow);
    const id = body.workflow.id;
    const edited = await owner.put(`/chatbots/${chatbotId}/workflows/${id}`, {
      ...quoteWorkflow,
      name: 'Hot leads',
      trigger_type: 'user_action',
      trigger_conditions: { action: 'contact_details_given' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.workflow).toMatchObject({ id, name: 'Hot leads', trigger_type: 'user_action', trigger_conditions: { action: 'contact_details_given' } });
    expect(edited.body.workflow.webhook_secret).toBe(body.workflow.webhook_secret);

    const off = await owner.put(`/chatbots/${chatbotId}/workflows/${id}/active`, { is_active: false });
    expect(off.body.workflow.is_active).toBe(false);
    const listed = (await owner.get(`/chatbots/${chatbotId}/workflows`)).body.workflows.find((w: { id: string }) => w.id === id);
    expect(listed).toMatchObject({ name: 'Hot leads', is_active: false });

    expect((await owner.delete(`/chatbots/${chatbotId}/workflows/${id}`)).body).toEqual({ deleted: true });
    const after = (await owner.get(`/chatbots/${chatbotId}/workflows`)).body.workflows.map((w: { id: string }) => w.id);
    expect(after).not.toContain(id);
    expect((await owner.delete(`/chatbots/${chatbotId}/workflows/${id}`)).status).toBe(404);
    expect((await owner.put(`/chatbots/${chatbotId}/workflows/${id}/active`, { is_active: true })).status).toBe(404);
    expect((await owner.put(`/chatbots/${chatbotId}/workflows/${id}`, quoteWorkflow)).status).toBe(404);
  });

  it.each([
    ['a sender phone that is not E.164', { type: 'send_sms', config: { from_phone: '0415 555 0100', message: 'Hi' } }, INVALID_SENDER_PHONE],
    ['a sender phone starting with +0', { type: 'send_sms', config: { from_phone: '+0123456789', message: 'Hi' } }, INVALID_SENDER_PHONE],
    ['an empty SMS', { type: 'send_sms', config: { from_phone: '+14155550100', message: '   ' } }, EMPTY_SMS_MESSAGE],
    ['a delay that is not a number', { type: 'wait', delay: 'soon' }, 'The delay (seconds) must be a number'],
    ['an SMS delay that is not a number', { type: 'send_sms', config: { from_phone: '+14155550100', message: 'Hi' }, schedule: { type: 'delay', delay_minutes: 'x' } }, 'The SMS delay (minutes) must be a number'],
    ['a webhook that is not https', { type: 'webhook', config: { url: 'http://example.com/hook' } }, 'The webhook URL must be a valid https:// address'],
    ['an unknown action', { type: 'launch_rocket', config: {} }, 'The action type must be one of'],
  ])('refuses %s with the spec text and stores nothing', async (_what, action, text) => {
    const before = (await owner.get(`/chatbots/${chatbotId}/workflows`)).body.workflows.length;
    const res = await owner.post(`/chatbots/${chatbotId}/workflows`, { ...quoteWorkflow, actions: [action] });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(text);
    expect((await owner.get(`/chatbots/${chatbotId}/workflows`)).body.workflows).toHaveLength(before);
  });

  it('refuses a keyword trigger without keywords, and more than 20 actions', async () => {
    const noKeywords = await owner.post(`/chatbots/${chatbotId}/workflows`, { ...quoteWorkflow, trigger_conditions: { keywords: ' , ,' } });
    expect(noKeywords.status).toBe(400);
    expect(noKeywords.body.error).toContain('Please enter at least one keyword');
    const tooMany = await owner.post(`/chatbots/${chatbotId}/workflows`, {
      ...quoteWorkflow,
      actions: Array.from({ length: 21 }, () => ({ type: 'tag_contact', config: { tags: ['x'] } })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain('A workflow can have at most 20 actions');
  });

  it("another owner gets 404 for every workflow route of someone else's assistant, and changes nothing", async () => {
    const { body } = await owner.post(`/chatbots/${chatbotId}/workflows`, quoteWorkflow);
    const id = body.workflow.id;
    const calls = [
      stranger.get(`/chatbots/${chatbotId}/workflows`),
      stranger.post(`/chatbots/${chatbotId}/workflows`, quoteWorkflow),
      stranger.put(`/chatbots/${chatbotId}/workflows/${id}`, { ...quoteWorkflow, name: 'Taken over' }),
      stranger.put(`/chatbots/${chatbotId}/workflows/${id}/active`, { is_active: false }),
      stranger.delete(`/chatbots/${chatbotId}/workflows/${id}`),
      stranger.get(`/chatbots/${chatbotId}/workflow-executions`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Chatbot not found');
    }
    const mine = (await owner.get(`/chatbots/${chatbotId}/workflows`)).body.workflows.find((w: { id: string }) => w.id === id);
    expect(mine).toMatchObject({ name: 'Quote requests', is_active: true });
  });

  it('lists no executions for a new assistant', async () => {
    const res = await owner.get(`/chatbots/${chatbotId}/workflow-executions`);
    expect(res.status).toBe(200);
    expect(res.body.executions).toEqual([]);
  });
});
