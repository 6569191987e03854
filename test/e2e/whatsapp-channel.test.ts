import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient, waitForCrawl } from '../support/api-client.js';
import { graphStandIn, trainForChannels, type StandInAccount } from '../support/graph-stand-in.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config, env } = inject('runtime');
const browser = useBrowser();
const meta = graphStandIn(env);

describe('WhatsApp end to end with the local Graph API', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let account: StandInAccount;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 30, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Channel Owner');
    const api = apiClient(apiUrl, owner.idToken);
    const chatbotId = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id as string;
    await waitForCrawl(api, chatbotId);
    await trainForChannels(api, chatbotId);
    account = await meta.newAccount('whatsapp', 'Channel Bakery');
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('connect WhatsApp in the dashboard, write as a customer on the stand-in, see the answer there and the conversation in the inbox', async () => {
    const { page } = browser;
    await signInToDashboard(page, webUrl, owner);
    await page.goto(`${webUrl}/dashboard/deploy`);
    await page.getByRole('tab', { name: 'Messaging Channels' }).click();
    const card = page.locator('[data-channel="whatsapp"]');
    await card.getByRole('button', { name: 'Connect', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Phone number ID').fill(account.account_id);
    await dialog.getByLabel('Access token').fill(account.access_token);
    await dialog.getByLabel('App secret').fill(account.app_secret);
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await expectPage.visible(page.getByText('WhatsApp connected'));
    const callbackUrl = (await card.getByTitle(/\/webhooks\/whatsapp\//).textContent())!;
    const verifyToken = (await card.locator('code').nth(1).textContent())!;

    // Meta's App Dashboard, played by the stand-in: the callback URL is verified, then a customer writes.
    const standIn = new URL(env.GRAPH_API_URL!).origin;
    await page.goto(standIn);
    const accountCard = page.locator(`[data-account-id="${account.account_id}"]`);
    await accountCard.getByLabel('Callback URL').fill(callbackUrl);
    await accountCard.getByLabel('Verify token').fill(verifyToken);
    await accountCard.getByRole('button', { name: 'Verify and save' }).click();
    await expectPage.visible(page.getByText('Webhook verified and saved.'));
    await page.locator(`[data-account-id="${account.account_id}"]`).getByRole('link', { name: /as a customer/ }).click();
    await page.getByLabel('Your name').fill('Kerry Fisher');
    await page.getByLabel('Message').fill('When are you open?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectPage.visible(page.locator('.bubble.business').first());

    await page.goto(`${webUrl}/conversations`);
    await expectPage.visible(page.getByText('Kerry Fisher').first());
    await expectPage.visible(page.locator('[data-channel="whatsapp"]').first());
  });
});
