import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, expectTrue, open, test } from '../harness';

/** Issue 4's budget: the JavaScript / needs, gzip-compressed, at most 150 KB. */
const BUDGET_BYTES = 150 * 1024;

test('initial JavaScript for / stays within 150 KB gzip', async ({ newPage }) => {
  const page = await newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js') && response.request().resourceType() === 'script') scripts.add(url.pathname);
  });
  await open(page, '/');
  await page.waitForLoadState('networkidle');
  let total = 0;
  for (const pathname of scripts) {
    total += gzipSync(readFileSync(path.join(ROOT, 'apps/web/dist', pathname)), { level: 9 }).length;
  }
  const kb = (total / 1024).toFixed(1);
  console.log(`    initial JS for /: ${scripts.size} files, ${kb} KB gzip (budget 150 KB)`);
  expectTrue(total <= BUDGET_BYTES, `initial JS for / is ${kb} KB gzip, over the 150 KB budget`);
});
