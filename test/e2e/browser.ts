import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, onTestFailed } from 'vitest';

/** Debian's Chromium (`.ci/run` installs it); Playwright cannot download browsers here. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const screenshotsDir = resolve(import.meta.dirname, '../../test-results/e2e');

/**
 * One browser per test file, a fresh context (cookies, storage) per test (and more on request, for
 * journeys of two people), and a full-page screenshot in test-results/e2e when a test fails.
 */
export function useBrowser(options: { args?: readonly string[] } = {}) {
  let browser: Browser;
  const state: { context?: BrowserContext; page?: Page; others: BrowserContext[] } = { others: [] };

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // A test's own flags (a fake microphone playing a file).
        ...(options.args ?? []),
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async (ctx) => {
    state.context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    state.page = await state.context.newPage();
    onTestFailed(async () => {
      mkdirSync(screenshotsDir, { recursive: true });
      const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      await state.page?.screenshot({ path: resolve(screenshotsDir, `${name}.png`), fullPage: true }).catch(() => undefined);
    });
  });
  afterEach(async () => {
    await Promise.all([state.context, ...state.others.splice(0)].map((context) => context?.close()));
  });

  return {
    get page(): Page {
      if (!state.page) throw new Error('No page: use it inside a test');
      return state.page;
    },
    /** A page in a second, separate context (another person at another computer), closed after the test. */
    async otherPage(): Promise<Page> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      state.others.push(context);
      return context.newPage();
    },
  };
}
