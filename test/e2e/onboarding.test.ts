import { describe, inject, it } from 'vitest';
import { adminAccount } from '../../local/seed-admin-account.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';

const { webUrl } = inject('runtime');
const browser = useBrowser();

describe('onboarding guide', () => {
  it('shows the six steps and keeps a step marked complete across visits', async () => {
    const { page } = browser;
    await page.goto(`${webUrl}/onboarding`);
    await page.waitForURL(/\/auth$/);
    await page.getByLabel('Email').fill(adminAccount.email);
    await page.getByLabel('Password').fill(adminAccount.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/onboarding$/);
    await expectPage.visible(page.getByRole('heading', { name: 'AI Agent Mastery Guide' }));
    // The admin has no assistant: nothing is done yet.
    await expectPage.visible(page.getByText('0/6 Complete'));
    await expectPage.visible(page.getByRole('link', { name: 'Create Chatbot' }));
    await expectPage.visible(page.getByText('5-10 minutes'));

    // Step 6 has no action button.
    for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Next' }).click();
    await expectPage.visible(page.getByRole('heading', { name: 'Scale & Optimize' }));
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expectPage.visible(page.getByText('1/6 Complete'));
    await expectPage.visible(page.getByRole('button', { name: 'Completed' }));

    await page.reload();
    await expectPage.visible(page.getByText('1/6 Complete'));
  });
});
