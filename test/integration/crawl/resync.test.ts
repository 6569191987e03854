import { afterAll, describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, waitForCrawl, waitForKnowledge, type ApiClient } from '../../support/api-client.js';
import { startChangingSite, type ChangingSite } from '../../support/changing-site.js';
import { eventually } from '../../support/eventually.js';
import { refuseRequestsTimes } from '../../support/fault-proxy.js';
import { withRuntimeEnv } from '../../support/runtime-env.js';
import { allowUnlimitedAssistants } from '../../support/subscriptions.js';

const { apiUrl, config, env, faults } = inject('runtime');

const sites: ChangingSite[] = [];
afterAll(async () => {
  for (const site of sites) await site.stop().catch(() => undefined);
});

async function site(options: Parameters<typeof startChangingSite>[0]): Promise<ChangingSite> {
  const started = await startChangingSite(options);
  sites.push(started);
  return started;
}

async function owner(): Promise<ApiClient> {
  return apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
}

async function learn(client: ApiClient, url: string, timeoutMs = 120_000) {
  const created = await client.post('/chatbots', { websiteUrl: url });
  expect(created.status).toBe(201);
  const chatbotId = created.body.chatbot.id as string;
  return { chatbotId, status: await waitForCrawl(client, chatbotId, timeoutMs) };
}

const ask = async (client: ApiClient, chatbotId: string, message: string) =>
  (await client.post(`/chatbots/${chatbotId}/chat`, { message, session: `sync-${Date.now()}` })).body.message as string;

/** What the table holds for an assistant: pages, readings and their frontiers. */
async function itemsOf(chatbotId: string): Promise<number> {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../../functions/core/data/db.js');
    const [pages, runs] = await Promise.all([
      db().entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' }),
      db().entities.crawlRun.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' }),
    ]);
    let tasks = 0;
    for (const run of runs.data) {
      tasks += (await db().entities.crawlTask.query.byRun({ chatbot_id: chatbotId, run_id: run.run_id }).go({ pages: 'all' })).data.length;
    }
    return pages.data.length + runs.data.length + tasks;
  });
}

describe('re-sync', () => {
  it('adds, changes and removes exactly the right pages and nothing else; unchanged pages cost one request; the next answer has the new facts', async () => {
    const client = await owner();
    const clinic = await site({ pages: 12 });
    const { chatbotId, status } = await learn(client, clinic.url);
    expect(status.progress).toMatchObject({ stage: 'done', kind: 'crawl', pages_indexed: 12, changes: { added: 12, changed: 0, removed: 0 } });
    const entry = await client.post('/knowledge', { title: 'Parking', content: 'Free parking behind the clinic on Quay Street.', chatbot_id: chatbotId });
    expect(entry.status).toBe(201);
    await waitForKnowledge(client, chatbotId);
    // Asked once before the sync: the warm chat function knows the assistant's index as it was.
    expect(await ask(client, chatbotId, 'Who leads the physiotherapy team?')).not.toContain('Amelia Stone');

    clinic.texts.set('/page-1', 'Harbour Clinic topic 1: Dr Amelia Stone now leads the physiotherapy team on Thursdays.');
    clinic.texts.delete('/page-2');
    clinic.linked.delete('/page-3');
    clinic.texts.set('/page-20', 'Harbour Clinic topic 20: the new hearing service tests children from age four.');
    clinic.linked.add('/page-20');
    const before = clinic.requests.length;
    const notModifiedBefore = clinic.notModified;

    expect((await client.post(`/chatbots/${chatbotId}/sync`)).status).toBe(202);
    expect((await client.post(`/chatbots/${chatbotId}/sync`)).status).toBe(409);
    const synced = await waitForCrawl(client, chatbotId, 120_000);
    expect(synced.progress).toMatchObject({ stage: 'done', kind: 'sync', changes: { added: 1, changed: 1, removed: 2, unchanged: 9, failed: 0 }, pages_indexed: 11 });
    // One request per known page (unchanged ones answered 304), one for the new page.
    const asked = clinic.requests.slice(before);
    expect(asked.sort()).toEqual([...[...Array(12).keys()].map((n) => (n ? `/page-${n}` : '/')), '/page-20'].sort());
    expect(clinic.notModified - notModifiedBefore).toBe(9);

    const pages = (await client.get(`/chatbots/${chatbotId}/pages`)).body;
    expect(pages.total).toBe(11);
    const urls = pages.pages.map((p: { url: string }) => new URL(p.url).pathname);
    expect(urls).toContain('/page-20');
    expect(urls).not.toContain('/page-2');
    expect(urls).not.toContain('/page-3');
    expect((await client.get(`/chatbots/${chatbotId}/pages?search=topic%2020`)).body).toMatchObject({ matching: 1, total: 11 });

    const history = (await client.get(`/chatbots/${chatbotId}/sync`)).body;
    expect(history.frequency).toBe('never');
    expect(history.history.map((h: { kind: string; trigger: string }) => `${h.kind}/${h.trigger}`)).toEqual(['sync/manual', 'crawl/create']);
    expect(history.history[0]).toMatchObject({ stage: 'done', changes: { added: 1, changed: 1, removed: 2, unchanged: 9, failed: 0 }, error: null });

    // The owner's own knowledge is untouched; the next answer uses the new facts.
    const entries = (await client.get(`/knowledge?chatbot_id=${chatbotId}`)).body;
    expect(JSON.stringify(entries)).toContain('Free parking behind the clinic on Quay Street.');
    expect(await ask(client, chatbotId, 'Who leads the physiotherapy team?')).toContain('Amelia Stone');
    expect(await ask(client, chatbotId, 'From what age does the hearing service test children?')).toContain('age four');

    // Nothing changed: one request per page, all 304, nothing re-indexed.
    const again = clinic.requests.length;
    expect((await client.post(`/chatbots/${chatbotId}/sync`)).status).toBe(202);
    const quiet = await waitForCrawl(client, chatbotId, 120_000);
    expect(quiet.progress).toMatchObject({ stage: 'done', changes: { added: 0, changed: 0, removed: 0, unchanged: 11, failed: 0 } });
    // page-2 is still linked (a broken link now): asked again, a 404 each time; page-3 is forgotten.
    expect(clinic.requests.slice(again).sort()).toEqual(asked.filter((path) => path !== '/page-3').sort());
  }, 300_000);

  it('a sync whose site is down changes nothing, says why, and the assistant answers from what it had', async () => {
    const client = await owner();
    const clinic = await site({ pages: 6 });
    const { chatbotId } = await learn(client, clinic.url);
    clinic.texts.set('/page-1', 'Harbour Clinic topic 1: the blood test clinic opens at seven every weekday.');
    expect(await ask(client, chatbotId, 'When does the blood test clinic open?')).not.toContain('seven');
    await clinic.down();
    expect((await client.post(`/chatbots/${chatbotId}/sync`)).status).toBe(202);
    const failed = await waitForCrawl(client, chatbotId, 120_000);
    expect(failed.progress.stage).toBe('failed');
    expect(failed.progress.error).toMatch(/could not be read.*Your assistant keeps answering from what it knew\.$/);
    expect((await client.get(`/chatbots/${chatbotId}/pages`)).body.total).toBe(6);
    expect(await ask(client, chatbotId, 'Tell me about treatment 4')).toContain('treatment 4');
    const history = (await client.get(`/chatbots/${chatbotId}/sync`)).body.history;
    expect(history[0]).toMatchObject({ kind: 'sync', stage: 'failed', changes: { added: 0, changed: 0, removed: 0 } });
  }, 300_000);

  it('an assistant deleted mid-sync leaves nothing behind', async () => {
    const client = await owner();
    const clinic = await site({ pages: 30, latencyMs: 150 });
    const { chatbotId } = await learn(client, clinic.url);
    expect((await client.post(`/chatbots/${chatbotId}/sync`)).status).toBe(202);
    await eventually(() => Promise.resolve(clinic.requests.length), (n) => n >= 35, 'the sync to read a few pages');
    expect((await client.delete(`/chatbots/${chatbotId}`)).status).toBe(200);
    const deletedAt = clinic.requests.length;
    await eventually(() => itemsOf(chatbotId), (n) => n === 0, 'nothing left of the assistant');
    // The reading ends: its workers stop once they find their pages gone (the pages in their hands
    // finish), and the site is asked for nothing more.
    let seen = -1;
    await eventually(
      async () => {
        const before = clinic.requests.length;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        seen = clinic.requests.length;
        return seen === before;
      },
      (quiet) => quiet,
      'the site to be asked nothing more',
    );
    // A worker records unchanged pages 25 at a time (read-tasks.ts) and finds its pages gone at that
    // write: at most 25 unchanged pages and the 4 in its hands per worker, 2 workers at once.
    expect(seen - deletedAt).toBeLessThanOrEqual(2 * (25 + 4));
    expect(await itemsOf(chatbotId)).toBe(0);
  }, 300_000);
});

describe('distributed crawl', () => {
  it('stops at the free plan page limit and says so; a subscriber learns the whole site', async () => {
    const free = await owner();
    const big = await site({ pages: 130 });
    const { status } = await learn(free, big.url, 240_000);
    expect(status.progress).toMatchObject({ stage: 'done', pages_limit: 100, pages_indexed: 100, stop_reason: 'limit' });
    expect(status.progress.pages_found).toBe(130);
    expect(status.progress.stopped).toBe("the plan's limit of 100 pages was reached; 30 found pages were not read");
    expect(status.total_pages).toBe(100);

    const { idToken } = await signUpAndSignIn(config);
    const subscriber = apiClient(apiUrl, idToken);
    await subscriber.get('/account');
    await allowUnlimitedAssistants(env, idToken);
    const { status: all } = await learn(subscriber, big.url, 240_000);
    expect(all.progress).toMatchObject({ stage: 'done', pages_limit: 2000, pages_indexed: 130, stop_reason: null });
  }, 600_000);

  it('is polite to the site: a few requests at a time, one at a time with the Crawl-delay between them', async () => {
    const client = await owner();
    const busy = await site({ pages: 60, latencyMs: 40 });
    await learn(client, busy.url);
    expect(busy.maxInFlight).toBeGreaterThan(1);
    expect(busy.maxInFlight).toBeLessThanOrEqual(4);

    const slow = await site({ pages: 5, crawlDelay: 1 });
    const { status } = await learn(await owner(), slow.url);
    expect(status.progress.pages_indexed).toBe(5);
    expect(slow.maxInFlight).toBe(1);
    // After the creator's reading of the home page (for the business name), a second at least between requests.
    const gaps = slow.startedAt.slice(1).map((at, i) => at - slow.startedAt[i]!).slice(1);
    expect(gaps).toHaveLength(4);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(950);
  }, 300_000);

  it('resumes after a killed worker: its batch is read again, only what it had not finished, and the counts stay exact', async () => {
    // The earlier tests' sites serve the same page texts: stop them, so that no reading of theirs still
    // under way takes the refusals meant for this one.
    for (const earlier of sites.splice(0)) await earlier.stop().catch(() => undefined);
    const client = await owner();
    const clinic = await site({ pages: 12 });
    // The worker that reads page 7 dies recording it (its database calls fail: the SDK's three attempts).
    await refuseRequestsTimes(faults.dynamodb, ['treatment 7 in plain words'], 3);
    const { status } = await learn(client, clinic.url);
    expect(status.progress).toMatchObject({ stage: 'done', pages_indexed: 12, pages_fetched: 12, pages_failed: 0 });
    expect(clinic.requests.filter((path) => path === '/page-7')).toHaveLength(2);
    const counts = new Map<string, number>();
    for (const path of clinic.requests) counts.set(path, (counts.get(path) ?? 0) + 1);
    // The home page is read twice anyway: once by the creator for the business name, once by the crawl.
    expect([...counts].filter(([path, n]) => n > (path === '/' ? 2 : 1) && path !== '/page-7')).toEqual([]);
  }, 300_000);

  it('a site that goes silent mid-crawl ends within a bounded time as done with problems, saying why', async () => {
    const client = await owner();
    const silent = await site({ pages: 40, silentAfter: 8 });
    const { status } = await learn(client, silent.url, 180_000);
    expect(status.progress.stage).toBe('done_with_problems');
    expect(status.progress.stop_reason).toBe('site_down');
    expect(status.progress.stopped).toMatch(/^the website stopped answering \(no answer within 10 s\) after \d+ pages; \d+ found pages were not read$/);
    expect(status.progress.pages_indexed).toBeGreaterThan(0);
  }, 300_000);
});
