import { type APIRequestContext, test as base, type Page } from '@playwright/test';
import type { DemoAccount } from './accounts.ts';
import { sessionFile, sessionToken } from './sessions.ts';

export { expect } from '@playwright/test';

interface Fixtures {
  /** The demo account the test's browser starts signed in as (its saved session); none by default. */
  account: DemoAccount | undefined;
  /** The API as a demo account, to set a test's data up without the screens. */
  apiAs: (account: DemoAccount) => Promise<APIRequestContext>;
  /** A second browser, signed in as a demo account (or signed out), beside the test's own page. */
  pageAs: (account: DemoAccount | undefined) => Promise<Page>;
}

/**
 * Playwright's `test`, with the browser signed in as `test.use({ account })` says, and the API at
 * hand as any demo account. Tests make their own records (unique names) or only read the seed,
 * so that they can run in any order, side by side.
 */
export const test = base.extend<Fixtures>({
  account: [undefined, { option: true }],
  /**
   * The page, whose `goto` also waits until the app has taken the page over (`data-app="ready"`,
   * main.tsx): a prerendered screen (decision 0010) is painted before the app's code runs, and a
   * click on it meanwhile does nothing. A `goto` given its own `waitUntil` returns at that point
   * (a test of the page before the app takes over).
   */
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil === undefined)
        await page.waitForFunction(
          () => document.getElementById('root') === null || document.documentElement.dataset.app === 'ready',
        );
      return response;
    };
    await use(page);
  },
  storageState: async ({ account }, use) => {
    await use(account ? sessionFile(account) : undefined);
  },
  apiAs: async ({ playwright, baseURL }, use) => {
    const opened: APIRequestContext[] = [];
    await use(async (account) => {
      const api = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { authorization: `Bearer ${sessionToken(account)}` },
      });
      opened.push(api);
      return api;
    });
    await Promise.all(opened.map((api) => api.dispose()));
  },
  pageAs: async ({ browser, baseURL }, use) => {
    const opened: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (account) => {
      const context = await browser.newContext({
        baseURL,
        storageState: account ? sessionFile(account) : undefined,
      });
      opened.push(context);
      return context.newPage();
    });
    await Promise.all(opened.map((context) => context.close()));
  },
});
