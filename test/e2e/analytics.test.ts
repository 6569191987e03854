import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient, waitForCrawl, waitForKnowledge } from '../support/api-client.js';
import { chatVisitor } from '../support/visitor.js';
import { untilMessagesCounted } from '../support/table-stream.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config, env } = inject('runtime');
const browser = useBrowser();
const FALLBACK = DEFAULT_CONVERSATION_SETTINGS.fallbackMessage;
// The bakery fixture site says nothing about deliveries: the assistant falls back on this question.
const UNANSWERED = 'Do you deliver to Chicago?';

describe('Analytics screen in the browser', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let chatbotId: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 10, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Analytics Owner');
    const api = apiClient(apiUrl, owner.idToken);
    chatbotId = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(api, chatbotId);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('shows the visitors’ conversations and their unanswered question, whose action teaches the assistant the answer', async () => {
    // Two visitors chat through the public chat; both ask what the assistant cannot answer.
    const first = chatVisitor(apiUrl, chatbotId);
    expect((await first.ask('What are your opening hours?')).body.message).not.toBe(FALLBACK);
    expect((await first.ask(UNANSWERED)).body.message).toBe(FALLBACK);
    expect((await chatVisitor(apiUrl, chatbotId).ask(UNANSWERED)).body.message).toBe(FALLBACK);
    // Messages are counted from the table's stream, off the turn.
    await untilMessagesCounted(env, chatbotId);

    const { page } = browser;
    await signInToDashboard(page, webUrl, owner);
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL(/\/dashboard\/analytics$/);
    await expectPage.visible(page.getByRole('heading', { name: 'Performance Analytics' }));
    const conversations = page.getByRole('group', { name: 'Total Conversations' });
    await expectPage.visible(conversations.getByText('2', { exact: true }));
    await expectPage.visible(page.getByRole('group', { name: 'Active Users' }).getByText('2', { exact: true }));

    await page.getByRole('tab', { name: 'Insights' }).click();
    const suggestion = page
      .getByRole('list', { name: 'Improvement suggestions' })
      .getByRole('listitem')
      .filter({ hasText: `2 visitors asked “${UNANSWERED}”; the assistant had no answer.` });
    await expectPage.visible(suggestion);
    await expectPage.visible(page.getByRole('list', { name: 'Top issues' }).getByText(UNANSWERED));

    // Its action opens the Knowledge dialog with the question as the title, for this assistant.
    await suggestion.getByRole('button', { name: 'Add to Knowledge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Knowledge' });
    await expectPage.visible(dialog);
    expect(await dialog.getByLabel('Title').inputValue()).toBe(UNANSWERED);
    expect(await dialog.getByLabel('Type').inputValue()).toBe('faq');
    await dialog.getByLabel('Content').fill('Yes: we deliver to Chicago every Tuesday, for a delivery fee of 7 dollars.');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await expectPage.visible(page.getByText('Knowledge entry created successfully'));
    await expectPage.hidden(dialog);

    const { body } = await apiClient(apiUrl, owner.idToken).get('/knowledge');
    expect(body.entries).toMatchObject([{ title: UNANSWERED, chatbot_id: chatbotId, is_active: true }]);

    // Once the assistant has learned it (the dashboard shows it updating until then), the next visitor
    // asking it gets the new knowledge instead of the fallback.
    await waitForKnowledge(apiClient(apiUrl, owner.idToken), chatbotId);
    const next = (await chatVisitor(apiUrl, chatbotId).ask(UNANSWERED)).body;
    expect(next.message).not.toBe(FALLBACK);
    expect(next.message).toMatch(/every Tuesday/);
  });
});
