import { afterAll, describe, expect, inject, it } from 'vitest';
import { crawlProblemSummary } from '../../../functions/contracts/chatbot.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../../support/api-client.js';

const { apiUrl, config } = inject('runtime');

const pageRequests = (site: FixtureSite) => site.requests.filter((r) => !/robots|sitemap/.test(r)).length;

async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Crawl outcomes told truthfully: a site that dies mid-way, one that never answers, a crawl out of time. */
describe('crawl outcomes', () => {
  const sites: FixtureSite[] = [];
  afterAll(async () => {
    for (const site of sites) await site.stop().catch(() => undefined);
  });

  const newOwner = async (): Promise<{ owner: ApiClient }> => ({ owner: apiClient(apiUrl, (await signUpAndSignIn(config)).idToken) });

  it('a site that dies mid-way: done with problems, the counts and each page with its reason; a retry reads them', async () => {
    const { owner } = await newOwner();
    const site = await startFixtureSite({ pages: 41, hangingPage: false, latencyMs: 150 });
    sites.push(site);
    const port = Number(new URL(site.url).port);
    const chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id as string;
    await until(() => pageRequests(site) >= 14);
    await site.stop();

    const status = await waitForCrawl(owner, chatbotId);
    const { progress } = status;
    expect(progress.stage).toBe('done_with_problems');
    expect(progress.pages_failed).toBeGreaterThan(5);
    expect(progress.pages_indexed).toBeGreaterThan(0);
    expect(progress.failures).toHaveLength(progress.pages_failed);
    expect(progress.failures.map((f: { reason: string }) => f.reason)).toContain('connection refused');
    // It ends as soon as the site is found down (issue 30), says so, and says what was not read.
    expect(progress.stop_reason).toBe('site_down');
    expect(progress.stopped).toMatch(/^the website stopped answering \(connection refused\) after \d+ pages; \d+ found pages were not read$/);
    expect(progress.error).toBe(`${crawlProblemSummary(progress)}; stopped: ${progress.stopped}`);
    expect(progress.error).toMatch(/^\d+ of \d+ pages could not be read: (connection refused|the connection was reset); stopped: /);
    expect(progress.error).toContain(`${progress.pages_failed} of ${progress.pages_fetched + progress.pages_failed} pages`);
    // The assistant card reads the same outcome from the list.
    const listed = (await owner.get('/chatbots')).body.chatbots.find((c: { id: string }) => c.id === chatbotId);
    expect(listed.crawl).toMatchObject({ stage: 'done_with_problems', error: progress.error, pages_failed: progress.pages_failed });

    // The site is back: the failed pages are read again and added.
    const back = await startFixtureSite({ pages: 41, hangingPage: false, port });
    sites.push(back);
    const retried = await owner.post(`/chatbots/${chatbotId}/crawl/retry`);
    expect(retried.status).toBe(202);
    expect((await owner.post(`/chatbots/${chatbotId}/crawl/retry`)).status).toBe(409);
    const after = await waitForCrawl(owner, chatbotId);
    expect(after.progress).toMatchObject({ stage: 'done', pages_failed: 0, failures: [], error: null });
    // Each failed address is asked for once; those that are pages are kept (the rest: duplicates,
    // broken links, files, which the site being down had hidden).
    expect(after.progress.pages_indexed).toBeGreaterThan(progress.pages_indexed);
    expect(after.progress.pages_indexed).toBeLessThanOrEqual(progress.pages_indexed + progress.pages_failed);
    expect(after.total_pages).toBe(after.progress.pages_indexed);
    // Only the failed pages were asked for again (and where they redirect), not the whole site.
    const asked = back.requests.filter((r) => !/robots|sitemap/.test(r));
    const failedPaths = progress.failures.map((f: { url: string }) => new URL(f.url).pathname + new URL(f.url).search);
    expect(asked).toEqual(expect.arrayContaining(failedPaths));
    expect(asked.length).toBeLessThan(failedPaths.length + 5);
  });

  it('a site where nothing can be read fails clearly, with the reason', async () => {
    const { owner } = await newOwner();
    const site = await startFixtureSite({ pages: 5, hangingPage: false, latencyMs: 400 });
    const chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id as string;
    await site.stop();
    const { progress } = await waitForCrawl(owner, chatbotId);
    expect(progress.stage).toBe('failed');
    expect(progress.error).toMatch(/^No page of this website could be read \(1 of 1 page could not be read: (connection refused|the connection was reset)\)\.$/);
    expect(progress.pages_indexed).toBe(0);
  });
});
