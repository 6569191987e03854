import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_TRANSFER_SETTINGS } from '../../functions/contracts/transfers.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { chatVisitor, type ChatVisitor } from '../support/visitor.js';

const { apiUrl, config } = inject('runtime');

/** What a reloaded widget asks for: the visitor's conversation, by their token. */
async function history(chatbotId: string, visitor: ChatVisitor) {
  const res = await fetch(`${apiUrl}/public/chatbots/${chatbotId}/conversation`, {
    headers: { authorization: `Bearer ${visitor.visitorToken}`, 'x-forwarded-for': visitor.source },
  });
  return { status: res.status, body: await res.json() };
}

describe('a visitor who reloads sees their whole conversation (get-visitor-conversation)', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 2);

  it("has the assistant's answers and a person's replies from the inbox, oldest first, as the business's", async () => {
    const { owner, chatbotId } = fixture;
    await owner.put(`/chatbots/${chatbotId}/transfer-settings`, { ...DEFAULT_TRANSFER_SETTINGS, enabled: true });
    const visitor = chatVisitor(apiUrl, chatbotId);
    const answered = (await visitor.ask('Do you bake rye bread?')).body;
    const asked = (await visitor.ask('Can I speak to a human please?')).body;
    expect(asked).toMatchObject({ transferRequested: true, conversationId: answered.conversationId });
    expect((await owner.post(`/conversations/${asked.conversationId}/messages`, { content: 'Hi, this is Sam from the bakery.' })).status).toBe(201);
    expect((await visitor.rate(answered, 'up')).status).toBe(200);

    const { status, body } = await history(chatbotId, visitor);
    expect(status).toBe(200);
    expect(body.conversationId).toBe(answered.conversationId);
    expect(body.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'Do you bake rye bread?'],
      ['assistant', answered.message],
      ['user', 'Can I speak to a human please?'],
      ['assistant', asked.message],
      ['notice', expect.stringMatching(/ joined the conversation$/)],
      ['assistant', 'Hi, this is Sam from the bakery.'],
    ]);
    // The visitor rates the assistant's answers (and sees their rating again), not a person's reply.
    expect(body.messages[1]).toMatchObject({ id: answered.messageId, rateable: true, rating: 'up' });
    expect(body.messages[5]).toMatchObject({ rateable: false, person: { name: expect.any(String) } });
    expect(body.messages[5].rating).toBeUndefined();
  });

  it('another visitor of the same assistant sees only their own conversation', async () => {
    const { chatbotId } = fixture;
    const first = chatVisitor(apiUrl, chatbotId);
    const second = chatVisitor(apiUrl, chatbotId);
    expect((await first.ask('My name is Ada Quill, I want a cake')).status).toBe(200);
    expect((await second.ask('Are you open on Sunday?')).status).toBe(200);
    const seen = JSON.stringify((await history(chatbotId, second)).body);
    expect(seen).toContain('Are you open on Sunday?');
    expect(seen).not.toContain('Ada Quill');
  });

  it('a conversation the owner deleted is gone for the visitor too', async () => {
    const { owner, chatbotId } = fixture;
    const visitor = chatVisitor(apiUrl, chatbotId);
    const { conversationId } = (await visitor.ask('Do you deliver?')).body;
    expect((await history(chatbotId, visitor)).body.messages).toHaveLength(2);
    expect((await owner.delete(`/conversations/${conversationId}`)).status).toBe(200);
    expect(await history(chatbotId, visitor)).toEqual({ status: 200, body: { conversationId: null, messages: [] } });
  });

  it('refuses a request without a visitor token, or with one of another assistant (401)', async () => {
    const { chatbotId } = fixture;
    const visitor = chatVisitor(apiUrl, chatbotId);
    expect((await visitor.ask('Hello')).status).toBe(200);
    const missing = await fetch(`${apiUrl}/public/chatbots/${chatbotId}/conversation`);
    expect(missing.status).toBe(401);
    expect((await missing.json()).error).toMatch(/visitor token is required/);
    const elsewhere = await fetch(`${apiUrl}/public/chatbots/another-assistant/conversation`, {
      headers: { authorization: `Bearer ${visitor.visitorToken}` },
    });
    expect(elsewhere.status).toBe(401);
  });
});
