import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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

/** The conversation's messages as the inbox API returns them: [sender, text], oldest first. */
async function thread(api: ApiClient, conversationId: string): Promise<[string, string][]> {
  const res = await api.get(`/conversations/${conversationId}`);
  expect(res.status).toBe(200);
  return (res.body.messages as { sender_type: string; content: string }[]).map((m) => [m.sender_type, m.content]);
}

/**
 * Issue 11's journey in two browsers: a visitor asks for a person, the owner's open inbox shows it
 * live, the owner answers and the visitor sees it without reloading, no bot answer follows while the
 * owner answers, and once resolved the assistant answers again.
 */
describe('human handoff, live in two browsers', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let api: ApiClient;
  let chatbotId: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Handoff Bakery');
    api = apiClient(apiUrl, owner.idToken);
    chatbotId = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(api, chatbotId);
    // Agents always available: the handoff answer is the fallback message alone at any hour the test runs
    // (outside business hours it adds when a person is back).
    const settings = { ...DEFAULT_TRANSFER_SETTINGS, enabled: true, agent_availability: '24/7' as const };
    expect((await api.put(`/chatbots/${chatbotId}/transfer-settings`, settings)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('demo page: the visitor asks for a person, the owner answers from /conversations, the visitor sees it live', async () => {
    const ownerPage = browser.page;
    await signInToDashboard(ownerPage, webUrl, owner);
    await ownerPage.goto(`${webUrl}/conversations`);
    await expectPage.visible(ownerPage.getByText('No conversations yet'));

    const visitorPage = await browser.otherPage();
    await visitorPage.goto(`${webUrl}/demo?id=${chatbotId}`);
    const visitorLog = visitorPage.getByRole('log', { name: 'Messages' });
    const input = visitorPage.getByPlaceholder('Type your message...');
    await expectPage.visible(input, 10_000);
    await input.fill('Can I speak to a human please?');
    await input.press('Enter');
    await expectPage.visible(visitorLog.getByText(DEFAULT_TRANSFER_SETTINGS.fallback_message), 30_000);

    // The owner's open inbox shows the new conversation without a reload.
    const item = ownerPage.getByRole('button', { name: /^Conversation with / });
    await expectPage.visible(item, 15_000);
    await item.click();
    await expectPage.visible(ownerPage.getByRole('list', { name: 'Messages' }).getByText('Can I speak to a human please?'));
    // The owner has a picture (Settings > Profile; set here through the API): the visitor sees it with her reply.
    const picture = Buffer.from(pngBytes());
    const upload = (await api.post('/account/avatar/upload-url', { contentType: 'image/png', size: picture.byteLength })).body;
    expect((await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: picture })).status).toBe(200);
    expect((await api.put('/account/avatar', { avatar_url: upload.publicUrl })).status).toBe(200);
    const reply = ownerPage.getByRole('textbox', { name: 'Reply' });
    await reply.fill('Hi, this is Sam from the bakery. How can I help?');
    await reply.press('Enter');
    await expectPage.visible(ownerPage.getByText('Message sent'));

    // The visitor's chat shows the reply without reloading, with the owner's picture on it and on the joined notice.
    await expectPage.visible(visitorLog.getByText('Hi, this is Sam from the bakery. How can I help?'), 15_000);
    await expect.poll(() => visitorLog.locator(`img[src="${upload.publicUrl}"]`).count()).toBe(2);

    // While the owner answers, the visitor's message goes to the inbox and no bot answer follows.
    const conversationId: string = (await api.get('/conversations')).body.conversations[0].id;
    await input.fill('Do you have gluten-free bread?');
    await input.press('Enter');
    await expectPage.visible(ownerPage.getByRole('list', { name: 'Messages' }).getByText('Do you have gluten-free bread?'), 15_000);
    await expect.poll(async () => (await thread(api, conversationId)).at(-1)).toEqual(['user', 'Do you have gluten-free bread?']);
    await expect.poll(() => input.isEnabled()).toBe(true);
    expect((await thread(api, conversationId)).at(-1)).toEqual(['user', 'Do you have gluten-free bread?']);

    // Resolved: the assistant answers the visitor again.
    await ownerPage.getByRole('button', { name: 'Resolve' }).click();
    await expectPage.visible(ownerPage.getByText('Conversation resolved'));
    const botBubbles = await visitorLog.getByText(/./).count();
    await input.fill('Are you open on Sunday?');
    await input.press('Enter');
    await expect.poll(async () => (await thread(api, conversationId)).at(-1)?.[0], { timeout: 30_000 }).toBe('assistant');
    await expect.poll(() => visitorLog.getByText(/./).count(), { timeout: 15_000 }).toBeGreaterThan(botBubbles + 1);

    // The visitor reloads: the whole conversation is still there, the bot's answers and the owner's reply.
    const sundayAnswer = (await thread(api, conversationId)).at(-1)![1];
    await visitorPage.reload();
    await expectPage.visible(visitorLog.getByText('Hi, this is Sam from the bakery. How can I help?'), 15_000);
    await expect.poll(() => visitorLog.locator(`img[src="${upload.publicUrl}"]`).count()).toBe(2);
    for (const text of ['Can I speak to a human please?', DEFAULT_TRANSFER_SETTINGS.fallback_message, 'Do you have gluten-free bread?']) {
      await expectPage.visible(visitorLog.getByText(text, { exact: true }));
    }
    await expect.poll(async () => (await visitorLog.innerText()).replace(/\s+/g, ' ')).toContain(sundayAnswer.replace(/\s+/g, ' ').slice(0, 40));
  });

  it('embed widget on another origin: the owner\'s reply appears in the open widget', async () => {
    const embed = `<script src="${webUrl}/embed.js" data-chatbot-id="${chatbotId}" async></script>`;
    const server: Server = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Shop</h1>${embed}</body></html>`),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { page } = browser;
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      expect(new URL(page.url()).origin).not.toBe(new URL(webUrl).origin);
      await page.getByRole('button', { name: /^Chat with / }).click();
      const log = page.getByRole('log');
      const input = page.getByRole('textbox', { name: 'Type your message' });
      await input.fill('I need a human to look at my order');
      await input.press('Enter');
      await expectPage.visible(log.getByText(DEFAULT_TRANSFER_SETTINGS.fallback_message), 30_000);

      const listed = (await api.get('/conversations?q=look%20at%20my%20order')).body.conversations as { id: string }[];
      expect(listed).toHaveLength(1);
      expect((await api.post(`/conversations/${listed[0]!.id}/messages`, { content: 'Sam here: which order is it?' })).status).toBe(201);
      await expectPage.visible(log.getByText('Sam here: which order is it?'), 15_000);

      // The visitor leaves; the owner answers again; back on the shop, the widget shows that reply too.
      const shop = page.url();
      await page.goto('about:blank');
      expect((await api.post(`/conversations/${listed[0]!.id}/messages`, { content: 'Sam again: it ships tomorrow.' })).status).toBe(201);
      await page.goto(shop);
      await page.getByRole('button', { name: /^Chat with / }).click();
      for (const text of ['I need a human to look at my order', DEFAULT_TRANSFER_SETTINGS.fallback_message, 'Sam here: which order is it?']) {
        await expectPage.visible(log.getByText(text, { exact: true }));
      }
      await expectPage.visible(log.getByText('Sam again: it ships tomorrow.', { exact: true }), 15_000);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
