import { afterAll, describe, expect, inject, it } from 'vitest';
import type WebSocket from 'ws';
import { ASSISTANT_BACK_TEXT, WITH_TEAM_TEXT } from '../../functions/contracts/takeover.js';
import { DEFAULT_TRANSFER_SETTINGS } from '../../functions/contracts/transfers.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { dashboardSocket } from '../support/dashboard-socket.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { chatVisitor } from '../support/visitor.js';
import { widgetSocket } from '../support/widget-socket.js';

const runtime = inject('runtime');
const { apiUrl, config } = runtime;

/** Closes a socket and waits until closed, so $disconnect runs before the runtime stops. */
const closing = (socket: WebSocket) => ({ close: () => new Promise((closed) => (socket.once('close', closed), socket.close())) });

/**
 * Issue 28 item 4: a person visibly takes over. The visitor is told who joined and sees their name on
 * their replies and while they type; the inbox sees the visitor type; each message while a person
 * answers (or is awaited) is acknowledged; handing back is told. Every event reaches the conversation's
 * own visitor only.
 */
describe('A person visibly takes over: joined, typing both ways, acknowledgements, hand-back', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 2);
  const sockets: { close(): Promise<unknown> }[] = [];
  afterAll(() => Promise.all(sockets.map((s) => s.close())));

  it('the visitor sees Maria join, type and reply, is acknowledged meanwhile and told when the assistant answers again; another visitor sees none of it', async () => {
    const { owner, ownerIdToken, chatbotId } = fixture;
    const business = (await owner.get(`/chatbots/${chatbotId}`)).body.chatbot.business_name as string;
    expect((await owner.patch('/account', { business_name: 'Test Bakery', display_name: 'Maria' })).status).toBe(200);
    await owner.put(`/chatbots/${chatbotId}/transfer-settings`, { ...DEFAULT_TRANSFER_SETTINGS, enabled: true, agent_availability: '24/7' });

    const visitor = chatVisitor(apiUrl, chatbotId);
    const asked = (await visitor.ask('Can I speak to a human please?')).body;
    expect(asked).toMatchObject({ transferRequested: true });
    const conversationId = asked.conversationId as string;
    // While the transfer waits, the next message is acknowledged instead of answered by the assistant.
    const waiting = await visitor.ask('Hello? Is someone coming?');
    expect(waiting.body).toMatchObject({ message: WITH_TEAM_TEXT, personAnswering: true, conversationId });

    const stranger = chatVisitor(apiUrl, chatbotId);
    expect((await stranger.ask('Do you bake rye bread?')).status).toBe(200);
    const widget = await widgetSocket(runtime, chatbotId, visitor.visitorToken!);
    const other = await widgetSocket(runtime, chatbotId, stranger.visitorToken!);
    sockets.push(widget, other);
    const inbox = await dashboardSocket(runtime, ownerIdToken);
    sockets.push(closing(inbox.socket));

    // Maria answers from the inbox: first the visitor sees her join, then her reply with her name.
    const replied = await owner.post(`/conversations/${conversationId}/messages`, { content: 'Hi, Maria here. How can I help?' });
    expect(replied.status).toBe(201);
    expect(await widget.message(0)).toEqual({
      type: 'person_joined',
      conversation_id: conversationId,
      message_id: expect.any(String),
      content: `Maria from ${business} joined the conversation`,
      person: { name: 'Maria' },
      created_at: expect.any(String),
    });
    expect(await widget.message(1)).toMatchObject({
      type: 'reply',
      message_id: replied.body.message.id,
      content: 'Hi, Maria here. How can I help?',
      person: { name: 'Maria' },
    });

    // Typing both ways, on the conversation's sockets only.
    inbox.socket.send(JSON.stringify({ action: 'typing', conversation_id: conversationId }));
    expect(await widget.message(2)).toEqual({ type: 'person_typing', conversation_id: conversationId, person: { name: 'Maria' } });
    widget.socket.send(JSON.stringify({ action: 'typing', conversation_id: conversationId }));
    expect(await inbox.first((m) => m.type === 'visitor_typing')).toEqual({ type: 'visitor_typing', chatbot_id: chatbotId, conversation_id: conversationId });
    // Another visitor cannot pretend to type in this conversation, nor see Maria type in it.
    other.socket.send(JSON.stringify({ action: 'typing', conversation_id: conversationId }));
    expect(await other.message(0)).toEqual({ type: 'error', message: 'Conversation not found' });
    // Nor can another business's user make the visitor see someone typing.
    const strangerOwner = await signUpAndSignIn(config);
    const strangerInbox = await dashboardSocket(runtime, strangerOwner.idToken);
    sockets.push(closing(strangerInbox.socket));
    strangerInbox.socket.send(JSON.stringify({ action: 'typing', conversation_id: conversationId }));
    expect(await strangerInbox.first((m) => m.type === 'error')).toEqual({ type: 'error', message: 'Conversation not found' });

    // Each visitor message while Maria answers is acknowledged, never answered by the assistant.
    const acknowledged = await visitor.ask('Do you have gluten-free bread?');
    expect(acknowledged.body).toMatchObject({ message: WITH_TEAM_TEXT, personAnswering: true });

    // Handed back: the visitor is told, and the assistant answers the next message.
    expect((await owner.put(`/conversations/${conversationId}/status`, { status: 'active' })).status).toBe(200);
    expect(await widget.message(3)).toMatchObject({ type: 'handed_back', conversation_id: conversationId, content: ASSISTANT_BACK_TEXT });
    const answered = (await visitor.ask('Do you bake rye bread?')).body;
    expect(answered.personAnswering).toBeUndefined();
    expect(answered.message).not.toBe(WITH_TEAM_TEXT);

    // The visitor's own history (a reloaded widget) shows the notices as notices and Maria's name on her reply.
    const history = await fetch(`${apiUrl}/public/chatbots/${chatbotId}/conversation`, { headers: { authorization: `Bearer ${visitor.visitorToken}` } });
    const shown = ((await history.json()) as { messages: { role: string; content: string; person?: { name: string } }[] }).messages;
    expect(shown.filter((m) => m.role === 'notice')).toEqual([
      expect.objectContaining({ content: `Maria from ${business} joined the conversation`, person: { name: 'Maria' } }),
      expect.objectContaining({ content: ASSISTANT_BACK_TEXT }),
    ]);
    expect(shown.find((m) => m.content === 'Hi, Maria here. How can I help?')).toMatchObject({ role: 'assistant', person: { name: 'Maria' } });
    // The acknowledgements are receipts, not messages of the conversation.
    expect(shown.some((m) => m.content === WITH_TEAM_TEXT)).toBe(false);

    // The inbox shows the notices centred (system messages) and Maria's name on her reply.
    const thread = (await owner.get(`/conversations/${conversationId}`)).body.messages as { sender_type: string; content: string; person_name?: string }[];
    expect(thread.filter((m) => m.sender_type === 'system').map((m) => m.content)).toEqual([`Maria from ${business} joined the conversation`, ASSISTANT_BACK_TEXT]);

    // Nothing of it reached the other visitor: their next message is the answer to a heartbeat.
    other.socket.send(JSON.stringify({ action: 'ping', id: 'after' }));
    expect(await other.message(1)).toMatchObject({ type: 'pong', id: 'after' });
  });

  it('taking over with the button tells the visitor at once; taking it again by the same person does not repeat it', async () => {
    const { owner, chatbotId } = fixture;
    const visitor = chatVisitor(apiUrl, chatbotId);
    const { conversationId } = (await visitor.ask('Do you sell croissants?')).body;
    const widget = await widgetSocket(runtime, chatbotId, visitor.visitorToken!);
    sockets.push(widget);
    expect((await owner.put(`/conversations/${conversationId}/status`, { status: 'in_progress' })).status).toBe(200);
    expect(await widget.message(0)).toMatchObject({ type: 'person_joined', person: { name: 'Maria' } });
    expect((await owner.put(`/conversations/${conversationId}/status`, { status: 'in_progress' })).status).toBe(200);
    expect((await owner.post(`/conversations/${conversationId}/messages`, { content: 'Yes, every morning.' })).status).toBe(201);
    // Her reply follows the one notice, with no second "joined".
    expect(await widget.message(1)).toMatchObject({ type: 'reply', content: 'Yes, every morning.', person: { name: 'Maria' } });
    expect((await visitor.ask('Great, thanks')).body).toMatchObject({ message: WITH_TEAM_TEXT, personAnswering: true });
  });

  it('refuses a typing event of a conversation that does not exist, and a malformed one', async () => {
    const { ownerIdToken } = fixture;
    const inbox = await dashboardSocket(runtime, ownerIdToken);
    sockets.push(closing(inbox.socket));
    inbox.socket.send(JSON.stringify({ action: 'typing', conversation_id: 'no-such-conversation' }));
    expect(await inbox.first((m) => m.type === 'error')).toEqual({ type: 'error', message: 'Conversation not found' });
    inbox.socket.send(JSON.stringify({ action: 'typing' }));
    expect(await inbox.first((m) => m.type === 'error' && m.message !== 'Conversation not found')).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/conversation_id/),
    });
  });
});
