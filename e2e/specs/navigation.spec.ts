import { eventually, expectEqual, expectTrue, open, test, tr } from '../harness';
import { LANGS, ROUTE_CASES } from './routes';

test('every route shows its title, active nav item and sidebar rule (ko, en, ja)', async ({ newPage }) => {
  for (const lang of LANGS) {
    const page = await newPage();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    for (const route of ROUTE_CASES) {
      await open(page, route.path);
      const title = page.locator('[data-testid="page-title"]');
      await title.waitFor({ timeout: 10_000 });
      expectEqual(await title.innerText(), tr(lang, route.title), `${lang} ${route.path} title`);
      const current = await page
        .locator('header [aria-current="page"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
      expectEqual(current, route.nav ? [`nav-${route.nav}`] : [], `${lang} ${route.path} active nav`);
      expectEqual(await page.locator('[data-testid="sidebar"]').isVisible(), route.sidebar, `${lang} ${route.path} sidebar`);
      expectEqual(await page.evaluate(() => document.documentElement.lang), lang, `${lang} ${route.path} html lang`);
    }
  }
}, 120_000);

test('nav and sidebar links navigate inside the app and mark the current item', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/');
  // A marker on window proves the clicks below never reload the page.
  await page.evaluate(() => ((window as unknown as { __spa: boolean }).__spa = true));

  await page.click('[data-testid="nav-search"]');
  await page.waitForURL('**/library');
  for (const [id, path] of [
    ['side-favorite', '/favorite'],
    ['side-download', '/download'],
    ['side-upload', '/upload'],
    ['side-playlists', '/playlist'],
    ['side-library', '/library'],
  ] as const) {
    await page.click(`[data-testid="${id}"]`);
    await page.waitForURL(`**${path}`);
    await eventually(
      () => page.locator(`[data-testid="${id}"]`).getAttribute('aria-current'),
      'page',
      `${id} marked current`,
    );
    expectEqual(await page.locator('[data-testid="nav-search"]').getAttribute('aria-current'), 'page', `${path} library active`);
  }
  await page.click('[data-testid="nav-plan"]');
  await page.waitForURL('**/plan');
  // The router commits a navigation once the next screen's code is there, just after the URL changes.
  await eventually(() => page.locator('[data-testid="sidebar"]').count(), 0, 'no sidebar on /plan');
  await page.click('[data-testid="nav-home"]');
  await page.waitForURL((url) => url.pathname === '/');
  expectTrue(await page.evaluate(() => (window as unknown as { __spa?: boolean }).__spa === true), 'no full reload');
});

test("a non-integer playlist id shows 'invalid playlist'", async ({ newPage }) => {
  const page = await newPage();
  for (const id of ['abc', '1.5', '12x']) {
    await open(page, `/playlist/${id}`);
    await page.locator('[data-testid="invalid-playlist"]').waitFor();
    expectTrue(
      (await page.locator('[data-testid="invalid-playlist"]').innerText()).includes(tr('ko', 'playlistDetail.invalid')),
      `invalid text for ${id}`,
    );
  }
  await open(page, '/playlist/12');
  expectEqual(await page.locator('[data-testid="invalid-playlist"]').count(), 0, 'an integer id is valid');
});

test('phones (360 px): sidebar folds into a panel, the nav into a menu, nothing scrolls sideways', async ({ newPage }) => {
  const page = await newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  for (const route of ROUTE_CASES) {
    await open(page, route.path);
    await page.locator('[data-testid="page-title"]').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expectTrue(overflow <= 0, `${route.path} overflows by ${overflow}px at 360px`);
    expectEqual(await page.locator('[data-testid="sidebar"]').isVisible(), false, `${route.path} sidebar folded`);
    expectEqual(await page.locator('[data-testid="sidebar-toggle"]').isVisible(), route.sidebar, `${route.path} sidebar toggle`);
  }
  await open(page, '/library');
  await page.click('[data-testid="sidebar-toggle"]');
  // Below lg the sidebar opens as a dialog panel.
  const panel = page.locator('[role="dialog"][data-testid="sidebar"]');
  await panel.waitFor({ state: 'visible' });
  await panel.locator('[data-testid="side-favorite"]').click();
  await page.waitForURL('**/favorite');
  await panel.waitFor({ state: 'detached' });

  await page.click('[data-testid="nav-toggle"]');
  await page.locator('[data-testid="nav-plan"]').click();
  await page.waitForURL('**/plan');
  // The menu folds with its collapse transition, which ends after the navigation.
  await page.locator('[data-testid="nav-plan"]').waitFor({ state: 'hidden', timeout: 5000 });
});
