import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expect as expectPage } from './page-expect.js';
import { useBrowser } from './browser.js';
import { uniqueEmail } from '../support/accounts.js';
import { enterMailedCode } from './sign-in.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';

const { webUrl, env } = inject('runtime');
const browser = useBrowser();

const unescape = (text: string) => text.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');

/** What the site itself says (its name and page titles), so the test does not hard-code the fixture. */
async function siteFacts(site: FixtureSite) {
  const html = await (await fetch(site.url)).text();
  const name = /property="og:site_name" content="([^"]+)"/.exec(html)?.[1];
  if (!name) throw new Error('fixture site has no og:site_name');
  const titles = await Promise.all(
    site.pagePaths.map(async (path) => /<title>([^<]+)<\/title>/.exec(await (await fetch(site.url + path)).text())?.[1] ?? ''),
  );
  return { name: unescape(name), titles: titles.map(unescape) };
}

describe('creating an assistant from a website, in the browser', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 30, hangingPage: false });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('sign up, create from the site with real progress and pages, copy the embed code, then manage it on the Assistants screen', async () => {
    const { page } = browser;
    const { name: business, titles } = await siteFacts(site);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webUrl });

    await page.goto(`${webUrl}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const email = uniqueEmail('creator');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('E2e-password-1');
    await page.getByLabel('Business Name').fill('Owner Account Name');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await enterMailedCode(page, env.AWS_ENDPOINT_URL_SESV2!, email);
    await page.waitForURL(/\/dashboard\/assistants$/);
    await expectPage.visible(page.getByText('Ready to create magic?'));

    await page.goto(`${webUrl}/create-chatbot`);
    await page.getByLabel('Website URL').fill(site.url);
    await page.getByRole('button', { name: 'Create AI Assistant' }).click();
    await expectPage.visible(page.getByRole('region', { name: 'Assistant creation' }));

    const scraped = page.getByRole('region', { name: 'Scraped pages' });
    await expectPage.visible(scraped, 60_000);
    await expectPage.visible(page.getByText('Ready to Deploy'), 60_000);
    await expectPage.visible(page.getByText(`AI assistant for ${business} created successfully!`));
    await expectPage.visible(scraped.getByText(/\+\d+ more pages/));
    // The card lists the pages the crawl really read: each item is a page title of the site and its URL.
    const shownPages = await scraped.getByRole('listitem').allInnerTexts();
    expect(shownPages).toHaveLength(6);
    for (const item of shownPages) {
      expect(item).toContain(site.url);
      expect(titles.some((title) => title && item.includes(title))).toBe(true);
    }

    await page.getByRole('button', { name: 'Copy Code' }).click();
    await expectPage.visible(page.getByText('Embed code copied to clipboard'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^<script src="http:\/\/localhost:\d+\/embed\.js" data-chatbot-id="[0-9a-f-]{36}" async><\/script>$/);

    await page.getByRole('link', { name: 'Go to Dashboard' }).or(page.getByRole('button', { name: 'Go to Dashboard' })).first().click();
    await page.waitForURL(/\/dashboard\/assistants$/);
    const card = page.getByRole('article', { name: business }).or(page.getByLabel(business, { exact: true })).first();
    await expectPage.visible(card);
    await expectPage.visible(card.getByText('Active', { exact: true }));

    await page.getByRole('switch', { name: `Deactivate ${business}` }).click();
    await expectPage.visible(page.getByText('AI Assistant Deactivated'));
    await expectPage.visible(card.getByText('Inactive', { exact: true }));

    await card.getByRole('link', { name: 'Configure' }).or(card.getByRole('button', { name: 'Configure' })).first().click();
    await page.waitForURL(/\/chatbot-preview\?id=/);
    await page.getByLabel('Agent Name').fill('Bella');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(/\/dashboard\/assistants$/);
    await expectPage.visible(page.getByText('Settings Saved'));
    await expectPage.visible(card.getByText('Bella'));

    await page.getByRole('button', { name: `Delete ${business}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expectPage.visible(dialog);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectPage.visible(page.getByText(`${business} has been permanently deleted`));
    await expectPage.visible(page.getByText('Ready to create magic?'));

    // The free assistant's slot is free again: the empty state leads to a working creator.
    await page.getByRole('link', { name: 'Create Your First AI Assistant' }).click();
    await page.waitForURL(/\/create-chatbot$/);
    await page.getByLabel('Website URL').fill(site.url);
    await page.getByRole('button', { name: 'Create AI Assistant' }).click();
    await expectPage.visible(page.getByText(`AI assistant for ${business} created successfully!`), 60_000);
  });
});
