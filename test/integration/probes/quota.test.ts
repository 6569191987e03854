import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { DAILY_CREATIONS } from '../../../functions/core/chatbots/daily-creations.js';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../../support/api-client.js';
import { withRuntimeEnv } from '../../support/runtime-env.js';
import { userIdOf } from '../../support/subscriptions.js';

const { apiUrl, config, env } = inject('runtime');

describe('probe: the free plan is one assistant at a time, with a daily cap on creations', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 2, hangingPage: false });
  });
  afterAll(async () => {
    await site?.stop();
  });

  const created = async (api: ApiClient) => (await api.get('/account')).body.subscription.chatbots_created as number;
  const create = async (api: ApiClient) => {
    const res = await api.post('/chatbots', { websiteUrl: site.url });
    if (res.status === 201) await waitForCrawl(api, res.body.chatbot.id);
    return res;
  };

  it('deleting the only assistant frees the slot; the day allows a few creations, then 429 with Retry-After', async () => {
    const { idToken } = await signUpAndSignIn(config);
    const api = apiClient(apiUrl, idToken);
    for (let i = 1; i <= DAILY_CREATIONS.free; i++) {
      const first = await create(api);
      expect(first.status).toBe(201);
      expect(await created(api)).toBe(1);
      expect((await create(api)).body).toEqual({ error: 'Subscription Required' });
      expect((await api.delete(`/chatbots/${first.body.chatbot.id}`)).status).toBe(200);
      expect(await created(api)).toBe(0);
    }
    const capped = await fetch(`${apiUrl}/chatbots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ websiteUrl: site.url }),
    });
    expect(capped.status).toBe(429);
    expect((await capped.json()).error).toBe(
      `You can create ${DAILY_CREATIONS.free} assistants a day. Please try again tomorrow (the count starts over at 00:00 UTC).`,
    );
    const retryAfter = Number(capped.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect((await api.get('/chatbots')).body.chatbots).toEqual([]);
    expect(await created(api)).toBe(0);
  });

  it('two deletes of one assistant at once free one slot', async () => {
    const api = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const { body } = await create(api);
    const results = await Promise.all([api.delete(`/chatbots/${body.chatbot.id}`), api.delete(`/chatbots/${body.chatbot.id}`)]);
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(await created(api)).toBe(0);
    expect((await create(api)).status).toBe(201);
    expect(await created(api)).toBe(1);
  });

  it('an account that deleted its assistant before this rule (counted 1, has none) may create again', async () => {
    const user = await signUpAndSignIn(config);
    const api = apiClient(apiUrl, user.idToken);
    await api.get('/account');
    await withRuntimeEnv(env, async () => {
      const { db } = await import('../../../functions/core/data/db.js');
      await db().entities.subscription.patch({ user_id: userIdOf(user.idToken) }).set({ chatbots_created: 1 }).go();
    });
    expect((await create(api)).status).toBe(201);
    expect(await created(api)).toBe(1);
    expect((await create(api)).status).toBe(403);
  });
});
