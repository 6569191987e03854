import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONVERSATION_SETTINGS, type ConversationSettings } from '../../functions/contracts/chatbot.js';
import type { LocalRuntime } from '../../local/runtime.js';
import type { FixtureSite } from '../../local/sample-site.js';
import type { ApiClient } from '../support/api-client.js';
import { dashboardSocket } from '../support/dashboard-socket.js';
import type { FakeOpenAi } from '../support/fake-openai.js';
import { startOpenAiRuntime, type OpenAiRuntime } from '../support/openai-runtime.js';
import { credentialsOf, graphStandIn, trainForChannels } from '../support/graph-stand-in.js';
import { chatVisitor, contactIdOf } from '../support/visitor.js';

/**
 * A runtime of its own in this worker: the handlers run in-process and read OPENAI_* from this
 * process's environment, pointed at a local fake of the OpenAI API.
 */
describe('the chat engine with an AI provider (OpenAI client, local fake server)', () => {
  let runtime: LocalRuntime;
  let fake: FakeOpenAi;
  let site: FixtureSite;
  let owner: ApiClient;
  let ownerIdToken: string;
  let chatbotId: string;
  let started: OpenAiRuntime | undefined;

  beforeAll(async () => {
    started = await startOpenAiRuntime('openai');
    ({ runtime, fake, site, owner, ownerIdToken, chatbotId } = started);
  }, 120_000);
  afterAll(() => started?.stop());

  const save = async (changes: Partial<ConversationSettings>) => {
    const res = await owner.put(`/chatbots/${chatbotId}/settings`, { ...DEFAULT_CONVERSATION_SETTINGS, ...changes });
    expect(res.status).toBe(200);
  };
  const lastModelCall = () => {
    const request = fake.chatRequests.at(-1)!;
    return { request, messages: request.messages as { role: string; content: string }[] };
  };

  const ask = (message: string, visitor = chatVisitor(runtime.apiUrl, chatbotId)) => visitor.ask(message);

  it('sends the retrieved passages, the settings and the history to the model, and returns its answer', async () => {
    fake.reply = { text: 'Order birthday cakes five days ahead.' };
    const visitor = chatVisitor(runtime.apiUrl, chatbotId);
    await ask('Hello there', visitor);
    const { status, body } = await ask('How far ahead should I order a birthday cake?', visitor);
    expect(status).toBe(200);
    expect(body.message).toBe('Order birthday cakes five days ahead.');
    const request = fake.chatRequests.at(-1)!;
    const messages = request.messages as { role: string; content: string }[];
    const system = messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('Five days for most cakes');
    expect(system.content).toContain(site.url);
    expect(system.content).toContain("I'm not sure I understand. Could you please rephrase that?");
    expect(system.content).toContain('under 500 characters');
    expect(request.temperature).toBe(0.22);
    expect(messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages.at(-1)!.content).toBe('How far ahead should I order a birthday cake?');
  });

  it('a reply stating a price or phone number its passages do not give is not sent: the visitor gets the fallback', async () => {
    // The site sells a country sourdough for $9.00; the model invents another price.
    fake.reply = { text: 'Our country sourdough costs $7.50. Call 207-555-9999 to order.' };
    const invented = await ask('How much is the country sourdough?');
    expect(invented.body.message).toBe(DEFAULT_CONVERSATION_SETTINGS.fallbackMessage);
    expect(invented.body.sources).toEqual([]);
    // The same reply with the site's own price is sent, with its source pages.
    fake.reply = { text: 'Our country sourdough (900 g) is $9.00.' };
    const grounded = await ask('How much is the country sourdough?');
    expect(grounded.body.message).toBe('Our country sourdough (900 g) is $9.00.');
    expect(grounded.body.sources.length).toBeGreaterThan(0);
    const { messages } = lastModelCall();
    expect(messages[0]!.content).toContain('$9.00');
    expect(messages[0]!.content).toMatch(/cite it as a markdown link/);
  });

  it("gives the model the owner's correction as the required answer", async () => {
    await owner.post(`/chatbots/${chatbotId}/corrections`, {
      original_message: 'Do you deliver on Sundays?',
      original_response: 'Yes',
      corrected_response: 'No, our van delivers Monday to Saturday only.',
    });
    fake.reply = { text: 'No, our van delivers Monday to Saturday only.' };
    await ask('Do you deliver on Sundays?');
    expect((fake.chatRequests.at(-1)!.messages as { content: string }[])[0]!.content).toContain(
      'No, our van delivers Monday to Saturday only.',
    );
  });

  it('a provider failure gives the visitor a clear error (no 5xx), keeps their message and shows it in the owner’s open inbox', async () => {
    fake.reply = { status: 500 };
    const live = await dashboardSocket(runtime, ownerIdToken);
    try {
      const { status, body } = await ask('What are your opening hours?');
      expect(status).toBe(200);
      // The token comes with the error, so the visitor's next attempt continues this conversation.
      expect(body).toEqual({ error: "Sorry, I can't answer right now. Please try again in a moment.", visitorToken: expect.any(String) });
      const contactId = contactIdOf(body.visitorToken);
      const { db } = await import('../../functions/core/data/db.js');
      const { data: conversations } = await db()
        .entities.conversation.query.byContact({ chatbot_id: chatbotId, contact_id: contactId })
        .go();
      const conversationId = conversations[0]!.conversation_id;
      // The owner's open inbox is told, without a reload, and finds the visitor's message to answer.
      expect(await live.first((m) => m.conversation_id === conversationId)).toEqual({ type: 'inbox', chatbot_id: chatbotId, conversation_id: conversationId });
      const { messages } = (await owner.get(`/conversations/${conversationId}`)).body;
      expect(messages.map((m: { sender_type: string; content: string }) => [m.sender_type, m.content])).toEqual([['user', 'What are your opening hours?']]);
    } finally {
      live.socket.close();
    }
  });

  it('the context window bounds the earlier messages sent to the model', async () => {
    await save({ contextWindow: 3 });
    fake.reply = { text: 'Noted.' };
    const visitor = chatVisitor(runtime.apiUrl, chatbotId);
    for (const question of ['First question', 'Second question', 'Third question']) await ask(question, visitor);
    await ask('Fourth question', visitor);
    // Six messages came before; the model sees the last three, then the new question.
    const { messages } = lastModelCall();
    expect(messages.slice(1).map((m) => `${m.role}: ${m.content}`)).toEqual([
      'assistant: Noted.',
      'user: Third question',
      'assistant: Noted.',
      'user: Fourth question',
    ]);
    await save({});
  });

  it('a context window raised after turns with a smaller one: the next turn gives the model the whole new window', async () => {
    await save({ contextWindow: 3 });
    fake.reply = { text: 'Noted.' };
    const visitor = chatVisitor(runtime.apiUrl, chatbotId);
    for (const question of ['One', 'Two', 'Three']) await ask(question, visitor);
    await save({ contextWindow: 5 });
    await ask('Four', visitor);
    const { messages } = lastModelCall();
    expect(messages.slice(1).map((m) => `${m.role}: ${m.content}`)).toEqual([
      'assistant: Noted.',
      'user: Two',
      'assistant: Noted.',
      'user: Three',
      'assistant: Noted.',
      'user: Four',
    ]);
    await save({});
  });

  it("a token naming another conversation than the visitor's current one: the turn continues their own, with its own history", async () => {
    fake.reply = { text: 'Noted.' };
    const other = chatVisitor(runtime.apiUrl, chatbotId);
    const otherConversation = (await ask('Alpha question of another visitor', other)).body.conversationId as string;
    const visitor = chatVisitor(runtime.apiUrl, chatbotId);
    const ownConversation = (await ask('Bravo first question', visitor)).body.conversationId as string;
    const { issueVisitorToken } = await import('../../functions/core/chat/visitor-token.js');
    // As a token would be after the visitor's conversation changed (or if the server named the wrong one).
    visitor.visitorToken = await issueVisitorToken({ chatbotId, contactId: contactIdOf(visitor.visitorToken!) }, new Date(), otherConversation);
    const { status, body } = await ask('Bravo second question', visitor);
    expect(status).toBe(200);
    expect(body.conversationId).toBe(ownConversation);
    const { messages } = lastModelCall();
    expect(messages.slice(1).map((m) => m.content)).toEqual(['Bravo first question', 'Noted.', 'Bravo second question']);
    // The renewed token names the conversation the reply was in.
    expect(decodeJwt(body.visitorToken as string).cnv).toBe(ownConversation);
    const stored = await owner.get(`/conversations/${otherConversation}`);
    expect(stored.body.messages.map((m: { content: string }) => m.content)).toEqual(['Alpha question of another visitor', 'Noted.']);
  });

  it('creativity sets the temperature of the model call', async () => {
    await save({ creativityLevel: 10 });
    await ask('Do you have gluten-free products?');
    expect(lastModelCall().request.temperature).toBe(1);
    await save({ creativityLevel: 1 });
    await ask('Do you have gluten-free products?');
    expect(lastModelCall().request.temperature).toBe(0);
    await save({});
  });

  it('strictness sets how strictly the model must keep to the knowledge', async () => {
    await save({ strictnessLevel: 10 });
    await ask('Do you have gluten-free products?');
    expect(lastModelCall().messages[0]!.content).toContain('Answer ONLY with facts stated in the knowledge below.');
    await save({ strictnessLevel: 1 });
    await ask('Do you have gluten-free products?');
    const lax = lastModelCall().messages[0]!.content;
    expect(lax).not.toContain('Answer ONLY with facts');
    expect(lax).toContain('never invent facts about the business');
    await save({});
  });

  it('off-topic questions: the model is told to refuse them politely, or allowed to answer them', async () => {
    const business = (await owner.get(`/chatbots/${chatbotId}`)).body.chatbot.business_name as string;
    await save({ allowOffTopic: false });
    await ask('What is the capital of Mongolia?');
    expect(lastModelCall().messages[0]!.content).toContain(
      `If the question is unrelated to ${business}, do not answer it; reply exactly: "I'm sorry, I can only help with questions about ${business}.`,
    );
    await save({ allowOffTopic: true });
    fake.reply = { text: 'The capital of Mongolia is Ulaanbaatar.' };
    const { body } = await ask('What is the capital of Mongolia?');
    expect(body.message).toBe('The capital of Mongolia is Ulaanbaatar.');
    const system = lastModelCall().messages[0]!.content;
    expect(system).toContain('You may briefly answer general questions unrelated to the business.');
    expect(system).not.toContain('I can only help with questions about');
    await save({});
  });

  it("reads a visitor message's intent with the model only when the assistant has intent workflows, and triggers on it", async () => {
    fake.reply = { text: 'We open at 8 am.' };
    const before = fake.chatRequests.length;
    const opening = await ask('When do you open?');
    expect(opening.status, JSON.stringify(opening.body)).toBe(200);
    // No intent workflow: the turn's one model call is its answer.
    expect(fake.chatRequests.length - before).toBe(1);

    const created = await owner.post(`/chatbots/${chatbotId}/workflows`, {
      name: 'Bookings',
      trigger_type: 'intent',
      trigger_conditions: { intent: 'table booking', examples: 'book a table, is there a free table tonight' },
      actions: [{ type: 'tag_contact', config: { tags: 'booking' } }],
    });
    expect(created.status).toBe(201);
    const classifying = (request: Record<string, unknown>) => JSON.stringify(request.messages).includes('table booking');
    fake.replyFor = (request) => (classifying(request) ? { text: 'table booking' } : undefined);
    try {
      const asked = fake.chatRequests.length;
      // No word of the examples: the model's reading starts the workflow.
      const reply = await ask('Have you got room for four at eight?');
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(fake.chatRequests.slice(asked).filter(classifying)).toHaveLength(1);
      const deadline = Date.now() + 60_000;
      let executions: { workflow_id: string; status: string; trigger_data: Record<string, unknown> }[] = [];
      while (!executions.some((e) => e.status !== 'running') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        executions = ((await owner.get(`/chatbots/${chatbotId}/workflow-executions`)).body.executions as typeof executions).filter(
          (e) => e.workflow_id === created.body.workflow.id,
        );
      }
      expect(executions).toHaveLength(1);
      expect(executions[0]).toMatchObject({
        status: 'completed',
        trigger_data: { source: 'intent', matched: 'table booking', message: 'Have you got room for four at eight?', conversation_id: reply.body.conversationId },
      });
    } finally {
      fake.replyFor = undefined;
    }
  });

  // Last: the channel's training adds knowledge and corrections the other tests' prompts would see.
  it('a provider failure during a WhatsApp customer’s turn: nothing is sent, the message is kept and shown in the owner’s open inbox', async () => {
    fake.reply = { status: 500 };
    const meta = graphStandIn(runtime.env);
    await trainForChannels(owner, chatbotId);
    const account = await meta.newAccount('whatsapp', 'Harbor failing provider');
    const connected = await owner.put(`/chatbots/${chatbotId}/channels/whatsapp`, { credentials: credentialsOf(account) });
    expect(connected.status).toBe(200);
    const { webhook_url: webhookUrl, verify_token: verifyToken } = connected.body.channel;
    expect(await meta.subscribe(account.account_id, webhookUrl, verifyToken)).toMatchObject({ verified: true });
    const customer = '447700900555';
    const live = await dashboardSocket(runtime, ownerIdToken);
    try {
      const before = fake.chatRequests.length;
      expect((await meta.customerWrites(account.account_id, { from: customer, name: 'Noor Waiting', text: 'Do you sell rye bread?' })).webhook_status).toBe(200);
      const update = await live.first((m) => m.type === 'inbox' && m.chatbot_id === chatbotId);
      const conversationId = update.conversation_id as string;
      const { conversation, messages } = (await owner.get(`/conversations/${conversationId}`)).body;
      expect(conversation).toMatchObject({ contact_id: `whatsapp:${customer}`, channel: 'whatsapp' });
      expect(messages.map((m: { sender_type: string; content: string }) => [m.sender_type, m.content])).toEqual([['user', 'Do you sell rye bread?']]);
      // The model was asked and failed: the customer got nothing from the assistant.
      expect(fake.chatRequests.length).toBeGreaterThan(before);
      expect(await meta.sentTo(account.account_id, customer)).toEqual([]);
    } finally {
      live.socket.close();
    }
    // Training for channels and connecting one take a while on a loaded machine.
  }, 90_000);
});
