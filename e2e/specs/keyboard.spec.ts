import type { Page } from '@playwright/test';
import { keyLabel, spokenKeyLabel } from '@sori/contract';
import type { Music, Page as MusicPage } from '@sori/contract';
import { addToPlaylist, api, createPlaylist, SPECIAL, trackNamed, tracksByTitle } from '../data';
import { createAccount, open, tr } from '../app';
import { expect, test } from '../test';
import { settledResults } from './ui';

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

test('keyboard: removing tracks, sharing a playlist and removing filters leave the focus where the work goes on', async ({
  signedInPage,
}) => {
  const account = await createAccount('포커스');
  const list = await createPlaylist(account, '포커스 목록');
  for (const track of [...(await tracksByTitle()).values()].slice(0, 3)) await addToPlaylist(account, list.id, track.id);
  const page = await signedInPage(account);
  await open(page, `/playlist/${list.id}`);
  await settledResults(page);

  // Each removal puts the focus on the next row's remove button, so a list can be thinned from the keyboard;
  // the last one leaves it on the page's title.
  const rows = page.locator('[data-testid="track-row"]');
  await expect(rows).toHaveCount(3);
  const second = await rows.nth(1).getAttribute('data-track-id');
  await rows.nth(0).getByTestId('row-remove').focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(2);
  await expect(page.locator(`[data-testid="track-row"][data-track-id="${second}"] [data-testid="row-remove"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('row-remove')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(0);
  await expect.poll(() => focusedTestId(page)).toBe('page-title');

  // Making a share link moves the focus to copying it; closing the dialog returns it to the share button.
  await page.getByTestId('playlist-share').focus();
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('share-modal');
  await modal.getByTestId('share-create').focus();
  await page.keyboard.press('Enter');
  await expect(modal.getByTestId('share-copy')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('playlist-share')).toBeFocused();

  // A removed filter tag gives the focus to the tag that took its place; clearing them all, to the search box.
  await open(page, '/library?soundKey=A&bpmGte=80&bpmLte=140');
  await settledResults(page);
  const tags = page.getByTestId('filter-tag');
  await expect(tags).toHaveCount(2);
  await tags.first().locator('button').focus();
  await page.keyboard.press('Enter');
  await expect(tags).toHaveCount(1);
  await expect(tags.first().locator('button')).toBeFocused();
  await page.getByTestId('filter-clear').focus();
  await page.keyboard.press('Enter');
  await expect(tags).toHaveCount(0);
  await expect(page.getByTestId('search-input')).toBeFocused();
});

test('keyboard: the header links, the fields and the buttons show the same clear focus ring as every other control, in both themes', async ({
  themedPage,
}) => {
  for (const theme of ['light', 'dark']) {
    const page = await themedPage('en', theme);
    await open(page, '/library');
    let ring: { outline: string; className: string } | null = null;
    for (let i = 0; i < 8 && !ring; i++) {
      await page.keyboard.press('Tab');
      ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el?.classList.contains('nav-link')) return null;
        const style = getComputedStyle(el);
        return { outline: `${style.outlineStyle} ${style.outlineWidth}`, className: el.className };
      });
    }
    expect(ring, `a header link reached by Tab (${theme})`).not.toBeNull();
    expect(ring!.outline, `the header link's ring (${theme})`).toBe('solid 2px');
    // A text field too (Bootstrap gives fields a 35 % halo alone, about 1.9:1 against the light page).
    await page.getByTestId('search-input').focus();
    const field = await page.getByTestId('search-input').evaluate((el) => {
      const style = getComputedStyle(el);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(field, `the search field's ring (${theme})`).toBe('solid 2px');
    // And Bootstrap's buttons, whose own rule takes the outline off for a halo of about 1.9:1.
    const button = page.locator('main .btn:visible').first();
    await button.focus();
    const buttonRing = await button.evaluate((el) => {
      const style = getComputedStyle(el);
      return `${el.matches(':focus-visible')} ${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(buttonRing, `a button's ring (${theme})`).toBe('true solid 2px');
    await page.close();
  }
});

test('the track table writes a minor key as chord symbols do (Am), with its full name on hover and in words for a screen reader', async ({
  newPage,
}) => {
  const minor = [...(await tracksByTitle()).values()].find((t) => t.soundkey && t.keyMode === 'minor');
  const major = [...(await tracksByTitle()).values()].find((t) => t.soundkey && t.keyMode === 'major');
  expect(minor && major, 'the fixture catalogue has a minor and a major key').toBeTruthy();
  const page = await newPage();
  for (const track of [minor!, major!]) {
    await open(page, `/library?q=${encodeURIComponent(track.title)}`);
    await settledResults(page);
    const cell = page.locator(`[data-testid="track-row"][data-track-id="${track.id}"] [data-testid="track-key"]`);
    const shown = cell.getByTestId('track-key-shown');
    await expect(shown).toHaveText(`${track.soundkey}${track === minor ? 'm' : ''}`, { useInnerText: true });
    await expect(shown).toHaveAttribute('title', keyLabel(track.soundkey, track.keyMode, 'ko'));
    // Said in words to a screen reader, which reads the symbol as letters; the symbol and its title are hidden from it.
    await expect(shown).toHaveAttribute('aria-hidden', 'true');
    await expect(cell.locator('.visually-hidden')).toHaveText(spokenKeyLabel(track.soundkey, track.keyMode, 'ko'));
  }
});

test('signing out from the phone menu leaves the focus on its ☰ button, not at the page’s start', async ({ signedInPage }) => {
  const page = await signedInPage(await createAccount('폰나가기'));
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, '/');
  const burger = page.getByTestId('nav-toggle');
  await burger.click();
  await page.click('[data-testid="user-menu"] > button');
  await page.getByTestId('logout').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBeNull();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(burger, 'on the ☰ button').toBeFocused();
});

test('signing out on the account page asks the server nothing more on the signed-out member’s behalf', async ({ signedInPage }) => {
  const account = await createAccount('나가기');
  const page = await signedInPage(account);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401 && new URL(response.url()).pathname.startsWith('/api/my/'))
      refused.push(new URL(response.url()).pathname);
  });
  await open(page, '/account');
  await page.getByTestId('upload-quota-text').waitFor();
  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="logout"]');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBeNull();
  await page.waitForTimeout(1500);
  expect(refused, 'no 401 after signing out').toEqual([]);
});

test('keyboard: from one track page to another, and on to a playlist from the sidebar, the focus lands on the new screen’s heading and the tab names it', async ({
  signedInPage,
}) => {
  const from = await trackNamed(SPECIAL.short);
  // Similar tracks come from sound features, measured in the background after the server starts.
  let to: Music | undefined;
  await expect
    .poll(async () => (to = (await api<MusicPage<Music>>(`/musics/${from.id}/similar?page=0&size=20`)).content[0]), {
      message: 'a track similar to the 2 s one',
      timeout: 60_000,
    })
    .toBeDefined();
  if (!to) throw new Error('no similar track');
  const account = await createAccount('포커스이동');
  const [evening, rainy] = [await createPlaylist(account, '퇴근길 플레이리스트'), await createPlaylist(account, '비 오는 날 작업곡')];
  await addToPlaylist(account, evening.id, from.id);
  const page = await signedInPage(account);
  await open(page, `/track/${from.id}`);
  await expect(page.getByTestId('page-title')).toHaveText(from.title, { useInnerText: true });

  // The similar track's row menu, "details", then the panel's link to its page: keys only.
  const row = page.getByTestId('track-similar').locator('[data-testid="track-row"]').first();
  await row.locator('[data-testid="row-menu"] > button').focus();
  await page.keyboard.press('Enter');
  const details = row.locator('[data-testid="row-details"]');
  while (!(await details.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))))
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const openPage = page.getByTestId('details-open-page');
  await expect(openPage).toBeVisible();
  while (!(await openPage.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/track/${to.id}$`, 'u'));
  const heading = page.getByRole('heading', { level: 1, name: to.title });
  await expect(heading, 'the new track’s heading has the focus, as after any navigation').toBeFocused();
  await expect
    .poll(() => page.title(), { message: 'the tab names the new track' })
    .toBe(`${to.title} · ${to.artist || tr('ko', 'tracks.unknownArtist')} · Sori`);
  // Tab goes on from there, into the new page, not from the top of the document.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement)),
    'Tab moves on inside the screen',
  ).toBe(true);

  // A genre or mood tag of that page leads to another screen: the focus goes to its heading the same way.
  await page.getByTestId('track-tag').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/library\?/u);
  await expect(page.getByRole('heading', { level: 1, name: tr('ko', 'library.title') })).toBeFocused();
  await expect.poll(() => page.title()).toBe(`${tr('ko', 'library.title')} · Sori`);

  // One playlist to another from the sidebar: the link stays and keeps the focus, the screen and tab follow.
  await open(page, `/playlist/${evening.id}`);
  await expect(page.getByTestId('page-title')).toHaveText(evening.name, { useInnerText: true });
  const link = page.locator(`[data-testid="side-playlist"][data-playlist-id="${rainy.id}"] a`);
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('page-title')).toHaveText(rainy.name, { useInnerText: true });
  await expect(link, 'the sidebar link keeps the focus').toBeFocused();
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => page.title(), { message: 'the tab names the playlist on screen' }).toBe(`${rainy.name} · Sori`);
});
