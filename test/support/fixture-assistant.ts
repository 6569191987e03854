import { afterAll, beforeAll } from 'vitest';
import type { RuntimeConfig } from '../../functions/contracts/runtime-config.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn } from './accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from './api-client.js';

/**
 * A new owner whose assistant has learned the local bakery fixture site (crawled and indexed), the
 * starting point of most chat tests. The caller stops `site` when done.
 */
export async function assistantFromFixtureSite(
  apiUrl: string,
  config: RuntimeConfig,
  pages = 30,
): Promise<{ site: FixtureSite; owner: ApiClient; ownerIdToken: string; chatbotId: string }> {
  const site = await startFixtureSite({ pages, hangingPage: false });
  const { idToken: ownerIdToken } = await signUpAndSignIn(config);
  const owner = apiClient(apiUrl, ownerIdToken);
  const chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id as string;
  await waitForCrawl(owner, chatbotId);
  return { site, owner, ownerIdToken, chatbotId };
}

/**
 * The same for a whole `describe`: made before its tests, the site stopped after them. Read the
 * fields inside tests (they are filled in by then).
 */
export function useAssistantFromFixtureSite(apiUrl: string, config: RuntimeConfig, pages = 30) {
  const fixture = {} as Awaited<ReturnType<typeof assistantFromFixtureSite>>;
  beforeAll(async () => {
    Object.assign(fixture, await assistantFromFixtureSite(apiUrl, config, pages));
  });
  afterAll(async () => {
    await fixture.site?.stop();
  });
  return fixture;
}
