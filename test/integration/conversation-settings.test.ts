import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';

const { apiUrl, config } = inject('runtime');

async function ask(chatbotId: string, message: string) {
  const res = await fetch(`${apiUrl}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, chatbotId, contactId: `settings_${Math.random()}` }),
  });
  return (await res.json()) as { message: string; transferRequested: boolean };
}

describe('Conversation Controls: the server validates the settings and the engine obeys them', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let id: string;
  const save = (changes: Partial<typeof DEFAULT_CONVERSATION_SETTINGS>) =>
    owner.put(`/chatbots/${id}/settings`, { ...DEFAULT_CONVERSATION_SETTINGS, ...changes });

  beforeAll(async () => {
    site = await startFixtureSite({ pages: 30, hangingPage: false });
    owner = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    id = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(owner, id);
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
    expect((await ask(id, 'Can you insure my motorcycle against theft?')).message).toBe('Sorry, I only know about our bakery.');
  });

  it('the maximum response length cuts answers', async () => {
    await save({ maxResponseLength: 100 });
    const { message } = await ask(id, 'Do you have gluten-free products?');
    expect(message.length).toBeLessThanOrEqual(101);
    expect(message.length).toBeGreaterThan(10);
  });

  it('escalation triggers start a transfer only while human handoff is enabled', async () => {
    await save({ escalationTriggers: ['refund'] });
    expect((await ask(id, 'I want a refund')).transferRequested).toBe(true);
    await save({ escalationTriggers: ['refund'], handoffEnabled: false });
    expect((await ask(id, 'I want a refund')).transferRequested).toBe(false);
  });
});
