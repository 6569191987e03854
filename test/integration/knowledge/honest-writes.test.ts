import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '../../../functions/core/data/db.js';
import { loadIndex } from '../../../functions/core/knowledge/index-store.js';
import { searchIndex } from '../../../functions/core/knowledge/search-index.js';
import { KNOWLEDGE_UNAVAILABLE_MESSAGE } from '../../../functions/core/knowledge/manage-knowledge.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, waitForCrawl, waitForKnowledge, type ApiClient } from '../../support/api-client.js';
import { freezeRequests, refuseRequests, refuseRequestsTimes } from '../../support/fault-proxy.js';
import { eventually } from '../../support/eventually.js';
import { withRuntimeEnv } from '../../support/runtime-env.js';
import { chatVisitor } from '../../support/visitor.js';

const { apiUrl, config, env, faults } = inject('runtime');

/**
 * A failure writes nothing and a success is final: a knowledge change that cannot be handed to
 * reindex-knowledge (the Lambda API refusing this assistant's invocations) is undone and answered
 * 503, and a create sent twice with one Idempotency-Key creates once. A re-index that fails after
 * the answer (S3, the index store, refusing this assistant's requests) leaves the change stored and
 * the assistant answering from its previous index, is tried again, and is shown as failed.
 */
describe('knowledge changes are all or nothing, and safe to retry', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let idToken: string;
  let chatbotId: string;

  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, hangingPage: false });
    idToken = (await signUpAndSignIn(config)).idToken;
    owner = apiClient(apiUrl, idToken);
    chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(owner, chatbotId);
  });
  afterAll(async () => {
    await Promise.all([refuseRequests(faults.s3, []), refuseRequests(faults.lambda, [])]);
    await site?.stop();
  });

  const entries = async () => (await owner.get('/knowledge')).body.entries as { id: string; title: string; content: string; is_active: boolean }[];

  /** POST with the owner's token and optional extra headers; status, headers and parsed body. */
  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: (await res.json()) as Record<string, never> };
  }

  it('answers 503 and stores nothing when the re-index cannot be started, then works once it can', async () => {
    const entry = { title: 'Winter hours', content: 'In January the bakery opens at 8 am.', type: 'context', chatbot_id: chatbotId };
    await refuseRequests(faults.lambda, [chatbotId]);
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        expect(await post('/knowledge', entry)).toMatchObject({ status: 503, body: { error: KNOWLEDGE_UNAVAILABLE_MESSAGE } });
      }
      expect(await entries()).toEqual([]);
    } finally {
      await refuseRequests(faults.lambda, []);
    }
    expect((await post('/knowledge', entry)).status).toBe(201);
    expect((await entries()).map((e) => e.title)).toEqual(['Winter hours']);
  });

  it('undoes an edit, a switch and a delete whose re-index cannot be started', async () => {
    const [entry] = await entries();
    await refuseRequests(faults.lambda, [chatbotId]);
    try {
      expect((await owner.patch(`/knowledge/${entry!.id}`, { content: 'In January the bakery opens at 9 am.' })).status).toBe(503);
      expect((await owner.put(`/knowledge/${entry!.id}/active`, { is_active: false })).status).toBe(503);
      expect((await owner.delete(`/knowledge/${entry!.id}`)).status).toBe(503);
    } finally {
      await refuseRequests(faults.lambda, []);
    }
    expect(await entries()).toMatchObject([{ id: entry!.id, content: 'In January the bakery opens at 8 am.', is_active: true }]);
  });

  it('creates one entry for one Idempotency-Key, however often it is sent', async () => {
    const key = crypto.randomUUID();
    const entry = { title: 'Gift cards', content: 'Gift cards are sold at the counter in any amount.', type: 'context', chatbot_id: chatbotId };
    const first = await post('/knowledge', entry, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const again = await Promise.all([post('/knowledge', entry, { 'idempotency-key': key }), post('/knowledge', entry, { 'idempotency-key': key })]);
    for (const repeat of again) expect(repeat).toEqual({ status: 201, replayed: 'true', body: first.body });
    expect((await entries()).filter((e) => e.title === 'Gift cards')).toHaveLength(1);

    const reused = await post('/knowledge', { ...entry, title: 'Vouchers' }, { 'idempotency-key': key });
    expect(reused.status).toBe(422);
    expect((await post('/knowledge', entry, { 'idempotency-key': 'short' })).status).toBe(400);
    // Without a key, each request is its own.
    expect((await post('/knowledge', entry)).status).toBe(201);
    expect((await entries()).filter((e) => e.title === 'Gift cards')).toHaveLength(2);
  });

  it('lets a request that failed be retried with its key', async () => {
    const key = crypto.randomUUID();
    const entry = { title: 'Allergens', content: 'Every loaf lists its allergens on the shelf label.', type: 'context', chatbot_id: chatbotId };
    await refuseRequests(faults.lambda, [chatbotId]);
    try {
      expect((await post('/knowledge', entry, { 'idempotency-key': key })).status).toBe(503);
    } finally {
      await refuseRequests(faults.lambda, []);
    }
    const retried = await post('/knowledge', entry, { 'idempotency-key': key });
    expect(retried).toMatchObject({ status: 201, replayed: null });
    expect((await entries()).filter((e) => e.title === 'Allergens')).toHaveLength(1);
  });

  const ask = async (question: string) => {
    await waitForKnowledge(owner, chatbotId);
    const res = await chatVisitor(apiUrl, chatbotId, { contactName: 'Honest Visitor' }).ask(question);
    expect(res.status).toBe(200);
    return (res.body as { message: string }).message;
  };
  const knowledgeUpdate = async () => (await owner.get(`/chatbots/${chatbotId}`)).body.chatbot.knowledge_update as string;

  it('shows the quality as updating, not final, while the re-index runs', async () => {
    // The worker's reads of the index store hang: the change is stored, its re-index not done.
    await freezeRequests(faults.s3, [chatbotId]);
    try {
      expect((await post('/knowledge', { title: 'Pretzels', content: 'Pretzels are baked on Fridays only.', type: 'context', chatbot_id: chatbotId })).status).toBe(201);
      expect(await knowledgeUpdate()).toBe('updating');
    } finally {
      await freezeRequests(faults.s3, []);
    }
    expect(await ask('When are pretzels baked?')).toMatch(/Fridays only/);
    expect((await waitForKnowledge(owner, chatbotId)).knowledge_update).toBe('current');
  });

  it('retries a re-index that failed once: the next answer has the new fact', async () => {
    await refuseRequestsTimes(faults.s3, [chatbotId], 3);
    try {
      expect((await post('/knowledge', { title: 'Rye bread', content: 'Dark rye bread comes out of the oven at 7 am.', type: 'context', chatbot_id: chatbotId })).status).toBe(201);
      expect(await ask('When does the dark rye bread come out of the oven?')).toMatch(/7 am/);
    } finally {
      await refuseRequests(faults.s3, []);
    }
  });

  it('a re-index that keeps failing leaves the assistant answering from what it had, shown as failed; the next change learns both', async () => {
    expect(await ask('When are pretzels baked?')).toMatch(/Fridays only/);
    await refuseRequests(faults.s3, [chatbotId]);
    try {
      expect((await post('/knowledge', { title: 'Bagels', content: 'Sesame bagels are sold from 6 am on Sundays.', type: 'context', chatbot_id: chatbotId })).status).toBe(201);
      expect((await waitForKnowledge(owner, chatbotId)).knowledge_update).toBe('failed');
    } finally {
      await refuseRequests(faults.s3, []);
    }
    // The entry is stored; the chat answers from the index it had: the old fact, not the new one.
    expect((await entries()).map((e) => e.title)).toContain('Bagels');
    expect(await ask('When are pretzels baked?')).toMatch(/Fridays only/);
    expect(await ask('When are sesame bagels sold?')).not.toMatch(/6 am on Sundays/);

    expect((await post('/knowledge', { title: 'Muffins', content: 'Blueberry muffins cost 3 dollars each.', type: 'context', chatbot_id: chatbotId })).status).toBe(201);
    expect(await ask('When are sesame bagels sold?')).toMatch(/6 am on Sundays/);
    expect(await ask('How much is a blueberry muffin?')).toMatch(/3 dollars/);
    expect((await waitForKnowledge(owner, chatbotId)).knowledge_update).toBe('current');
  });

  it('ten entries added in a row end with one current quality, measured on an index holding all ten', async () => {
    // Made-up tokens: nothing on the bakery's site answers for them.
    const tokens = ['zibble', 'quorvet', 'plimsat', 'drovik', 'fennick', 'grastel', 'mulvane', 'tressik', 'vorlan', 'yestril'];
    const ids: string[] = [];
    for (const [i, token] of tokens.entries()) {
      const created = await post('/knowledge', { title: `${token} token`, content: `A ${token} token costs ${i + 11} cents at the counter.`, type: 'context', chatbot_id: chatbotId });
      expect(created.status).toBe(201);
      ids.push((created.body as unknown as { entry: { id: string } }).entry.id);
    }
    expect((await waitForKnowledge(owner, chatbotId)).knowledge_update).toBe('current');
    // Workers that read the assistant before the last change was stored may still publish an equal
    // index afterwards (the dashboard says 'updating' until its quality is measured, and the older
    // version is then deleted): the settled state is read whole, the API's view, the stored quality and
    // the live index together, until one read agrees throughout.
    const settled = await eventually(
      () =>
        withRuntimeEnv(env, async () => {
          const bot = (await db().entities.chatbot.get({ chatbot_id: chatbotId }).go()).data!;
          const view = (await owner.get(`/chatbots/${chatbotId}`)).body.chatbot as { knowledge_update: string; training_quality: number };
          const live = await loadIndex(chatbotId, bot.index_version!).catch(() => undefined);
          // Every one of the ten in the live index, found by its own words.
          const missing = live ? tokens.filter((token, i) => !searchIndex(live, `${token} token`, 3).some((hit) => hit.documentId === `entry:${ids[i]}`)) : tokens;
          return { bot, view, missing };
        }),
      ({ bot, view, missing }) =>
        view.knowledge_update === 'current' && bot.training_probes?.index_version === bot.index_version && view.training_quality === bot.training_quality && missing.length === 0,
      'one current quality, measured on a live index holding all ten',
    );
    expect(settled.missing).toEqual([]);
    expect(settled.view).toMatchObject({ knowledge_update: 'current', training_quality: settled.bot.training_quality });
  });
});
