import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient } from '../support/api-client.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config } = inject('runtime');
const browser = useBrowser();

describe('Conversation Controls in the browser', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let customerSite: Server;
  let customerUrl: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 10, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Controls Owner');
    const created = await apiClient(apiUrl, owner.idToken).post('/chatbots', { websiteUrl: site.url });
    const embed: string = created.body.chatbot.embedCode;
    // A customer's page on another origin with the one-line embed code.
    customerSite = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Customer</title></head><body><h1>Customer site</h1>${embed}</body></html>`);
    });
    await new Promise<void>((r) => customerSite.listen(0, '127.0.0.1', r));
    customerUrl = `http://127.0.0.1:${(customerSite.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    customerSite?.closeAllConnections();
    await new Promise<void>((r) => (customerSite ? customerSite.close(() => r()) : r()));
    await site?.stop();
  });

  it('a new welcome message saved in Controls is the greeting of the widget on the customer site', async () => {
    const { page } = browser;
    await signInToDashboard(page, webUrl, owner);

    await page.getByRole('link', { name: 'Controls' }).click();
    await page.waitForURL(/\/dashboard\/controls$/);
    const welcome = page.getByLabel('Welcome Message');
    await expectPage.visible(welcome);
    await welcome.fill('Welcome to Maple & Rye! What can I bake for you?');
    await expectPage.visible(page.getByText('Unsaved changes'));
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectPage.visible(page.getByText('Conversation settings saved successfully!'));
    await expectPage.hidden(page.getByText('Unsaved changes'));

    await page.goto(customerUrl);
    await page.getByRole('button', { name: /^Chat with / }).click();
    await expectPage.visible(page.getByRole('log').getByText('Welcome to Maple & Rye! What can I bake for you?'));
  });
});
