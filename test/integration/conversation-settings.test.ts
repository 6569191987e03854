import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assistantFromFixtureSite } from '../support/fixture-assistant.js';
import { DECLINED_TEXT } from '../../functions/contracts/chat.js';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';
import type { FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, type ApiClient } from '../support/api-client.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { chatVisitor } from '../support/visitor.js';
import { visitorAwayFor } from '../support/visitor-away.js';

const { apiUrl, config, env } = inject('runtime');

interface Reply {
  message: string;
  conversationId: string;
  transferRequested: boolean;
  confirmation?: { action: string };
}

/** One message of `visitor` (a new visitor by default), as the widget sends it. */
async function ask(chatbotId: string, message: string, visitor = chatVisitor(apiUrl, chatbotId), confirm?: 'handoff' | 'declined') {
  return (await visitor.ask(message, confirm)).body as Reply;
}

const awayFor = (conversationId: string, minutes: number) => visitorAwayFor(env, conversationId, minutes);

async function transfersOf(chatbotId: string, conversationId: string) {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const { data } = await db().entities.agentTransfer.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' });
    return data.filter((t) => t.conversation_id === conversationId);
  });
}

/** The conversation's messages as the owner's transcript shows them: [sender, text], oldest first. */
async function transcriptOf(conversationId: string) {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const { data } = await db().entities.message.query.byConversation({ conversation_id: conversationId }).go({ pages: 'all' });
    return data.map((m) => [m.sender_type, m.content]);
  });
}

describe('Conversation Controls: the server validates the settings and the engine obeys them', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let id: string;
  let business: string;
  const save = (changes: Partial<typeof DEFAULT_CONVERSATION_SETTINGS>) =>
    owner.put(`/chatbots/${id}/settings`, { ...DEFAULT_CONVERSATION_SETTINGS, ...changes });

  beforeAll(async () => {
    ({ site, owner, chatbotId: id } = await assistantFromFixtureSite(apiUrl, config));
    business = (await owner.get(`/chatbots/${id}`)).body.chatbot.business_name;
  });
  afterAll(async () => {
    await site?.stop();
  });

  it.each([
    ['responseDelay', 5001],
    ['responseDelay', -1],
    ['maxResponseLength', 99],
    ['maxResponseLength', 2001],
    ['conversationTimeout', 4 * 60_000],
    ['conversationTimeout', 121 * 60_000],
    ['contextWindow', 2],
    ['contextWindow', 21],
    ['creativityLevel', 0],
    ['strictnessLevel', 11],
    ['welcomeMessage', ''],
  ])('refuses %s = %s with 400 and keeps the stored settings', async (field, value) => {
    const res = await save({ [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(field);
    expect((await owner.get(`/chatbots/${id}`)).body.chatbot.conversation_settings).toEqual(DEFAULT_CONVERSATION_SETTINGS);
  });

  it('stores trigger phrases lower-cased, once each', async () => {
    const res = await save({ escalationTriggers: ['Manager', 'manager', ' Refund '] });
    expect(res.status).toBe(200);
    expect(res.body.chatbot.conversation_settings.escalationTriggers).toEqual(['manager', 'refund']);
    await save({});
  });

  it('another owner cannot change them (404)', async () => {
    const stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    expect((await stranger.put(`/chatbots/${id}/settings`, DEFAULT_CONVERSATION_SETTINGS)).status).toBe(404);
  });

  it('the welcome message is the greeting the public widget shows', async () => {
    await save({ welcomeMessage: 'Welcome to the bakery! Ask me anything.' });
    const { chatbot } = await (await fetch(`${apiUrl}/public/chatbots/${id}`)).json();
    expect(chatbot.welcome_message).toBe('Welcome to the bakery! Ask me anything.');
  });

  it('the fallback message answers what the assistant does not know', async () => {
    await save({ fallbackMessage: 'Sorry, I only know about our bakery.' });
    expect((await ask(id, 'Do you deliver to Chicago?')).message).toBe('Sorry, I only know about our bakery.');
  });

  it('the conversation timeout starts a new conversation after the visitor was away longer', async () => {
    await save({ conversationTimeout: 5 * 60_000 });
    const visitor = chatVisitor(apiUrl, id);
    const first = await ask(id, 'Do you have gluten-free products?', visitor);
    await awayFor(first.conversationId, 4);
    const second = await ask(id, 'Are your products vegan?', visitor);
    expect(second.conversationId).toBe(first.conversationId);
    await awayFor(second.conversationId, 6);
    const third = await ask(id, 'Are your products vegan?', visitor);
    expect(third.conversationId).not.toBe(first.conversationId);
    // The default (30 minutes) would still have continued it.
    await save({});
    await awayFor(third.conversationId, 6);
    expect((await ask(id, 'Are your products vegan?', visitor)).conversationId).toBe(third.conversationId);
  });

  it('strictness decides how much of a question the knowledge must cover before it answers', async () => {
    await save({ strictnessLevel: 10 });
    expect((await ask(id, 'Do you deliver to Chicago?')).message).toBe(DEFAULT_CONVERSATION_SETTINGS.fallbackMessage);
    await save({ strictnessLevel: 1 });
    // Lenient, it answers from what it knows about delivery even though Chicago is not on the list.
    expect((await ask(id, 'Do you deliver to Chicago?')).message).toMatch(/Portland/);
  });

  it('off-topic questions are refused politely unless off-topic answers are allowed', async () => {
    await save({ allowOffTopic: false });
    const refused = await ask(id, 'What is the capital of Mongolia?');
    expect(refused.message).toContain(`I'm sorry, I can only help with questions about ${business}.`);
    // On-topic questions it cannot answer still get the fallback message, greetings are not refused.
    expect((await ask(id, 'Do you deliver to Chicago?')).message).toBe(DEFAULT_CONVERSATION_SETTINGS.fallbackMessage);
    expect((await ask(id, 'Hello!')).message).not.toMatch(/I can only help/);
    // Allowed: no refusal (without an AI provider nothing answers general questions: the fallback message).
    await save({ allowOffTopic: true });
    expect((await ask(id, 'What is the capital of Mongolia?')).message).toBe(DEFAULT_CONVERSATION_SETTINGS.fallbackMessage);
  });

  it('the maximum response length cuts answers', async () => {
    await save({ maxResponseLength: 100 });
    const { message } = await ask(id, 'Do you have gluten-free products?');
    expect(message.length).toBeLessThanOrEqual(101);
    expect(message.length).toBeGreaterThan(10);
  });

  it('escalation triggers start a transfer only while human handoff is enabled', async () => {
    await save({ escalationTriggers: ['refund'] });
    const handedOver = await ask(id, 'I want a refund');
    expect(handedOver).toMatchObject({ transferRequested: true, message: 'Let me connect you with a human agent who can better assist you.' });
    expect(handedOver.confirmation).toBeUndefined();
    expect(await transfersOf(id, handedOver.conversationId)).toHaveLength(1);
    await save({ escalationTriggers: ['refund'], handoffEnabled: false });
    const kept = await ask(id, 'I want a refund');
    expect(kept.transferRequested).toBe(false);
    expect(await transfersOf(id, kept.conversationId)).toHaveLength(0);
    // Without handoff a confirmed handoff is an ordinary message too.
    expect((await ask(id, 'Yes', undefined, 'handoff')).transferRequested).toBe(false);
  });

  it('with confirmation required, a trigger asks first and only a yes starts the transfer', async () => {
    await save({ escalationTriggers: ['refund'], requireConfirmation: true });
    const visitor = chatVisitor(apiUrl, id);
    const asked = await ask(id, 'I want a refund', visitor);
    expect(asked).toMatchObject({
      transferRequested: false,
      message: 'Would you like me to connect you with a member of our team?',
      confirmation: { action: 'handoff' },
    });
    expect(await transfersOf(id, asked.conversationId)).toHaveLength(0);

    // Chatting on instead of answering: an ordinary question gets an ordinary answer and no transfer.
    const goesOn = await ask(id, 'Do you have gluten-free products?', visitor);
    expect(goesOn).toMatchObject({ transferRequested: false, conversationId: asked.conversationId });
    expect(goesOn.confirmation).toBeUndefined();
    expect(goesOn.message).toMatch(/gluten-free/);
    expect(await transfersOf(id, asked.conversationId)).toHaveLength(0);

    expect((await ask(id, 'I still want a refund', visitor)).confirmation).toEqual({ action: 'handoff' });
    const yes = await ask(id, 'Yes', visitor, 'handoff');
    expect(yes).toMatchObject({
      transferRequested: true,
      message: 'Let me connect you with a human agent who can better assist you.',
      conversationId: asked.conversationId,
    });
    expect(await transfersOf(id, asked.conversationId)).toHaveLength(1);

    // The question is answered: the same yes again is an ordinary message, and no second transfer.
    const again = await ask(id, 'Yes', visitor, 'handoff');
    expect(again).toMatchObject({ transferRequested: false, conversationId: asked.conversationId });
    expect(again.message).not.toBe('Let me connect you with a human agent who can better assist you.');
    expect(await transfersOf(id, asked.conversationId)).toHaveLength(1);
    await save({});
  });

  it('a yes without an open question is an ordinary message: no transfer', async () => {
    await save({ escalationTriggers: ['refund'], requireConfirmation: true });
    // A new visitor, and a visitor whose last reply was an ordinary answer.
    const fresh = await ask(id, 'Yes', undefined, 'handoff');
    expect(fresh).toMatchObject({ transferRequested: false });
    expect(fresh.confirmation).toBeUndefined();
    expect(await transfersOf(id, fresh.conversationId)).toHaveLength(0);

    const visitor = chatVisitor(apiUrl, id);
    const answered = await ask(id, 'Do you have gluten-free products?', visitor);
    const forged = await ask(id, 'Yes', visitor, 'handoff');
    expect(forged).toMatchObject({ transferRequested: false, conversationId: answered.conversationId });
    expect(await transfersOf(id, answered.conversationId)).toHaveLength(0);

    // Once the visitor went on chatting after the question, it is no longer open either.
    const asked = await ask(id, 'I want a refund', visitor);
    expect(asked.confirmation).toEqual({ action: 'handoff' });
    await ask(id, 'Do you have gluten-free products?', visitor);
    expect((await ask(id, 'Yes', visitor, 'handoff')).transferRequested).toBe(false);
    expect(await transfersOf(id, asked.conversationId)).toHaveLength(0);
    await save({});
  });

  it('a no to the question is answered and stored by the server, with no transfer', async () => {
    await save({ escalationTriggers: ['refund'], requireConfirmation: true });
    const visitor = chatVisitor(apiUrl, id);
    const asked = await ask(id, 'I want a refund', visitor);
    expect(asked.confirmation).toEqual({ action: 'handoff' });

    const no = await ask(id, 'No', visitor, 'declined');
    expect(no).toMatchObject({ transferRequested: false, conversationId: asked.conversationId, message: DECLINED_TEXT });
    expect(no.confirmation).toBeUndefined();
    expect(await transcriptOf(asked.conversationId)).toEqual([
      ['user', 'I want a refund'],
      ['assistant', 'Would you like me to connect you with a member of our team?'],
      ['user', 'No'],
      ['assistant', DECLINED_TEXT],
    ]);
    // Declined is final: a yes afterwards requests nothing.
    expect((await ask(id, 'Yes', visitor, 'handoff')).transferRequested).toBe(false);
    expect(await transfersOf(id, asked.conversationId)).toHaveLength(0);
    await save({});
  });

  it('two answers to one question at once record one transfer', async () => {
    await save({ escalationTriggers: ['refund'], requireConfirmation: true });
    const visitor = chatVisitor(apiUrl, id);
    const asked = await ask(id, 'I want a refund', visitor);
    const answers = await Promise.all([ask(id, 'Yes', visitor, 'handoff'), ask(id, 'Yes', visitor, 'handoff')]);
    expect(answers.filter((a) => a.transferRequested)).toHaveLength(1);
    expect(await transfersOf(id, asked.conversationId)).toHaveLength(1);
    await save({});
  });
});
