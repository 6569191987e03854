import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { assistantFromFixtureSite } from '../support/fixture-assistant.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { allowUnlimitedAssistants, userIdOf } from '../support/subscriptions.js';
import { chatVisitor, contactIdOf } from '../support/visitor.js';

const { apiUrl, config, env } = inject('runtime');

interface Seeded {
  contact_id: string;
  contact_name?: string;
  customer_name?: string;
  customer_phone?: string;
  reason_for_enquiry?: string;
  last_message_at: string;
}

/** Stores conversations as the chat engine does (with their search text), without a chat each. */
async function seedConversations(chatbotId: string, ownerId: string, conversations: Seeded[]): Promise<string[]> {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const { searchTextOf } = await import('../../functions/core/inbox/search-text.js');
    const ids = conversations.map(() => randomUUID());
    await db()
      .entities.conversation.put(
        conversations.map((c, i) => ({
          ...c,
          conversation_id: ids[i]!,
          chatbot_id: chatbotId,
          user_id: ownerId,
          channel: 'website' as const,
          status: 'active',
          search_text: searchTextOf(c),
          created_at: c.last_message_at,
        })),
      )
      .go();
    return ids;
  });
}

async function storedMessageCount(conversationId: string): Promise<number> {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    return (await db().entities.message.query.byConversation({ conversation_id: conversationId }).go({ pages: 'all' })).data.length;
  });
}

/** Every page of the list, following nextCursor. */
async function allPages(api: ApiClient, query: string): Promise<{ pages: number[]; ids: string[] }> {
  const pages: number[] = [];
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await api.get(`/conversations?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.body.conversations.length);
    ids.push(...res.body.conversations.map((c: { id: string }) => c.id));
    cursor = res.body.nextCursor;
  } while (cursor);
  return { pages, ids };
}

const minutesAgo = (base: number, minutes: number) => new Date(base - minutes * 60_000).toISOString();

describe('the inbox lists, searches and pages the owner’s conversations', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let ownerToken: string;
  let chatbotId: string;
  let secondBotId: string;
  let seeded: string[];
  let secondSeeded: string[];
  const base = Date.parse('2026-01-10T12:00:00.000Z');

  beforeAll(async () => {
    const user = await signUpAndSignIn(config, 'Inbox Owner');
    ownerToken = user.idToken;
    owner = apiClient(apiUrl, user.idToken);
    site = await startFixtureSite({ pages: 3, hangingPage: false });
    // A subscriber with two assistants, each learned from the small fixture site.
    await owner.get('/account');
    await allowUnlimitedAssistants(env, ownerToken);
    chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    secondBotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await Promise.all([waitForCrawl(owner, chatbotId), waitForCrawl(owner, secondBotId)]);
    expect((await owner.patch(`/chatbots/${secondBotId}`, { business_name: 'Harbour Florist' })).status).toBe(200);
    // 40 on the first assistant, 20 on the second, interleaved in time: minute i belongs to one of them.
    const first: Seeded[] = [];
    const second: Seeded[] = [];
    for (let i = 0; i < 60; i++) {
      const conversation: Seeded = { contact_id: `visitor-${i}`, last_message_at: minutesAgo(base, i), reason_for_enquiry: `Question number ${i}` };
      (i % 3 === 2 ? second : first).push(conversation);
    }
    first[5] = { ...first[5]!, customer_name: 'Mariana Okafor', customer_phone: '+44 20 7946 0018' };
    first[6] = { ...first[6]!, customer_phone: '(503) 555-0134' };
    first[9] = { ...first[9]!, contact_name: 'Web Visitor Zed', reason_for_enquiry: 'Gluten-free WEDDING cake for 80 guests' };
    seeded = await seedConversations(chatbotId, userIdOf(ownerToken), first);
    secondSeeded = await seedConversations(secondBotId, userIdOf(ownerToken), second);
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('lists every conversation of all the owner’s assistants once, newest activity first, 25 a page', async () => {
    const { pages, ids } = await allPages(owner, 'limit=25');
    expect(pages).toEqual([25, 25, 10]);
    expect(new Set(ids).size).toBe(60);
    const first = await owner.get('/conversations?limit=5');
    const times = first.body.conversations.map((c: { last_message_at: string }) => c.last_message_at);
    expect(times).toEqual([0, 1, 2, 3, 4].map((m) => minutesAgo(base, m)));
    // Joined with the assistant's business name, the second assistant's third one each.
    expect(first.body.conversations[2]).toMatchObject({ chatbot_id: secondBotId, business_name: 'Harbour Florist', channel: 'website' });
    expect(first.body.conversations[0].chatbot_id).toBe(chatbotId);
  });

  it('lists one assistant’s conversations with chatbotId, all of them across pages', async () => {
    const { pages, ids } = await allPages(owner, `chatbotId=${secondBotId}&limit=8`);
    expect(pages).toEqual([8, 8, 4]);
    expect(new Set(ids)).toEqual(new Set(secondSeeded));
  });

  it('searches case-insensitively over customer name, contact name, contact id, phone, reason and business name', async () => {
    const search = async (q: string) =>
      (await owner.get(`/conversations?q=${encodeURIComponent(q)}`)).body.conversations.map((c: { id: string }) => c.id);
    expect(await search('mariana')).toEqual([seeded[5]]);
    expect(await search('7946 0018')).toEqual([seeded[5]]);
    expect(await search('0207946')).toEqual([]);
    expect(await search('20 7946')).toEqual([seeded[5]]);
    // A number typed with other spacing or punctuation than it was stored with.
    expect(await search('+44-20-7946-0018')).toEqual([seeded[5]]);
    expect(await search('503-555-0134')).toEqual([seeded[6]]);
    expect(await search('503.555.0134')).toEqual([seeded[6]]);
    expect(await search('(503) 555-0135')).toEqual([]);
    expect(await search('WEB visitor zed')).toEqual([seeded[9]]);
    expect(await search('wedding CAKE')).toEqual([seeded[9]]);
    expect(await search('VISITOR-13')).toHaveLength(1);
    // The business name matches all of that assistant's conversations.
    const florist = await allPages(owner, `q=${encodeURIComponent('harbour florist')}&limit=7`);
    expect(new Set(florist.ids)).toEqual(new Set(secondSeeded));
    expect(await search('nothing like this')).toEqual([]);
  });

  it('pages a search across both assistants: "question number 1" matches 10 conversations, 4 a page', async () => {
    // Questions 1 and 10 to 19, but visitor-13's reason was replaced by the wedding cake.
    const { pages, ids } = await allPages(owner, `q=${encodeURIComponent('Question Number 1')}&limit=4`);
    expect(pages).toEqual([4, 4, 2]);
    expect(new Set(ids).size).toBe(10);
  });

  it('refuses a bad page size or cursor with 400', async () => {
    expect((await owner.get('/conversations?limit=0')).status).toBe(400);
    expect((await owner.get('/conversations?limit=abc')).status).toBe(400);
    expect((await owner.get('/conversations?limit=101')).status).toBe(400);
    const bad = await owner.get('/conversations?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Invalid cursor/);
  });
});

describe('a visitor’s conversation in the inbox, the owner’s reply, details and deletion', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let chatbotId: string;
  let other: ApiClient;
  beforeAll(async () => {
    ({ site, owner, chatbotId } = await assistantFromFixtureSite(apiUrl, config, 3));
    other = apiClient(apiUrl, (await signUpAndSignIn(config, 'Other Owner')).idToken);
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  const newConversation = async (firstMessage: string, later?: string) => {
    const visitor = chatVisitor(apiUrl, chatbotId, { contactName: 'Widget Visitor' });
    const reply = await visitor.ask(firstMessage);
    expect(reply.status).toBe(200);
    if (later) expect((await visitor.ask(later)).status).toBe(200);
    return { visitor, conversationId: reply.body.conversationId as string, contactId: contactIdOf(visitor.visitorToken!) };
  };

  it('shows the visitor’s conversation with the first question as the reason and the details they gave', async () => {
    const { conversationId, contactId } = await newConversation(
      'Do you make wedding cakes?',
      'My name is Dana Fox, you can reach me on 07700 900123 or dana.fox@example.com',
    );
    const { status, body } = await owner.get(`/conversations?chatbotId=${chatbotId}`);
    expect(status).toBe(200);
    expect(body.conversations[0]).toMatchObject({
      id: conversationId,
      contact_id: contactId,
      contact_name: 'Widget Visitor',
      customer_name: 'Dana Fox',
      customer_phone: '07700 900123',
      customer_email: 'dana.fox@example.com',
      reason_for_enquiry: 'Do you make wedding cakes?',
      status: 'active',
    });
    const search = async (q: string) =>
      (await owner.get(`/conversations?chatbotId=${chatbotId}&q=${encodeURIComponent(q)}`)).body.conversations.map((c: { id: string }) => c.id);
    expect(await search('dana FOX')).toEqual([conversationId]);
    // The number as the owner types it, whatever the visitor's spacing: found; a different number is not.
    for (const typed of ['07700-900-123', '(07700) 900 123', '077009 00123']) expect(await search(typed), typed).toEqual([conversationId]);
    expect(await search('07700-900-124')).toEqual([]);
  });

  it('keeps the owner’s own test chats out of the inbox', async () => {
    expect((await owner.post(`/chatbots/${chatbotId}/chat`, { message: 'Testing my assistant', session: 'inbox-check' })).status).toBe(200);
    const { body } = await owner.get('/conversations?limit=100');
    expect(body.conversations.every((c: { contact_id: string }) => !c.contact_id.startsWith('owner:'))).toBe(true);
  });

  it('the owner’s reply is stored as the business’s, after the visitor’s messages, and moves the conversation to the top', async () => {
    const older = await newConversation('Are you open on Sundays?');
    await newConversation('Do you sell sourdough?');
    const sent = await owner.post(`/conversations/${older.conversationId}/messages`, { content: '  Yes, 8am to noon.  ' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ sender_type: 'assistant', content: 'Yes, 8am to noon.', message_type: 'text', agent_id: expect.any(String) });

    const detail = await owner.get(`/conversations/${older.conversationId}`);
    expect(detail.status).toBe(200);
    // The owner joined visibly (a system notice, takeover-events.test.ts) just before the reply.
    expect(detail.body.messages.map((m: { sender_type: string; content: string; agent_id: string | null }) => [m.sender_type, m.agent_id !== null])).toEqual([
      ['user', false],
      ['assistant', false],
      ['system', false],
      ['assistant', true],
    ]);
    expect(detail.body.messages[2].content).toMatch(/ joined the conversation$/);
    expect(detail.body.messages[0].content).toBe('Are you open on Sundays?');
    expect(detail.body.messages.at(-1).content).toBe('Yes, 8am to noon.');
    const list = await owner.get(`/conversations?chatbotId=${chatbotId}&limit=1`);
    expect(list.body.conversations[0].id).toBe(older.conversationId);
  });

  it('refuses a blank or missing reply with 400 and stores nothing', async () => {
    const { conversationId } = await newConversation('Hello there');
    const before = await storedMessageCount(conversationId);
    for (const body of [{ content: '   ' }, { content: '' }, {}, { content: 'x'.repeat(5000) }]) {
      const res = await owner.post(`/conversations/${conversationId}/messages`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    expect(await storedMessageCount(conversationId)).toBe(before);
  });

  it('lets the owner correct the customer’s details, clear one, and refuses bad ones', async () => {
    const { conversationId } = await newConversation('Can I order a cake for Friday?');
    const edited = await owner.patch(`/conversations/${conversationId}`, {
      customer_name: 'Priya Raman',
      customer_phone: '+44 7700 900456',
      reason_for_enquiry: 'Birthday cake order',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.conversation).toMatchObject({ customer_name: 'Priya Raman', customer_phone: '+44 7700 900456', reason_for_enquiry: 'Birthday cake order' });
    expect((await owner.get('/conversations?q=priya')).body.conversations.map((c: { id: string }) => c.id)).toEqual([conversationId]);

    const cleared = await owner.patch(`/conversations/${conversationId}`, { customer_name: '' });
    expect(cleared.body.conversation.customer_name).toBeNull();
    expect((await owner.get('/conversations?q=priya')).body.conversations).toEqual([]);

    for (const body of [{ customer_email: 'not-an-email' }, { customer_phone: 'call me' }, {}, { status: 'resolved' }]) {
      expect((await owner.patch(`/conversations/${conversationId}`, body)).status).toBe(400);
    }
    expect((await owner.get(`/conversations/${conversationId}`)).body.conversation).toMatchObject({
      customer_name: null,
      customer_phone: '+44 7700 900456',
      customer_email: null,
    });
  });

  it('another owner gets 404 for every conversation route and sees none of them', async () => {
    const { conversationId } = await newConversation('Private question about my order');
    expect((await other.get(`/conversations/${conversationId}`)).status).toBe(404);
    expect((await other.post(`/conversations/${conversationId}/messages`, { content: 'Hi' })).status).toBe(404);
    expect((await other.patch(`/conversations/${conversationId}`, { customer_name: 'Mallory' })).status).toBe(404);
    expect((await other.delete(`/conversations/${conversationId}`)).status).toBe(404);
    expect((await other.get(`/conversations?chatbotId=${chatbotId}`)).status).toBe(404);
    expect((await other.get('/conversations')).body.conversations).toEqual([]);
    expect((await other.get('/conversations/no-such-conversation')).status).toBe(404);
    // Nothing changed for the owner.
    const detail = await owner.get(`/conversations/${conversationId}`);
    expect(detail.body.messages).toHaveLength(2);
    expect(detail.body.conversation.customer_name).toBeNull();
  });

  it('deletes one conversation with its messages; the visitor’s next message starts a new one', async () => {
    const { conversationId, visitor } = await newConversation('Please forget this conversation');
    expect((await owner.delete(`/conversations/${conversationId}`)).status).toBe(200);
    expect((await owner.get(`/conversations/${conversationId}`)).status).toBe(404);
    expect(await storedMessageCount(conversationId)).toBe(0);
    const next = await visitor.ask('Hello again');
    expect(next.status).toBe(200);
    expect(next.body.conversationId).not.toBe(conversationId);
  });
});

describe('conversations go with their assistant', () => {
  it('deleting the assistant deletes its conversations and their messages', async () => {
    const { site, owner, chatbotId } = await assistantFromFixtureSite(apiUrl, config, 3);
    try {
      const visitor = chatVisitor(apiUrl, chatbotId);
      const { conversationId } = (await visitor.ask('Do you deliver?')).body;
      await owner.post(`/conversations/${conversationId}/messages`, { content: 'We do, within 5 miles.' });
      // The visitor's message, the answer, the owner's 'joined' notice and reply.
      expect(await storedMessageCount(conversationId)).toBe(4);
      expect((await owner.delete(`/chatbots/${chatbotId}`)).status).toBe(200);
      expect((await owner.get(`/conversations/${conversationId}`)).status).toBe(404);
      expect(await storedMessageCount(conversationId)).toBe(0);
      expect((await owner.get('/conversations')).body.conversations).toEqual([]);
    } finally {
      await site.stop();
    }
  }, 120_000);
});
