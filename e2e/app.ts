/**
 * What the browser tests share outside Playwright's fixtures: where things are, the app's translations,
 * opening a screen, and accounts made through the real API. The server's address comes from
 * e2e/global-setup.ts through E2E_BASE_URL (set before the workers start).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PARTICLE_FORMATS, particle } from '../apps/web/src/i18n/grammar';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/u, '');
export const ROOT = path.resolve(import.meta.dirname, '..');
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');
export const SCREENSHOTS = path.join(ARTIFACTS, 'screenshots');

export type Lang = 'ko' | 'en' | 'ja';

export function translations(lang: Lang): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(ROOT, 'apps/web/public/locales', lang, 'translation.json'), 'utf8')) as Record<string, unknown>;
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
/** Unique across workers too: the worker's process id is part of it. */
export function uniqueEmail(): string {
  counter += 1;
  return `e2e-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
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
    body: JSON.stringify({ email, password, confirmPassword: password, name, phone, agreeTerms: true, agreePrivacy: true }),
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

/** The session as the app stores it, for pages that start signed in. */
export function sessionOf(account: Account): Record<string, string> {
  return { ACCESS_TOKEN: account.token, USER_INFO: JSON.stringify(account.user) };
}

export async function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-|-$/gu, '');
