import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { adminAccount } from '../../local/seed-admin-account.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';

const { webUrl } = inject('runtime');
const browser = useBrowser();

describe('waitlist and its admin view', () => {
  it('a visitor claims access from the landing page; the admin sees them and exports the CSV', async () => {
    const { page } = browser;
    const email = `visitor-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(webUrl);
    await page.getByRole('link', { name: 'Join Waitlist' }).click();
    await page.waitForURL(/\/waitlist$/);
    await expectPage.visible(page.getByText('Claim Your Free Access'));
    // Spec 001 /waitlist: the offer's exact lines.
    await expectPage.visible(page.getByText('100 Days Free, Worth £333'));
    await expectPage.visible(page.getByText('Master Blueprint, Worth £997'));
    await page.getByLabel('Full Name').fill('=Formula Fan, Esq.');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone Number (optional)').fill('07700 900123');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Claim £1,330 of Value' }).click();
    await expectPage.visible(page.getByText("You're All Set!"));
    await expectPage.visible(page.getByText('Yours completely FREE when we launch'));

    // Signed out, the admin view says so and leads to sign-in, which returns here.
    await page.goto(`${webUrl}/admin/waitlist`);
    await expectPage.visible(page.getByText('Access Restricted'));
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(adminAccount.email);
    await page.getByLabel('Password').fill(adminAccount.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/admin\/waitlist$/);
    await expectPage.visible(page.getByRole('cell', { name: email }));
    await expectPage.visible(page.getByText(/All Entries \(\d+\)/));
    await expectPage.visible(page.getByText('Total Signups'));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Name,Email,Phone,Agree to Promotions,Agree to Launch Access,Join Date');
    expect(csv).toContain(`"'=Formula Fan, Esq.",${email},07700 900123,Yes,Yes,`);
  });

  it('a signed-in owner who is not an admin is told admin access is required', async () => {
    const { page } = browser;
    await page.goto(`${webUrl}/auth`);
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password').fill('Demo-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/$|\/dashboard/);
    await page.goto(`${webUrl}/admin/waitlist`);
    await expectPage.visible(page.getByText('Admin Access Required'));
    await expectPage.visible(page.getByRole('link', { name: 'Go to Dashboard' }));
  });
});
