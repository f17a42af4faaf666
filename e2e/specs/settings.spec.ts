import type { Page } from '@playwright/test';
import { open, storage, tr } from '../app';
import { expect, test } from '../test';

const htmlAttr = (page: Page, name: string) => page.evaluate((n) => document.documentElement.getAttribute(n), name);

async function choose(page: Page, menu: 'language-menu' | 'theme-menu', item: string) {
  await page.click(`[data-testid="${menu}"] > button`);
  await page.click(`[data-testid="${item}"]`);
}

test('language: the dropdown switches the whole app, <html lang> follows, the choice survives a reload', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/library');
  expect(await htmlAttr(page, 'lang'), 'Korean browser starts in Korean').toEqual('ko');
  await expect(page.locator('[data-testid="nav-search"]'), 'ko nav').toHaveText(tr('ko', 'nav.library'), { useInnerText: true });

  for (const lang of ['en', 'ja', 'ko'] as const) {
    await choose(page, 'language-menu', `language-${lang}`);
    await expect.poll(() => htmlAttr(page, 'lang'), { message: `${lang} html lang` }).toEqual(lang);
    await expect(page.locator('[data-testid="page-title"]'), `${lang} title`).toHaveText(tr(lang, 'library.title'), { useInnerText: true });
    await expect(page.locator('[data-testid="nav-home"]'), `${lang} nav`).toHaveText(tr(lang, 'nav.home'), { useInnerText: true });
    expect(await storage(page, 'language'), `${lang} stored`).toEqual(lang);
  }
  await choose(page, 'language-menu', 'language-ja');
  await expect.poll(() => htmlAttr(page, 'lang'), { message: 'ja chosen' }).toEqual('ja');
  await page.reload();
  await page.locator('[data-testid="nav-home"]').waitFor();
  expect(await htmlAttr(page, 'lang'), 'ja after reload').toEqual('ja');
  await expect(page.locator('[data-testid="page-title"]'), 'ja title after reload').toHaveText(tr('ja', 'library.title'), {
    useInnerText: true,
  });
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
    expect(await htmlAttr(page, 'lang'), `browser ${locale}`).toEqual(expected);
    expect(await storage(page, 'language'), `${locale} cached as the preference`).toEqual(expected);
  }
  const stored = await newPage({ locale: 'en-US' });
  await stored.addInitScript(() => localStorage.setItem('language', 'ja'));
  await open(stored, '/');
  expect(await htmlAttr(stored, 'lang'), 'stored beats browser').toEqual('ja');

  const invalid = await newPage({ locale: 'ko-KR' });
  await invalid.addInitScript(() => localStorage.setItem('language', 'klingon'));
  await open(invalid, '/');
  expect(await htmlAttr(invalid, 'lang'), 'an invalid stored value is ignored').toEqual('ko');
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
    await expect(page.locator('[data-testid="nav-home"]'), `${breakIt}: English nav`).toHaveText(tr('en', 'nav.home'), {
      useInnerText: true,
    });
    await expect(page.locator('[data-testid="page-title"]'), `${breakIt}: English title`).toHaveText(tr('en', 'home.title'), {
      useInnerText: true,
    });
    expect(await htmlAttr(page, 'lang'), `${breakIt}: lang says what is shown`).toEqual('en');
  }
});

test('theme: dark by default, chosen theme stored and applied, present before any script runs', async ({ newPage }) => {
  const page = await newPage({ colorScheme: 'light' });
  await open(page, '/');
  expect(await htmlAttr(page, 'data-bs-theme'), 'dark by default even on a light system').toEqual('dark');

  await choose(page, 'theme-menu', 'theme-light');
  await expect.poll(() => htmlAttr(page, 'data-bs-theme'), { message: 'light applied' }).toEqual('light');
  expect(await storage(page, 'theme'), 'light stored').toEqual('light');

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
  expect(
    await page.evaluate(() => (window as unknown as { __themeAtBody?: string | null }).__themeAtBody),
    'theme set when <body> appears',
  ).toEqual('light');
  const themedAtStart = await page.evaluate(() => {
    const html = document.documentElement.outerHTML;
    return html.indexOf('data-bs-theme') < html.indexOf('<body');
  });
  expect(themedAtStart, 'attribute lives on <html>').toBeTruthy();
});

test('theme: with all JavaScript bundles blocked, the stored theme still paints (no flash)', async ({ newPage }) => {
  for (const theme of ['light', 'dark'] as const) {
    const page = await newPage({ colorScheme: theme === 'light' ? 'dark' : 'light' });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/', { waitUntil: 'load' });
    expect(await htmlAttr(page, 'data-bs-theme'), `${theme} set by the inline script alone`).toEqual(theme);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const expected = theme === 'light' ? 'rgb(251, 249, 248)' : 'rgb(14, 13, 17)';
    expect(background, `${theme} page background at first paint`).toEqual(expected);
  }
});

test('theme: auto follows the system setting live', async ({ newPage }) => {
  const page = await newPage({ colorScheme: 'dark' });
  await open(page, '/plan');
  await choose(page, 'theme-menu', 'theme-auto');
  expect(await storage(page, 'theme'), 'auto stored').toEqual('auto');
  await expect.poll(() => htmlAttr(page, 'data-bs-theme'), { message: 'auto on a dark system' }).toEqual('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => htmlAttr(page, 'data-bs-theme'), { message: 'system turned light' }).toEqual('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => htmlAttr(page, 'data-bs-theme'), { message: 'system turned dark again' }).toEqual('dark');
  await page.reload();
  await page.locator('[data-testid="nav-home"]').waitFor();
  expect(await htmlAttr(page, 'data-bs-theme'), 'auto kept after reload').toEqual('dark');
});

test('header menus by keyboard: Enter opens onto the current choice, Escape closes and returns; on a phone Escape folds the menu', async ({
  newPage,
}) => {
  const page = await newPage();
  await open(page, '/library');
  const toggle = page.locator('[data-testid="language-menu"] > button');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('[data-testid="language-ko"]')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  // Opened with Enter and closed again before the focus left the toggle.
  await toggle.click();
  await toggle.focus();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  const phone = await newPage({ viewport: { width: 360, height: 740 } });
  await open(phone, '/library');
  const burger = phone.getByTestId('nav-toggle');
  await burger.focus();
  await phone.keyboard.press('Enter');
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  // A menu inside closes first and keeps the key; the next Escape folds the phone menu.
  const theme = phone.locator('[data-testid="theme-menu"] > button');
  await theme.focus();
  await phone.keyboard.press('Enter');
  await expect(theme).toHaveAttribute('aria-expanded', 'true');
  await phone.keyboard.press('Escape');
  await expect(theme).toHaveAttribute('aria-expanded', 'false');
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await phone.keyboard.press('Escape');
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(burger).toBeFocused();
});
