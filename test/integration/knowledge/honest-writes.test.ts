import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KNOWLEDGE_UNAVAILABLE_MESSAGE } from '../../../functions/core/knowledge/manage-knowledge.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../../support/api-client.js';
import { refuseRequests } from '../../support/fault-proxy.js';

const { apiUrl, config, faults } = inject('runtime');

/**
 * A failure writes nothing and a success is final: a knowledge change whose re-index cannot be
 * stored (S3, the index store, refusing this assistant's requests) is undone and answered 503, and a
 * create sent twice with one Idempotency-Key creates once.
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
    await refuseRequests(faults.s3, []);
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

  it('answers 503 and stores nothing when the index cannot be written, then works once it can', async () => {
    const entry = { title: 'Winter hours', content: 'In January the bakery opens at 8 am.', type: 'context', chatbot_id: chatbotId };
    await refuseRequests(faults.s3, [chatbotId]);
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        expect(await post('/knowledge', entry)).toMatchObject({ status: 503, body: { error: KNOWLEDGE_UNAVAILABLE_MESSAGE } });
      }
      expect(await entries()).toEqual([]);
    } finally {
      await refuseRequests(faults.s3, []);
    }
    expect((await post('/knowledge', entry)).status).toBe(201);
    expect((await entries()).map((e) => e.title)).toEqual(['Winter hours']);
  });

  it('undoes an edit, a switch and a delete whose re-index fails', async () => {
    const [entry] = await entries();
    await refuseRequests(faults.s3, [chatbotId]);
    try {
      expect((await owner.patch(`/knowledge/${entry!.id}`, { content: 'In January the bakery opens at 9 am.' })).status).toBe(503);
      expect((await owner.put(`/knowledge/${entry!.id}/active`, { is_active: false })).status).toBe(503);
      expect((await owner.delete(`/knowledge/${entry!.id}`)).status).toBe(503);
    } finally {
      await refuseRequests(faults.s3, []);
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
    await refuseRequests(faults.s3, [chatbotId]);
    try {
      expect((await post('/knowledge', entry, { 'idempotency-key': key })).status).toBe(503);
    } finally {
      await refuseRequests(faults.s3, []);
    }
    const retried = await post('/knowledge', entry, { 'idempotency-key': key });
    expect(retried).toMatchObject({ status: 201, replayed: null });
    expect((await entries()).filter((e) => e.title === 'Allergens')).toHaveLength(1);
  });
});
