import path from 'node:path';
import { animationsDone, seriousViolations, settle, THEMES } from '../axe';
import { furnish } from '../data';
import { SCREENSHOTS, createAccount, open, slug } from '../app';
import { expect, test } from '../test';
import { LANGS, ROUTE_CASES } from './routes';

// A test per language, so that the two workers share them (as one test it took two minutes at the suite's end).
for (const lang of LANGS) {
  test(`screenshots of every route in ${lang} × light/dark, each passing axe (no serious or critical issue)`, async ({ themedPage }) => {
    test.setTimeout(300_000);
    const account = await createAccount('스크린샷');
    // Every personal screen has data: likes, downloads, an upload, playlists with tracks.
    await furnish(account);
    const session = { ACCESS_TOKEN: account.token, USER_INFO: JSON.stringify(account.user) };
    const problems: string[] = [];
    for (const theme of THEMES) {
      const page = await themedPage(lang, theme, session);
      for (const route of ROUTE_CASES) {
        await open(page, route.path);
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.dataset.bsTheme), `${route.path} theme`).toEqual(theme);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `${lang}-${theme}-${slug(route.path) || 'home'}.png`),
          fullPage: true,
        });
        for (const violation of await seriousViolations(page)) problems.push(`${lang} ${theme} ${route.path}: ${violation}`);
      }
      await page.context().close();
    }
    expect(problems, 'axe serious/critical violations').toEqual([]);
  });
}

test('axe also passes signed out, with the modals open, and on a phone', async ({ newPage, themedPage }) => {
  test.setTimeout(360_000);
  const problems: string[] = [];
  for (const theme of THEMES) {
    const page = await themedPage('ko', theme);
    for (const route of ROUTE_CASES) {
      await open(page, route.path);
      await settle(page);
      for (const v of await seriousViolations(page)) problems.push(`signed out ${theme} ${route.path}: ${v}`);
    }
    await open(page, '/');
    await settle(page);
    for (const item of ['open-login', 'open-signup']) {
      await page.click('[data-testid="user-menu"] > button');
      await page.click(`[data-testid="${item}"]`);
      await page.locator('.modal.show').waitFor();
      await page.locator('.modal.show button[type="submit"]').click();
      await page.locator('[data-testid="auth-error"]').waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, `ko-${theme}-modal-${item}.png`) });
      for (const v of await seriousViolations(page)) problems.push(`${theme} ${item}: ${v}`);
      await page.keyboard.press('Escape');
      await page.locator('.modal.show').waitFor({ state: 'hidden' });
    }
    const phone = await newPage({ viewport: { width: 360, height: 740 }, isMobile: true, bypassCSP: true, reducedMotion: 'reduce' });
    await phone.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const route of ['/', '/plan', '/library']) {
      await open(phone, route);
      await settle(phone);
      await phone.screenshot({ path: path.join(SCREENSHOTS, `ko-${theme}-phone-${slug(route) || 'home'}.png`), fullPage: true });
      for (const v of await seriousViolations(phone)) problems.push(`phone ${theme} ${route}: ${v}`);
    }
    await phone.click('[data-testid="sidebar-toggle"]');
    await phone.locator('[role="dialog"][data-testid="sidebar"]').waitFor({ state: 'visible' });
    await animationsDone(phone);
    await phone.screenshot({ path: path.join(SCREENSHOTS, `ko-${theme}-phone-sidebar.png`) });
    for (const v of await seriousViolations(phone)) problems.push(`phone sidebar ${theme}: ${v}`);
  }
  expect(problems, 'axe serious/critical violations').toEqual([]);
});
