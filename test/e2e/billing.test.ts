import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient } from '../support/api-client.js';
import { TEST_CARDS } from '../support/stripe-stand-in.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';
import type { Page } from 'playwright-core';

const { webUrl, apiUrl, config } = inject('runtime');
const browser = useBrowser();

/** Clicks Upgrade, which opens Stripe Checkout in a new tab, and pays there with `card`. */
async function payInCheckout(page: Page, card: string): Promise<Page> {
  const [checkout] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /Upgrade to Pro/ }).first().click()]);
  await checkout.waitForURL(/\/checkout\/cs_test_/);
  await expectPage.visible(checkout.getByText('£99.00 per month'));
  await checkout.getByLabel('Card number').fill(card);
  await checkout.getByLabel('Expiry').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Subscribe' }).click();
  return checkout;
}

describe('upgrading through Stripe Checkout (local stand-in)', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 2, hangingPage: false });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('a declined card leaves the free plan; 4242 upgrades, and the owner creates a second assistant', async () => {
    const { page } = browser;
    const owner = await signUpAndSignIn(config, 'Upgrade Bakery');
    await apiClient(apiUrl, owner.idToken).post('/chatbots', { websiteUrl: site.url });
    await signInToDashboard(page, webUrl, owner);
    await expectPage.visible(page.getByText('Subscription Required: your free assistant is created. Upgrade to create more.'));

    const declined = await payInCheckout(page, TEST_CARDS.declined);
    await expectPage.visible(declined.getByText('Your card was declined.'));
    // Issue 30: what was typed stays for the retry, and the refusal goes once the payer changes the card.
    expect(await declined.getByLabel('Card number').inputValue()).toBe(TEST_CARDS.declined);
    expect(await declined.getByLabel('Expiry').inputValue()).toBe('12 / 34');
    await declined.getByLabel('Card number').fill(TEST_CARDS.succeeds);
    expect(await declined.getByText('Your card was declined.').count()).toBe(0);
    await declined.getByRole('link', { name: '← Back' }).click();
    await declined.waitForURL(/\/dashboard\/assistants/);
    await expectPage.visible(declined.getByText('Checkout cancelled'));
    await expectPage.visible(declined.getByText('Subscription Required: your free assistant is created. Upgrade to create more.'));
    await declined.close();

    const paid = await payInCheckout(page, TEST_CARDS.succeeds);
    await paid.waitForURL(/\/dashboard\/assistants/);
    await expectPage.visible(paid.getByText('Upgrade complete'), 30_000);
    await paid.getByRole('link', { name: 'Create New Assistant' }).click();
    await paid.waitForURL(/\/create-chatbot$/);
    await paid.getByLabel('Website URL').fill(`${site.url}/`);
    await paid.getByRole('button', { name: 'Create AI Assistant' }).click();
    await expectPage.visible(paid.getByLabel('Business Name'));
    await paid.getByRole('button', { name: 'Create AI Assistant' }).click();
    await expectPage.visible(paid.getByText(/created successfully!/), 60_000);
  });
});
