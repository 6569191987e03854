import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expect as expectPage } from './page-expect.js';
import { useBrowser } from './browser.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';

const { webUrl, apiUrl, config } = inject('runtime');
const browser = useBrowser();

/** The demo bakery (the site the seeded demo assistant learns from): its address and phone are only in its footer. */
describe("a visitor asks the demo bakery's assistant where it is and how to call it", () => {
  let site: FixtureSite;
  let api: ApiClient;
  let chatbotId: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 30, hangingPage: false });
    api = apiClient(apiUrl, (await signUpAndSignIn(config, 'Answers Owner')).idToken);
    chatbotId = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id as string;
    await waitForCrawl(api, chatbotId);
    const welcome = 'Welcome to Maple & Rye! Ask me about our bread, cakes or opening hours.';
    expect((await api.put(`/chatbots/${chatbotId}/settings`, { ...DEFAULT_CONVERSATION_SETTINGS, welcomeMessage: welcome })).status).toBe(200);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('greets with the Welcome Message and answers the address and the phone number with a titled source link', async () => {
    const { page } = browser;
    await page.goto(`${webUrl}/demo?id=${chatbotId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    const input = page.getByPlaceholder('Type your message...');
    await expectPage.visible(input, 10_000);
    await expectPage.visible(log.getByText('Welcome to Maple & Rye! Ask me about our bread, cakes or opening hours.'));

    await input.fill('Where are you located?');
    await input.press('Enter');
    await expectPage.visible(log.getByText(/218 Harbor Street, Portland/), 15_000);
    await input.fill("What's your phone number?");
    await input.press('Enter');
    await expectPage.visible(log.getByText(/\(207\) 555-0143/), 15_000);

    // Sources are links named by the page's title, opening the page; never a bare host.
    const links = log.getByRole('link');
    await expect.poll(() => links.count()).toBeGreaterThanOrEqual(2);
    for (const link of await links.all()) {
      expect(await link.getAttribute('href')).toContain(site.url);
      expect(await link.innerText()).not.toMatch(/^https?:|127\.0\.0\.1/);
    }
    // The bakery's contact page (or its footer's contact details) is the source, named by its title.
    expect(await log.innerText()).toMatch(/More details: Contact\b/);
  });
});
