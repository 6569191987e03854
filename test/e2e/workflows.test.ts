import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { EMPTY_SMS_MESSAGE, INVALID_SENDER_PHONE } from '../../functions/contracts/workflows.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient } from '../support/api-client.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config } = inject('runtime');
const browser = useBrowser();

describe('Workflow Automation in the browser', () => {
  let site: FixtureSite;
  let owner: TestUser;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Workflow Owner');
    await apiClient(apiUrl, owner.idToken).post('/chatbots', { websiteUrl: site.url });
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
});
