import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DECLINED_TEXT } from '../../functions/contracts/chat-constants.js';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config, env } = inject('runtime');
const browser = useBrowser();

async function openTrainingStudio(user: TestUser) {
  const { page } = browser;
  await signInToDashboard(page, webUrl, user);
  await page.goto(`${webUrl}/dashboard/training`);
  await expectPage.visible(page.getByRole('heading', { name: 'Advanced AI Training Studio' }));
}

describe('Training studio in the browser', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let api: ApiClient;
  let chatbotId: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 10, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Training Owner');
    api = apiClient(apiUrl, owner.idToken);
    const created = await api.post('/chatbots', { websiteUrl: site.url });
    chatbotId = created.body.chatbot.id;
    await waitForCrawl(api, chatbotId);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('a reply rated 20 and corrected in Corrections is the answer next time, and the record survives a reload', async () => {
    const { page } = browser;
    const question = 'Do you make wedding cakes?';
    const better = 'Yes! Wedding cakes are made to order: book a tasting at least two months ahead.';

    await signInToDashboard(page, webUrl, owner);
    await page.getByRole('link', { name: 'Training' }).click();
    await page.waitForURL(/\/dashboard\/training$/);
    await expectPage.visible(page.getByRole('heading', { name: 'Advanced AI Training Studio' }));

    const input = page.getByLabel('Training message');
    const log = page.getByRole('log');
    await input.fill(question);
    await input.press('Enter');
    await expectPage.visible(log.getByRole('button', { name: 'Score 20' }));
    await log.getByRole('button', { name: 'Score 20' }).click();
    await expectPage.visible(page.getByText('Response scored successfully!'));
    await expectPage.visible(log.getByText('Score: 20'));

    await page.getByRole('tab', { name: /^Corrections/ }).click();
    const item = page.getByTestId('correction-item').filter({ hasText: question });
    await expectPage.visible(item);
    await item.getByLabel('Better response').fill(better);
    await item.getByRole('button', { name: 'Save Correction' }).click();
    await expectPage.visible(page.getByText('Correction saved! This will improve future responses.'));
    await expectPage.visible(item.getByText('Corrected'));

    await page.getByRole('tab', { name: 'Interactive' }).click();
    // The session is kept across tabs: the first question is still there.
    await expectPage.visible(log.getByText(question));
    await input.fill(question);
    await input.press('Enter');
    await expect.poll(() => log.getByText(better).count(), { timeout: 15_000 }).toBe(1);

    await page.reload();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const history = page.getByRole('list', { name: 'Training history' });
    await expectPage.visible(history.getByText(question));
    await expectPage.visible(history.getByText('Score: 20'));
    expect(await page.getByRole('group', { name: 'Overall Score' }).innerText()).toContain('20');
    expect(await page.getByRole('group', { name: 'Training Sessions' }).innerText()).toContain('1');
  });


  it('Edit & Correct: an empty correction is refused, a real one replaces the reply and answers the same question next time', async () => {
    const { page } = browser;
    const question = 'Is there parking near the bakery?';
    const better = 'Yes: free two-hour parking on Harbor Street, right outside the shop.';
    await openTrainingStudio(owner);

    const input = page.getByLabel('Training message');
    const log = page.getByRole('log');
    await input.fill(question);
    await input.press('Enter');
    await log.getByRole('button', { name: 'Edit & Correct' }).click();
    const field = page.getByLabel('Corrected response');
    await field.fill('   ');
    await page.getByRole('button', { name: 'Save Correction' }).click();
    await expectPage.visible(page.getByText('Please enter a response'));

    await field.fill(better);
    await page.getByRole('button', { name: 'Save Correction' }).click();
    await expectPage.visible(page.getByText('Response corrected! This will help improve future responses.'));
    await expectPage.visible(log.getByText(better));

    await input.fill(question);
    await input.press('Enter');
    await expect.poll(() => log.getByText(better).count(), { timeout: 15_000 }).toBe(2);
  });

  it('with confirmation required, an escalation asks first and No declines it without a transfer', async () => {
    const { page } = browser;
    const question = 'Would you like me to connect you with a member of our team?';
    expect((await api.put(`/chatbots/${chatbotId}/settings`, { ...DEFAULT_CONVERSATION_SETTINGS, requireConfirmation: true })).status).toBe(200);
    try {
      await openTrainingStudio(owner);
      const input = page.getByLabel('Training message');
      const log = page.getByRole('log');
      await input.fill('I want to speak to human');
      await input.press('Enter');
      const answer = log.getByRole('group', { name: question });
      await expectPage.visible(answer);
      // A question is answered, not rated.
      expect(await log.getByRole('button', { name: 'Score 20' }).count()).toBe(0);

      await answer.getByRole('button', { name: 'No' }).click();
      await expectPage.visible(log.getByText(DECLINED_TEXT));
      expect(await log.getByRole('group', { name: question }).count()).toBe(0);
      const transfers = await withRuntimeEnv(env, async () => {
        const { db } = await import('../../functions/core/data/db.js');
        return (await db().entities.agentTransfer.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' })).data;
      });
      expect(transfers).toEqual([]);
    } finally {
      await api.put(`/chatbots/${chatbotId}/settings`, DEFAULT_CONVERSATION_SETTINGS);
    }
  });

  it('without an assistant, sending asks for one', async () => {
    const { page } = browser;
    await openTrainingStudio(await signUpAndSignIn(config, 'No Assistant Owner'));
    await page.getByLabel('Training message').fill('Hello?');
    await page.getByLabel('Training message').press('Enter');
    await expectPage.visible(page.getByText('Please select an AI assistant first'));
    expect(await page.getByRole('log').getByText('Hello?').count()).toBe(0);
  });
});
