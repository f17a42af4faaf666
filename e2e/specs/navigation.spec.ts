import { seriousViolations, THEMES } from '../axe';
import { FIXTURE_TRACKS, furnish, like, trackNamed } from '../data';
import { createAccount, open, tr } from '../app';
import { expect, test } from '../test';
import { LANGS, ROUTE_CASES } from './routes';
import { settledResults } from './ui';

test('every route shows its title, active nav item and sidebar rule (ko, en, ja)', async ({ newPage }) => {
  test.setTimeout(240_000);
  for (const lang of LANGS) {
    const page = await newPage();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    for (const route of ROUTE_CASES) {
      await open(page, route.path);
      const title = page.locator('[data-testid="page-title"]');
      await title.waitFor({ timeout: 10_000 });
      await expect(title, `${lang} ${route.path} title`).toHaveText(tr(lang, route.title), { useInnerText: true });
      const current = await page
        .locator('header [aria-current="page"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
      expect(current, `${lang} ${route.path} active nav`).toEqual(route.nav ? [`nav-${route.nav}`] : []);
      await expect(page.locator('[data-testid="sidebar"]'), `${lang} ${route.path} sidebar`).toBeVisible({ visible: route.sidebar });
      expect(await page.evaluate(() => document.documentElement.lang), `${lang} ${route.path} html lang`).toEqual(lang);
    }
  }
});

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
    await expect(page.locator(`[data-testid="${id}"]`), `${id} marked current`).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[data-testid="nav-search"]'), `${path} library active`).toHaveAttribute('aria-current', 'page');
  }
  await page.click('[data-testid="nav-plan"]');
  await page.waitForURL('**/plan');
  // The router commits a navigation once the next screen's code is there, just after the URL changes.
  await expect(page.locator('[data-testid="sidebar"]'), 'no sidebar on /plan').toHaveCount(0);
  await page.click('[data-testid="nav-home"]');
  await page.waitForURL((url) => url.pathname === '/');
  expect(await page.evaluate(() => (window as unknown as { __spa?: boolean }).__spa === true), 'no full reload').toBeTruthy();
});

test("an address that is no screen: a 404 from the server, the not-found screen in the visitor's language, and its way home", async ({
  newPage,
}) => {
  const page = await newPage({ locale: 'en-US' });
  for (const address of ['/no-such-page', '/library/old-charts', '/index.html']) {
    const response = await page.goto(address, { waitUntil: 'domcontentloaded' });
    expect(response?.status(), address).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), address).toHaveText(tr('en', 'notFound.title'));
  }
  await page.getByRole('link', { name: tr('en', 'notFound.home') }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  // The screens keep 200, spelt as the router takes them.
  for (const address of ['/library/', '/Plan', '/playlist/12?sort=title']) {
    const response = await page.goto(address, { waitUntil: 'domcontentloaded' });
    expect(response?.status(), address).toBe(200);
  }
});

test("a non-integer playlist id shows 'invalid playlist'", async ({ newPage }) => {
  const page = await newPage();
  for (const id of ['abc', '1.5', '12x']) {
    await open(page, `/playlist/${id}`);
    await page.locator('[data-testid="invalid-playlist"]').waitFor();
    await expect(page.locator('[data-testid="invalid-playlist"]'), `invalid text for ${id}`).toContainText(
      tr('ko', 'playlistDetail.invalid'),
      { useInnerText: true },
    );
  }
  await open(page, '/playlist/12');
  await expect(page.locator('[data-testid="invalid-playlist"]'), 'an integer id is valid').toHaveCount(0);
});

test('phones (360 px): sidebar folds into a panel, the nav into a menu, nothing scrolls sideways', async ({ newPage }) => {
  const page = await newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  for (const route of ROUTE_CASES) {
    await open(page, route.path);
    await page.locator('[data-testid="page-title"]').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `${route.path} overflows by ${overflow}px at 360px`).toBeTruthy();
    await expect(page.locator('[data-testid="sidebar"]'), `${route.path} sidebar folded`).toBeHidden();
    await expect(page.locator('[data-testid="sidebar-toggle"]'), `${route.path} sidebar toggle`).toBeVisible({ visible: route.sidebar });
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

test('phone screens (360×740, ko/en/ja, both themes): a readable search box, titles over the row, badges kept, texts for a stacked touch screen; axe clean', async ({
  signedInPage,
  themedPage,
}) => {
  // Six pages (three languages, two themes), each with axe: about 40 s on a quiet machine.
  test.setTimeout(300_000);
  const account = await createAccount('전화');
  await furnish(account);
  const failures: string[] = [];
  for (const lang of LANGS) {
    for (const theme of THEMES) {
      const page = await themedPage(lang, theme, { ACCESS_TOKEN: account.token, USER_INFO: JSON.stringify(account.user) });
      await page.setViewportSize({ width: 360, height: 740 });
      const where = `${lang}/${theme}`;

      await open(page, '/library');
      await settledResults(page);
      // The search box keeps most of the row, and its placeholder fits inside it.
      const search = await page.locator('[data-testid="search-input"]').evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        const ctx2d = document.createElement('canvas').getContext('2d')!;
        ctx2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { width: el.getBoundingClientRect().width, text: ctx2d.measureText(el.placeholder).width, room };
      });
      expect(search.width >= 280, `${where}: search box ${Math.round(search.width)} px wide`).toBeTruthy();
      expect(
        search.text <= search.room,
        `${where}: placeholder ${Math.round(search.text)} px in ${Math.round(search.room)} px`,
      ).toBeTruthy();
      // Titles use the row: none is cut while it fits in two lines, and the title column is the widest.
      const titles = await page.locator('[data-testid="track-title"]').evaluateAll((els) =>
        els.map((el) => ({
          text: el.textContent ?? '',
          clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
          share: el.getBoundingClientRect().width / el.closest('tr')!.getBoundingClientRect().width,
        })),
      );
      const clipped = titles.filter((x) => x.clipped && x.text.length <= 40).map((x) => x.text);
      if (clipped.length) failures.push(`${where}: titles cut: ${clipped.join(', ')}`);
      expect(
        Math.min(...titles.map((x) => x.share)) >= 0.4,
        `${where}: title column ${Math.round(Math.min(...titles.map((x) => x.share)) * 100)}% of the row`,
      ).toBeTruthy();
      const wrapped = await page.locator('[data-testid="track-time"]').evaluateAll(
        (els) =>
          els.filter((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
          }).length,
      );
      expect(wrapped, `${where}: durations on one line`).toEqual(0);
      // The key and BPM columns make room for the title; the two ride under the artist instead.
      expect(await page.locator('[data-testid="track-bpm"]').first().isVisible(), `${where}: no BPM column`).toBe(false);
      const facts = await page
        .locator('[data-testid="track-row-facts"]')
        .evaluateAll((els) =>
          els.filter((el) => el.checkVisibility()).map((el) => el.querySelector('[aria-hidden="true"]')?.textContent ?? ''),
        );
      expect(facts.length, `${where}: key and BPM shown under the artist`).toBeGreaterThan(5);
      for (const line of facts) expect(line, `${where}: ${line}`).toMatch(/^(?:[A-G][♭♯]?m? · )?\d+(?:\.\d+)? BPM$/u);
      // With a track on, the player bar keeps room for its title beside previous / play / next.
      await page.locator('[data-testid="track-row"]').first().locator('[data-testid="track-time"]').click();
      const barTitle = page.locator('[data-testid="player-title"]');
      await barTitle.waitFor();
      // 149.86 px at 360 px in every language: the floor is 150 px to the nearest pixel. The first row is the
      // newest track, which another test's upload may have just made, so its title may be long and cut.
      const titleWidth = (await barTitle.boundingBox())!.width;
      expect(
        Math.round(titleWidth) >= 150 || (await barTitle.evaluate((el) => el.scrollWidth <= el.clientWidth)),
        `${where}: player title ${Math.round(titleWidth)} px`,
      ).toBeTruthy();
      await page.locator('[data-testid="player-next"]').waitFor();
      failures.push(...(await seriousViolations(page)).map((v) => `${where} /library: ${v}`));
      await page.locator('[data-testid="player-close"]').click();

      // The upload list: the 'private' badge stays whole beside a long artist text.
      await open(page, '/upload');
      await settledResults(page);
      const badge = page.locator('[data-testid="track-row"] .sori-badge-private').first();
      expect(await badge.isVisible(), `${where}: private badge visible`).toBeTruthy();
      const fits = await badge.evaluate((el) => {
        const cell = el.closest('td')!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right <= cell.right + 0.5 && el.scrollWidth <= el.clientWidth + 1;
      });
      expect(fits, `${where}: private badge whole inside its cell`).toBeTruthy();
      await expect(page.locator('[data-testid="dropzone-title"]'), `${where}: no 'drag here' on a phone`).toHaveText(
        tr(lang, 'phone.drop'),
        { useInnerText: true },
      );
      failures.push(...(await seriousViolations(page)).map((v) => `${where} /upload: ${v}`));

      // The playlist manager stacks its panes: the hint points up, not left.
      await open(page, '/playlist');
      await page.locator('[data-testid="manager-empty"]').waitFor();
      await expect(page.locator('[data-testid="manager-empty"] p'), `${where}: manager hint`).toHaveText(tr(lang, 'phone.selectBody'), {
        useInnerText: true,
      });
      failures.push(...(await seriousViolations(page)).map((v) => `${where} /playlist: ${v}`));
      await page.context().close();
    }
  }
  // At 1366 px the wide texts stay.
  const wide = await signedInPage(account, { viewport: { width: 1366, height: 800 } });
  await open(wide, '/playlist');
  await wide.locator('[data-testid="manager-empty"]').waitFor();
  await expect(wide.locator('[data-testid="manager-empty"] p'), 'wide manager hint').toHaveText(tr('ko', 'playlists.selectBody'), {
    useInnerText: true,
  });
  await open(wide, '/upload');
  await expect(wide.locator('[data-testid="dropzone-title"]'), "wide: 'drag here'").toHaveText(tr('ko', 'upload.drop'), {
    useInnerText: true,
  });
  expect(failures, 'phone screens').toEqual([]);
});

test('phones (360 px): a list of liked tracks in English keeps its sort within the screen', async ({ signedInPage }) => {
  // "Sort by" with "Recently added" and "Descending" was 366 px wide: the page scrolled sideways.
  const account = await createAccount();
  await like(account, (await trackNamed(FIXTURE_TRACKS[0]!.title)).id);
  const page = await signedInPage(account, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await open(page, '/favorite');
  await settledResults(page);
  await expect(page.locator('[data-testid="sort-field"]')).toHaveValue('id');
  await expect(page.locator('[data-testid="sort-field"] option:checked')).toHaveText(tr('en', 'sort.added'));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
  for (const id of ['sort-field', 'sort-dir']) {
    const box = (await page.locator(`[data-testid="${id}"]`).boundingBox())!;
    expect(box.x + box.width, `${id} ends within the screen`).toBeLessThanOrEqual(360);
  }
  // The label is still the field's name for a screen reader.
  await expect(page.locator('[data-testid="sort-field"]')).toHaveAccessibleName(tr('en', 'sort.label'));
});
