import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';
import type { FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, type ApiClient } from '../support/api-client.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { assistantFromFixtureSite } from '../support/fixture-assistant.js';

const { apiUrl, config, env } = inject('runtime');

async function post(path: string, body: unknown) {
  const res = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function storedFeedback(conversationId: string) {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const { data } = await db().entities.message.query.byConversation({ conversation_id: conversationId }).go();
    return data.map((m) => ({ id: m.message_id, sender: m.sender_type, feedback: m.feedback }));
  });
}

describe("visitors' thumbs up / down on replies (collectFeedback)", () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let chatbotId: string;
  beforeAll(async () => {
    ({ site, owner, chatbotId } = await assistantFromFixtureSite(apiUrl, config));
  });
  afterAll(async () => {
    await site?.stop();
  });

  const chatAs = async (contactId: string, message = 'Do you have gluten-free products?') => {
    const { body } = await post('/chat', { message, chatbotId, contactId });
    return body as { conversationId: string; messageId: string };
  };

  it('stores the rating on the reply; a second rating replaces it', async () => {
    expect((await (await fetch(`${apiUrl}/public/chatbots/${chatbotId}`)).json()).chatbot.collect_feedback).toBe(true);
    const contactId = `feedback_${Date.now()}`;
    const reply = await chatAs(contactId);
    const rate = (rating: string) => post('/chat/feedback', { chatbotId, contactId, conversationId: reply.conversationId, messageId: reply.messageId, rating });

    expect(await rate('up')).toEqual({ status: 200, body: { messageId: reply.messageId, rating: 'up' } });
    expect((await storedFeedback(reply.conversationId)).find((m) => m.id === reply.messageId)?.feedback).toBe('up');
    expect((await rate('down')).status).toBe(200);
    const messages = await storedFeedback(reply.conversationId);
    expect(messages.find((m) => m.id === reply.messageId)?.feedback).toBe('down');
    expect(messages.find((m) => m.sender === 'user')?.feedback).toBeUndefined();
  });

  it("refuses anything but the visitor's own reply of that assistant with 404, and bad input with 400", async () => {
    const contactId = `feedback_own_${Date.now()}`;
    const reply = await chatAs(contactId);
    const valid = { chatbotId, contactId, conversationId: reply.conversationId, messageId: reply.messageId, rating: 'up' };
    const other = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const otherBot = (await other.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    const userMessage = (await storedFeedback(reply.conversationId)).find((m) => m.sender === 'user')!.id;

    for (const changed of [
      { contactId: 'someone_else' },
      { chatbotId: otherBot },
      { conversationId: 'no-such-conversation' },
      { messageId: 'no-such-message' },
      { messageId: userMessage },
    ]) {
      const res = await post('/chat/feedback', { ...valid, ...changed });
      expect(res.status).toBe(404);
      expect(res.body.error).toBeTruthy();
    }
    for (const changed of [{ rating: 'meh' }, { messageId: '' }, { contactId: undefined }]) {
      const res = await post('/chat/feedback', { ...valid, ...changed });
      expect(res.status).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    expect((await storedFeedback(reply.conversationId)).every((m) => m.feedback === undefined)).toBe(true);
  });

  it('is refused (403) while the owner does not collect feedback, and the widget profile says so', async () => {
    await owner.put(`/chatbots/${chatbotId}/settings`, { ...DEFAULT_CONVERSATION_SETTINGS, collectFeedback: false });
    expect((await (await fetch(`${apiUrl}/public/chatbots/${chatbotId}`)).json()).chatbot.collect_feedback).toBe(false);
    const contactId = `feedback_off_${Date.now()}`;
    const reply = await chatAs(contactId);
    const res = await post('/chat/feedback', { chatbotId, contactId, conversationId: reply.conversationId, messageId: reply.messageId, rating: 'up' });
    expect(res).toEqual({ status: 403, body: { error: 'This assistant does not collect feedback' } });
    expect((await storedFeedback(reply.conversationId)).every((m) => m.feedback === undefined)).toBe(true);
    await owner.put(`/chatbots/${chatbotId}/settings`, DEFAULT_CONVERSATION_SETTINGS);
  });

  it('rate limits one visitor (429)', async () => {
    const contactId = `feedback_flood_${Date.now()}`;
    const reply = await chatAs(contactId);
    const body = { chatbotId, contactId, conversationId: reply.conversationId, messageId: reply.messageId, rating: 'up' };
    // 30 a minute per visitor; a minute boundary during the loop may allow up to one more window.
    let accepted = 0;
    let refused: { status: number; body: { error?: string } } | undefined;
    while (!refused && accepted <= 60) {
      const res = await post('/chat/feedback', body);
      if (res.status === 200) accepted++;
      else refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.error).toMatch(/Too many requests/);
    expect(accepted).toBeGreaterThanOrEqual(30);
  });
});
