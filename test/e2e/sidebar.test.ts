import { describe, expect, inject, it } from 'vitest';
import { expect as expectPage } from './page-expect.js';
import { useBrowser } from './browser.js';
import { demoAccount } from '../../local/seed-demo-account.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl } = inject('runtime');
const browser = useBrowser();

// The sheet and the tooltips are loaded on demand (the dashboard's JS budget): these are their journeys.
describe('the dashboard sidebar, collapsed and on a phone', () => {
  it('collapsed to icons, a menu item shows its name beside the icon when it has the focus', async () => {
    const { page } = browser;
    await signInToDashboard(browser.page, webUrl, demoAccount);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await page.waitForFunction(() => document.cookie.includes('sidebar_state=false'));
    await page.getByRole('link', { name: 'Controls' }).focus();
    await expectPage.visible(page.getByRole('tooltip', { name: 'Controls' }));

    // Expanded again, the names are in the sidebar itself: no tooltip.
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await page.waitForFunction(() => document.cookie.includes('sidebar_state=true'));
    await page.getByRole('link', { name: 'Assistants' }).focus();
    await expectPage.hidden(page.getByRole('tooltip'));
  });

  it('on a phone, the menu button opens the navigation as a sheet, and choosing a screen closes it', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 800 });
    await signInToDashboard(browser.page, webUrl, demoAccount);
    expect(await page.getByRole('link', { name: 'Controls' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Sidebar' });
    await expectPage.visible(sheet);
    await sheet.getByRole('link', { name: 'Controls' }).click();
    await page.waitForURL(/\/dashboard\/controls$/);
    await expectPage.hidden(sheet);
  });
});
