/**
 * The distributed crawl through the same engine as on AWS (the crawl state machine on the local Step
 * Functions stand-in, its workers through the local Lambda API, the frontier in DynamoDB Local): a
 * subscriber's assistant learns a local site of 100 pages, then one of 1,000 pages; then 10 of the
 * latter's pages change and a re-sync (conditional requests, text hashes) re-indexes exactly those.
 * Each figure runs from the creation request to the reading's end, as the owner waits for it.
 *   npx tsx bench/crawl-engine.ts     (or as part of npm run bench)
 */
import './silent-logs.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { RuntimeConfig } from '../functions/contracts/runtime-config.js';
import { freePorts } from '../local/ports.js';
import { startLocalRuntime } from '../local/runtime.js';
import { signUpAndSignIn } from '../test/support/accounts.js';
import { apiClient, waitForCrawl } from '../test/support/api-client.js';
import { startChangingSite } from '../test/support/changing-site.js';
import { allowUnlimitedAssistants } from '../test/support/subscriptions.js';

const PAGES = 1_000;
const SMALL_PAGES = 100;
const CHANGED = 10;

type Owner = ReturnType<typeof apiClient>;

/** Creates an assistant on the site and waits until its reading has learned `pages` pages: the seconds. */
async function crawlThroughEngine(owner: Owner, siteUrl: string, pages: number): Promise<{ chatbotId: string; seconds: number }> {
  const started = performance.now();
  const created = await owner.post('/chatbots', { websiteUrl: siteUrl });
  if (created.status !== 201) throw new Error(`Could not create the benchmark assistant: ${JSON.stringify(created.body)}`);
  const chatbotId = created.body.chatbot.id as string;
  const crawled = await waitForCrawl(owner, chatbotId, 600_000);
  const seconds = (performance.now() - started) / 1000;
  if (crawled.progress.pages_indexed !== pages) throw new Error(`The crawl learned ${crawled.progress.pages_indexed} pages, expected ${pages}: ${JSON.stringify(crawled.progress)}`);
  return { chatbotId, seconds };
}

export async function benchCrawlEngine(apiUrl: string, config: RuntimeConfig, env: Record<string, string>): Promise<string[]> {
  const small = await startChangingSite({ pages: SMALL_PAGES });
  const site = await startChangingSite({ pages: PAGES });
  try {
    const { idToken } = await signUpAndSignIn(config, 'Bench Clinic');
    const owner = apiClient(apiUrl, idToken);
    await owner.get('/account');
    // Subscribers learn up to 2,000 pages (the free plan 100).
    await allowUnlimitedAssistants(env, idToken);
    const { seconds: smallSeconds } = await crawlThroughEngine(owner, small.url, SMALL_PAGES);
    const { chatbotId, seconds: crawlSeconds } = await crawlThroughEngine(owner, site.url, PAGES);

    for (let n = 1; n <= CHANGED; n++) site.texts.set(`/page-${n * 97}`, `Harbour Clinic topic ${n * 97}: changed today, the service now runs on Saturdays too (${n}).`);
    const syncStarted = performance.now();
    const sync = await owner.post(`/chatbots/${chatbotId}/sync`);
    if (sync.status !== 202) throw new Error(`Sync now answered ${sync.status}`);
    const synced = await waitForCrawl(owner, chatbotId, 600_000);
    const syncSeconds = (performance.now() - syncStarted) / 1000;
    const changes = synced.progress.changes as { added: number; changed: number; removed: number };
    return [
      `crawl ${SMALL_PAGES} pages: ${smallSeconds.toFixed(1)} s`,
      `crawl ${PAGES} pages: ${crawlSeconds.toFixed(1)} s`,
      `resync ${PAGES} pages ${CHANGED} changed: ${syncSeconds.toFixed(1)} s, re-indexed ${changes.added + changes.changed + changes.removed} pages`,
    ];
  } finally {
    await Promise.all([small.stop(), site.stop()]);
  }
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'assistants-bench-crawl-'));
  const runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web: 'none', databaseInMemory: true });
  try {
    for (const line of await benchCrawlEngine(runtime.apiUrl, runtime.config, runtime.env)) console.log(line);
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
