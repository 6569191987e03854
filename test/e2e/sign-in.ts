import type { Page } from 'playwright-core';
import { mailedCode } from '../support/accounts.js';

/** Signs in through the /auth page, as an owner does, and waits for the dashboard's first screen. */
export async function signInToDashboard(page: Page, webUrl: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${webUrl}/auth`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard\/assistants$/);
}

/**
 * The code step after Sign Up (or Sign In of an unconfirmed account): types the code from the e-mail
 * in the SES stand-in's store, as the owner copies it from their mailbox, and presses Verify.
 */
export async function enterMailedCode(page: Page, sesEndpoint: string, email: string, after = 0): Promise<void> {
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  await page.getByLabel('Verification code').fill(await mailedCode(sesEndpoint, email, after));
  await page.getByRole('button', { name: 'Verify' }).click();
}
