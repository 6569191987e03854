import { describe, expect, inject, it } from 'vitest';
import { expect as expectPage } from './page-expect.js';
import { useBrowser } from './browser.js';
import { demoAccount } from '../../local/seed-demo-account.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl } = inject('runtime');
const browser = useBrowser();

describe('the app shell', () => {
  it('/dashboard redirects to /dashboard/assistants, and the sidebar links every dashboard screen of the spec', async () => {
    const { page } = browser;
    await signInToDashboard(browser.page, webUrl, demoAccount);
    await page.goto(`${webUrl}/dashboard`);
    await page.waitForURL(`${webUrl}/dashboard/assistants`);
    await expectPage.visible(page.getByRole('link', { name: 'Assistants' }));
    // Spec 000 section 2: the sidebar's groups; every screen is built now (Transfers was the last).
    for (const name of ['Voice AI', 'Contacts', 'Knowledge', 'Training', 'Controls', 'Deploy', 'Workflows', 'Transfers', 'Teams', 'Analytics']) {
      expect(await page.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }
  });

  it('each sidebar item opens its screen with the title the spec gives it, never the 404', async () => {
    const { page } = browser;
    await signInToDashboard(browser.page, webUrl, demoAccount);
    // Spec 000 section 2 names the Voice AI and Training screens; spec 001 section 2 the others' titles.
    const titles: Record<string, { path: string; title: string }> = {
      'Voice AI': { path: 'voice', title: 'Voice AI' },
      Contacts: { path: 'contacts', title: 'Contacts & Conversations' },
      Training: { path: 'training', title: 'Advanced AI Training Studio' },
      Controls: { path: 'controls', title: 'Conversation Controls' },
      Deploy: { path: 'deploy', title: 'Deployment Center' },
      Workflows: { path: 'workflows', title: 'Workflow Automation' },
      Transfers: { path: 'transfers', title: 'Agent Transfers' },
      Teams: { path: 'teams', title: 'Team Collaboration' },
      Analytics: { path: 'analytics', title: 'Performance Analytics' },
    };
    for (const [item, { path, title }] of Object.entries(titles)) {
      await page.getByRole('link', { name: item, exact: true }).click();
      await page.waitForURL(`${webUrl}/dashboard/${path}`);
      // The header's 'Dashboard' is the page's one h1; each screen's title sits under it.
      await expectPage.visible(page.getByRole('heading', { name: title, exact: true, level: 2 }));
      expect(await page.getByRole('heading', { level: 1 }).allTextContents(), item).toEqual(['Dashboard']);
      expect(await page.getByText('Oops! Page not found').count(), item).toBe(0);
    }
  });

  it('every page of the route table opens (no 404), each with the text the spec gives it', async () => {
    const { page } = browser;
    await signInToDashboard(browser.page, webUrl, demoAccount);
    // Spec 001 section 2, route table; the texts are each page's title or, without an id, its stated state.
    const pages: [string, string][] = [
      ['/create-chatbot', 'Free Assistant Created'],
      ['/chatbot-preview?id=no-such-chatbot', 'Chatbot not found'],
      ['/demo', 'Demo Not Available'],
      ['/conversations', 'All Conversations'],
      ['/onboarding', 'AI Agent Mastery Guide'],
      ['/waitlist', 'Claim Your Free Access'],
    ];
    for (const [path, text] of pages) {
      await page.goto(`${webUrl}${path}`);
      await expectPage.visible(page.getByText(text, { exact: true }));
      expect(await page.getByText('Oops! Page not found').count(), path).toBe(0);
    }
  });

  it('the sidebar collapses with Ctrl+B and stays collapsed after a reload (cookie for 7 days)', async () => {
    const { page } = browser;
    await signInToDashboard(browser.page, webUrl, demoAccount);
    const sidebar = page.locator('[data-state][data-collapsible]').first();
    await expectPage.visible(page.getByRole('link', { name: 'Assistants' }));
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.cookie.includes('sidebar_state=false'));
    const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    await page.reload();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await sidebar.getAttribute('data-state')).toBe('collapsed');
  });

  it('an unknown page shows the 404 with a link home', async () => {
    const { page } = browser;
    await page.goto(`${webUrl}/no-such-page`);
    await expectPage.visible(page.getByText('Oops! Page not found'));
    await page.getByRole('link', { name: /home/i }).click();
    await page.waitForURL(`${webUrl}/`);
  });

  it('the landing page offers Join Waitlist and Sign In, and sends signed-in owners to the dashboard', async () => {
    const { page } = browser;
    await page.goto(`${webUrl}/`);
    await expectPage.visible(page.getByRole('link', { name: 'Join Waitlist' }).or(page.getByRole('button', { name: 'Join Waitlist' })));
    await signInToDashboard(browser.page, webUrl, demoAccount);
    await page.goto(`${webUrl}/`);
    await page.waitForURL(/\/dashboard\/assistants$/);
  });
});
