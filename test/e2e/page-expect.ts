import type { Locator } from 'playwright-core';

/** playwright-core has no test runner assertions; these wait like Playwright's `expect`. */
export const expect = {
  async visible(locator: Locator, timeout = 15_000): Promise<void> {
    await locator.first().waitFor({ state: 'visible', timeout });
  },
  async hidden(locator: Locator, timeout = 15_000): Promise<void> {
    await locator.first().waitFor({ state: 'hidden', timeout });
  },
};
