import type { Page } from 'playwright-core';
import { eventually, expectEqual, expectTrue, open, storage, test, tr } from '../harness';

const htmlAttr = (page: Page, name: string) => page.evaluate((n) => document.documentElement.getAttribute(n), name);

async function choose(page: Page, menu: 'language-menu' | 'theme-menu', item: string) {
  await page.click(`[data-testid="${menu}"] > button`);
  await page.click(`[data-testid="${item}"]`);
}

test('language: the dropdown switches the whole app, <html lang> follows, the choice survives a reload', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/library');
  expectEqual(await htmlAttr(page, 'lang'), 'ko', 'Korean browser starts in Korean');
  expectEqual(await page.locator('[data-testid="nav-search"]').innerText(), tr('ko', 'nav.library'), 'ko nav');

  for (const lang of ['en', 'ja', 'ko'] as const) {
    await choose(page, 'language-menu', `language-${lang}`);
    await eventually(() => htmlAttr(page, 'lang'), lang, `${lang} html lang`);
    await eventually(() => page.locator('[data-testid="page-title"]').innerText(), tr(lang, 'library.title'), `${lang} title`);
    expectEqual(await page.locator('[data-testid="nav-home"]').innerText(), tr(lang, 'nav.home'), `${lang} nav`);
    expectEqual(await storage(page, 'language'), lang, `${lang} stored`);
  }
  await choose(page, 'language-menu', 'language-ja');
  await eventually(() => htmlAttr(page, 'lang'), 'ja', 'ja chosen');
  await page.reload();
  await page.locator('[data-testid="nav-home"]').waitFor();
  expectEqual(await htmlAttr(page, 'lang'), 'ja', 'ja after reload');
  expectEqual(await page.locator('[data-testid="page-title"]').innerText(), tr('ja', 'library.title'), 'ja title after reload');
});

test('language detection: stored choice, then browser language (ko/ja/en, else en)', async ({ newPage }) => {
  for (const [locale, expected] of [
    ['ko-KR', 'ko'],
    ['ja-JP', 'ja'],
    ['en-GB', 'en'],
    ['fr-FR', 'en'],
  ] as const) {
    const page = await newPage({ locale });
    await open(page, '/');
    expectEqual(await htmlAttr(page, 'lang'), expected, `browser ${locale}`);
    expectEqual(await storage(page, 'language'), expected, `${locale} cached as the preference`);
  }
  const stored = await newPage({ locale: 'en-US' });
  await stored.addInitScript(() => localStorage.setItem('language', 'ja'));
  await open(stored, '/');
  expectEqual(await htmlAttr(stored, 'lang'), 'ja', 'stored beats browser');

  const invalid = await newPage({ locale: 'ko-KR' });
  await invalid.addInitScript(() => localStorage.setItem('language', 'klingon'));
  await open(invalid, '/');
  expectEqual(await htmlAttr(invalid, 'lang'), 'ko', 'an invalid stored value is ignored');
});

test('a broken or missing translation file falls back to English and never blanks the app', async ({ newPage }) => {
  for (const breakIt of ['invalid-json', 'not-found'] as const) {
    const page = await newPage({ locale: 'ja-JP' });
    await page.route('**/locales/ja/translation.json', (route) =>
      breakIt === 'not-found'
        ? route.fulfill({ status: 404, body: 'missing' })
        : route.fulfill({ status: 200, contentType: 'application/json', body: '{"nav": {"home": "ホー' }),
    );
    await open(page, '/');
    expectEqual(await page.locator('[data-testid="nav-home"]').innerText(), tr('en', 'nav.home'), `${breakIt}: English nav`);
    expectEqual(await page.locator('[data-testid="page-title"]').innerText(), tr('en', 'home.title'), `${breakIt}: English title`);
    expectEqual(await htmlAttr(page, 'lang'), 'en', `${breakIt}: lang says what is shown`);
  }
});

test('theme: dark by default, chosen theme stored and applied, present before any script runs', async ({ newPage }) => {
  const page = await newPage({ colorScheme: 'light' });
  await open(page, '/');
  expectEqual(await htmlAttr(page, 'data-bs-theme'), 'dark', 'dark by default even on a light system');

  await choose(page, 'theme-menu', 'theme-light');
  await eventually(() => htmlAttr(page, 'data-bs-theme'), 'light', 'light applied');
  expectEqual(await storage(page, 'theme'), 'light', 'light stored');

  // The attribute as it was when <body> was first parsed, i.e. before any paint.
  // A plain string: functions passed to the page must not carry helpers injected by the TS transpiler.
  await page.addInitScript(`
    new MutationObserver(function (records, observer) {
      if (!document.body) return;
      window.__themeAtBody = document.documentElement.getAttribute('data-bs-theme');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  `);
  await page.reload();
  await page.locator('[data-testid="nav-home"]').waitFor();
  expectEqual(
    await page.evaluate(() => (window as unknown as { __themeAtBody?: string | null }).__themeAtBody),
    'light',
    'theme set when <body> appears',
  );
  const themedAtStart = await page.evaluate(() => {
    const html = document.documentElement.outerHTML;
    return html.indexOf('data-bs-theme') < html.indexOf('<body');
  });
  expectTrue(themedAtStart, 'attribute lives on <html>');
});

test('theme: with all JavaScript bundles blocked, the stored theme still paints (no flash)', async ({ newPage }) => {
  for (const theme of ['light', 'dark'] as const) {
    const page = await newPage({ colorScheme: theme === 'light' ? 'dark' : 'light' });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/', { waitUntil: 'load' });
    expectEqual(await htmlAttr(page, 'data-bs-theme'), theme, `${theme} set by the inline script alone`);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const expected = theme === 'light' ? 'rgb(251, 249, 248)' : 'rgb(14, 13, 17)';
    expectEqual(background, expected, `${theme} page background at first paint`);
  }
});

test('theme: auto follows the system setting live', async ({ newPage }) => {
  const page = await newPage({ colorScheme: 'dark' });
  await open(page, '/plan');
  await choose(page, 'theme-menu', 'theme-auto');
  expectEqual(await storage(page, 'theme'), 'auto', 'auto stored');
  await eventually(() => htmlAttr(page, 'data-bs-theme'), 'dark', 'auto on a dark system');
  await page.emulateMedia({ colorScheme: 'light' });
  await eventually(() => htmlAttr(page, 'data-bs-theme'), 'light', 'system turned light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await eventually(() => htmlAttr(page, 'data-bs-theme'), 'dark', 'system turned dark again');
  await page.reload();
  await page.locator('[data-testid="nav-home"]').waitFor();
  expectEqual(await htmlAttr(page, 'data-bs-theme'), 'dark', 'auto kept after reload');
});
