/**
 * The browser tests' `test` and `expect`: Playwright Test with fixtures for the pages a test opens.
 *   newPage(options?)                  a fresh context (own storage), Korean browser, 1280×800
 *   signedInPage(account, options?)    the same, with `account`'s session stored before the app starts
 *   themedPage(lang, theme, seed?)     for screenshots and axe: language and theme stored, reduced motion,
 *                                      CSP bypassed (axe-core is injected as a script tag)
 * Every context a test opens is closed after it; Playwright keeps a trace and a screenshot of each of them
 * when the test fails (playwright.config.ts).
 */
import { test as base, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { BASE_URL, seedStorage, sessionOf, type Account } from './app';

export { expect } from '@playwright/test';

export interface Pages {
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  signedInPage: (account: Account, options?: BrowserContextOptions) => Promise<Page>;
  themedPage: (lang: string, theme: string, seed?: Record<string, string>) => Promise<Page>;
}

export const test = base.extend<Pages>({
  newPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({
        baseURL: BASE_URL,
        locale: 'ko-KR',
        viewport: { width: 1280, height: 800 },
        ...options,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.log(`    [pageerror] ${error.message}`));
      return page;
    });
    for (const context of contexts) await context.close().catch(() => undefined);
  },
  signedInPage: async ({ newPage }, use) => {
    await use(async (account, options) => {
      const page = await newPage(options);
      await seedStorage(page, sessionOf(account));
      return page;
    });
  },
  themedPage: async ({ newPage }, use) => {
    await use(async (lang, theme, seed = {}) => {
      const page = await newPage({ bypassCSP: true, reducedMotion: 'reduce' });
      await page.addInitScript(
        ([l, t]) => {
          localStorage.setItem('language', l!);
          localStorage.setItem('theme', t!);
        },
        [lang, theme],
      );
      if (Object.keys(seed).length) await seedStorage(page, seed);
      return page;
    });
  },
});
