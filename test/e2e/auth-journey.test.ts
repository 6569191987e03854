import { describe, expect, inject, it } from 'vitest';
import { expect as expectPage } from './page-expect.js';
import { useBrowser } from './browser.js';
import { signUpUnconfirmed, uniqueEmail } from '../support/accounts.js';
import { enterMailedCode } from './sign-in.js';
import { demoAccount } from '../../local/seed-demo-account.js';

const { webUrl, config, env } = inject('runtime');
const ses = env.AWS_ENDPOINT_URL_SESV2!;
const browser = useBrowser();

describe('accounts in the browser', () => {
  it('sign-up asks for the e-mailed code, then signs in to the dashboard with the new trial account', async () => {
    const { page } = browser;
    const email = uniqueEmail('e2e');
    await page.goto(`${webUrl}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('E2e-password-1');
    await page.getByLabel('Business Name').fill('Riverside Dental');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expectPage.visible(page.getByText(`We sent a verification code to`));
    await expectPage.visible(page.getByText(email));
    expect(page.url()).toBe(`${webUrl}/auth`);
    await enterMailedCode(page, ses, email);
    await expectPage.visible(page.getByText(`Welcome to ${config.productName}!`));
    await page.waitForURL(`${webUrl}/dashboard/assistants`);
    await expectPage.visible(page.getByRole('heading', { name: 'Dashboard' }));
    const account = page.getByLabel('Account', { exact: true });
    await expectPage.visible(account.getByText('Riverside Dental'));
    await expectPage.visible(account.getByText(email));
    await expectPage.visible(account.getByText('0 of 1'));
    await expectPage.visible(account.getByText(/Trial ends/));
  });

  it('an unconfirmed account signs in to the code step only; a wrong code is refused, a resent one opens the dashboard', async () => {
    const { page } = browser;
    const email = uniqueEmail('unconfirmed');
    await signUpUnconfirmed(config, email, 'E2e-password-1', 'Quay Florist');
    await page.goto(`${webUrl}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('E2e-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectPage.visible(page.getByRole('heading', { name: 'Check your e-mail' }));
    // Nothing is signed in meanwhile: the dashboard sends the visitor back to /auth.
    await page.goto(`${webUrl}/dashboard/assistants`);
    await page.waitForURL(`${webUrl}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('E2e-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectPage.visible(page.getByText('Sign In Error'));
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expectPage.visible(page.getByText(`A new verification code was sent to ${email}.`));
    await enterMailedCode(page, ses, email, 1);
    await expectPage.visible(page.getByText('Welcome back!'));
    await page.waitForURL(`${webUrl}/dashboard/assistants`);
    await expectPage.visible(page.getByLabel('Account', { exact: true }).getByText('Quay Florist'));
  });

  it('a sign-in with an unknown address says the same as one with a wrong password', async () => {
    const { page } = browser;
    const attempt = async (email: string) => {
      await page.goto(`${webUrl}/auth`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('Wrong-password-1');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectPage.visible(page.getByText('Sign In Error'));
      await expectPage.visible(page.getByText('Incorrect username or password.'));
    };
    await attempt(uniqueEmail('nobody'));
    await attempt(demoAccount.email);
  });

  it('a signed-out visitor of /dashboard/assistants is sent to /auth and returned there after sign-in', async () => {
    const { page } = browser;
    await page.goto(`${webUrl}/dashboard/assistants`);
    await page.waitForURL(`${webUrl}/auth`);
    await page.getByLabel('Email').fill(demoAccount.email);
    await page.getByLabel('Password').fill(demoAccount.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectPage.visible(page.getByText('Welcome back!'));
    await page.waitForURL(`${webUrl}/dashboard/assistants`);
    await expectPage.visible(page.getByLabel('Account', { exact: true }).getByText(demoAccount.businessName));
  });

  it('the session survives a reload, and sign-out ends it', async () => {
    const { page } = browser;
    await page.goto(`${webUrl}/auth`);
    await page.getByLabel('Email').fill(demoAccount.email);
    await page.getByLabel('Password').fill(demoAccount.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard\/assistants$/);

    await page.reload();
    await expectPage.visible(page.getByRole('button', { name: 'Sign Out' }));

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${webUrl}/`);
    await expectPage.visible(page.getByRole('link', { name: 'Sign In' }).or(page.getByRole('button', { name: 'Sign In' })));
    await page.goto(`${webUrl}/dashboard/assistants`);
    await page.waitForURL(`${webUrl}/auth`);
  });

  it('a wrong password shows the Sign In Error toast with the server message', async () => {
    const { page } = browser;
    await page.goto(`${webUrl}/auth`);
    await page.getByLabel('Email').fill(demoAccount.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectPage.visible(page.getByText('Sign In Error'));
    expect(page.url()).toBe(`${webUrl}/auth`);
  });
});
