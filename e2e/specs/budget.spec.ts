import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { ROOT, open } from '../app';
import { expect, test } from '../test';

/** The web app's budget: the JavaScript / needs, gzip-compressed, at most 150 KB. */
const BUDGET_BYTES = 150 * 1024;
/** The library screen's: it may add 60 KB gzip to that (search, table, filters, the player). */
const LIBRARY_BUDGET_BYTES = BUDGET_BYTES + 60 * 1024;

/** Opens a path and sums the gzip size of every script it loaded until the network went quiet. */
export async function scriptBytes(page: Page, pathname: string): Promise<{ files: number; bytes: number }> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js') && response.request().resourceType() === 'script') scripts.add(url.pathname);
  });
  await open(page, pathname);
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  for (const file of scripts) bytes += gzipSync(readFileSync(path.join(ROOT, 'apps/web/dist', file)), { level: 9 }).length;
  return { files: scripts.size, bytes };
}

test('initial JavaScript for / stays within 150 KB gzip', async ({ newPage }) => {
  const { files, bytes } = await scriptBytes(await newPage(), '/');
  const kb = (bytes / 1024).toFixed(1);
  console.log(`    initial JS for /: ${files} files, ${kb} KB gzip (budget 150 KB)`);
  expect(bytes <= BUDGET_BYTES, `initial JS for / is ${kb} KB gzip, over the 150 KB budget`).toBeTruthy();
});

test('the library screen loads within the shell budget + 60 KB gzip (player code included)', async ({ newPage }) => {
  const page = await newPage();
  const { files, bytes } = await scriptBytes(page, '/library');
  await page.locator('[data-testid="track-row"]').first().waitFor();
  const kb = (bytes / 1024).toFixed(1);
  console.log(`    JS for /library: ${files} files, ${kb} KB gzip (budget 210 KB)`);
  expect(bytes <= LIBRARY_BUDGET_BYTES, `JS for /library is ${kb} KB gzip, over the 210 KB budget`).toBeTruthy();
});
