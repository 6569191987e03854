import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';
import type { LocalRuntime } from '../../local/runtime.js';
import { dashboardSocket } from '../support/dashboard-socket.js';
import type { FakeOpenAi } from '../support/fake-openai.js';
import { startOpenAiRuntime, type OpenAiRuntime } from '../support/openai-runtime.js';
import { newSourceAddress } from '../support/visitor.js';
import { widgetSocket } from '../support/widget-socket.js';

const FALLBACK = DEFAULT_CONVERSATION_SETTINGS.fallbackMessage;

/**
 * Answers streamed over the socket the client already holds (issue 28): a runtime of its own whose
 * handlers read OPENAI_* from this process, pointed at a local fake that streams word by word.
 */
describe('streamed answers', () => {
  let runtime: LocalRuntime;
  let fake: FakeOpenAi;
  let ownerIdToken: string;
  let chatbotId: string;
  let started: OpenAiRuntime | undefined;

  beforeAll(async () => {
    started = await startOpenAiRuntime('stream');
    ({ runtime, fake, ownerIdToken, chatbotId } = started);
  }, 120_000);
  afterAll(() => started?.stop());

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${runtime.apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (await res.json()) as any };
  };

  /** A visitor who has a conversation (a token) and, unless told otherwise, their widget's socket open. */
  const visitorWithSocket = async (open = true) => {
    const source = newSourceAddress();
    fake.reply = { text: 'Hello, how can I help?' };
    const first = await post('/chat', { chatbotId, message: 'Hello' }, { 'x-forwarded-for': source });
    let visitorToken = first.body.visitorToken as string;
    const socket = open ? await widgetSocket(runtime, chatbotId, visitorToken) : undefined;
    return {
      socket,
      async ask(message: string) {
        const clientMessageId = randomUUID();
        const reply = await post('/chat', { chatbotId, message, visitorToken, clientMessageId, stream: true }, { 'x-forwarded-for': source });
        visitorToken = reply.body.visitorToken;
        return { ...reply, clientMessageId };
      },
      /** The stored conversation, as the widget loads it. */
      async stored(): Promise<{ role: string; content: string }[]> {
        const res = await fetch(`${runtime.apiUrl}/public/chatbots/${chatbotId}/conversation`, { headers: { authorization: `Bearer ${visitorToken}` } });
        return ((await res.json()) as { messages: { role: string; content: string }[] }).messages;
      },
    };
  };

  /** The stream pieces of one message a socket received, in the order received. */
  const piecesOf = (received: Record<string, unknown>[], clientMessageId: string) =>
    received.filter((m) => m.type === 'stream' && m.client_message_id === clientMessageId) as { seq: number; text: string }[];

  it('streams the answer sentence by sentence, in order, and the pieces make the stored reply', async () => {
    const visitor = await visitorWithSocket();
    const received: Record<string, unknown>[] = [];
    visitor.socket!.socket.on('message', (data) => received.push(JSON.parse(data.toString())));
    const answer = 'Our country sourdough (900 g) is $9.00. It is vegan!\nOrder celebration cakes ahead, please.';
    fake.reply = { text: answer };
    const { status, body, clientMessageId } = await visitor.ask('How much is the country sourdough?');
    expect(status).toBe(200);
    expect(body.message).toBe(answer);
    await expect.poll(() => piecesOf(received, clientMessageId).length).toBe(3);
    const pieces = piecesOf(received, clientMessageId);
    expect(pieces.map((p) => p.seq)).toEqual([0, 1, 2]);
    expect(pieces.map((p) => p.text)).toEqual(['Our country sourdough (900 g) is $9.00.', ' It is vegan!', '\nOrder celebration cakes ahead, please.']);
    expect(pieces.map((p) => p.text).join('')).toBe(body.message);
    expect((await visitor.stored()).at(-1)).toMatchObject({ role: 'assistant', content: answer });
    await visitor.socket!.close();
  });

  it("a new visitor's first message streams with the token the widget asked for on opening the chat, and is stored once", async () => {
    const source = newSourceAddress();
    const started = await post(`/public/chatbots/${chatbotId}/visitor`, {}, { 'x-forwarded-for': source });
    expect(started.status).toBe(200);
    const visitorToken = started.body.visitorToken as string;
    // The token alone stores nothing: the visitor has no conversation yet.
    const before = await fetch(`${runtime.apiUrl}/public/chatbots/${chatbotId}/conversation`, { headers: { authorization: `Bearer ${visitorToken}` } });
    expect(await before.json()).toEqual({ conversationId: null, messages: [] });
    const socket = await widgetSocket(runtime, chatbotId, visitorToken);
    const received: Record<string, unknown>[] = [];
    socket.socket.on('message', (data) => received.push(JSON.parse(data.toString())));

    const answer = 'Our country sourdough (900 g) is $9.00. It is vegan!';
    fake.reply = { text: answer };
    const request = { chatbotId, message: 'How much is the country sourdough?', visitorToken, clientMessageId: randomUUID(), stream: true };
    const first = await post('/chat', request, { 'x-forwarded-for': source });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(answer);
    await expect.poll(() => piecesOf(received, request.clientMessageId).length).toBe(2);
    expect(piecesOf(received, request.clientMessageId).map((p) => p.text).join('')).toBe(answer);
    // The same message again (a retry): the first outcome, in the same conversation, nothing stored twice.
    const again = await post('/chat', request, { 'x-forwarded-for': source });
    expect(again.body).toMatchObject({ message: answer, conversationId: first.body.conversationId, messageId: first.body.messageId });
    const stored = await fetch(`${runtime.apiUrl}/public/chatbots/${chatbotId}/conversation`, { headers: { authorization: `Bearer ${first.body.visitorToken}` } });
    expect(((await stored.json()) as { messages: { role: string; content: string }[] }).messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'How much is the country sourdough?'],
      ['assistant', answer],
    ]);
    await socket.close();
  });

  it('gives no visitor token for an assistant that does not exist', async () => {
    const unknown = await post('/public/chatbots/no-such-assistant/visitor', {}, { 'x-forwarded-for': newSourceAddress() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.visitorToken).toBeUndefined();
  });

  it('a sentence stating a price the knowledge does not give is not sent: the stream ends with the fallback, which is what is stored', async () => {
    const visitor = await visitorWithSocket();
    const received: Record<string, unknown>[] = [];
    visitor.socket!.socket.on('message', (data) => received.push(JSON.parse(data.toString())));
    // The site's baguette is $4.50; the model invents another price in its second sentence.
    fake.reply = { text: 'Our country sourdough (900 g) is $9.00. The weekend baguette costs $3.75. Call 207-555-9999 to order.' };
    const { body, clientMessageId } = await visitor.ask('What does your bread cost?');
    await expect.poll(() => piecesOf(received, clientMessageId).length).toBe(2);
    const pieces = piecesOf(received, clientMessageId);
    expect(pieces.map((p) => p.text)).toEqual(['Our country sourdough (900 g) is $9.00.', ` ${FALLBACK}`]);
    // Everything the socket carried but its ids: a random message id may hold '555' itself.
    const carried = JSON.stringify(received).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '');
    expect(carried).not.toContain('3.75');
    expect(carried).not.toContain('555');
    const streamed = pieces.map((p) => p.text).join('');
    expect(body.message).toBe(streamed);
    expect(body.sources).toEqual([]);
    expect((await visitor.stored()).at(-1)).toMatchObject({ role: 'assistant', content: streamed });
    await visitor.socket!.close();
  });

  it('without an open socket the reply comes whole, as before: an invented price is answered by the fallback alone', async () => {
    const visitor = await visitorWithSocket(false);
    fake.reply = { text: 'Our country sourdough (900 g) is $9.00. It is vegan.' };
    expect((await visitor.ask('How much is the country sourdough?')).body.message).toBe('Our country sourdough (900 g) is $9.00. It is vegan.');
    fake.reply = { text: 'Our country sourdough (900 g) is $9.00. The weekend baguette costs $3.75.' };
    expect((await visitor.ask('What does your bread cost?')).body.message).toBe(FALLBACK);
    expect((await visitor.stored()).at(-1)).toMatchObject({ role: 'assistant', content: FALLBACK });
  });

  it("streams only to the visitor who asked, and the owner's test chat to the owner's own socket", async () => {
    const asking = await visitorWithSocket();
    const other = await visitorWithSocket();
    const askingReceived: Record<string, unknown>[] = [];
    const otherReceived: Record<string, unknown>[] = [];
    asking.socket!.socket.on('message', (data) => askingReceived.push(JSON.parse(data.toString())));
    other.socket!.socket.on('message', (data) => otherReceived.push(JSON.parse(data.toString())));
    fake.reply = { text: 'We bake every morning. Come early!' };
    const { clientMessageId } = await asking.ask('When do you bake?');
    await expect.poll(() => piecesOf(askingReceived, clientMessageId).length).toBe(2);
    // Sent at the same time as the asking visitor's: had any gone to the other socket, it would be there by now.
    expect(otherReceived.filter((m) => m.type === 'stream')).toEqual([]);
    await Promise.all([asking.socket!.close(), other.socket!.close()]);

    const dashboard = await dashboardSocket(runtime, ownerIdToken);
    const ownerMessageId = randomUUID();
    const reply = await post(
      `/chatbots/${chatbotId}/chat`,
      { message: 'When do you bake?', session: 'test_stream', clientMessageId: ownerMessageId, stream: true },
      { authorization: `Bearer ${ownerIdToken}` },
    );
    expect(reply.body.message).toBe('We bake every morning. Come early!');
    const first = await dashboard.first((m) => m.type === 'stream');
    expect(first).toEqual({ type: 'stream', client_message_id: ownerMessageId, seq: 0, text: 'We bake every morning.' });
    dashboard.socket.close();
  });

  it("the offline responder's answer is not streamed", async () => {
    delete process.env.OPENAI_API_KEY;
    try {
      const visitor = await visitorWithSocket();
      const received: Record<string, unknown>[] = [];
      visitor.socket!.socket.on('message', (data) => received.push(JSON.parse(data.toString())));
      const { body } = await visitor.ask('How much is the country sourdough?');
      expect(body.message).toContain('$9.00');
      expect(received.filter((m) => m.type === 'stream')).toEqual([]);
      await visitor.socket!.close();
    } finally {
      process.env.OPENAI_API_KEY = 'sk-test';
    }
  });
});
