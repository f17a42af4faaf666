/**
 * Browser tests (e2e/specs) on Playwright Test, driving Debian's Chromium (never a downloaded browser)
 * against the real built web app and the real server, which e2e/global-setup.ts starts on a free port with
 * a temporary DATA_DIR holding the fixture catalogue.
 *   npx playwright test                      everything          npx playwright test -g theme   by name
 *   npx playwright test e2e/specs/search.spec.ts                  one file
 * Failures keep a screenshot and the page's snapshot under test-artifacts/results/; with E2E_TRACE=1 a trace too
 * (npx playwright show-trace <zip>).
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

export default defineConfig({
  testDir: 'e2e/specs',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-artifacts/results',
  // Tests create their own accounts and data; two workers (one per core) share the one server.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  // The tests that walk every screen through axe in three languages and two themes set their own, longer
  // timeouts. They are room for a slow machine, not budgets: on 2026-11-27's CI machine one of them took 1.4
  // min alone and more than 2.5 min beside the other worker, past the 150 s it had. Every other test has 2
  // min: on that machine, with an analysis benchmark running beside the suite, two ran past 1 min (the list
  // loads in actions.spec.ts and pagination in search.spec.ts) while nothing in them had failed; alone they
  // take 43 s and 53 s there.
  timeout: 120_000,
  // 10 s, not 5: on 2026-11-27's CI machine a playlist page took longer than 5 s to list beside the other worker.
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    locale: 'ko-KR',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A trace (screencast, DOM snapshots of every action) is recorded only when asked for (E2E_TRACE=1, or
    // --trace on): recording it for every test and keeping it for the failed ones cost a third of the suite's
    // time (navigation.spec and auth.spec, two workers, on 2026-12-07's two-core machine: 223 s with it, 147 s
    // without). A failed test keeps its screenshot and its page's snapshot (error-context.md) either way.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
});
