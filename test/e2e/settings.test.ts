import { describe, expect, inject, it } from 'vitest';
import { signIn, signUpAndSignIn } from '../support/accounts.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, config } = inject('runtime');
const browser = useBrowser();

describe('account settings', () => {
  it('an owner renames the business, changes the password, signs in with it, then deletes the account', async () => {
    const { page } = browser;
    const owner = await signUpAndSignIn(config, 'Settings Bakery');
    await signInToDashboard(page, webUrl, owner);
    await page.goto(`${webUrl}/dashboard/settings`);

    await expectPage.visible(page.getByLabel('Business Name'));
    await expect.poll(() => page.getByLabel('Business Name').inputValue()).toBe('Settings Bakery');
    await page.getByLabel('Business Name').fill('Renamed Bakery');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectPage.visible(page.getByText('Your names are updated.'));
    await page.reload();
    await expect.poll(() => page.getByLabel('Business Name').inputValue()).toBe('Renamed Bakery');

    // A password outside the pool's policy is refused in the form, with the policy stated.
    await page.getByLabel('Current password').fill(owner.password);
    await page.getByLabel('New password').fill('weakpassword12');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectPage.visible(page.getByText(/symbol/).first());
    const newPassword = 'Changed-password-2';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectPage.visible(page.getByText('Your password is changed.'));
    await expect(signIn(config, owner.email, owner.password)).rejects.toThrow();
    await expect(signIn(config, owner.email, newPassword)).resolves.toHaveProperty('idToken');

    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('button', { name: 'Delete Permanently' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Your e-mail address').fill(owner.email);
    await confirm.click();
    await expectPage.visible(page.getByText('Your account and all its data have been deleted.'), 30_000);
    await page.waitForURL(`${webUrl}/auth`);
    await expect(signIn(config, owner.email, newPassword)).rejects.toThrow();
  });
});
