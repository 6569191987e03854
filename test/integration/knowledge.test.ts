import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  KNOWLEDGE_LIST_PREVIEW_CHARS,
  knowledgeEntryListResponseSchema,
  knowledgeEntryResponseSchema,
  publicKnowledgeResponseSchema,
} from '../../functions/contracts/knowledge.js';
import { PUBLIC_DEMO_LIMITS } from '../../functions/core/chat/rate-limit.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, waitForCrawl, waitForKnowledge, type ApiClient } from '../support/api-client.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { allowUnlimitedAssistants, userIdOf } from '../support/subscriptions.js';
import { chatVisitor } from '../support/visitor.js';

const { apiUrl, config, env } = inject('runtime');

/** Whose assistants `answer` asks: it first waits until their knowledge changes are learned (reindex-knowledge). */
let learner: ApiClient | undefined;

/** The public chat route, as the widget calls it: a new visitor each time. */
async function answer(chatbotId: string, message: string): Promise<string> {
  if (learner) await waitForKnowledge(learner, chatbotId);
  const res = await chatVisitor(apiUrl, chatbotId, { contactName: 'Knowledge Visitor' }).ask(message);
  expect(res.status).toBe(200);
  return (res.body as { message: string }).message;
}

async function publicList(chatbotId: string) {
  const res = await fetch(`${apiUrl}/public/chatbots/${chatbotId}/knowledge`);
  return { status: res.status, body: (await res.json()) as { entries: { id: string; title: string; content: string }[]; error?: string } };
}

/** An uploaded document's entry, stored the way the upload stores it: the file in S3, then its entry. */
async function storeDocumentEntry(userId: string, chatbotId: string, text: string) {
  return withRuntimeEnv(env, async () => {
    const { getS3Client } = await import('../../functions/core/storage/s3-client.js');
    const { knowledgeFilePrefix } = await import('../../functions/core/knowledge/knowledge-files.js');
    const { addKnowledgeEntries } = await import('../../functions/core/knowledge/manage-knowledge.js');
    const key = `${knowledgeFilePrefix(userId)}${crypto.randomUUID()}.txt`;
    await getS3Client().send(new PutObjectCommand({ Bucket: env.DOCUMENTS_BUCKET, Key: key, Body: text, ContentType: 'text/plain' }));
    const [entry] = await addKnowledgeEntries(userId, [
      { title: 'Opening notes.txt', content: text, type: 'document', chatbot_id: chatbotId, file: { name: 'Opening notes.txt', key, size: text.length } },
    ]);
    return { entry: entry!, key };
  });
}

async function fileExists(key: string): Promise<boolean> {
  return withRuntimeEnv(env, async () => {
    const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const { getS3Client } = await import('../../functions/core/storage/s3-client.js');
    try {
      await getS3Client().send(new HeadObjectCommand({ Bucket: env.DOCUMENTS_BUCKET, Key: key }));
      return true;
    } catch {
      return false;
    }
  });
}

describe('knowledge entries: the Knowledge screen API, and what the assistants answer from them', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let ownerId: string;
  let ownerToken: string;
  let stranger: ApiClient;
  let botA: string;
  let botB: string;

  const create = async (entry: Record<string, unknown>) => {
    const res = await owner.post('/knowledge', entry);
    expect(res.status).toBe(201);
    return knowledgeEntryResponseSchema.parse(res.body).entry;
  };
  const listed = async () => knowledgeEntryListResponseSchema.parse((await owner.get('/knowledge')).body).entries;

  beforeAll(async () => {
    site = await startFixtureSite({ pages: 5, hangingPage: false });
    const user = await signUpAndSignIn(config);
    owner = apiClient(apiUrl, user.idToken);
    learner = owner;
    ownerId = userIdOf(user.idToken);
    ownerToken = user.idToken;
    botA = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    // The free plan has one assistant; entries for one assistant are only testable with two.
    await allowUnlimitedAssistants(env, user.idToken);
    const second = await owner.post('/chatbots', { websiteUrl: site.url });
    expect(second.status).toBe(201);
    botB = second.body.chatbot.id;
    await Promise.all([waitForCrawl(owner, botA), waitForCrawl(owner, botB)]);
    stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('creates an entry (201) for all assistants by default and lists the newest first', async () => {
    const first = await create({ title: 'Wedding cakes', content: 'Wedding cake tastings are by appointment.' });
    expect(first).toMatchObject({
      user_id: ownerId,
      chatbot_id: null,
      type: 'context',
      is_active: true,
      file_name: null,
      file_size: null,
      has_file: false,
    });
    // Fields the form does not send are ignored, the owner comes from the token, 'all' means null.
    const second = await create({ title: ' FAQ ', content: ' Yes. ', type: 'faq', chatbot_id: 'all', user_id: 'someone-else', is_active: false });
    expect(second).toMatchObject({ title: 'FAQ', content: 'Yes.', type: 'faq', chatbot_id: null, user_id: ownerId, is_active: true });
    const ids = (await listed()).map((e) => e.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids.indexOf(second.id)).toBe(0);
  });

  it('refuses an invalid entry with a clear 400 and stores nothing', async () => {
    const before = (await listed()).length;
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ title: '   ', content: 'Text' }, /Please enter a title/],
      [{ title: 'Title', content: '' }, /Please enter the content/],
      [{ content: 'Text' }, /title/i],
      [{ title: 'Title', content: 'Text', type: 'video' }, /type/i],
      [{ title: 'x'.repeat(201), content: 'Text' }, /at most 200 characters/],
      [{ title: 'Title', content: 'x'.repeat(100_001) }, /at most 100,000 characters/],
      [{ title: 'Title', content: 'Text', chatbot_id: 42 }, /chatbot_id/],
    ];
    for (const [body, message] of refusals) {
      const res = await owner.post('/knowledge', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const notJson = await fetch(`${apiUrl}/knowledge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect((await listed()).length).toBe(before);
  });

  it('lists long entries as previews and reads one entry whole, so a large knowledge base still lists', async () => {
    const sentence = 'Our sourdough starter is fed twice a day with rye flour from a local mill. ';
    const content = sentence.repeat(120).trim();
    const entry = await create({ title: 'Starter notes', content, chatbot_id: botA });
    const inList = (await listed()).find((e) => e.id === entry.id)!;
    expect(inList.content_length).toBe(content.length);
    expect(inList.content.length).toBeLessThanOrEqual(KNOWLEDGE_LIST_PREVIEW_CHARS + 1);
    expect(inList.content.endsWith('…')).toBe(true);
    expect(content.startsWith(inList.content.slice(0, -1))).toBe(true);
    const whole = await owner.get(`/knowledge/${entry.id}`);
    expect(whole.status).toBe(200);
    expect(knowledgeEntryResponseSchema.parse(whole.body).entry.content).toBe(content);
    expect((await owner.get('/knowledge/no-such-entry')).status).toBe(404);
    await owner.delete(`/knowledge/${entry.id}`);
  });

  it('an entry for one assistant answers in its chat and never in the other assistant of the same owner', async () => {
    const entry = await create({
      title: 'Rooftop beehive tours',
      content: 'Rooftop beehive tours run every Saturday at 9 am and cost 12 dollars per person.',
      chatbot_id: botA,
    });
    expect(entry.chatbot_id).toBe(botA);
    expect(await answer(botA, 'When do the rooftop beehive tours run?')).toMatch(/Saturday at 9 am/);
    expect(await answer(botB, 'When do the rooftop beehive tours run?')).not.toMatch(/Saturday at 9 am|beehive/i);
  });

  it('an entry for all assistants answers in each of them', async () => {
    await create({
      title: 'Bicycle courier',
      content: 'Our bicycle courier covers the riverside district for 4 dollars per order.',
      chatbot_id: null,
    });
    for (const bot of [botA, botB]) {
      expect(await answer(bot, 'Does the bicycle courier cover the riverside district?')).toMatch(/4 dollars per order/);
    }
  });

  it('an inactive entry is not answered from; active again, it is', async () => {
    const entry = await create({ title: 'Telescope night', content: 'Telescope night on the roof starts at 10 pm.', chatbot_id: botA });
    const question = 'When does telescope night on the roof start?';
    expect(await answer(botA, question)).toMatch(/10 pm/);

    const off = await owner.put(`/knowledge/${entry.id}/active`, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body.entry).toMatchObject({ id: entry.id, is_active: false });
    expect(await answer(botA, question)).not.toMatch(/10 pm/);
    expect((await listed()).find((e) => e.id === entry.id)?.is_active).toBe(false);

    const on = await owner.put(`/knowledge/${entry.id}/active`, { is_active: true });
    expect(on.body.entry.is_active).toBe(true);
    expect(await answer(botA, question)).toMatch(/10 pm/);
    expect((await owner.put(`/knowledge/${entry.id}/active`, { is_active: 'yes' })).status).toBe(400);
  });

  it('an edited entry gives the new answer', async () => {
    const entry = await create({ title: 'Pottery workshop', content: 'The pottery workshop meets on Mondays.', chatbot_id: botA });
    expect(await answer(botA, 'When does the pottery workshop meet?')).toMatch(/Mondays/);
    const edited = await owner.patch(`/knowledge/${entry.id}`, { content: 'The pottery workshop meets on Thursdays.' });
    expect(edited.status).toBe(200);
    expect(edited.body.entry).toMatchObject({ id: entry.id, title: 'Pottery workshop', content: 'The pottery workshop meets on Thursdays.' });
    expect(edited.body.entry.updated_at >= entry.updated_at).toBe(true);
    const reply = await answer(botA, 'When does the pottery workshop meet?');
    expect(reply).toMatch(/Thursdays/);
    expect(reply).not.toMatch(/Mondays/);
    expect((await owner.patch(`/knowledge/${entry.id}`, {})).status).toBe(400);
    expect((await owner.patch(`/knowledge/${entry.id}`, { title: '' })).status).toBe(400);
  });

  it('reassigning an entry moves its answer to the other assistant', async () => {
    const entry = await create({ title: 'Kayak rental', content: 'Kayak rental at the harbour costs 30 dollars per hour.', chatbot_id: botA });
    const question = 'How much does kayak rental at the harbour cost?';
    expect(await answer(botA, question)).toMatch(/30 dollars/);
    const moved = await owner.patch(`/knowledge/${entry.id}`, { chatbot_id: botB });
    expect(moved.body.entry.chatbot_id).toBe(botB);
    expect(await answer(botB, question)).toMatch(/30 dollars/);
    expect(await answer(botA, question)).not.toMatch(/30 dollars/);

    const everywhere = await owner.patch(`/knowledge/${entry.id}`, { chatbot_id: 'all' });
    expect(everywhere.body.entry.chatbot_id).toBeNull();
    expect(await answer(botA, question)).toMatch(/30 dollars/);
  });

  it('a deleted entry is gone from the list and from the answers', async () => {
    const entry = await create({ title: 'Lantern festival', content: 'At the lantern festival our stall sells plum buns.', chatbot_id: botA });
    expect(await answer(botA, 'What does the lantern festival stall sell?')).toMatch(/plum buns/);
    expect((await owner.delete(`/knowledge/${entry.id}`)).body).toEqual({ deleted: true });
    expect((await listed()).some((e) => e.id === entry.id)).toBe(false);
    expect(await answer(botA, 'What does the lantern festival stall sell?')).not.toMatch(/plum buns/);
    expect((await owner.delete(`/knowledge/${entry.id}`)).status).toBe(404);
    expect((await owner.patch(`/knowledge/${entry.id}`, { title: 'Back?' })).status).toBe(404);
  });

  it("another user cannot see, change, switch, delete or open the owner's entries, nor assign to their assistant", async () => {
    const entry = await create({ title: 'Secret recipe', content: 'The rye starter is fed at 5 am.', chatbot_id: botA });
    expect((await stranger.get('/knowledge')).body.entries).toEqual([]);
    const attempts = await Promise.all([
      stranger.patch(`/knowledge/${entry.id}`, { title: 'Mine now' }),
      stranger.delete(`/knowledge/${entry.id}`),
      stranger.put(`/knowledge/${entry.id}/active`, { is_active: false }),
      stranger.get(`/knowledge/${entry.id}/file`),
      stranger.get(`/knowledge/${entry.id}`),
      stranger.post('/knowledge', { title: 'Spam', content: 'Visit my shop.', chatbot_id: botA }),
    ]);
    expect(attempts.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await stranger.get('/knowledge')).body.entries).toEqual([]);
    // The owner's entry is untouched, and cannot be handed to someone else's assistant either.
    const strangerBot = (await stranger.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    expect((await owner.patch(`/knowledge/${entry.id}`, { chatbot_id: strangerBot })).status).toBe(404);
    expect((await listed()).find((e) => e.id === entry.id)).toMatchObject({ title: 'Secret recipe', is_active: true, chatbot_id: botA });
    expect((await owner.get('/knowledge')).status).toBe(200);
  });

  it("opens an uploaded document's file through a short-lived link; an entry without a file has none", async () => {
    const { entry } = await storeDocumentEntry(ownerId, botA, 'The cafe terrace opens on the first of May.');
    expect(entry).toMatchObject({ file_name: 'Opening notes.txt', file_size: 43, has_file: true, type: 'document' });
    const link = await owner.get(`/knowledge/${entry.id}/file`);
    expect(link.status).toBe(200);
    expect(link.body.expiresInSeconds).toBeGreaterThan(0);
    const file = await fetch(link.body.url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('The cafe terrace opens on the first of May.');
    const plain = await create({ title: 'No file', content: 'Just text.' });
    expect((await owner.get(`/knowledge/${plain.id}/file`)).status).toBe(404);
  });

  it('the public list shows the active entries of that assistant and of all assistants, and nothing of an inactive one', async () => {
    const onlyA = await create({ title: 'Public A', content: 'Shown on the demo of A.', chatbot_id: botA });
    const onlyB = await create({ title: 'Public B', content: 'Shown on the demo of B.', chatbot_id: botB });
    const hidden = await create({ title: 'Hidden A', content: 'Switched off.', chatbot_id: botA });
    await owner.put(`/knowledge/${hidden.id}/active`, { is_active: false });
    const long = await create({ title: 'Long', content: `${'Crumb '.repeat(400)}end`, chatbot_id: botA });

    const { status, body } = await publicList(botA);
    expect(status).toBe(200);
    const entries = publicKnowledgeResponseSchema.parse(body).entries;
    const ids = entries.map((e) => e.id);
    expect(ids).toContain(onlyA.id);
    expect(ids).not.toContain(onlyB.id);
    expect(ids).not.toContain(hidden.id);
    const forAll = (await listed()).filter((e) => e.chatbot_id === null && e.is_active);
    for (const e of forAll) expect(ids).toContain(e.id);
    expect(Object.keys(body.entries[0]!).sort()).toEqual(['content', 'id', 'title', 'type']);
    // Newest first; long content is a preview.
    expect(ids[0]).toBe(long.id);
    expect(entries[0]!.content.length).toBeLessThanOrEqual(1_001);
    expect(entries[0]!.content.endsWith('…')).toBe(true);

    expect((await publicList('no-such-assistant')).status).toBe(404);
    await owner.put(`/chatbots/${botB}/active`, { is_active: false });
    expect((await publicList(botB)).status).toBe(404);
    await owner.put(`/chatbots/${botB}/active`, { is_active: true });
    expect((await publicList(botB)).body.entries.map((e) => e.id)).toContain(onlyB.id);
  });

  it('the public list is rate limited per visitor (429 with a clear message)', async () => {
    // Fixed windows: a loop crossing one window boundary may get two windows' worth, never more.
    let refused: Awaited<ReturnType<typeof publicList>> | undefined;
    for (let i = 0; i <= 2 * PUBLIC_DEMO_LIMITS.perSource && !refused; i++) {
      const res = await publicList(botA);
      if (res.status !== 200) refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.error).toMatch(/Too many requests/);
  });

  it('the public demo statistics are rate limited per visitor too (429 with a clear message)', async () => {
    let refused: Response | undefined;
    for (let i = 0; i <= 2 * PUBLIC_DEMO_LIMITS.perSource && !refused; i++) {
      const res = await fetch(`${apiUrl}/public/chatbots/${botB}/demo-stats`);
      if (res.status !== 200) refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(((await refused!.json()) as { error: string }).error).toMatch(/Too many requests/);
  });

  it('training quality is measured on questions made from the knowledge: a taught FAQ is asked and answered', async () => {
    const api = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const bot = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(api, bot);
    const answers = async () => {
      const { chatbot } = (await api.get(`/chatbots/${bot}`)).body;
      return chatbot.training_breakdown.find((p: { signal: string }) => p.signal === 'answers') as { points: number; hint: string };
    };
    const before = await answers();
    expect(before.hint).toMatch(/^It answered \d+ of \d+ questions made from its own knowledge|^Add more knowledge/);
    expect((await api.post('/knowledge', { title: 'Are scones vegan?', content: 'The plain scones are vegan.', type: 'faq', chatbot_id: bot })).status).toBe(201);
    await waitForKnowledge(api, bot);
    const after = await answers();
    const asked = (hint: string) => Number(/of (\d+) questions/.exec(hint)?.[1] ?? /: (\d+) question/.exec(hint)?.[1] ?? 0);
    expect(asked(after.hint)).toBeGreaterThanOrEqual(asked(before.hint));
    expect(after.points).toBeGreaterThan(0);
  });

  it("deleting an assistant deletes the entries assigned to it and their files; entries for all assistants stay", async () => {
    const { entry: document, key } = await storeDocumentEntry(ownerId, botB, 'Stock take happens every second Sunday.');
    const forB = await create({ title: 'Only B', content: 'The B counter closes at noon.', chatbot_id: botB });
    const forAll = await create({ title: 'Loyalty stamps', content: 'Ten loyalty stamps give a free loaf of rye.', chatbot_id: null });
    expect(await fileExists(key)).toBe(true);

    expect((await owner.delete(`/chatbots/${botB}`)).body).toEqual({ deleted: true });
    const ids = (await listed()).map((e) => e.id);
    expect(ids).not.toContain(document.id);
    expect(ids).not.toContain(forB.id);
    expect(ids).toContain(forAll.id);
    expect(await fileExists(key)).toBe(false);
    expect(await answer(botA, 'How many loyalty stamps give a free loaf?')).toMatch(/Ten loyalty stamps/);
  });
});
