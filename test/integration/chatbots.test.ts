import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { startFixtureSite } from '../../local/sample-site.js';
import { withRuntimeEnv } from '../support/runtime-env.js';

const { apiUrl, config, env } = inject('runtime');

async function newOwner(name = 'Fixture Owner'): Promise<ApiClient> {
  const owner = await signUpAndSignIn(config, name);
  return apiClient(apiUrl, owner.idToken);
}

describe('assistants: creation from a website, quota, ownership, deletion', () => {
  let site: Awaited<ReturnType<typeof startFixtureSite>>;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 30 });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('creates an assistant named after the site, crawls it with real progress and indexes its pages', async () => {
    const api = await newOwner();
    const created = await api.post('/chatbots', { websiteUrl: site.url, agentName: 'Bella' });
    expect(created.status).toBe(201);
    const { chatbot } = created.body;
    expect(chatbot.embedCode).toContain(`data-chatbot-id="${chatbot.id}"`);
    expect(chatbot.businessName).not.toBe('Fixture Owner');

    const status = await waitForCrawl(api, chatbot.id);
    // The fixture's live-camera page never finishes: told as it is, the rest is indexed.
    expect(status.progress).toMatchObject({
      stage: 'done_with_problems',
      pages_failed: 1,
      error: `1 of ${status.progress.pages_fetched + 1} pages could not be read: no answer within 10 s`,
      failures: [{ url: `${site.url}/live/oven-cam`, reason: 'no answer within 10 s' }],
    });
    expect(status.progress.pages_indexed).toBeGreaterThanOrEqual(25);
    expect(status.total_pages).toBe(status.progress.pages_indexed);
    expect(status.pages.length).toBe(6);
    expect(status.pages.every((p: { title: string; url: string }) => p.title && p.url.startsWith(site.url))).toBe(true);
    expect(status.pages.some((p: { url: string }) => p.url.includes('/private/'))).toBe(false);
    expect(status.training_quality).toBeGreaterThan(0);
    const { body: detail } = await api.get(`/chatbots/${chatbot.id}`);
    expect(detail.chatbot.training_breakdown.find((p: { signal: string }) => p.signal === "answers").points).toBeGreaterThan(0);

    const listed = await api.get('/chatbots');
    expect(listed.body.chatbots).toHaveLength(1);
    expect((await api.get('/chatbots?sort=business_name')).body.chatbots).toHaveLength(1);
    expect((await api.get('/chatbots?sort=sideways')).status).toBe(400);
    expect(listed.body.chatbots[0]).toMatchObject({ id: chatbot.id, agent_name: 'Bella', is_active: true, training_quality: status.training_quality });
    const account = await api.get('/account');
    expect(account.body.subscription.chatbots_created).toBe(1);
    // The crawl runs in rounds on the Step Functions stand-in; its hanging page holds a round for its 10 s.
  }, 90_000);

  it('refuses a second free assistant with Subscription Required and creates nothing', async () => {
    const api = await newOwner();
    expect((await api.post('/chatbots', { websiteUrl: site.url })).status).toBe(201);
    const second = await api.post('/chatbots', { websiteUrl: site.url });
    expect(second).toEqual({ status: 403, body: { error: 'Subscription Required' } });
    expect((await api.get('/chatbots')).body.chatbots).toHaveLength(1);
  });

  it('two parallel creations at the free limit yield exactly one assistant', async () => {
    const api = await newOwner();
    const results = await Promise.all([api.post('/chatbots', { websiteUrl: site.url }), api.post('/chatbots', { websiteUrl: site.url })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 403]);
    expect((await api.get('/chatbots')).body.chatbots).toHaveLength(1);
    expect((await api.get('/account')).body.subscription.chatbots_created).toBe(1);
  });

  it("another user cannot read, change or delete an assistant (404), and it stays as it was", async () => {
    const owner = await newOwner();
    const { body } = await owner.post('/chatbots', { websiteUrl: site.url });
    const id = body.chatbot.id;
    const stranger = await newOwner();
    expect((await stranger.get(`/chatbots/${id}`)).status).toBe(404);
    expect((await stranger.get(`/chatbots/${id}/crawl`)).status).toBe(404);
    expect((await stranger.patch(`/chatbots/${id}`, { agent_name: 'Hijacked' })).status).toBe(404);
    expect((await stranger.put(`/chatbots/${id}/active`, { is_active: false })).status).toBe(404);
    expect((await stranger.delete(`/chatbots/${id}`)).status).toBe(404);
    expect((await stranger.get('/chatbots')).body.chatbots).toEqual([]);
    const mine = await owner.get(`/chatbots/${id}`);
    expect(mine.body.chatbot).toMatchObject({ agent_name: 'AI Assistant', is_active: true });
  });

  it('updates identity and colours, toggles active, and validates what it stores', async () => {
    const api = await newOwner();
    const id = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    const updated = await api.patch(`/chatbots/${id}`, {
      business_name: 'Crumb & Co',
      agent_name: 'Bella',
      agent_personality: 'warm and concise',
      primary_color: '#ff0000',
      secondary_color: '#00ff00',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.chatbot).toMatchObject({ business_name: 'Crumb & Co', agent_name: 'Bella', primary_color: '#ff0000' });
    expect((await api.patch(`/chatbots/${id}`, { primary_color: 'red' })).status).toBe(400);
    expect((await api.patch(`/chatbots/${id}`, {})).status).toBe(400);
    expect((await api.patch(`/chatbots/${id}`, { business_name: '' })).status).toBe(400);
    const off = await api.put(`/chatbots/${id}/active`, { is_active: false });
    expect(off.body.chatbot.is_active).toBe(false);
    expect((await api.put(`/chatbots/${id}/active`, { is_active: 'no' })).status).toBe(400);
    expect((await api.get(`/chatbots/${id}`)).body.chatbot).toMatchObject({ is_active: false, business_name: 'Crumb & Co' });
  });

  it('deletes the assistant with its pages and knowledge index', async () => {
    const api = await newOwner();
    const id = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(api, id);
    const indexKeys = () =>
      withRuntimeEnv(env, async () => {
        const { getS3Client } = await import('../../functions/core/storage/s3-client.js');
        const listed = await getS3Client().send(new ListObjectsV2Command({ Bucket: env.DOCUMENTS_BUCKET, Prefix: `indexes/${id}/` }));
        return listed.KeyCount ?? 0;
      });
    // One version: its manifest and the segment holding the crawled pages.
    expect(await indexKeys()).toBe(2);
    const corrected = { original_message: 'Hi', original_response: 'Hello', corrected_response: 'Welcome!' };
    expect((await api.post(`/chatbots/${id}/corrections`, corrected)).status).toBe(201);
    expect((await api.delete(`/chatbots/${id}`)).body).toEqual({ deleted: true });
    expect((await api.get(`/chatbots/${id}`)).status).toBe(404);
    expect(await indexKeys()).toBe(0);
    const pages = await withRuntimeEnv(env, async () => {
      const { db } = await import('../../functions/core/data/db.js');
      const [pages, corrections] = await Promise.all([
        db().entities.crawledPage.query.byChatbot({ chatbot_id: id }).go(),
        db().entities.correction.query.byChatbot({ chatbot_id: id }).go(),
      ]);
      return [...pages.data, ...corrections.data];
    });
    expect(pages).toEqual([]);
    // The crawl runs in rounds on the Step Functions stand-in; its hanging page holds a round for its 10 s.
  }, 90_000);
});

describe('creation refuses addresses it must not or cannot read, and leaves nothing behind', () => {
  it.each([
    ['not a url at all', 400],
    ['ftp://example.com/', 400],
    ['javascript:alert(1)', 400],
    ['http://127.0.0.1:1/', 422],
    ['http://169.254.169.254/latest/meta-data/', 422],
    ['http://10.0.0.5/', 422],
  ])('%s -> %i', async (websiteUrl, status) => {
    const api = await newOwner();
    const res = await api.post('/chatbots', { websiteUrl });
    expect(res.status).toBe(status);
    expect(res.body.error).toEqual(expect.any(String));
    expect((await api.get('/chatbots')).body.chatbots).toEqual([]);
    expect((await api.get('/account')).body.subscription.chatbots_created).toBe(0);
  });

  it('an empty website URL gets the spec message', async () => {
    const api = await newOwner();
    const res = await api.post('/chatbots', { websiteUrl: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Please enter your website URL/);
  });
});

describe('avatar upload URLs', () => {
  it('presigns an image upload and refuses other types and sizes over 5 MB with the spec texts', async () => {
    const api = await newOwner();
    const ok = await api.post('/avatars/upload-url', { contentType: 'image/png', size: 1024 });
    expect(ok.status).toBe(200);
    expect(ok.body.publicUrl).toMatch(/\/avatars\/[0-9a-f-]+\.png$/);
    const put = await fetch(ok.body.uploadUrl, { method: 'PUT', headers: ok.body.headers, body: new Uint8Array(1024) });
    expect(put.status).toBe(200);
    const wrongType = await api.post('/avatars/upload-url', { contentType: 'application/pdf', size: 1024 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toMatch(/Please select an image file/);
    const tooBig = await api.post('/avatars/upload-url', { contentType: 'image/png', size: 5 * 1024 * 1024 + 1 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toMatch(/Please select an image under 5MB/);
  });
});

describe('public fields are safe to show on other pages', () => {
  let site: Awaited<ReturnType<typeof startFixtureSite>>;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, hangingPage: false });
  });
  afterAll(async () => {
    await site?.stop();
  });

  const hostile = [
    'javascript:alert(document.cookie)',
    'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
    'file:///etc/passwd',
    'vbscript:msgbox(1)',
    // Plain http only for the app's own images (its local origin); anyone else's must be https.
    'http://images.example/avatar.png',
  ];

  it('refuses an avatar address that is not https or our own, on create and on update, and stores nothing', async () => {
    const api = await newOwner();
    for (const agentImage of hostile) {
      const created = await api.post('/chatbots', { websiteUrl: site.url, agentImage });
      expect(created.status, agentImage).toBe(400);
      expect(created.body.error, agentImage).toMatch(/https:\/\/ image address/);
    }
    expect((await api.get('/chatbots')).body.chatbots).toEqual([]);

    const own = (await api.post('/avatars/upload-url', { contentType: 'image/png', size: 1024 })).body.publicUrl as string;
    const created = await api.post('/chatbots', { websiteUrl: site.url, agentImage: own });
    expect(created.status).toBe(201);
    const id = created.body.chatbot.id as string;
    for (const agentImage of hostile) {
      const updated = await api.patch(`/chatbots/${id}`, { agent_image: agentImage });
      expect(updated.status, agentImage).toBe(400);
    }
    expect((await api.get(`/chatbots/${id}`)).body.chatbot.agent_image).toBe(own);
    const https = 'https://images.example/avatar.png';
    expect((await api.patch(`/chatbots/${id}`, { agent_image: https })).body.chatbot.agent_image).toBe(https);
  });

  it('never serves a hostile address stored before the rule, to the owner or the public', async () => {
    const api = await newOwner();
    const id = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id as string;
    await withRuntimeEnv(env, async () => {
      const { db } = await import('../../functions/core/data/db.js');
      await db().entities.chatbot.patch({ chatbot_id: id }).set({ agent_image: 'javascript:alert(1)' }).go();
    });
    expect((await api.get(`/chatbots/${id}`)).body.chatbot.agent_image).toBe('');
    const publicProfile = await fetch(`${apiUrl}/public/chatbots/${id}`);
    expect(((await publicProfile.json()) as { chatbot: { agent_image: string } }).chatbot.agent_image).toBe('');
  });
});

describe('errors do not reveal internal addresses', () => {
  it('a host name that cannot be read is described without the address it resolved to', async () => {
    const api = await newOwner();
    // Nothing listens on port 1: the connection to localhost's address is refused.
    const res = await api.post('/chatbots', { websiteUrl: 'http://localhost:1/' });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('We could not read http://localhost:1/: Could not fetch http://localhost:1/: connection refused');
    expect(res.body.error).not.toMatch(/\d+\.\d+\.\d+\.\d+|::1/);
  });
});
