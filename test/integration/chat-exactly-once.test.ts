import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { refuseRequests } from '../support/fault-proxy.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { chatVisitor, newSourceAddress } from '../support/visitor.js';

const { apiUrl, config, env, faults } = inject('runtime');

async function storedMessages(conversationId: string) {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const { data } = await db().entities.message.query.byConversation({ conversation_id: conversationId }).go({ pages: 'all' });
    return data.map((m) => ({ id: m.message_id, sender: m.sender_type, content: m.content, feedback: m.feedback }));
  });
}

/** A visitor with a conversation already, and a way to send a message with the client message id of the caller's choice. */
async function visitorInConversation(chatbotId: string) {
  const visitor = chatVisitor(apiUrl, chatbotId);
  const first = await visitor.ask('Do you have gluten-free products?');
  expect(first.status).toBe(200);
  const source = newSourceAddress();
  const send = async (message: string, clientMessageId: string) => {
    const res = await fetch(`${apiUrl}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': source },
      body: JSON.stringify({ message, chatbotId, visitorToken: visitor.visitorToken, clientMessageId }),
    });
    // The token is renewed with every answer; the rest is the turn's outcome.
    const { visitorToken, ...body } = await res.json();
    if (visitorToken) visitor.visitorToken = visitorToken;
    return { status: res.status, body };
  };
  return { visitor, conversationId: first.body.conversationId as string, send };
}

describe('every visitor message is stored exactly once, by its client message id', () => {
  const assistant = useAssistantFromFixtureSite(apiUrl, config, 3);
  afterEach(() => refuseRequests(faults.dynamodb, []));

  it('the same message sent five times at once is stored once; every request gets the first answer', async () => {
    const { send, conversationId } = await visitorInConversation(assistant.chatbotId);
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send('How far ahead should I order a birthday cake?', id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const replies = new Set(answers.map((a) => `${a.body.messageId} ${a.body.message}`));
    expect(replies.size).toBe(1);
    expect(answers[0]!.body.message).toMatch(/order/i);
    const stored = await storedMessages(conversationId);
    expect(stored.filter((m) => m.content === 'How far ahead should I order a birthday cake?')).toHaveLength(1);
    expect(stored.filter((m) => m.sender === 'assistant' && m.id === answers[0]!.body.messageId)).toHaveLength(1);
    expect(stored).toHaveLength(4);
  });

  it('a retry after the first answer was lost (a client timeout) gets that answer and stores nothing new', async () => {
    const { send, conversationId } = await visitorInConversation(assistant.chatbotId);
    const id = randomUUID();
    const first = await send('What are your opening hours?', id);
    const retry = await send('What are your opening hours?', id);
    expect(retry).toEqual(first);
    expect(await storedMessages(conversationId)).toHaveLength(4);
    // Another id is another message, even with the same words.
    const again = await send('What are your opening hours?', randomUUID());
    expect(again.body.messageId).not.toBe(first.body.messageId);
    expect(await storedMessages(conversationId)).toHaveLength(6);
  });

  it('a 503 while the turn is stored left nothing behind, and the retry stores the message and its reply once', async () => {
    const { send, conversationId } = await visitorInConversation(assistant.chatbotId);
    const id = randomUUID();
    // The database drops every request carrying this message's words: its writes, not the turn's reads.
    const question = `Do you bake sourdough bread on Saturdays? (${id.slice(0, 8)})`;
    await refuseRequests(faults.dynamodb, [id.slice(0, 8)]);
    const down = await send(question, id);
    expect(down.status).toBe(503);
    expect((await storedMessages(conversationId)).filter((m) => m.content === question)).toHaveLength(0);

    await refuseRequests(faults.dynamodb, []);
    const retry = await send(question, id);
    expect(retry.status).toBe(200);
    const stored = await storedMessages(conversationId);
    expect(stored.filter((m) => m.content === question)).toHaveLength(1);
    expect(stored.filter((m) => m.id === retry.body.messageId)).toHaveLength(1);
    expect(stored).toHaveLength(4);
    // And a repeat of the repaired turn is its outcome again.
    expect(await send(question, id)).toEqual(retry);
  });

  it("a client message id is the visitor's own: another visitor's message with the same id is theirs", async () => {
    const a = await visitorInConversation(assistant.chatbotId);
    const b = await visitorInConversation(assistant.chatbotId);
    const id = randomUUID();
    const fromA = await a.send('What are your opening hours?', id);
    const fromB = await b.send('Do you deliver to Chicago?', id);
    expect(fromB.body.conversationId).toBe(b.conversationId);
    expect(fromB.body.messageId).not.toBe(fromA.body.messageId);
    expect(await storedMessages(b.conversationId)).toHaveLength(4);
  });

  it('refuses a malformed client message id with 400 and stores nothing', async () => {
    const { send, conversationId } = await visitorInConversation(assistant.chatbotId);
    const bad = await send('What are your opening hours?', 'no spaces allowed here');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/clientMessageId/);
    expect(await storedMessages(conversationId)).toHaveLength(2);
  });

  it('the same thumbs down sent three times at once is one rating in the analytics', async () => {
    const thumbsDown = async () => (await assistant.owner.get(`/chatbots/${assistant.chatbotId}/analytics?timeRange=7d`)).body.ratings.thumbsDown as number;
    const { visitor, send, conversationId } = await visitorInConversation(assistant.chatbotId);
    const answer = await send('What are your opening hours?', randomUUID());
    const before = await thumbsDown();
    const ratings = await Promise.all([0, 1, 2].map(() => visitor.rate({ conversationId, messageId: answer.body.messageId }, 'down')));
    expect(ratings.map((r) => r.status)).toEqual([200, 200, 200]);
    const rated = (await storedMessages(conversationId)).find((m) => m.id === answer.body.messageId);
    expect(rated?.feedback).toBe('down');
    expect(await thumbsDown()).toBe(before + 1);
  });
});
