import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';
import { DEFAULT_TRANSFER_SETTINGS, ESCALATION_TIMEOUT, ESCALATION_TIMEOUT_MESSAGE, type AgentTransfer } from '../../functions/contracts/transfers.js';
import { eventually } from '../support/eventually.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { credentialsOf, graphStandIn, hubSignatureOf, trainForChannels, whatsappTextPayload, type Platform, type StandInAccount } from '../support/graph-stand-in.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { mailTo } from '../support/sent-mail.js';
import { channelText } from '../../functions/core/chat/surface-text.js';
import { ASSISTANT_BACK_TEXT, personJoinedText, WITH_TEAM_TEXT } from '../../functions/contracts/takeover.js';
import { nameFromEmail } from '../../functions/core/inbox/person-shown.js';

const { apiUrl, config, env } = inject('runtime');
const meta = graphStandIn(env);

interface Message {
  sender_type: string;
  content: string;
}

/**
 * Human handoff on messaging channels, as in the web chat: a customer asking for a person starts a
 * transfer and its e-mails, and while a person answers the conversation the assistant stays quiet on
 * the channel (the customer's messages still reach the inbox).
 */
describe('Channels: transfers to a person and human takeover', () => {
  const assistant = useAssistantFromFixtureSite(apiUrl, config, 30);
  const accounts = {} as Record<Platform, StandInAccount>;

  beforeAll(async () => {
    await trainForChannels(assistant.owner, assistant.chatbotId);
    for (const platform of ['whatsapp', 'messenger'] as const) {
      accounts[platform] = await meta.newAccount(platform, `Handoff ${platform}`);
      const res = await assistant.owner.put(`/chatbots/${assistant.chatbotId}/channels/${platform}`, { credentials: credentialsOf(accounts[platform]) });
      if (res.status !== 200) throw new Error(`connecting ${platform} answered ${res.status}: ${JSON.stringify(res.body)}`);
      // Meta's "Verify and save" of the callback URL, as the owner does in their Meta app.
      await meta.subscribe(accounts[platform].account_id, res.body.channel.webhook_url, res.body.channel.verify_token);
    }
  }, 120_000);

  const conversationOf = async (platform: Platform, customer: string) => {
    const { conversations } = (await assistant.owner.get(`/conversations?chatbotId=${assistant.chatbotId}`)).body;
    return conversations.find((c: { contact_id: string }) => c.contact_id === `${platform}:${customer}`) as { id: string; status: string } | undefined;
  };
  const threadOf = async (conversationId: string) => (await assistant.owner.get(`/conversations/${conversationId}`)).body.messages as Message[];
  const transfersOf = async (conversationId: string) =>
    ((await assistant.owner.get(`/chatbots/${assistant.chatbotId}/transfers`)).body.transfers as { conversation_id: string; status: string; trigger_reason: string }[]).filter(
      (t) => t.conversation_id === conversationId,
    );
  const answersTo = (platform: Platform, customer: string, count: number, what: string) =>
    eventually(() => meta.sentTo(accounts[platform].account_id, customer), (list) => list.length >= count, what);

  it('a WhatsApp customer asking for a person gets the transfer message, a pending transfer and the agents an e-mail with the link', async () => {
    const agent = `agent-${randomUUID()}@example.com`;
    const fallback = 'A baker will answer you here shortly.';
    const saved = await assistant.owner.put(`/chatbots/${assistant.chatbotId}/transfer-settings`, {
      ...DEFAULT_TRANSFER_SETTINGS,
      enabled: true,
      agent_availability: '24/7',
      fallback_message: fallback,
      agent_emails: [agent],
    });
    expect(saved.status).toBe(200);
    const customer = '447700900901';
    const text = 'I need to speak to someone about my wedding cake';
    await meta.customerWrites(accounts.whatsapp.account_id, { from: customer, name: 'Alex Transfer', text });

    const [sent] = await answersTo('whatsapp', customer, 1, 'the transfer message');
    expect(sent!.text).toBe(fallback);
    const conversation = (await conversationOf('whatsapp', customer))!;
    expect(await transfersOf(conversation.id)).toEqual([expect.objectContaining({ status: 'pending', trigger_reason: 'Auto-transfer keyword: "speak to someone"' })]);
    const mails = await eventually(() => mailTo(env.AWS_ENDPOINT_URL_SESV2!, agent), (list) => list.length > 0, 'the transfer e-mail');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/is waiting for a person$/);
    expect(mails[0]!.body.text).toContain(text);
    expect(mails[0]!.body.text).toContain(`/conversations?conversation=${conversation.id}`);
    await assistant.owner.put(`/chatbots/${assistant.chatbotId}/transfer-settings`, DEFAULT_TRANSFER_SETTINGS);
  });

  it('with confirmation required, the customer is asked and a typed yes starts the transfer', async () => {
    const settings = (changes: Partial<typeof DEFAULT_CONVERSATION_SETTINGS>) =>
      assistant.owner.put(`/chatbots/${assistant.chatbotId}/settings`, { ...DEFAULT_CONVERSATION_SETTINGS, ...changes });
    expect((await settings({ escalationTriggers: ['refund'], requireConfirmation: true })).status).toBe(200);
    const customer = '2100000000000901';
    await meta.customerWrites(accounts.messenger.account_id, { from: customer, name: 'Jo Confirm', text: 'I want a refund' });
    const [question] = await answersTo('messenger', customer, 1, 'the confirmation question');
    expect(question!.text).toBe('Would you like me to connect you with a member of our team?');
    const conversation = (await conversationOf('messenger', customer))!;
    expect(await transfersOf(conversation.id)).toEqual([]);

    await meta.customerWrites(accounts.messenger.account_id, { from: customer, name: 'Jo Confirm', text: 'Yes please!' });
    const answers = await answersTo('messenger', customer, 2, 'the answer to the yes');
    expect(answers[1]!.text).toBe('Let me connect you with a human agent who can better assist you.');
    expect(await transfersOf(conversation.id)).toEqual([expect.objectContaining({ status: 'pending', trigger_reason: 'Visitor confirmed the handoff to a person' })]);
    await settings({});
  });

  it('while a person answers the conversation, the customer sees them join, each message is acknowledged, and the hand-back is told', async () => {
    const customer = '447700900902';
    const writes = (text: string) => meta.customerWrites(accounts.whatsapp.account_id, { from: customer, name: 'Pat Takeover', text });
    await writes('Do you bake rye bread?');
    const [firstAnswer] = await answersTo('whatsapp', customer, 1, 'the assistant’s first answer');
    const conversation = (await conversationOf('whatsapp', customer))!;

    // The owner answers from the inbox: the customer sees them join, then their reply; the conversation is theirs.
    const person = nameFromEmail((await assistant.owner.get('/account')).body.profile.email);
    const business = (await assistant.owner.get(`/chatbots/${assistant.chatbotId}`)).body.chatbot.business_name as string;
    const joined = personJoinedText(person, business);
    const reply = await assistant.owner.post(`/conversations/${conversation.id}/messages`, { content: 'Hi Pat, this is Sam from the bakery.' });
    expect(reply.status).toBe(201);
    expect(reply.body.conversation.status).toBe('in_progress');
    await answersTo('whatsapp', customer, 3, 'the person joining and their reply');

    // The customer's message reaches the inbox and is acknowledged as text, not answered by the assistant.
    await writes('Great, can I pick up a loaf at 8?');
    await answersTo('whatsapp', customer, 4, 'the acknowledgement');
    expect((await threadOf(conversation.id)).some((m) => m.content === 'Great, can I pick up a loaf at 8?')).toBe(true);
    expect((await conversationOf('whatsapp', customer))!.status).toBe('in_progress');

    // Handed back to the assistant: the customer is told, and the next message is answered again.
    expect((await assistant.owner.put(`/conversations/${conversation.id}/status`, { status: 'active' })).status).toBe(200);
    await answersTo('whatsapp', customer, 5, 'the hand-back notice');
    await writes('Do you sell croissants?');
    const sent = await answersTo('whatsapp', customer, 6, 'the answer after the hand-back');
    expect(sent).toHaveLength(6);
    expect(sent.map((m) => m.text).slice(0, 5)).toEqual([firstAnswer!.text, joined, 'Hi Pat, this is Sam from the bakery.', WITH_TEAM_TEXT, ASSISTANT_BACK_TEXT]);
    const thread = await threadOf(conversation.id);
    // The inbox keeps the engine's text (links as links); WhatsApp got its plain-text rendering of it. The
    // notices are in the thread as system messages; the acknowledgement is a receipt, not stored.
    expect(thread.map((m) => [m.sender_type, m.sender_type === 'assistant' ? channelText(m.content, 'whatsapp') : m.content])).toEqual([
      ['user', 'Do you bake rye bread?'],
      ['assistant', firstAnswer!.text],
      ['system', joined],
      ['assistant', 'Hi Pat, this is Sam from the bakery.'],
      ['user', 'Great, can I pick up a loaf at 8?'],
      ['system', ASSISTANT_BACK_TEXT],
      ['user', 'Do you sell croissants?'],
      ['assistant', sent[5]!.text],
    ]);
  });
  it('new credentials count at once (the old app secret is refused), and a disconnected channel’s address answers 404', async () => {
    const { chatbotId, owner } = assistant;
    // The webhook has just checked a call with the first account's app secret.
    await meta.customerWrites(accounts.whatsapp.account_id, { from: '447700900903', name: 'Lee Before', text: 'Do you bake rye bread?' });
    await answersTo('whatsapp', '447700900903', 1, 'the answer with the first credentials');

    const replacement = await meta.newAccount('whatsapp', 'Handoff whatsapp, new number');
    const saved = await owner.put(`/chatbots/${chatbotId}/channels/whatsapp`, { credentials: credentialsOf(replacement) });
    expect(saved.status).toBe(200);
    const webhookUrl = saved.body.channel.webhook_url as string;
    const post = (appSecret: string, id: string, text: string) => {
      const body = whatsappTextPayload(replacement.account_id, { from: '447700900904', name: 'Lee After', id, text });
      return fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignatureOf(body, appSecret) }, body });
    };
    expect((await post(accounts.whatsapp.app_secret, 'wamid.old-secret', 'Signed with the old secret')).status).toBe(401);
    expect((await post(replacement.app_secret, 'wamid.new-secret', 'Do you sell croissants?')).status).toBe(200);
    const answered = await eventually(() => meta.sentTo(replacement.account_id, '447700900904'), (list) => list.length === 1, 'the answer with the new credentials');
    expect(answered[0]!.text.length).toBeGreaterThan(0);

    expect((await owner.delete(`/chatbots/${chatbotId}/channels/whatsapp`)).status).toBe(200);
    const late = await post(replacement.app_secret, 'wamid.after-disconnect', 'Anyone there?');
    expect(late.status).toBe(404);
    expect(await meta.sentTo(replacement.account_id, '447700900904')).toHaveLength(1);
  });
  it('Messenger: while a person answers, the message is marked seen and acknowledged as text, with no answer of the assistant', async () => {
    const customer = '2100000000000905';
    const writes = (text: string) => meta.customerWrites(accounts.messenger.account_id, { from: customer, name: 'Ray Typing', text });
    await writes('Do you bake rye bread?');
    await answersTo('messenger', customer, 1, 'the assistant’s answer');
    const conversation = (await conversationOf('messenger', customer))!;
    expect((await assistant.owner.put(`/conversations/${conversation.id}/status`, { status: 'in_progress' })).status).toBe(200);
    await answersTo('messenger', customer, 2, 'the person joining');
    await writes('Is anyone there?');
    const sent = await answersTo('messenger', customer, 3, 'the acknowledgement');
    expect(sent.map((m) => m.text).slice(1)).toEqual([expect.stringMatching(/ joined the conversation$/), WITH_TEAM_TEXT]);
    const actions = await meta.actionsTo(accounts.messenger.account_id, customer);
    expect(actions.map((a) => a.body.sender_action)).toEqual(['mark_seen', 'typing_on', 'mark_seen', 'typing_on']);
  });
  /** Transfer settings for a timeout test, put back to the defaults after it. */
  const withTransfers = async (escalation_timeout: number, test: () => Promise<void>) => {
    const settings = { ...DEFAULT_TRANSFER_SETTINGS, enabled: true, agent_availability: '24/7' as const, escalation_timeout };
    expect((await assistant.owner.put(`/chatbots/${assistant.chatbotId}/transfer-settings`, settings)).status).toBe(200);
    try {
      await test();
    } finally {
      await assistant.owner.put(`/chatbots/${assistant.chatbotId}/transfer-settings`, DEFAULT_TRANSFER_SETTINGS);
    }
  };
  const transferOfCustomer = async (conversationId: string) => {
    const listed = (await assistant.owner.get(`/chatbots/${assistant.chatbotId}/transfers`)).body.transfers as AgentTransfer[];
    return listed.find((t) => t.conversation_id === conversationId)!;
  };

  it('nobody takes a Messenger transfer within the escalation timeout: the customer is told on Messenger, the transfer is unanswered', async () => {
    await withTransfers(ESCALATION_TIMEOUT.min, async () => {
      const customer = '2100000000000906';
      await meta.customerWrites(accounts.messenger.account_id, { from: customer, name: 'Kim Waiting', text: 'I need to speak to someone about my order' });
      const [asked] = await answersTo('messenger', customer, 1, 'the transfer message');
      expect(asked!.text).toBe(DEFAULT_TRANSFER_SETTINGS.fallback_message);
      const conversation = (await conversationOf('messenger', customer))!;
      expect((await transferOfCustomer(conversation.id)).status).toBe('pending');

      // The state machine's Wait (30 s, the shortest timeout) passes with nobody answering.
      let sent = await meta.awaitSentTo(accounts.messenger.account_id, customer, 2, 30_000);
      if (sent.length < 2) sent = await meta.awaitSentTo(accounts.messenger.account_id, customer, 2, 30_000);
      expect(sent.map((m) => m.text)).toEqual([DEFAULT_TRANSFER_SETTINGS.fallback_message, ESCALATION_TIMEOUT_MESSAGE]);
      expect(sent[1]!.body).toMatchObject({ recipient: { id: customer }, messaging_type: 'RESPONSE' });
      expect((await transferOfCustomer(conversation.id)).status).toBe('unanswered');
      expect((await threadOf(conversation.id)).at(-1)).toMatchObject({ sender_type: 'assistant', content: ESCALATION_TIMEOUT_MESSAGE });
    });
  }, 120_000);

  it('once the 24-hour window has closed, the timeout tells the customer nothing and stores nothing, and the transfer is unanswered', async () => {
    await withTransfers(ESCALATION_TIMEOUT.max, async () => {
      const customer = '2100000000000907';
      await meta.customerWrites(accounts.messenger.account_id, { from: customer, name: 'Max Late', text: 'I need to speak to someone about my order' });
      await answersTo('messenger', customer, 1, 'the transfer message');
      const conversation = (await conversationOf('messenger', customer))!;
      const transfer = await transferOfCustomer(conversation.id);
      const outcome = await withRuntimeEnv(env, async () => {
        const { db } = await import('../../functions/core/data/db.js');
        const { escalateTransfer } = await import('../../functions/core/transfers/escalation-timer.js');
        // The customer last wrote 25 hours ago.
        const lastWrote = new Date(Date.now() - 25 * 3600_000).toISOString();
        await db().entities.visitor.patch({ chatbot_id: assistant.chatbotId, contact_id: `messenger:${customer}` }).set({ last_message_at: lastWrote }).go();
        return escalateTransfer({ chatbot_id: transfer.chatbot_id, transfer_id: transfer.id, transferred_at: transfer.transferred_at });
      });
      expect(outcome).toEqual({ escalated: true, conversation_id: conversation.id, not_told: expect.stringContaining('within 24 hours') });
      expect(await meta.sentTo(accounts.messenger.account_id, customer)).toHaveLength(1);
      expect((await threadOf(conversation.id)).map((m) => m.content)).not.toContain(ESCALATION_TIMEOUT_MESSAGE);
      expect((await transferOfCustomer(conversation.id)).status).toBe('unanswered');
    });
  });
});
