/** Reading and driving the track screens in the browser tests. */
import type { Page, Request } from '@playwright/test';
import { expect } from '../test';

/** Waits until a track list has settled (loaded, not showing the previous page while fetching). */
export async function settledResults(page: Page): Promise<void> {
  await page
    .locator('[data-testid="results"]:not(.is-updating), [data-testid="empty-state"], [data-testid="list-error"]')
    .first()
    .waitFor();
}

/** The total the screen reports ('132곡', '132 tracks'). */
export async function resultCount(page: Page): Promise<number> {
  await settledResults(page);
  if ((await page.locator('[data-testid="empty-state"]').count()) > 0) return 0;
  const text = await page.locator('[data-testid="result-count"]').innerText();
  return Number(/\d+/u.exec(text.replace(/,/gu, ''))?.[0] ?? NaN);
}

export async function waitForCount(page: Page, expected: number, what: string): Promise<void> {
  await expect.poll(() => resultCount(page), { message: what, timeout: 8000 }).toEqual(expected);
}

export async function rowTitles(page: Page): Promise<string[]> {
  await settledResults(page);
  return page.locator('[data-testid="track-row"] [data-testid="track-title"]').allInnerTexts();
}

/** Column values of every row on screen (key, bpm, time). */
export async function column(page: Page, name: 'track-key' | 'track-bpm' | 'track-time'): Promise<string[]> {
  await settledResults(page);
  // The key cell holds the symbol shown and, for screen readers, its name in words: the symbol is what is read here.
  const cell =
    name === 'track-key'
      ? `[data-testid="${name}"] [data-testid="track-key-shown"], [data-testid="${name}"]:not(:has(span))`
      : `[data-testid="${name}"]`;
  return page.locator(`[data-testid="track-row"] ${cell}`).allInnerTexts();
}

export function row(page: Page, title: string) {
  return page.locator('[data-testid="track-row"]', { has: page.locator('[data-testid="track-title"]', { hasText: title }) });
}

/** The numbered part of the pager as text: '1 2 3 4 5 … 7'. */
export async function pagerText(page: Page): Promise<string> {
  const items = await page
    .locator('[data-testid="pagination"] [data-testid="page-number"], [data-testid="pagination"] [data-testid="page-gap"]')
    .allInnerTexts();
  return items.map((s) => s.trim()).join(' ');
}

export interface Recorded {
  url: URL;
  at: number;
  method: string;
}

/** Records API requests whose path starts with `prefix`, with the time they were sent. */
export function recordRequests(page: Page, prefix: string): Recorded[] {
  const seen: Recorded[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(prefix)) seen.push({ url, at: Date.now(), method: request.method() });
  });
  return seen;
}

/** The page's own URL query as an object of arrays. */
export function query(page: Page): Record<string, string[]> {
  const params = new URL(page.url()).searchParams;
  const out: Record<string, string[]> = {};
  for (const [k, v] of params) (out[k] ??= []).push(v);
  return out;
}

/** Opens one of the filter dropdowns of the advanced form (or of the compact bar). */
export async function openFilter(page: Page, name: 'genre' | 'speed' | 'moods' | 'keybpm', bar: 'filter' | 'compact' = 'filter') {
  const root = page.locator(`[data-testid="${bar}-${name}"]`);
  const toggle = root.locator(':scope > button');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return root.locator('[role="group"]').first();
}

export async function closeFilters(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
}
