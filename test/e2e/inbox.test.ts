import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { chatVisitor } from '../support/visitor.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config } = inject('runtime');
const browser = useBrowser();

describe('the inbox in the browser', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let api: ApiClient;
  let chatbot: { id: string; businessName: string };
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Inbox Bakery');
    api = apiClient(apiUrl, owner.idToken);
    chatbot = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot;
    await waitForCrawl(api, chatbot.id);
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('/conversations: empty state, then a customer’s conversation to read, search and answer', async () => {
    const { page } = browser;
    await signInToDashboard(page, webUrl, owner);
    await page.goto(`${webUrl}/conversations`);
    await expectPage.visible(page.getByRole('heading', { name: 'All Conversations' }));
    await expectPage.visible(page.getByText('No conversations yet'));
    await expectPage.visible(page.getByText('Conversations will appear here when customers start chatting'));
    await expectPage.visible(page.getByText('Select a conversation to start chatting'));

    const visitor = chatVisitor(apiUrl, chatbot.id, { contactName: 'Widget Visitor' });
    expect((await visitor.ask('Do you bake wedding cakes?')).status).toBe(200);
    expect((await visitor.ask('I am Lena Park, call me on 07700 900789 please')).status).toBe(200);
    const quiet = chatVisitor(apiUrl, chatbot.id, { contactName: 'Quiet Visitor' });
    expect((await quiet.ask('Where are you?')).status).toBe(200);

    await page.reload();
    const item = page.getByRole('button', { name: 'Conversation with Lena Park' });
    await expectPage.visible(item);
    await expectPage.visible(item.getByText('Enquiry: Do you bake wedding cakes?'));
    await expectPage.visible(item.getByText('07700 900789'));
    await expectPage.visible(item.getByText(chatbot.businessName));
    await expectPage.visible(item.getByText('website'));
    await expectPage.visible(item.getByText(/ago$/));

    // Server-side search, case-insensitive.
    await page.getByPlaceholder('Search conversations...').fill('LENA');
    await expect.poll(() => page.getByRole('button', { name: /^Conversation with / }).count(), { timeout: 10_000 }).toBe(1);
    await page.getByPlaceholder('Search conversations...').fill('');
    await expect.poll(() => page.getByRole('button', { name: /^Conversation with / }).count(), { timeout: 10_000 }).toBe(2);

    await item.click();
    const info = page.getByRole('region', { name: 'Customer Information' });
    await expectPage.visible(info.getByText('07700 900789'));
    await expectPage.visible(info.getByText('Do you bake wedding cakes?'));
    const messages = page.getByRole('list', { name: 'Messages' });
    await expect.poll(() => messages.locator('li[data-sender="user"]').count()).toBe(2);
    expect(await messages.locator('li').first().textContent()).toContain('Do you bake wedding cakes?');

    const reply = page.getByRole('textbox', { name: 'Reply' });
    // Blank text is ignored.
    await reply.fill('   ');
    await reply.press('Enter');
    await reply.fill('Yes! Come in for a tasting on Saturday.');
    await reply.press('Enter');
    await expectPage.visible(page.getByText('Message sent'));
    const sent = messages.locator('li[data-sender="assistant"]').filter({ hasText: 'Yes! Come in for a tasting on Saturday.' });
    await expectPage.visible(sent);
    await expectPage.visible(sent.getByText('You'));
    await expect.poll(async () => (await reply.inputValue()).length).toBe(0);

    // Stored once, as the business's reply, after the customer's messages.
    const { body } = await api.get(`/conversations/${(await visitor.ask('Thanks')).body.conversationId}`);
    const owners = body.messages.filter((m: { agent_id: string | null }) => m.agent_id);
    expect(owners.map((m: { content: string }) => m.content)).toEqual(['Yes! Come in for a tasting on Saturday.']);
  });

  it('/dashboard/contacts: the selected assistant’s conversations, answered from the dashboard', async () => {
    const { page } = browser;
    const visitor = chatVisitor(apiUrl, chatbot.id);
    const { conversationId } = (await visitor.ask('Can I order a birthday cake for 20 people?')).body;
    await signInToDashboard(page, webUrl, owner);
    await page.getByRole('link', { name: 'Contacts' }).first().click();
    await expectPage.visible(page.getByRole('heading', { name: 'Contacts & Conversations' }));
    const item = page.getByRole('button', { name: /^Conversation with / }).filter({ hasText: 'Enquiry: Can I order a birthday cake for 20 people?' });
    await item.click();
    const reply = page.getByRole('textbox', { name: 'Reply' });
    await reply.fill('Of course, a 10-inch cake serves up to 30.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expectPage.visible(page.getByText('Message sent'));
    await expect
      .poll(async () => (await api.get(`/conversations/${conversationId}`)).body.messages.at(-1)?.content)
      .toBe('Of course, a 10-inch cake serves up to 30.');
  });
});
