import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateFaqsRequestSchema } from '../../functions/contracts/faqs.js';
import type { KnowledgeEntry } from '../../functions/contracts/knowledge.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { callerOf, signUpAndSignIn } from '../support/accounts.js';
import { apiClient, waitForCrawl, waitForKnowledge, type ApiClient } from '../support/api-client.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { startStaticSite, type StaticSite } from '../support/static-site.js';
import { userIdOf } from '../support/subscriptions.js';
import { chatVisitor } from '../support/visitor.js';

const { apiUrl, config, env } = inject('runtime');

const kayakPage = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a> <a href="/faq">FAQ</a></nav><main>${body}</main></body></html>`;

/** A second business with facts the bakery's pages never mention. */
const kayakPages = {
  '/': kayakPage(
    'Harbor Kayak Tours | Bar Harbor',
    `<h1>Paddle Frenchman Bay</h1>
<p>Harbor Kayak Tours runs guided sea kayak trips from the town pier in Bar Harbor, Maine, from May to October.</p>
<h2>Sunset tours</h2>
<p>Our sunset tour leaves the town pier at 7:30 pm and returns after dark with a headlamp for every paddler.</p>
<p>See the <a href="/faq">questions paddlers ask</a>.</p>`,
  ),
  '/faq': kayakPage(
    'FAQ | Harbor Kayak Tours',
    `<h1>Questions paddlers ask</h1>
<h3>Do I need kayaking experience?</h3>
<p>No. Every tour starts with a twenty-minute lesson on the beach, and our guides paddle double kayaks with beginners.</p>
<h3>Can children join a kayak tour?</h3>
<p>Children from age ten can join when they paddle with a parent in a double kayak.</p>`,
  ),
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** Every sentence (or list item) of an answer appears in the site's text: nothing was made up. */
function expectSiteWords(answer: string, siteText: string) {
  for (const part of answer.replace(/…$/, '').split(/(?<=[.!?;])\s+/)) {
    expect(siteText).toContain(part.replace(/[.;]$/, ''));
  }
}

/** Whose assistants `ask` asks: it first waits until their knowledge changes are learned (reindex-knowledge). */
let learner: ApiClient | undefined;

async function ask(chatbotId: string, message: string) {
  if (learner) await waitForKnowledge(learner, chatbotId);
  return (await chatVisitor(apiUrl, chatbotId).ask(message)).body as { message: string };
}

describe('generate-faqs-from-website (POST /knowledge/faqs)', () => {
  let site: FixtureSite;
  let kayaks: StaticSite;
  let owner: ApiClient;
  let chatbotId: string;
  /** The text of the pages the assistant learned from its site. */
  let siteText: string;

  beforeAll(async () => {
    [site, kayaks] = await Promise.all([startFixtureSite({ pages: 30, hangingPage: false }), startStaticSite(kayakPages)]);
    owner = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    learner = owner;
    chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(owner, chatbotId);
    siteText = await withRuntimeEnv(env, async () => {
      const { db } = await import('../../functions/core/data/db.js');
      const { data } = await db().entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' });
      return data.map((p) => oneLine(p.text)).join(' ');
    });
  });
  afterAll(async () => {
    await Promise.all([site?.stop(), kayaks?.stop()]);
  });

  it("writes 8-15 FAQs from the assistant's website, stored as faq entries for it, answered in the site's words", async () => {
    const requestsBefore = site.requests.length;
    const { status, body } = await owner.post('/knowledge/faqs', {
      websiteUrl: site.url,
      chatbotId,
      businessName: 'Maple & Rye Bakery',
    });
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    expect(body.faqsGenerated).toBeGreaterThanOrEqual(8);
    expect(body.faqsGenerated).toBeLessThanOrEqual(15);
    const entries = body.entries as KnowledgeEntry[];
    expect(entries).toHaveLength(body.faqsGenerated);
    for (const entry of entries) {
      expect(entry).toMatchObject({ type: 'faq', chatbot_id: chatbotId, is_active: true, has_file: false });
      expect(entry.title).toMatch(/\?$/);
      expectSiteWords(entry.content, siteText);
    }
    expect(entries.find((e) => e.title === 'How far ahead should I order a birthday cake?')?.content).toBe(
      'Five days for most cakes and six weeks for wedding cakes. In December we ask for ten days because the kitchen is busy with holiday orders.',
    );
    // The assistant's own site was read when it was created; its stored pages were used.
    expect(site.requests.length).toBe(requestsBefore);

    const listed = (await owner.get('/knowledge')).body.entries as KnowledgeEntry[];
    expect(listed.filter((e) => e.type === 'faq').map((e) => e.id).sort()).toEqual(entries.map((e) => e.id).sort());
  });

  it('reads another website, stores only the FAQs it supports, and the assistants then answer from them', async () => {
    const { status, body } = await owner.post('/knowledge/faqs', { websiteUrl: kayaks.url, chatbotId: null });
    expect(status).toBe(201);
    // Two pages give four FAQs: fewer than eight, none invented to fill the gap.
    expect(body.entries.map((e: KnowledgeEntry) => [e.title, e.content, e.chatbot_id])).toEqual([
      [
        'Do I need kayaking experience?',
        'No. Every tour starts with a twenty-minute lesson on the beach, and our guides paddle double kayaks with beginners.',
        null,
      ],
      ['Can children join a kayak tour?', 'Children from age ten can join when they paddle with a parent in a double kayak.', null],
      [
        'What is Harbor Kayak Tours?',
        'Harbor Kayak Tours runs guided sea kayak trips from the town pier in Bar Harbor, Maine, from May to October.',
        null,
      ],
      [
        'What are your sunset tours?',
        'Our sunset tour leaves the town pier at 7:30 pm and returns after dark with a headlamp for every paddler.',
        null,
      ],
    ]);
    expect(body.faqsGenerated).toBe(4);
    expect(kayaks.requests).toContain('/faq');

    // Entries for all assistants re-index the bakery's assistant too: it now knows about the kayaks.
    expect((await ask(chatbotId, 'Can children join a kayak tour?')).message).toContain('Children from age ten can join');
    expect((await ask(chatbotId, 'When does the sunset tour leave?')).message).toContain('7:30 pm');
  });

  it('refuses a missing or unparsable address with the dialog messages, and stores nothing', async () => {
    const before = (await owner.get('/knowledge')).body.entries.length;
    for (const [body, message] of [
      [{ websiteUrl: '', chatbotId }, 'Please enter a website URL'],
      [{ websiteUrl: '   ', chatbotId: null }, 'Please enter a website URL'],
      [{ chatbotId }, 'Please enter a website URL'],
      [{ websiteUrl: 'not a website', chatbotId }, 'Please enter a valid website URL'],
      [{ websiteUrl: 'ftp://files.example.com', chatbotId }, 'Only http and https website addresses can be used'],
    ] as const) {
      const res = await owner.post('/knowledge/faqs', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    }
    expect((await owner.get('/knowledge')).body.entries.length).toBe(before);
  });

  it("answers 404 for someone else's assistant without reading the site or storing anything", async () => {
    const stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const requestsBefore = kayaks.requests.length;
    const res = await stranger.post('/knowledge/faqs', { websiteUrl: kayaks.url, chatbotId });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Chatbot not found' });
    expect(kayaks.requests.length).toBe(requestsBefore);
    expect((await stranger.get('/knowledge')).body.entries).toEqual([]);
  });

  it('answers 422 with the reason for a site that cannot be read or says nothing, and stores nothing', async () => {
    const before = (await owner.get('/knowledge')).body.entries.length;
    const gone = await startStaticSite({});
    await gone.stop();
    const empty = await startStaticSite({ '/': '<!doctype html><title>Gallery</title><main><p>Photo 1</p><p>Photo 2</p></main>' });
    const missing = await startStaticSite({ '/other': '<p>Elsewhere</p>' });
    try {
      const cases = [
        [gone.url, /^This website could not be read: Could not fetch http:\/\/127\.0\.0\.1:\d+\/: connection refused$/],
        [missing.url, /^This website could not be read: HTTP 404$/],
        ['http://10.20.30.40/', /^This website could not be read: Refused to fetch http:\/\/10\.20\.30\.40\/: the address 10\.20\.30\.40 is private$/],
        ['http://169.254.169.254/latest/meta-data/', /^This website could not be read: Refused .* link-local/],
        [empty.url, /^No FAQs could be generated from this website$/],
      ] as const;
      for (const [websiteUrl, error] of cases) {
        const res = await owner.post('/knowledge/faqs', { websiteUrl, chatbotId });
        expect(res.status).toBe(422);
        expect(res.body.error).toMatch(error);
      }
    } finally {
      await Promise.all([empty.stop(), missing.stop()]);
    }
    expect((await owner.get('/knowledge')).body.entries.length).toBe(before);
  });

  describe('with an OpenAI key (the OpenAI client against a local fake of the API)', () => {
    let fake: FakeOpenAi;
    let userId: string;
    let user: ApiClient;
    beforeAll(async () => {
      fake = await startFakeOpenAi();
      const { idToken } = await signUpAndSignIn(config);
      userId = userIdOf(idToken);
      user = apiClient(apiUrl, idToken);
    });
    afterAll(async () => {
      delete process.env.OPENAI_API_KEY;
      delete process.env.OPENAI_BASE_URL;
      await fake?.stop();
    });

    /** The generator runs in this process (the runtime's handlers cannot see this test's fake). */
    const generate = (websiteUrl: string) =>
      withRuntimeEnv({ ...env, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }, async () => {
        const { generateFaqsFromWebsite } = await import('../../functions/core/knowledge/faqs/generate-faqs.js');
        return generateFaqsFromWebsite(callerOf(userId), generateFaqsRequestSchema.parse({ websiteUrl, chatbotId: null, businessName: 'Maple & Rye Bakery' }));
      });

    it("stores the model's FAQs, written from the crawled pages' text", async () => {
      const written = [
        { question: 'When are you closed?', answer: 'We are closed on Mondays, which is our gluten-free baking day.' },
        { question: 'Where is the bakery?', answer: 'At 218 Harbor Street in Portland, Maine.' },
        { question: 'How far ahead should I order a birthday cake?', answer: 'Five days ahead for most cakes; six weeks for wedding cakes.' },
      ];
      fake.reply = { text: JSON.stringify({ faqs: written }) };
      const result = await generate(site.url);
      expect(result.faqsGenerated).toBe(3);
      expect(result.entries.map((e) => [e.title, e.content, e.type, e.chatbot_id])).toEqual(
        written.map((f) => [f.question, f.answer, 'faq', null]),
      );
      const request = fake.chatRequests.at(-1)!;
      const [system, pages] = request.messages as { content: string }[];
      expect(system!.content).toContain("Maple & Rye Bakery's customer chat assistant");
      expect(system!.content).toContain('Use only facts stated in the pages');
      expect(pages!.content).toContain('Five days for most cakes and six weeks for wedding cakes.');
      expect(pages!.content).toContain(`URL: ${site.url}/faq`);
      const stored = (await user.get('/knowledge')).body.entries as KnowledgeEntry[];
      expect(stored.map((e) => e.title).sort()).toEqual(written.map((f) => f.question).sort());
    });

    it("falls back to the site's own FAQs when the provider fails, so the owner still gets them", async () => {
      fake.reply = { status: 500 };
      const requests = fake.chatRequests.length;
      const result = await generate(site.url);
      expect(fake.chatRequests.length).toBeGreaterThan(requests);
      expect(result.faqsGenerated).toBeGreaterThanOrEqual(8);
      expect(result.faqsGenerated).toBeLessThanOrEqual(15);
      expect(result.entries.map((e) => e.title)).toContain('Is there parking?');
      for (const entry of result.entries) expectSiteWords(entry.content, siteText);
    });
  });
});
