import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateFaqsRequestSchema } from '../../../functions/contracts/faqs.js';
import { db } from '../../../functions/core/data/db.js';
import { embeddingText } from '../../../functions/core/knowledge/chunk-vectors.js';
import { generateFaqsFromWebsite } from '../../../functions/core/knowledge/faqs/generate-faqs.js';
import { forgetLoadedIndexes, loadIndex } from '../../../functions/core/knowledge/index-store.js';
import { createKnowledgeEntries, toKnowledgeEntry, type NewKnowledgeEntry } from '../../../functions/core/knowledge/knowledge-entries.js';
import { rebuildChatbotIndex } from '../../../functions/core/knowledge/rebuild-index.js';
import { searchIndex, type SearchIndex } from '../../../functions/core/knowledge/search-index.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { callerOf, signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, waitForCrawl, waitForKnowledge } from '../../support/api-client.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../support/fake-openai.js';
import { userIdOf } from '../../support/subscriptions.js';

const { apiUrl, config, env } = inject('runtime');

/**
 * Re-indexing after a knowledge change with embeddings configured (the real OpenAI client against a
 * local fake of the API, in this process: the runtime's handlers cannot see the fake). The tests run
 * in order on one assistant, whose crawled index starts without vectors (the runtime has no key).
 */
/**
 * Far below the fake provider's 60 s delay, yet long enough for the entry's write and chunking to reach
 * the provider on a loaded CI machine (300 ms ran out before the embedding was even asked for).
 */
const SHORT_DEADLINE_MS = 3_000;

describe('re-index vectors: reuse and the request deadline', () => {
  let site: FixtureSite;
  let fake: FakeOpenAi;
  let userId: string;
  let idToken: string;
  let chatbotId: string;

  const context = (title: string, content: string) => ({ title, content, type: 'context' as const, chatbot_id: chatbotId });
  const textOf = (entry: { title: string; content: string }) => embeddingText({ title: entry.title, text: entry.content });

  /** The live index as a chat would load it, fresh from storage. */
  async function liveIndex(): Promise<SearchIndex> {
    const { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
    forgetLoadedIndexes();
    return loadIndex(chatbotId, bot!.index_version!);
  }

  /** Chunk ids of the live index whose vector row is empty (not embedded). */
  function withoutVectors(index: SearchIndex): string[] {
    const { data, dimensions } = index.vectors!;
    return index.chunks
      .filter((_, i) => data.subarray(i * dimensions, (i + 1) * dimensions).every((value) => value === 0))
      .map((chunk) => chunk.id);
  }

  /**
   * A knowledge change as reindex-knowledge applies it, here in this process (where the fake provider
   * is configured), with an embedding deadline of the test's choice.
   */
  async function addAndReindex(inputs: NewKnowledgeEntry[], deadline?: number) {
    const stored = await createKnowledgeEntries(userId, inputs);
    await rebuildChatbotIndex(chatbotId, deadline ? { deadline } : {});
    return stored.map((entry) => toKnowledgeEntry(entry));
  }

  const found = (index: SearchIndex, query: string, fact: RegExp) => searchIndex(index, query, 3).some((hit) => fact.test(hit.text));

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    site = await startFixtureSite({ pages: 5, hangingPage: false });
    Object.assign(process.env, env, { LOG_LEVEL: 'silent' });
    const owner = await signUpAndSignIn(config);
    userId = userIdOf(owner.idToken);
    idToken = owner.idToken;
    const api = apiClient(apiUrl, owner.idToken);
    chatbotId = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(api, chatbotId);
    // From here on embeddings are configured for the code under test.
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL });
  });
  afterAll(async () => {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    await Promise.all([site?.stop(), fake?.stop()]);
  });

  it('a change with a provider slower than the deadline is stored, answers, and is indexed full text only', async () => {
    fake.embeddingDelayMs = 60_000;
    const note = context('Gift boxes', 'Our gift boxes hold six pastries and a jar of honey; they cost 24 dollars.');
    const [entry] = await addAndReindex([note], Date.now() + SHORT_DEADLINE_MS);
    fake.embeddingDelayMs = 0;

    expect(entry).toMatchObject({ title: 'Gift boxes', is_active: true });
    expect(fake.embeddedTexts.length).toBeGreaterThan(0); // it tried
    const live = await liveIndex();
    expect(live.vectors).toBeUndefined();
    expect(found(live, 'How much is a gift box?', /24 dollars/)).toBe(true);
  });

  it('the next re-index embeds every chunk once; a change after it embeds only its own text', async () => {
    fake.embeddedTexts.length = 0;
    const full = await rebuildChatbotIndex(chatbotId);
    expect('version' in full && full.vectors).toEqual({ reused: 0, embedded: fake.embeddedTexts.length, missing: 0 });
    expect(fake.embeddedTexts.length).toBeGreaterThan(5);

    fake.embeddedTexts.length = 0;
    const note = context('Dog policy', 'Dogs on a lead are welcome inside the bakery; water bowls are by the door.');
    await addAndReindex([note]);
    expect(fake.embeddedTexts).toEqual([textOf(note)]);

    const live = await liveIndex();
    expect(live.vectors?.model).toBe('text-embedding-3-small@512');
    expect(withoutVectors(live)).toEqual([]);
    expect(found(live, 'Can I bring my dog?', /Dogs on a lead/)).toBe(true);
  });

  it('a slow provider past the deadline keeps the vectors the index had; the next change embeds the missing one too', async () => {
    fake.embeddingDelayMs = 60_000;
    fake.embeddedTexts.length = 0;
    const late = context('Bike parking', 'There are four bike racks in the courtyard behind the bakery.');
    const [lateEntry] = await addAndReindex([late], Date.now() + SHORT_DEADLINE_MS);
    fake.embeddingDelayMs = 0;
    expect(fake.embeddedTexts).toEqual([textOf(late)]);

    let live = await liveIndex();
    expect(withoutVectors(live)).toEqual([`entry:${lateEntry!.id}#0`]);
    expect(found(live, 'Where can I park my bike?', /four bike racks/)).toBe(true);

    fake.embeddedTexts.length = 0;
    const next = context('Wifi', 'Guests can use the free wifi; the password is on the menu board.');
    await addAndReindex([next]);
    expect(fake.embeddedTexts.sort()).toEqual([textOf(late), textOf(next)].sort());
    live = await liveIndex();
    expect(withoutVectors(live)).toEqual([]);
  });

  it('website FAQs: with little time left after reading the site, no model; the FAQs are stored and, once re-indexed, searchable', async () => {
    const chats = fake.chatRequests.length;
    // The site took 26 s to read: too late for the model.
    let calls = 0;
    const clock = () => Date.now() - (calls++ === 0 ? 26_000 : 0);
    const request = generateFaqsRequestSchema.parse({ websiteUrl: site.url, chatbotId, businessName: 'Maple & Rye Bakery' });
    const result = await generateFaqsFromWebsite(callerOf(userId), request, { clock });

    expect(result.faqsGenerated).toBeGreaterThanOrEqual(8);
    expect(fake.chatRequests.length).toBe(chats);
    // The re-index runs in the runtime's reindex-knowledge, after the answer.
    await waitForKnowledge(apiClient(apiUrl, idToken), chatbotId);
    const faq = result.entries[0]!;
    expect(searchIndex(await liveIndex(), faq.title, 3).map((hit) => hit.documentId)).toContain(`entry:${faq.id}`);
  });
});
