import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient } from '../support/api-client.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config } = inject('runtime');
const browser = useBrowser();

describe('Deployment Center in the browser', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let customerSite: Server;
  let customerUrl: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 5, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Deploy Owner');
    const created = await apiClient(apiUrl, owner.idToken).post('/chatbots', { websiteUrl: site.url });
    const embed: string = created.body.chatbot.embedCode;
    // The owner's website, on another origin, with the code pasted before </body>.
    customerSite = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Bakery</title></head><body><h1>Our bakery</h1>${embed}</body></html>`);
    });
    await new Promise<void>((r) => customerSite.listen(0, '127.0.0.1', r));
    customerUrl = `http://127.0.0.1:${(customerSite.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    customerSite?.closeAllConnections();
    await new Promise<void>((r) => (customerSite ? customerSite.close(() => r()) : r()));
    await site?.stop();
  });

  it('the embed wizard: copy moves to step 2, platform instructions, then step 3 tells when the widget is live', async () => {
    const { page } = browser;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webUrl });
    await signInToDashboard(page, webUrl, owner);
    await page.getByRole('link', { name: 'Deploy' }).click();
    await page.waitForURL(/\/dashboard\/deploy$/);
    await expectPage.visible(page.getByRole('heading', { name: 'Deployment Center' }));

    await expectPage.visible(page.getByRole('heading', { name: 'Step 1: Copy your code' }));
    await page.getByRole('button', { name: 'Copy Code' }).click();
    await expectPage.visible(page.getByText('Code copied to clipboard!'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/<script src="[^"]+\/embed\.js" data-chatbot-id="/);
    await expectPage.visible(page.getByRole('heading', { name: 'Step 2: Add it to your website' }));

    await page.getByRole('tab', { name: 'Shopify' }).click();
    await expectPage.visible(page.getByText('Open layout/theme.liquid and paste the code just before the closing </body> tag.'));
    await page.getByRole('button', { name: 'Back to Code' }).click();
    await expectPage.visible(page.getByRole('heading', { name: 'Step 1: Copy your code' }));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: "I've Added the Code" }).click();
    await expectPage.visible(page.getByRole('heading', { name: 'Step 3: Go live' }));
    await expectPage.visible(page.getByText('Not seen on a website yet.'));

    // The owner opens their website: the widget loads there, and the wizard sees it.
    const customer = await page.context().newPage();
    await customer.goto(customerUrl);
    await expectPage.visible(customer.getByRole('button', { name: /^Chat with / }));
    await expectPage.visible(page.getByText(`Live on ${customerUrl} (seen less than a minute ago)`), 30_000);
    await customer.close();

    await page.getByRole('link', { name: 'View Dashboard' }).click();
    await page.waitForURL(/\/dashboard\/assistants$/);
  });

  it('a domain allow-list without the website’s domain keeps the widget off it; the website switch turns the channel off', async () => {
    const { page } = browser;
    await signInToDashboard(page, webUrl, owner);
    await page.goto(`${webUrl}/dashboard/deploy`);
    await page.getByRole('tab', { name: 'Messaging Channels' }).click();
    await page.getByLabel('Allowed domains').fill('https://www.maple-and-rye.example/contact');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expectPage.visible(page.getByText('www.maple-and-rye.example allowed'));

    const customer = await page.context().newPage();
    const refused = customer.waitForEvent('console', { predicate: (m) => m.text().includes('is not allowed on'), timeout: 15_000 });
    await customer.goto(customerUrl);
    await refused;
    expect(await customer.locator('assistant-widget').count()).toBe(0);

    await page.getByRole('button', { name: 'Remove www.maple-and-rye.example' }).click();
    await expectPage.visible(page.getByText('www.maple-and-rye.example removed'));
    await customer.reload();
    await expectPage.visible(customer.getByRole('button', { name: /^Chat with / }));

    await page.getByRole('switch', { name: 'Website channel' }).click();
    await expectPage.visible(page.getByText('Website disconnected'));
    const off = customer.waitForEvent('console', { predicate: (m) => m.text().includes('is not allowed on'), timeout: 15_000 });
    await customer.reload();
    await off;
    await page.getByRole('switch', { name: 'Website channel' }).click();
    await expectPage.visible(page.getByText('Website connected'));
  });
});
