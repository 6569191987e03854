import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WITH_TEAM_TEXT } from '../../functions/contracts/takeover.js';
import { DEFAULT_TRANSFER_SETTINGS } from '../../functions/contracts/transfers.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { chatVisitor, type ChatVisitor } from '../support/visitor.js';

const { apiUrl, config } = inject('runtime');

describe('Human takeover: a person answering silences the assistant until they hand back or resolve', () => {
  let site: FixtureSite;
  let user: TestUser;
  let owner: ApiClient;
  let chatbotId: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, hangingPage: false });
    user = await signUpAndSignIn(config);
    owner = apiClient(apiUrl, user.idToken);
    chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(owner, chatbotId);
    await owner.put(`/chatbots/${chatbotId}/transfer-settings`, { ...DEFAULT_TRANSFER_SETTINGS, enabled: true });
  });
  afterAll(async () => {
    await site?.stop();
  });

  /** The conversation's messages as the inbox shows them: [sender, text], oldest first. */
  const thread = async (conversationId: string) => {
    const res = await owner.get(`/conversations/${conversationId}`);
    expect(res.status).toBe(200);
    return {
      status: res.body.conversation.status as string,
      messages: (res.body.messages as { sender_type: string; content: string }[]).map((m) => [m.sender_type, m.content]),
    };
  };
  const transferOf = async (conversationId: string) =>
    ((await owner.get(`/chatbots/${chatbotId}/transfers`)).body.transfers as { conversation_id: string; status: string; agent_email: string | null }[]).find(
      (t) => t.conversation_id === conversationId,
    );
  const setStatus = (conversationId: string, status: string) => owner.put(`/conversations/${conversationId}/status`, { status });

  /** A visitor who asked for a person: the transfer is pending and the assistant still answers. */
  async function visitorAskingForAPerson(): Promise<{ visitor: ChatVisitor; conversationId: string }> {
    const visitor = chatVisitor(apiUrl, chatbotId);
    const asked = (await visitor.ask('Can I speak to a human please?')).body;
    expect(asked).toMatchObject({ transferRequested: true });
    expect((await transferOf(asked.conversationId))?.status).toBe('pending');
    return { visitor, conversationId: asked.conversationId };
  }

  it("an owner's reply takes the conversation over: the transfer is theirs, the visitor's next message gets no bot answer, only the acknowledgement", async () => {
    const { visitor, conversationId } = await visitorAskingForAPerson();
    const replied = await owner.post(`/conversations/${conversationId}/messages`, { content: 'Hi, this is Sam from the bakery.' });
    expect(replied.status).toBe(201);
    expect(replied.body.conversation.status).toBe('in_progress');
    expect(await transferOf(conversationId)).toMatchObject({ status: 'in_progress', agent_email: user.email.toLowerCase() });

    const silent = await visitor.ask('Do you have gluten-free products?');
    expect(silent.status).toBe(200);
    // Acknowledged, not answered by the assistant.
    expect(silent.body).toMatchObject({ message: WITH_TEAM_TEXT, personAnswering: true, conversationId });
    const { status, messages } = await thread(conversationId);
    expect(status).toBe('in_progress');
    // The visitor's message is in the inbox, and nothing follows it.
    expect(messages.at(-2)).toEqual(['assistant', 'Hi, this is Sam from the bakery.']);
    expect(messages.at(-1)).toEqual(['user', 'Do you have gluten-free products?']);
  });

  it('handing back resumes bot answers and resolves the transfer', async () => {
    const { visitor, conversationId } = await visitorAskingForAPerson();
    const taken = await setStatus(conversationId, 'in_progress');
    expect(taken.status).toBe(200);
    expect(taken.body.conversation.status).toBe('in_progress');
    expect((await visitor.ask('Are you open on Sunday?')).body.personAnswering).toBe(true);

    const handedBack = await setStatus(conversationId, 'active');
    expect(handedBack.body.conversation.status).toBe('active');
    expect((await transferOf(conversationId))?.status).toBe('resolved');
    const answered = (await visitor.ask('Do you have gluten-free products?')).body;
    expect(answered.personAnswering).toBeUndefined();
    expect(answered.message.length).toBeGreaterThan(0);
    expect((await thread(conversationId)).messages.at(-1)).toEqual(['assistant', answered.message]);
  });

  it('resolving also lets the assistant answer again, and the transfer shows resolved', async () => {
    const { visitor, conversationId } = await visitorAskingForAPerson();
    await setStatus(conversationId, 'in_progress');
    expect((await transferOf(conversationId))?.status).toBe('in_progress');
    const resolved = await setStatus(conversationId, 'resolved');
    expect(resolved.body.conversation.status).toBe('resolved');
    expect((await transferOf(conversationId))?.status).toBe('resolved');
    const answered = (await visitor.ask('Do you have gluten-free products?')).body;
    expect(answered.personAnswering).toBeUndefined();
    expect(answered.message).not.toBe('');
  });

  it("counts a conversation's unread visitor messages until someone opens it; a message during takeover moves it to the top", async () => {
    const { visitor, conversationId } = await visitorAskingForAPerson();
    await visitor.ask('Also, do you deliver?');
    const unreadOf = async () =>
      ((await owner.get(`/conversations?chatbotId=${chatbotId}`)).body.conversations as { id: string; unread_count: number }[]).find(
        (c) => c.id === conversationId,
      )?.unread_count;
    expect(await unreadOf()).toBe(2);
    const opened = await owner.get(`/conversations/${conversationId}`);
    expect(opened.body.conversation.unread_count).toBe(0);
    expect(await unreadOf()).toBe(0);

    await setStatus(conversationId, 'in_progress');
    // Another visitor writes meanwhile: theirs is the newest conversation, until the first one writes again.
    await chatVisitor(apiUrl, chatbotId).ask('Do you bake rye bread?');
    await visitor.ask('Hello? Anyone there?');
    const list = (await owner.get(`/conversations?chatbotId=${chatbotId}`)).body.conversations as { id: string; unread_count: number }[];
    expect(list[0]).toMatchObject({ id: conversationId, unread_count: 1 });
  });

  it('refuses an unknown status (400) and changes nothing; another owner gets 404', async () => {
    const { conversationId } = await visitorAskingForAPerson();
    for (const body of [{ status: 'closed' }, {}, { status: 'in_progress', extra: 1 }]) {
      expect((await owner.put(`/conversations/${conversationId}/status`, body)).status).toBe(400);
    }
    expect((await thread(conversationId)).status).toBe('active');
    const stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    expect((await stranger.put(`/conversations/${conversationId}/status`, { status: 'in_progress' })).status).toBe(404);
    expect((await thread(conversationId)).status).toBe('active');
    expect((await transferOf(conversationId))?.status).toBe('pending');
  });
});
