import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expect as expectPage } from './page-expect.js';
import { useBrowser } from './browser.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config, env } = inject('runtime');
const browser = useBrowser();

/** Ratings stored on the replies of the assistant's demo visitors. */
async function ratingsOf(chatbotId: string) {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const { data: conversations } = await db().entities.conversation.scan.where(({ chatbot_id }, { eq }) => eq(chatbot_id, chatbotId)).go({ pages: 'all' });
    // Visitors' conversations (the demo page's), not the owner's test chats.
    const demo = conversations.filter((c) => !c.contact_id.startsWith('owner:'));
    const messages = await Promise.all(
      demo.map(async (c) => (await db().entities.message.query.byConversation({ conversation_id: c.conversation_id }).go()).data),
    );
    return messages.flat().flatMap((m) => (m.feedback ? [m.feedback] : []));
  });
}

/** The human agent transfers recorded for the assistant. */
async function transfersOf(chatbotId: string) {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    return (await db().entities.agentTransfer.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' })).data;
  });
}

describe('conversations in the browser', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let chatbot: { id: string; businessName: string };
  let api: ApiClient;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 30, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Conversation Owner');
    api = apiClient(apiUrl, owner.idToken);
    chatbot = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot;
    await waitForCrawl(api, chatbot.id);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('test chat: an edited reply is saved as a correction and used for the same question next time', async () => {
    const { page } = browser;
    await signInToDashboard(browser.page, webUrl, owner);
    await page.getByLabel(chatbot.businessName, { exact: true }).first().click();
    await expectPage.visible(page.getByText(`Test ${chatbot.businessName}`));

    const input = page.getByPlaceholder(/Type your message/);
    const log = page.getByLabel(`Conversation with ${chatbot.businessName}`);
    await input.fill('Do you deliver on Sundays?');
    await input.press('Enter');
    await expectPage.visible(log.getByRole('button', { name: 'Edit response' }));
    await log.getByRole('button', { name: 'Edit response' }).last().click();
    await page.getByLabel('Corrected response').fill('No, our van delivers Monday to Saturday only.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectPage.visible(page.getByText('Response Updated'));

    await input.fill('Do you deliver on Sundays?');
    await input.press('Enter');
    await expect.poll(() => log.getByText('No, our van delivers Monday to Saturday only.').count(), { timeout: 15_000 }).toBe(2);
  });

  it('test chat: with confirmation required, an escalation asks first, Yes hands over and records the transfer', async () => {
    const { page } = browser;
    const question = 'Would you like me to connect you with a member of our team?';
    expect((await api.put(`/chatbots/${chatbot.id}/settings`, { ...DEFAULT_CONVERSATION_SETTINGS, requireConfirmation: true })).status).toBe(200);
    try {
      await signInToDashboard(browser.page, webUrl, owner);
      await page.getByLabel(chatbot.businessName, { exact: true }).first().click();
      const input = page.getByPlaceholder(/Type your message/);
      const log = page.getByLabel(`Conversation with ${chatbot.businessName}`);
      await input.fill('I want to speak to human');
      await input.press('Enter');
      const answer = log.getByRole('group', { name: question });
      await expectPage.visible(answer);
      expect(await transfersOf(chatbot.id)).toEqual([]);

      await answer.getByRole('button', { name: 'Yes' }).click();
      await expectPage.visible(log.getByText('Let me connect you with a human agent who can better assist you.'));
      expect(await log.getByRole('group', { name: question }).count()).toBe(0);
      const transfers = await transfersOf(chatbot.id);
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({ status: 'pending', trigger_reason: 'Visitor confirmed the handoff to a person' });
    } finally {
      await api.put(`/chatbots/${chatbot.id}/settings`, DEFAULT_CONVERSATION_SETTINGS);
    }
  });

  it('demo page: the assistant answers in the floating widget, takes a thumbs up, the statistics grow and its knowledge is listed', async () => {
    const { page } = browser;
    const entry = await api.post('/knowledge', {
      title: 'Parking behind the shop',
      content: 'Customers park for free in the yard behind the shop on Fore Street.',
      type: 'context',
      chatbot_id: chatbot.id,
    });
    expect(entry.status).toBe(201);
    await page.goto(`${webUrl}/demo?id=${chatbot.id}`);
    await expectPage.visible(page.getByText(`AI Assistant for ${chatbot.businessName}`));
    const knowledge = page.getByRole('list', { name: 'Knowledge base entries' });
    await expectPage.visible(knowledge.getByText('Parking behind the shop'));
    await expectPage.visible(knowledge.getByText('Customers park for free in the yard behind the shop on Fore Street.'));
    expect(await page.title()).toBe(`${chatbot.businessName} AI Assistant Demo`);
    // Issue 30: the launcher and the avatar are icons, not emoji, which show as empty boxes without an emoji font.
    const launcher = page.getByRole('button', { name: /^(Open|Hide) chat$/ });
    expect(await launcher.locator('svg').count()).toBe(1);
    expect((await launcher.innerText()).trim()).toBe('');
    expect(await page.locator('body').innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
    const stat = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    const interactions = stat('Interactions');
    // The page counts its own view first; wait for it, so the interaction below is the only change left.
    await expect.poll(async () => Number(await stat('Total Views').innerText()), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => interactions.innerText()).toMatch(/^\d+$/);
    const before = Number(await interactions.innerText());

    const input = page.getByPlaceholder('Type your message...');
    await expectPage.visible(input, 10_000);
    await input.fill('How far ahead should I order a birthday cake?');
    await input.press('Enter');
    await expectPage.visible(page.getByRole('log', { name: 'Messages' }).getByText(/Five days for most cakes/), 15_000);
    const link = page.getByRole('log', { name: 'Messages' }).getByRole('link').first();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toContain(site.url);
    await expect.poll(async () => Number(await interactions.innerText()), { timeout: 15_000 }).toBe(before + 1);

    const helpful = page.getByRole('log', { name: 'Messages' }).getByRole('button', { name: 'Helpful', exact: true });
    await helpful.click();
    await expect.poll(() => helpful.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => ratingsOf(chatbot.id)).toEqual(['up']);
  });

  it('landing page: the demo chat opens by itself and answers a quick question without the network', async () => {
    const { page } = browser;
    const requests: string[] = [];
    await page.goto(`${webUrl}/`);
    page.on('request', (r) => requests.push(r.url()));
    const chat = page.getByRole('dialog', { name: /Demo chat with/ }).or(page.getByLabel(/Demo chat with/)).first();
    await expectPage.visible(chat, 10_000);
    await chat.getByRole('button', { name: 'How much does it cost?' }).click();
    await expectPage.visible(chat.getByText(/unlimited assistants cost £99 per month/), 10_000);
    expect(requests.filter((u) => u.startsWith(apiUrl))).toEqual([]);
    expect(await page.evaluate(() => typeof (window as unknown as { openDemoChat?: unknown }).openDemoChat)).toBe('function');
  });
});
