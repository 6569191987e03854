import type { Page } from 'playwright-core';

/** Signs in through the /auth page, as an owner does, and waits for the dashboard's first screen. */
export async function signInToDashboard(page: Page, webUrl: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${webUrl}/auth`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard\/assistants$/);
}
