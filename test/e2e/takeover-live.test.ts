import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ASSISTANT_BACK_TEXT, WITH_TEAM_TEXT } from '../../functions/contracts/takeover.js';
import { DEFAULT_TRANSFER_SETTINGS } from '../../functions/contracts/transfers.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { pngBytes } from '../support/document-fixtures.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config } = inject('runtime');
const browser = useBrowser();

/**
 * Issue 28 item 4 in two browser pages: a visitor of the embed widget on a shop's site asks for a
 * person and is acknowledged; the owner, in the inbox, is seen typing, joins and replies with her
 * name; the inbox sees the visitor type; the owner hands back and the visitor is told.
 */
describe('a person visibly takes over, live in two browser pages', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let api: ApiClient;
  let chatbotId: string;
  let shop: Server;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Harbor Cafe');
    api = apiClient(apiUrl, owner.idToken);
    expect((await api.patch('/account', { business_name: 'Harbor Cafe', display_name: 'Maria' })).status).toBe(200);
    chatbotId = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(api, chatbotId);
    const settings = { ...DEFAULT_TRANSFER_SETTINGS, enabled: true, agent_availability: '24/7' as const };
    expect((await api.put(`/chatbots/${chatbotId}/transfer-settings`, settings)).status).toBe(200);
    const embed = `<script src="${webUrl}/embed.js" data-chatbot-id="${chatbotId}" async></script>`;
    shop = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Shop</h1>${embed}</body></html>`),
    );
    await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  }, 120_000);
  afterAll(async () => {
    shop?.closeAllConnections();
    await new Promise<void>((r) => (shop ? shop.close(() => r()) : r()));
    await site?.stop();
  });

  it('the visitor sees Maria type, join and reply, and the assistant come back; the inbox sees the visitor type', async () => {
    const business = (await api.get(`/chatbots/${chatbotId}`)).body.chatbot.business_name as string;
    const agent = ((await api.get(`/chatbots/${chatbotId}`)).body.chatbot.agent_name as string) || 'AI Assistant';

    // Maria gives herself a picture in Settings > Profile (a file that is not an image is refused first).
    const ownerPage = browser.page;
    await signInToDashboard(ownerPage, webUrl, owner);
    await ownerPage.goto(`${webUrl}/dashboard/settings`);
    const picture = ownerPage.locator('#settings-avatar');
    await picture.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expectPage.visible(ownerPage.getByText('Please select an image file'));
    await picture.setInputFiles({ name: 'maria.png', mimeType: 'image/png', buffer: Buffer.from(pngBytes()) });
    await expectPage.visible(ownerPage.getByText('Image uploaded'), 15_000);
    const avatar = (await api.get('/account')).body.profile.avatar_url as string;
    expect(avatar).toMatch(/\/avatars\/[0-9a-f-]+\.png$/);
    await expectPage.visible(ownerPage.locator(`img[src="${avatar}"]`));

    // The visitor, on the shop's site (another origin), asks for a person and writes again while waiting.
    const visitorPage = await browser.otherPage();
    await visitorPage.goto(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`);
    await visitorPage.getByRole('button', { name: /^Chat with / }).click();
    const log = visitorPage.getByRole('log');
    const input = visitorPage.getByRole('textbox', { name: 'Type your message' });
    await input.fill('Can I speak to a human please?');
    await input.press('Enter');
    await expectPage.visible(log.getByText(DEFAULT_TRANSFER_SETTINGS.fallback_message), 30_000);
    await input.fill('Is anyone there?');
    await input.press('Enter');
    await expectPage.visible(log.getByText(WITH_TEAM_TEXT), 30_000);

    // The owner opens the conversation in the inbox and starts typing: the visitor sees her typing.
    await ownerPage.goto(`${webUrl}/conversations`);
    await ownerPage.getByRole('button', { name: /^Conversation with / }).click();
    const thread = ownerPage.getByRole('list', { name: 'Messages' });
    await expectPage.visible(thread.getByText('Is anyone there?'), 15_000);
    const reply = ownerPage.getByRole('textbox', { name: 'Reply' });
    await reply.fill('Hi, I am Maria.');
    await expectPage.visible(log.getByText('Maria is typing...'), 15_000);

    // The visitor types: the inbox shows it.
    await input.fill('I have a question about my order');
    await expectPage.visible(ownerPage.getByText(/ is typing\.\.\.$/), 15_000);
    await input.fill('');

    // She sends: the visitor sees her join, then her reply signed with her name; the header names her.
    await reply.press('Enter');
    await expectPage.visible(ownerPage.getByText('Message sent'));
    await expectPage.visible(log.getByText(`Maria from ${business} joined the conversation`), 15_000);
    await expectPage.visible(log.getByText('Hi, I am Maria.'), 15_000);
    await expectPage.visible(log.getByText('Maria', { exact: true }).first());
    await expect.poll(() => visitorPage.getByRole('dialog', { name: /^Chat with / }).locator('.n').innerText()).toBe('Maria');
    // Her picture on the notice and on her reply, loaded from the product's site.
    const faces = log.locator(`img[src="${avatar}"]`);
    await expect.poll(() => faces.count()).toBe(2);
    await expect.poll(() => faces.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
    // The inbox shows it beside her reply and the notice too.
    await expect.poll(() => thread.locator(`img[src="${avatar}"]`).count()).toBe(2);
    // The inbox shows the notice centred in the thread.
    await expectPage.visible(thread.getByText(`Maria from ${business} joined the conversation`), 15_000);

    // Handed back: the visitor is told, the header names the assistant again, and it answers.
    await ownerPage.getByRole('button', { name: 'Hand back' }).click();
    await expectPage.visible(ownerPage.getByText('Conversation handed back to the assistant'));
    await expectPage.visible(log.getByText(ASSISTANT_BACK_TEXT), 15_000);
    await expect.poll(() => visitorPage.getByRole('dialog', { name: /^Chat with / }).locator('.n').innerText()).toBe(agent);
  });
});
