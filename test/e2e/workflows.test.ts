import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EMPTY_SMS_MESSAGE, INVALID_SENDER_PHONE } from '../../functions/contracts/workflows.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, uniqueEmail, type TestUser } from '../support/accounts.js';
import { apiClient, waitForCrawl } from '../support/api-client.js';
import { mailTo } from '../support/sent-mail.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config, env } = inject('runtime');
const browser = useBrowser();

describe('Workflow Automation in the browser', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let chatbotId: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Workflow Owner');
    chatbotId = (await apiClient(apiUrl, owner.idToken).post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('creates a workflow through the dialog (checked as the spec says), switches it off, edits and deletes it', async () => {
    const { page } = browser;
    await signInToDashboard(page, webUrl, owner);
    await page.getByRole('link', { name: 'Workflows' }).click();
    await page.waitForURL(/\/dashboard\/workflows$/);
    await expectPage.visible(page.getByRole('tab', { name: 'Workflows (0)' }));

    await page.getByRole('button', { name: 'Create Workflow' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Quote requests');
    await dialog.getByLabel('Keywords (comma-separated)').fill('quote, price list');
    await dialog.getByLabel('Action 1 type').selectOption('send_sms');
    await dialog.getByLabel('Sender phone').fill('12345');
    await dialog.getByRole('button', { name: 'Create Workflow' }).click();
    await expectPage.visible(dialog.getByText(INVALID_SENDER_PHONE));
    await expectPage.visible(dialog.getByText(EMPTY_SMS_MESSAGE));

    await dialog.getByLabel('Sender phone').fill('+14155550100');
    await dialog.getByLabel('SMS text').fill('Thanks {{contact_name}}, we will send your quote today.');
    await dialog.getByRole('button', { name: 'Add Action' }).click();
    await dialog.getByLabel('Action 2 type').selectOption('tag_contact');
    await dialog.getByLabel('Tags (comma-separated)').fill('lead');
    await dialog.getByRole('button', { name: 'Create Workflow' }).click();
    await expectPage.visible(page.getByText('Workflow created successfully!'));
    await expectPage.visible(page.getByRole('tab', { name: 'Workflows (1)' }));
    await expectPage.visible(page.getByText('When a visitor says "quote", "price list"'));

    await page.getByRole('switch', { name: 'Quote requests active' }).click();
    await expectPage.visible(page.getByText('Workflow deactivated'));
    await expectPage.visible(page.getByText('Inactive'));

    await page.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Name').fill('Quotes and prices');
    await dialog.getByRole('button', { name: 'Update Workflow' }).click();
    await expectPage.visible(page.getByText('Workflow updated successfully!'));
    await expectPage.visible(page.getByRole('heading', { name: /Quotes and prices/ }));

    await page.getByRole('button', { name: 'Delete Quotes and prices' }).click();
    await expectPage.visible(page.getByText('Delete this workflow? This cannot be undone.'));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectPage.visible(page.getByText('Workflow deleted successfully'));
    await expectPage.visible(page.getByRole('tab', { name: 'Workflows (0)' }));
  });

  it('a keyword workflow made in the dialog runs when a visitor says the keyword on the demo page: completed in Execution History, the e-mail sent, the tag and the task in the inbox', async () => {
    const { page } = browser;
    const team = uniqueEmail('catering-team');
    await signInToDashboard(page, webUrl, owner);
    await page.goto(`${webUrl}/dashboard/workflows`);
    await page.getByRole('button', { name: 'Create Workflow' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Catering alerts');
    await dialog.getByLabel('Keywords (comma-separated)').fill('catering');
    await dialog.getByLabel('Action 1 type').selectOption('send_email');
    await dialog.getByLabel('To (e-mail address)').fill(team);
    await dialog.getByLabel('Subject').fill('Catering request for {{business_name}}');
    await dialog.getByLabel('E-mail text').fill('A visitor wrote: {{message}}');
    await dialog.getByRole('button', { name: 'Add Action' }).click();
    await dialog.getByLabel('Action 2 type').selectOption('tag_contact');
    await dialog.getByLabel('Tags (comma-separated)').fill('catering lead');
    await dialog.getByRole('button', { name: 'Add Action' }).click();
    await dialog.getByLabel('Action 3 type').selectOption('create_task');
    await dialog.getByLabel('Task', { exact: true }).fill('Send a catering menu');
    await dialog.getByLabel('Due in (hours)').fill('0');
    await dialog.getByRole('button', { name: 'Create Workflow' }).click();
    await expectPage.visible(page.getByText('Workflow created successfully!'));

    await waitForCrawl(apiClient(apiUrl, owner.idToken), chatbotId);
    const visitorPage = await browser.otherPage();
    await visitorPage.goto(`${webUrl}/demo?id=${chatbotId}`);
    const input = visitorPage.getByPlaceholder('Type your message...');
    await expectPage.visible(input, 10_000);
    await input.fill('Do you do catering for office parties?');
    await input.press('Enter');
    await expectPage.visible(visitorPage.getByRole('log', { name: 'Messages' }).getByText('Do you do catering for office parties?'));

    // The owner opens Execution History, refreshing until the visitor's turn (answered in the
    // background) has started the run; a running execution is then followed until it completes.
    const run = page.getByRole('listitem').filter({ has: page.getByLabel(/^Catering alerts (running|completed)$/) });
    await expect
      .poll(
        async () => {
          await page.goto(`${webUrl}/dashboard/workflows`);
          await page.getByRole('tab', { name: 'Execution History' }).click();
          return run.first().waitFor({ state: 'visible', timeout: 3_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    await expectPage.visible(page.getByLabel('Catering alerts completed'), 30_000);
    await expectPage.visible(run.getByText(`E-mail sent to ${team}`));
    await expectPage.visible(run.getByText(/matched: catering/));
    await expectPage.visible(run.getByText('Contact tagged catering lead'));

    const [mail] = await mailTo(env.AWS_ENDPOINT_URL_SESV2!, team);
    expect(mail?.subject).toMatch(/^Catering request for .+/);
    expect(mail?.body.text).toBe('A visitor wrote: Do you do catering for office parties?');

    // The inbox shows the visitor's tag, and its list narrows to the contacts with it.
    await page.goto(`${webUrl}/conversations`);
    await page.getByLabel('Filter by tag').selectOption('catering lead');
    const list = page.getByRole('list', { name: 'Conversations' });
    const tagged = list.getByRole('listitem').filter({ hasText: 'catering lead' });
    await expectPage.visible(tagged);
    expect(await list.getByRole('button', { name: /^Conversation with/ }).count()).toBe(1);
    await tagged.getByRole('button', { name: /^Conversation with/ }).click();
    const customer = page.getByRole('region', { name: 'Customer Information' });
    await expectPage.visible(customer.getByRole('list', { name: 'Tags' }).getByText('catering lead'));

    // The workflow's task for the team, due at once (so overdue), closed from the panel.
    const task = customer.getByRole('listitem', { name: 'Task: Send a catering menu' });
    await expectPage.visible(task.getByText(/^Overdue: was due /));
    await task.getByRole('button', { name: 'Close task Send a catering menu' }).click();
    await expectPage.visible(page.getByText('Task closed'));
    await expectPage.visible(task.getByText('Closed'));
    expect(await task.getByRole('button').count()).toBe(0);
  });
});
