import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, type ApiClient } from '../support/api-client.js';
import type { FixtureSite } from '../../local/sample-site.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { assistantFromFixtureSite } from '../support/fixture-assistant.js';
import { chatVisitor } from '../support/visitor.js';

const { apiUrl, config, env } = inject('runtime');

/** One message of a new visitor of the public chat, as the widget sends it. */
const ask = (chatbotId: string, message: string) => chatVisitor(apiUrl, chatbotId, { contactName: 'Integration Visitor' }).ask(message);

async function storedMessages(conversationId: string) {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const { data } = await db().entities.message.query.byConversation({ conversation_id: conversationId }).go();
    return data.map((m) => ({ sender: m.sender_type, content: m.content }));
  });
}

describe('the chat engine (offline responder) answers from what the assistant learned', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let chatbotId: string;
  beforeAll(async () => {
    ({ site, owner, chatbotId } = await assistantFromFixtureSite(apiUrl, config));
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("answers with the site's facts and the page they come from", async () => {
    const { status, body } = await ask(chatbotId, 'How far ahead should I order a birthday cake?');
    expect(status).toBe(200);
    expect(body.message).toMatch(/Five days for most cakes/);
    expect(body.message).toContain(site.url);
    expect(body.sources[0].url).toContain(site.url);
    expect(body.transferRequested).toBe(false);
  });

  it("answers the opening hours from the site's table, each day with its hours", async () => {
    const { status, body } = await ask(chatbotId, 'What are your opening hours?');
    expect(status).toBe(200);
    expect(body.message).toContain('Day: Monday; Hours: Closed (gluten-free baking day).');
    expect(body.message).toContain('Day: Tuesday to Friday; Hours: 7:00 am to 5:00 pm.');
    expect(body.sources[0].url).toBe(`${site.url}/opening-hours`);
  });

  it('says the fallback message when nothing it knows answers the question', async () => {
    const { body } = await ask(chatbotId, 'Do you deliver to Chicago?');
    expect(body.message).toBe("I'm not sure I understand. Could you please rephrase that?");
    expect(body.sources).toEqual([]);
  });

  it('stores every message and continues the conversation of the same visitor', async () => {
    const visitor = chatVisitor(apiUrl, chatbotId);
    const first = await visitor.ask('Do you have gluten-free products?');
    const second = await visitor.ask('Are your products vegan?');
    expect(second.body.conversationId).toBe(first.body.conversationId);
    const messages = await storedMessages(first.body.conversationId);
    expect(messages.map((m) => m.sender)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[0]!.content).toBe('Do you have gluten-free products?');
    expect(messages[3]!.content).toBe(second.body.message);
  });

  it("uses the owner's correction for the same question, however it is typed, from the next chat on", async () => {
    // Asked before the correction exists: the assistant's corrections (none) are read and kept.
    const before = await ask(chatbotId, 'Do you deliver on Sundays?');
    expect(before.body.message).not.toBe('No, our van delivers Monday to Saturday only.');
    const saved = await owner.post(`/chatbots/${chatbotId}/corrections`, {
      original_message: 'Do you deliver on Sundays?',
      original_response: 'Something wrong',
      corrected_response: 'No, our van delivers Monday to Saturday only.',
      context_used: 'Live Training Correction',
    });
    expect(saved.status).toBe(201);
    // A correction is a training signal: the quality breakdown counts it.
    const { body: detail } = await owner.get(`/chatbots/${chatbotId}`);
    expect(detail.chatbot.training_breakdown.find((p: { signal: string }) => p.signal === 'corrections').points).toBe(1);
    const { body } = await ask(chatbotId, 'do you deliver on sundays');
    expect(body.message).toBe('No, our van delivers Monday to Saturday only.');
    // Another wording of the same question takes the correction too; another question does not.
    expect((await ask(chatbotId, 'Is Sunday delivery available?')).body.message).toBe('No, our van delivers Monday to Saturday only.');
    expect((await ask(chatbotId, 'Do you deliver on Saturdays?')).body.message).not.toBe('No, our van delivers Monday to Saturday only.');
  });

  it('only the owner may save corrections (404 for anyone else, 400 for an empty correction)', async () => {
    const stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const correction = { original_message: 'Hi', original_response: 'Hello', corrected_response: 'Welcome!' };
    expect((await stranger.post(`/chatbots/${chatbotId}/corrections`, correction)).status).toBe(404);
    const empty = await owner.post(`/chatbots/${chatbotId}/corrections`, { ...correction, corrected_response: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/Please enter a response/);
  });

  it('an escalation trigger requests a human agent and tells the visitor', async () => {
    const { body } = await ask(chatbotId, 'Please let me speak to human now');
    expect(body).toMatchObject({ transferRequested: true, message: 'Let me connect you with a human agent who can better assist you.' });
  });

  it('refuses unknown and inactive assistants with 404 and answers nothing', async () => {
    expect((await ask('no-such-bot', 'Hello?')).status).toBe(404);
    const other = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const id = (await other.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await other.put(`/chatbots/${id}/active`, { is_active: false });
    const refused = await ask(id, 'What are your opening hours?');
    expect(refused.status).toBe(404);
    expect(refused.body.error).toEqual(expect.any(String));
    expect((await fetch(`${apiUrl}/public/chatbots/${id}`)).status).toBe(404);
  });

  it('bounds message size and refuses blank messages', async () => {
    const long = await ask(chatbotId, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/at most 2000 characters/);
    expect((await ask(chatbotId, '   ')).status).toBe(400);
  });

  it('rate limits one visitor (429 with a clear message and Retry-After)', async () => {
    const visitor = chatVisitor(apiUrl, chatbotId);
    // 20 a minute per address; the loop may straddle a minute boundary (one more window).
    let accepted = 0;
    let refused: Awaited<ReturnType<typeof visitor.ask>> | undefined;
    while (!refused && accepted <= 40) {
      const res = await visitor.ask(`Hello number ${accepted}`);
      if (res.status === 200) accepted++;
      else refused = res;
    }
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(refused?.status).toBe(429);
    expect(refused?.body.error).toMatch(/Too many requests from your network right now\. Please wait \d+ seconds/);
    const retryAfter = Number(refused?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('serves only safe public fields of an active assistant', async () => {
    const res = await fetch(`${apiUrl}/public/chatbots/${chatbotId}`, { headers: { origin: 'https://customer.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://customer.example');
    const { chatbot } = await res.json();
    expect(chatbot).toMatchObject({ id: chatbotId, is_active: true, welcome_message: 'Hello! How can I help you today?' });
    expect(chatbot).not.toHaveProperty('user_id');
    expect(chatbot).not.toHaveProperty('conversation_settings');
    expect(chatbot).not.toHaveProperty('embed_code');
  });

  it('demo statistics count views and interactions per visit', async () => {
    const session = `s_${Date.now()}`;
    const track = (event_type: string, extra = {}) =>
      fetch(`${apiUrl}/demo/analytics`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chatbot_id: chatbotId, event_type, session_id: session, ...extra }),
      });
    const before = await (await fetch(`${apiUrl}/public/chatbots/${chatbotId}/demo-stats`)).json();
    expect((await track('demo_view')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await track('demo_interaction', { metadata: { message_content: 'Hello' } })).status).toBe(200);
    const after = await (await fetch(`${apiUrl}/public/chatbots/${chatbotId}/demo-stats`)).json();
    expect(after.total_views).toBe(before.total_views + 1);
    expect(after.total_interactions).toBe(before.total_interactions + 1);
    expect(after.avg_session_time).toBeGreaterThanOrEqual(1);
    expect(after.last_accessed).toEqual(expect.any(String));
    expect((await track('demo_click')).status).toBe(400);
    expect((await track('demo_interaction', { metadata: { message_content: 'x'.repeat(101) } })).status).toBe(400);
  });
});
