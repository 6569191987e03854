import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';
import type { FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, type ApiClient } from '../support/api-client.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { assistantFromFixtureSite } from '../support/fixture-assistant.js';
import { chatVisitor, newSourceAddress } from '../support/visitor.js';

const { apiUrl, config, env } = inject('runtime');

async function post(path: string, body: unknown, source = newSourceAddress()) {
  const res = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': source },
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

  /** A new visitor's first exchange: the reply's ids and the visitor's token. */
  const chatAsNewVisitor = async (message = 'Do you have gluten-free products?') => {
    const { body } = await chatVisitor(apiUrl, chatbotId).ask(message);
    return body as { conversationId: string; messageId: string; visitorToken: string };
  };

  it('stores the rating on the reply; a second rating replaces it', async () => {
    expect((await (await fetch(`${apiUrl}/public/chatbots/${chatbotId}`)).json()).chatbot.collect_feedback).toBe(true);
    const reply = await chatAsNewVisitor();
    const rate = (rating: string) =>
      post('/chat/feedback', { chatbotId, visitorToken: reply.visitorToken, conversationId: reply.conversationId, messageId: reply.messageId, rating });

    expect(await rate('up')).toEqual({ status: 200, body: { messageId: reply.messageId, rating: 'up' } });
    expect((await storedFeedback(reply.conversationId)).find((m) => m.id === reply.messageId)?.feedback).toBe('up');
    expect((await rate('down')).status).toBe(200);
    const messages = await storedFeedback(reply.conversationId);
    expect(messages.find((m) => m.id === reply.messageId)?.feedback).toBe('down');
    expect(messages.find((m) => m.sender === 'user')?.feedback).toBeUndefined();
  });

  it("refuses anything but the token holder's own reply of that assistant (401 / 404), and bad input with 400", async () => {
    const reply = await chatAsNewVisitor();
    const valid = { chatbotId, visitorToken: reply.visitorToken, conversationId: reply.conversationId, messageId: reply.messageId, rating: 'up' };
    const other = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const otherBot = (await other.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    const userMessage = (await storedFeedback(reply.conversationId)).find((m) => m.sender === 'user')!.id;
    const someoneElse = await chatAsNewVisitor('Are your products vegan?');

    // The token is for this assistant only; a made-up one is nobody's.
    for (const changed of [{ chatbotId: otherBot }, { visitorToken: 'not-a-token' }, { visitorToken: `${reply.visitorToken.slice(0, -2)}xx` }]) {
      const res = await post('/chat/feedback', { ...valid, ...changed });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatch(/expired or is not yours/);
    }
    for (const changed of [
      { visitorToken: someoneElse.visitorToken },
      { conversationId: 'no-such-conversation' },
      { messageId: 'no-such-message' },
      { messageId: userMessage },
    ]) {
      const res = await post('/chat/feedback', { ...valid, ...changed });
      expect(res.status).toBe(404);
      expect(res.body.error).toBeTruthy();
    }
    for (const changed of [{ rating: 'meh' }, { messageId: '' }, { visitorToken: undefined }]) {
      const res = await post('/chat/feedback', { ...valid, ...changed });
      expect(res.status).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    expect((await storedFeedback(reply.conversationId)).every((m) => m.feedback === undefined)).toBe(true);
  });

  it('is refused (403) while the owner does not collect feedback, and the widget profile says so', async () => {
    await owner.put(`/chatbots/${chatbotId}/settings`, { ...DEFAULT_CONVERSATION_SETTINGS, collectFeedback: false });
    expect((await (await fetch(`${apiUrl}/public/chatbots/${chatbotId}`)).json()).chatbot.collect_feedback).toBe(false);
    const reply = await chatAsNewVisitor();
    const res = await post('/chat/feedback', {
      chatbotId,
      visitorToken: reply.visitorToken,
      conversationId: reply.conversationId,
      messageId: reply.messageId,
      rating: 'up',
    });
    expect(res).toEqual({ status: 403, body: { error: 'This assistant does not collect feedback' } });
    expect((await storedFeedback(reply.conversationId)).every((m) => m.feedback === undefined)).toBe(true);
    await owner.put(`/chatbots/${chatbotId}/settings`, DEFAULT_CONVERSATION_SETTINGS);
  });

  it('rate limits one source address (429)', async () => {
    const reply = await chatAsNewVisitor();
    const body = { chatbotId, visitorToken: reply.visitorToken, conversationId: reply.conversationId, messageId: reply.messageId, rating: 'up' };
    const source = newSourceAddress();
    // 30 a minute per address; a minute boundary during the loop may allow up to one more window.
    let accepted = 0;
    let refused: { status: number; body: { error?: string } } | undefined;
    while (!refused && accepted <= 60) {
      const res = await post('/chat/feedback', body, source);
      if (res.status === 200) accepted++;
      else refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.error).toMatch(/Too many requests/);
    expect(accepted).toBeGreaterThanOrEqual(30);
  });
});
