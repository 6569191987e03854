import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { siteBuildDir } from '../local/web-server.js';

/** Debian's Chromium, as for the e2e tests. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface FirstViewJs {
  /** Sum of the files' gzip sizes. */
  gzipBytes: number;
  /** Paths of the JavaScript files loaded, as the site serves them. */
  files: string[];
}

/**
 * The JavaScript a browser fetches to show a signed-in owner /dashboard/assistants with an empty cache
 * (the session already in local storage): the entry, the chunks it imports, the lazy routes and whatever
 * else loads before the page settles. Measured in Chromium against the production build, so no chunk is
 * left out of a hand-kept list when screens or the chunking change. Undefined without a build or a browser.
 */
export async function dashboardFirstViewJs(
  webUrl: string,
  owner: { email: string; password: string },
  siteDir = siteBuildDir,
): Promise<FirstViewJs | undefined> {
  if (!existsSync(resolve(siteDir, 'index.html')) || !existsSync(CHROMIUM)) return undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const signingIn = await browser.newContext();
    const page = await signingIn.newPage();
    await page.goto(`${webUrl}/auth`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard\/assistants$/);

    // A new context: the session (local storage) without the cached files.
    const returning = await browser.newContext({ storageState: await signingIn.storageState() });
    const view = await returning.newPage();
    const files = new Set<string>();
    view.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() === 'script' && url.origin === new URL(webUrl).origin) files.add(url.pathname);
    });
    await view.goto(`${webUrl}/dashboard/assistants`);
    await view.getByRole('heading', { name: 'AI Assistants' }).waitFor();
    await view.waitForLoadState('networkidle');
    const gzipBytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(resolve(siteDir, `.${file}`))).length, 0);
    return { gzipBytes, files: [...files].sort() };
  } finally {
    await browser.close();
  }
}
