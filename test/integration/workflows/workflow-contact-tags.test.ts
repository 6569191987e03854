import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InboxConversation } from '../../../functions/contracts/inbox.js';
import type { WorkflowExecution } from '../../../functions/contracts/workflows.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, type ApiClient } from '../../support/api-client.js';
import { withRuntimeEnv } from '../../support/runtime-env.js';
import { userIdOf } from '../../support/subscriptions.js';
import { chatVisitor, contactIdOf } from '../../support/visitor.js';

/** Tags a tag_contact action gives a contact, on their conversations in the inbox and as its filter. */
const { apiUrl, config, env } = inject('runtime');

describe('contact tags in the inbox', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let ownerToken: string;
  let chatbotId: string;
  /** Conversations of the visitors, in the order they wrote (the last is the newest). */
  const conversations: { id: string; contactId: string; tagged: boolean }[] = [];

  /** Every page of the list, following nextCursor. */
  async function allPages(query: string): Promise<{ pages: number[]; conversations: InboxConversation[] }> {
    const pages: number[] = [];
    const found: InboxConversation[] = [];
    let cursor: string | null = null;
    do {
      const res = await owner.get(`/conversations?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages.push(res.body.conversations.length);
      found.push(...res.body.conversations);
      cursor = res.body.nextCursor;
    } while (cursor);
    return { pages, conversations: found };
  }

  beforeAll(async () => {
    site = await startFixtureSite({ pages: 2, hangingPage: false });
    const user = await signUpAndSignIn(config);
    ownerToken = user.idToken;
    owner = apiClient(apiUrl, ownerToken);
    chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    const created = await owner.post(`/chatbots/${chatbotId}/workflows`, {
      name: 'Hot leads',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: 'quote' },
      actions: [{ type: 'tag_contact', config: { tags: 'Hot lead, quote' } }],
    });
    expect(created.status).toBe(201);
    const workflowId = created.body.workflow.id as string;

    // Five visitors, the first, third and fifth asking for a quote: tagged contacts between untagged ones.
    for (const [i, message] of ['A quote for a cake, please', 'Hello', 'What would a quote be for bread?', 'Hi there', 'Quote for 20 buns?'].entries()) {
      const visitor = chatVisitor(apiUrl, chatbotId, { contactName: `Visitor ${i}` });
      const reply = await visitor.ask(message);
      expect(reply.status).toBe(200);
      conversations.push({ id: reply.body.conversationId, contactId: contactIdOf(visitor.visitorToken!), tagged: i % 2 === 0 });
    }
    const deadline = Date.now() + 60_000;
    for (;;) {
      const executions = (await owner.get(`/chatbots/${chatbotId}/workflow-executions`)).body.executions as WorkflowExecution[];
      const finished = executions.filter((e) => e.workflow_id === workflowId && e.status !== 'running');
      if (finished.length >= 3) {
        expect(finished.map((e) => e.status)).toEqual(['completed', 'completed', 'completed']);
        break;
      }
      if (Date.now() > deadline) throw new Error(`${finished.length} of 3 tagging executions finished`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('shows the tags on the contact’s conversations and filters the list by a tag, page by page', async () => {
    const tagged = conversations.filter((c) => c.tagged).reverse();
    const byTag = await allPages(`chatbotId=${chatbotId}&tag=${encodeURIComponent('Hot lead')}&limit=2`);
    expect(byTag.pages).toEqual([2, 1]);
    expect(byTag.conversations.map((c) => c.id)).toEqual(tagged.map((c) => c.id));
    for (const conversation of byTag.conversations) expect(conversation.tags).toEqual(['Hot lead', 'quote']);

    const everyone = await allPages(`chatbotId=${chatbotId}`);
    expect(everyone.conversations.map((c) => c.id)).toEqual([...conversations].reverse().map((c) => c.id));
    expect(everyone.conversations.filter((c) => c.tags.length === 0).map((c) => c.id)).toEqual(
      conversations.filter((c) => !c.tagged).reverse().map((c) => c.id),
    );

    // A whole tag only, as written: part of one, or another case, is another tag.
    expect((await allPages(`chatbotId=${chatbotId}&tag=Hot`)).conversations).toEqual([]);
    expect((await allPages(`chatbotId=${chatbotId}&tag=hot%20lead`)).conversations).toEqual([]);
    // With a search: both must match.
    expect((await allPages(`chatbotId=${chatbotId}&tag=quote&q=visitor%204`)).conversations.map((c) => c.id)).toEqual([conversations[4]!.id]);
    expect((await allPages(`chatbotId=${chatbotId}&tag=quote&q=visitor%201`)).conversations).toEqual([]);
    // The inbox of all the owner's assistants filters the same way.
    expect((await allPages(`tag=quote`)).conversations.map((c) => c.id)).toEqual(tagged.map((c) => c.id));

    const detail = await owner.get(`/conversations/${conversations[0]!.id}`);
    expect(detail.body.conversation.tags).toEqual(['Hot lead', 'quote']);
  });

  it('offers the tags in use to filter by', async () => {
    expect((await owner.get(`/conversation-tags?chatbotId=${chatbotId}`)).body).toEqual({ tags: ['Hot lead', 'quote'] });
    expect((await owner.get('/conversation-tags')).body).toEqual({ tags: ['Hot lead', 'quote'] });
  });

  it('a tagged contact’s next conversation carries their tags', async () => {
    const contact = conversations[0]!;
    const started = await withRuntimeEnv(env, async () => {
      const { continueOrStartConversation, currentConversation } = await import('../../../functions/core/chat/conversation-store.js');
      const who = { chatbotId, contactId: contact.contactId };
      // The conversation timeout has passed: the contact's next message starts a new conversation.
      return continueOrStartConversation({
        current: await currentConversation(who),
        contact: who,
        ownerId: userIdOf(ownerToken),
        message: 'Back again',
        timeoutMs: 0,
        now: new Date(Date.now() + 1000),
      });
    });
    expect(started.isNew).toBe(true);
    const listed = await allPages(`chatbotId=${chatbotId}&tag=quote`);
    expect(listed.conversations[0]).toMatchObject({ id: started.conversationId, tags: ['Hot lead', 'quote'] });
  });

  it('refuses a malformed tag filter, and another owner’s assistant is not found', async () => {
    expect((await owner.get(`/conversations?chatbotId=${chatbotId}&tag=`)).status).toBe(400);
    const tooLong = await owner.get(`/conversations?chatbotId=${chatbotId}&tag=${'x'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatch(/at most 100 characters/);

    const stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    expect((await stranger.get(`/conversation-tags?chatbotId=${chatbotId}`)).status).toBe(404);
    expect((await stranger.get(`/conversations?chatbotId=${chatbotId}&tag=quote`)).status).toBe(404);
    expect((await stranger.get('/conversation-tags')).body).toEqual({ tags: [] });
  });
});
