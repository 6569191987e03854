import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_TRANSFER_SETTINGS, type TransferSettings } from '../../functions/contracts/transfers.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient } from '../support/api-client.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { mailTo } from '../support/sent-mail.js';
import { chatVisitor } from '../support/visitor.js';

const { apiUrl, config, env } = inject('runtime');

interface Transfer {
  id: string;
  conversation_id: string;
  status: string;
  trigger_reason: string;
  agent_email: string | null;
  transferred_at: string;
}

describe('Agent Transfers: settings stored per assistant, validated by the server, obeyed by the chat engine', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 3);
  const path = () => `/chatbots/${fixture.chatbotId}/transfer-settings`;
  const save = (changes: Record<string, unknown>) => fixture.owner.put(path(), { ...DEFAULT_TRANSFER_SETTINGS, ...changes });
  const stored = async () => (await fixture.owner.get(path())).body.settings as TransferSettings;
  const history = async () => (await fixture.owner.get(`/chatbots/${fixture.chatbotId}/transfers`)).body.transfers as Transfer[];
  const ask = async (message: string) => (await chatVisitor(apiUrl, fixture.chatbotId).ask(message)).body;

  it('a new assistant has the spec defaults: off, business hours, the five keywords, 300 seconds, no e-mails', async () => {
    const res = await fixture.owner.get(path());
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({
      enabled: false,
      fallback_message: 'Let me connect you with a human agent who can better assist you.',
      agent_availability: 'business_hours',
      auto_transfer_keywords: ['human', 'agent', 'support', 'help', 'speak to someone'],
      escalation_timeout: 300,
      agent_emails: [],
    });
  });

  it('keeps phrases and keywords lower-cased without repeats or blanks, and each agent e-mail once', async () => {
    const res = await save({
      enabled: true,
      triggers: ['Refund Please', 'refund please', '  ', ' CANCEL my order '],
      auto_transfer_keywords: ['Human', 'human', '', 'Complaint'],
      agent_emails: ['Ada@Example.com', 'ada@example.com', ' ', 'bob@example.com'],
      agent_availability: 'custom',
      time_zone: 'Europe/London',
      custom_hours: { days: [5, 1, 1], start: '08:30', end: '18:00' },
      escalation_timeout: 120,
    });
    expect(res.status).toBe(200);
    const expected = {
      enabled: true,
      triggers: ['refund please', 'cancel my order'],
      auto_transfer_keywords: ['human', 'complaint'],
      agent_emails: ['ada@example.com', 'bob@example.com'],
      agent_availability: 'custom',
      time_zone: 'Europe/London',
      custom_hours: { days: [1, 5], start: '08:30', end: '18:00' },
      escalation_timeout: 120,
    };
    expect(res.body.settings).toMatchObject(expected);
    // Stored, not only answered.
    expect(await stored()).toMatchObject(expected);
    await save({});
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a timeout that is not a number', { escalation_timeout: 'soon' }, 'escalation timeout'],
    ['a timeout below 30 seconds', { escalation_timeout: 5 }, 'at least 30'],
    ['a fractional timeout', { escalation_timeout: 90.5 }, 'whole number'],
    ['an unknown availability', { agent_availability: 'sometimes' }, '24/7, business_hours, weekdays or custom'],
    ['an unknown time zone', { time_zone: 'Mars/Olympus_Mons' }, 'time zone'],
    ['an agent e-mail that is not one', { agent_emails: ['ada@example.com', 'not-an-email'] }, 'valid agent e-mail'],
    ['an empty fallback message', { fallback_message: '   ' }, 'fallback message'],
    ['custom hours ending before they start', { custom_hours: { days: [1], start: '17:00', end: '09:00' } }, 'end after they start'],
    ['custom hours without a day', { custom_hours: { days: [], start: '09:00', end: '17:00' } }, 'at least one day'],
    ['enabled as text', { enabled: 'yes' }, 'enabled'],
    ['a field the settings do not have', { surprise: true }, 'surprise'],
  ])('refuses %s with 400 and writes nothing', async (_, changes, message) => {
    await save({ enabled: true, triggers: ['refund'] });
    const res = await save({ enabled: true, triggers: ['refund'], ...changes });
    expect(res.status).toBe(400);
    expect(String(res.body.error).toLowerCase()).toContain(message.toLowerCase());
    expect(await stored()).toMatchObject({ enabled: true, triggers: ['refund'], escalation_timeout: 300, agent_emails: [] });
    await save({});
  });

  it("another owner neither reads nor changes them, nor sees the history (404)", async () => {
    const stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    expect((await stranger.get(path())).status).toBe(404);
    expect((await stranger.put(path(), { ...DEFAULT_TRANSFER_SETTINGS, enabled: true })).status).toBe(404);
    expect((await stranger.get(`/chatbots/${fixture.chatbotId}/transfers`)).status).toBe(404);
    expect((await stored()).enabled).toBe(false);
  });

  it('while disabled, keywords start no transfer; enabled, keywords and trigger phrases do, with the fallback message', async () => {
    await save({ enabled: false });
    const ignored = await ask('Can I talk to a human?');
    expect(ignored.transferRequested).toBe(false);
    expect(ignored.message).not.toBe(DEFAULT_TRANSFER_SETTINGS.fallback_message);

    await save({ enabled: true, triggers: ['wrong order'], fallback_message: 'A baker will be with you in a moment.', agent_availability: '24/7' });
    const byKeyword = await ask('Can I talk to a HUMAN?');
    expect(byKeyword).toMatchObject({ transferRequested: true, message: 'A baker will be with you in a moment.' });
    const byPhrase = await ask('I got the wrong order yesterday');
    expect(byPhrase).toMatchObject({ transferRequested: true, message: 'A baker will be with you in a moment.' });
    // A keyword counts as a whole word: "helpful" is not "help".
    const wordOnly = await ask('Your bread list was helpful, do you bake rye?');
    expect(wordOnly.transferRequested).toBe(false);

    const listed = await history();
    expect(listed.slice(0, 2).map((t) => [t.conversation_id, t.status, t.trigger_reason])).toEqual([
      [byPhrase.conversationId, 'pending', 'Transfer trigger: "wrong order"'],
      [byKeyword.conversationId, 'pending', 'Auto-transfer keyword: "human"'],
    ]);
    expect(listed.some((t) => t.conversation_id === ignored.conversationId || t.conversation_id === wordOnly.conversationId)).toBe(false);
    await save({});
  });

  it('a new transfer e-mails every agent e-mail once, with the link that opens the conversation in the inbox', async () => {
    const agents = [`agent-a-${randomUUID()}@example.com`, `agent-b-${randomUUID()}@example.com`];
    await save({ enabled: true, agent_availability: '24/7', agent_emails: [agents[0]!.toUpperCase(), agents[0]!, agents[1]!] });
    const asked = await ask('I need to speak to someone about my cake order');
    expect(asked.transferRequested).toBe(true);
    for (const agent of agents) {
      const mails = await mailTo(env.AWS_ENDPOINT_URL_SESV2!, agent);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/is waiting for a person$/);
      expect(mails[0]!.body.text).toContain('I need to speak to someone about my cake order');
      expect(mails[0]!.body.text).toContain(`/conversations?conversation=${asked.conversationId}`);
    }
    // An ordinary question sends nothing.
    await ask('Do you bake rye bread?');
    expect(await mailTo(env.AWS_ENDPOINT_URL_SESV2!, agents[1]!)).toHaveLength(1);
    await save({});
  });

  it('outside the agents\' hours the visitor is told when a person will be back', async () => {
    // Custom hours on tomorrow only (UTC): whatever the time now, nobody is there until tomorrow at 10:00.
    const tomorrow = (new Date().getUTCDay() + 1) % 7;
    await save({
      enabled: true,
      fallback_message: 'A baker will be with you soon.',
      agent_availability: 'custom',
      time_zone: 'UTC',
      custom_hours: { days: [tomorrow], start: '10:00', end: '12:00' },
    });
    expect(await ask('Can I talk to a human?')).toMatchObject({
      transferRequested: true,
      message: 'A baker will be with you soon. Our team is away right now; a person will be back tomorrow at 10:00 (UTC).',
    });
    await save({ enabled: true, fallback_message: 'A baker will be with you soon.', agent_availability: '24/7' });
    expect((await ask('Can I talk to a human?')).message).toBe('A baker will be with you soon.');
    await save({});
  });

  it('Transfer History shows the last 20, newest first, with any stored status as it is', async () => {
    const base = Date.parse('2030-01-01T00:00:00Z');
    await withRuntimeEnv(env, async () => {
      const { db } = await import('../../functions/core/data/db.js');
      await db()
        .entities.agentTransfer.put(
          Array.from({ length: 22 }, (_, i) => ({
            chatbot_id: fixture.chatbotId,
            transfer_id: randomUUID(),
            conversation_id: randomUUID(),
            status: i === 21 ? 'lost' : 'resolved',
            trigger_reason: `Seeded ${i}`,
            transferred_at: new Date(base + i * 60_000).toISOString(),
          })),
        )
        .go();
    });
    const listed = await history();
    expect(listed).toHaveLength(20);
    expect(listed.map((t) => t.trigger_reason)).toEqual(Array.from({ length: 20 }, (_, i) => `Seeded ${21 - i}`));
    expect(listed[0]!.status).toBe('lost');
  });
});
