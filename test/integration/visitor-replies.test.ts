import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_TRANSFER_SETTINGS } from '../../functions/contracts/transfers.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { chatVisitor } from '../support/visitor.js';
import { connectSocket, widgetSocket } from '../support/widget-socket.js';

const runtime = inject('runtime');
const { apiUrl, realtimeUrl, config } = runtime;
const connect = (token: string) => connectSocket(realtimeUrl, token);

describe("a person's reply from the inbox reaches the visitor's widget live", () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 2);
  const sockets: { close(): Promise<unknown> }[] = [];
  afterAll(() => Promise.all(sockets.map((s) => s.close())));

  it('the visitor who asked for a person receives the reply on their socket; another visitor receives nothing', async () => {
    const { owner, chatbotId } = fixture;
    await owner.put(`/chatbots/${chatbotId}/transfer-settings`, { ...DEFAULT_TRANSFER_SETTINGS, enabled: true });
    const visitor = chatVisitor(apiUrl, chatbotId);
    const asked = (await visitor.ask('Can I speak to a human please?')).body;
    expect(asked).toMatchObject({ transferRequested: true });
    const stranger = chatVisitor(apiUrl, chatbotId);
    expect((await stranger.ask('Do you bake rye bread?')).status).toBe(200);

    const widget = await widgetSocket(runtime, chatbotId, visitor.visitorToken!);
    const other = await widgetSocket(runtime, chatbotId, stranger.visitorToken!);
    sockets.push(widget, other);

    const replied = await owner.post(`/conversations/${asked.conversationId}/messages`, { content: 'Hi, this is Sam from the bakery.' });
    expect(replied.status).toBe(201);
    // The person joins visibly first (takeover-events.test.ts), then their reply comes with their name.
    expect(await widget.message(0)).toMatchObject({ type: 'person_joined', conversation_id: asked.conversationId });
    expect(await widget.message(1)).toEqual({
      type: 'reply',
      conversation_id: asked.conversationId,
      message_id: replied.body.message.id,
      content: 'Hi, this is Sam from the bakery.',
      created_at: expect.any(String),
      person: { name: expect.any(String) },
    });

    // The reply was sent before the owner's request was answered: the stranger's first message is the answer to its ping.
    other.socket.send(JSON.stringify({ action: 'ping', id: 'after' }));
    expect(await other.message(0)).toMatchObject({ type: 'pong', id: 'after' });
  });

  it('a visitor socket answers the heartbeat but runs no voice session', async () => {
    const { chatbotId } = fixture;
    const visitor = chatVisitor(apiUrl, chatbotId);
    expect((await visitor.ask('Hello')).status).toBe(200);
    const widget = await widgetSocket(runtime, chatbotId, visitor.visitorToken!);
    sockets.push(widget);
    widget.socket.send(JSON.stringify({ type: 'init', chatbot: chatbotId, session: 'mine' }));
    expect(await widget.message(0)).toMatchObject({ type: 'error', message: expect.stringContaining('only receives replies') });
    widget.socket.send(JSON.stringify({ action: 'ping', id: 'beat' }));
    expect(await widget.message(1)).toMatchObject({ type: 'pong', id: 'beat' });
  });

  it('refuses a tampered visitor token (401)', async () => {
    const { chatbotId } = fixture;
    const visitor = chatVisitor(apiUrl, chatbotId);
    expect((await visitor.ask('Hello')).status).toBe(200);
    const [h, p, s] = visitor.visitorToken!.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    claims.sub = 'v_someone_else';
    const tampered = [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.');
    await expect(connect(tampered)).rejects.toThrow('refused 401');
  });
});
