/**
 * A small browser-test harness over playwright-core: one Chromium for the whole run, a fresh context per
 * test, tests run one after another, and a plain summary. The runner (scripts/e2e.mjs) starts the server
 * and passes its address in E2E_BASE_URL.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PARTICLE_FORMATS, particle } from '../apps/web/src/i18n/grammar';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/u, '');
export const ROOT = path.resolve(import.meta.dirname, '..');
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');
export const SCREENSHOTS = path.join(ARTIFACTS, 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type TestFn = (ctx: TestContext) => Promise<void>;
interface Registered {
  name: string;
  fn: TestFn;
  timeoutMs: number;
}
const tests: Registered[] = [];

export function test(name: string, fn: TestFn, timeoutMs = 60_000): void {
  tests.push({ name, fn, timeoutMs });
}

export interface TestContext {
  browser: Browser;
  /** A new isolated context (fresh storage) with Korean as the browser language unless told otherwise. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
}

let browser: Browser | null = null;

/** Playwright gives every launch a fresh, temporary user-data-dir of its own and deletes it on close. */
async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface Summary {
  passed: number;
  failed: number;
  failures: { name: string; error: string }[];
}

export async function runAll(filter?: string): Promise<Summary> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launch();
  const summary: Summary = { passed: 0, failed: 0, failures: [] };
  const selected = filter ? tests.filter((t) => t.name.includes(filter)) : tests;
  for (const t of selected) {
    const contexts: BrowserContext[] = [];
    const ctx: TestContext = {
      browser,
      newPage: async (options = {}) => {
        const context = await browser!.newContext({
          baseURL: BASE_URL,
          locale: 'ko-KR',
          viewport: { width: 1280, height: 800 },
          ...options,
        });
        contexts.push(context);
        const page = await context.newPage();
        page.on('pageerror', (error) => console.log(`    [pageerror] ${error.message}`));
        return page;
      },
    };
    const started = Date.now();
    try {
      await withTimeout(t.fn(ctx), t.timeoutMs, t.name);
      summary.passed++;
      console.log(`  ✓ ${t.name} (${Date.now() - started} ms)`);
    } catch (error) {
      summary.failed++;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      summary.failures.push({ name: t.name, error: message });
      console.log(`  ✗ ${t.name} (${Date.now() - started} ms)\n${indent(message)}`);
      const page = contexts.at(-1)?.pages().at(-1);
      if (page) {
        await page
          .screenshot({ path: path.join(ARTIFACTS, `failure-${slug(t.name)}.png`), fullPage: true })
          .catch(() => undefined);
      }
    } finally {
      for (const context of contexts) await context.close().catch(() => undefined);
    }
  }
  await browser.close();
  return summary;
}

function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${name}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const indent = (text: string) =>
  text
    .split('\n')
    .slice(0, 12)
    .map((line) => `      ${line}`)
    .join('\n');

export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/gu, '-').replace(/^-|-$/gu, '');

// ---- Assertions ------------------------------------------------------------------------------------

export function expectEqual<T>(actual: T, expected: T, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

export function expectTrue(condition: unknown, what: string): void {
  if (!condition) throw new Error(what);
}

/** Polls until `read` returns `expected` (as JSON) or the time runs out. */
export async function eventually<T>(read: () => Promise<T>, expected: T, what: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < until) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: expected ${JSON.stringify(expected)}, last saw ${JSON.stringify(last)}`);
}

// ---- App helpers -----------------------------------------------------------------------------------

export type Lang = 'ko' | 'en' | 'ja';

export function translations(lang: Lang): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(ROOT, 'apps/web/public/locales', lang, 'translation.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** A translation text by dotted key, read from the same files the app serves. */
export function tr(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  let node: unknown = translations(lang);
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no ${lang} text for ${key}`);
  // `{{title, eul}}` is a Korean particle chosen by the value's last sound, as the app's formats do.
  return node.replace(/\{\{(\w+)(?:,\s*(\w+))?\}\}/gu, (_, name: string, format?: string) =>
    format ? koreanParticle(String(vars[name] ?? ''), format) : String(vars[name] ?? ''),
  );
}

function koreanParticle(word: string, format: string): string {
  const pair = PARTICLE_FORMATS[format];
  if (!pair) throw new Error(`unknown translation format ${format}`);
  return particle(word, pair);
}

/** Opens a path and waits until the app has rendered its shell (translations loaded, nav shown). */
export async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname, { waitUntil: 'domcontentloaded' });
  // The brand is visible at every width once the translations have loaded and the shell rendered.
  await page.locator('header .navbar-brand').waitFor({ state: 'visible', timeout: 15_000 });
}

/** Stores the session the way the app does, before the app starts. */
export async function seedStorage(page: Page, values: Record<string, string>): Promise<void> {
  await page.addInitScript((entries) => {
    // Only on the first document of the test: later reloads must see what the app itself stored.
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

let counter = 0;
export function uniqueEmail(): string {
  counter += 1;
  return `e2e-${Date.now().toString(36)}-${counter}@example.com`;
}

export interface Account {
  email: string;
  password: string;
  name: string;
  phone: string;
  token: string;
  user: { id: number; nick: string; level: number };
}

/** Creates an account through the API (for tests whose subject is not signup itself). */
export async function createAccount(name = '테스트'): Promise<Account> {
  const email = uniqueEmail();
  const password = 'sori-pass-1';
  const phone = '010-1234-5678';
  const signup = await fetch(`${BASE_URL}/api/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, confirmPassword: password, name, phone }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
  const signin = await fetch(`${BASE_URL}/api/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signin.ok) throw new Error(`signin answered ${signin.status}: ${await signin.text()}`);
  const { body } = (await signin.json()) as { body: { token: string; user: Account['user'] } };
  return { email, password, name, phone, token: body.token, user: body.user };
}

/** Opens a page already signed in as `account`. */
export async function signedInPage(ctx: TestContext, account: Account, options?: BrowserContextOptions): Promise<Page> {
  const page = await ctx.newPage(options);
  await seedStorage(page, { ACCESS_TOKEN: account.token, USER_INFO: JSON.stringify(account.user) });
  return page;
}

export async function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}
