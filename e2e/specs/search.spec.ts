import { GENRE_GROUPS, genresMatching, GENRES, MOODS, pitchClassOfKey, speedFromBpm, SPEEDS } from '@sori/contract';
import { FIXTURE_TRACKS, SPECIAL, addToPlaylist, createPlaylist, fixture, tracksByTitle } from '../data';
import { createAccount, eventually, expectEqual, expectTrue, open, signedInPage, test, tr } from '../harness';
import {
  closeFilters,
  column,
  openFilter,
  pagerText,
  query,
  recordRequests,
  resultCount,
  row,
  rowTitles,
  settledResults,
  waitForCount,
} from './ui';
import type { FixtureTrack } from '../fixtures/catalogue';

/** How many fixture tracks a filter should find (the server's rules: groups, pitch classes, inclusive BPM). */
const count = (match: (t: FixtureTrack) => boolean) => FIXTURE_TRACKS.filter(match).length;
const inGenre = (g: number) => (t: FixtureTrack) => genresMatching(g).includes(t.genre);
const inKey = (k: string) => (t: FixtureTrack) => pitchClassOfKey(t.soundKey) === pitchClassOfKey(k);
const bpmWithin = (min: number | null, max: number | null) => (t: FixtureTrack) => (min === null || t.bpm >= min) && (max === null || t.bpm <= max);
const withMoods = (moods: number[]) => (t: FixtureTrack) => moods.every((m) => t.moods.includes(m));
const ofSpeed = (s: number) => (t: FixtureTrack) => speedFromBpm(t.bpm) === s;

test('library: 20 rows of the catalogue with every column; markup in titles stays text; wave images lazy with a fallback', async ({ newPage }) => {
  const page = await newPage();
  // One broken waveform image must give way to the 'no waveform' text.
  let broken = '';
  await page.route('**/api/media/wave/**', async (route) => {
    if (!broken) broken = route.request().url();
    if (route.request().url() === broken) await route.fulfill({ status: 404, body: '' });
    else await route.continue();
  });
  await open(page, '/library');
  expectEqual(await resultCount(page), FIXTURE_TRACKS.length, 'total of the catalogue');
  expectEqual(await page.locator('[data-testid="track-row"]').count(), 20, 'rows on page 1');
  const headers = await page.locator('[data-testid="track-table"] thead th').allInnerTexts();
  for (const key of ['tracks.title', 'tracks.wave', 'tracks.time', 'tracks.key', 'tracks.bpm']) {
    expectTrue(headers.some((h) => h.trim().toUpperCase() === tr('ko', key).toUpperCase()), `column ${key}`);
  }
  expectEqual(await page.locator('[data-testid="wave-image"]').first().getAttribute('loading'), 'lazy', 'wave images load lazily');
  await page.locator('[data-testid="no-wave"]').first().waitFor();
  expectEqual(await page.locator('[data-testid="no-wave"]').first().innerText(), tr('ko', 'tracks.noWave'), "'no waveform' fallback");

  // The markup title and artist are shown as text and never run.
  await page.goto(`/library?q=${encodeURIComponent('굵은 제목')}`);
  await row(page, SPECIAL.markup).waitFor();
  expectEqual(await row(page, SPECIAL.markup).locator('[data-testid="track-title"]').innerText(), SPECIAL.markup, 'markup title as text');
  expectEqual(await row(page, SPECIAL.markup).locator('[data-testid="track-artist"]').innerText(), SPECIAL.markupArtist, 'markup artist as text');
  expectEqual(await page.evaluate(() => (window as unknown as { __soriXss?: number }).__soriXss ?? null), null, 'no script ran');
  // An artist-less track reads 'Unknown Artist'; the search words are marked in titles.
  await page.goto('/library?q=Midnight');
  expectEqual(await row(page, SPECIAL.noArtist).locator('[data-testid="track-artist"]').innerText(), tr('ko', 'tracks.unknownArtist'), 'unknown artist');
  expectEqual(await row(page, SPECIAL.noArtist).locator('mark').innerText(), 'Midnight', 'highlighted search word');

  // A failed load shows its section 8 text and no rows (answered as a 4xx, which is not retried).
  await page.route('**/api/musics?**', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"x","code":"INVALID_FILTER"}' }));
  await page.goto('/library?q=rain');
  await page.locator('[data-testid="list-error"]').waitFor();
  expectTrue((await page.locator('[data-testid="list-error"]').innerText()).includes(tr('ko', 'library.loadFailed')), 'music load failed');
  expectEqual(await page.locator('[data-testid="track-row"]').count(), 0, 'an empty list');
});

test('search text: 300 ms after typing stops, never empty; Enter at once; a simple search within 350 ms of an advanced one is ignored', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/library');
  await settledResults(page);
  const searches = recordRequests(page, '/api/musics');
  const input = page.locator('[data-testid="search-input"]');
  await input.click();
  await page.keyboard.type('피아노', { delay: 80 });
  const typedAt = Date.now();
  await eventually(() => Promise.resolve(searches.length), 1, 'one search after typing');
  const waited = searches[0]!.at - typedAt;
  expectTrue(waited >= 250 && waited < 1000, `the search waited for typing to stop (${waited} ms after the last key)`);
  expectEqual(searches[0]!.url.searchParams.get('q'), '피아노', 'searched text');
  expectEqual(await rowTitles(page), [SPECIAL.calmPiano], 'found the piano track');
  expectEqual(query(page).q, ['피아노'], 'text in the URL');
  expectEqual(await page.locator('[data-testid="pagination"]').count(), 0, 'no pager for one page');

  // Emptying the box never searches for empty text: it leaves the search, at once, for the whole list
  // (already cached from the first visit, so nothing is asked).
  await input.fill('');
  await eventually(async () => query(page).q ?? null, null, 'the text left the URL', 1000);
  await waitForCount(page, FIXTURE_TRACKS.length, 'the whole list again');
  await page.waitForTimeout(500);
  expectTrue(searches.every((s) => s.url.searchParams.get('q') !== ''), 'no search for empty text');
  searches.splice(0, searches.length - 1);

  // Enter searches at once, with the text trimmed.
  await input.fill('  Midnight  ');
  const pressed = Date.now();
  await input.press('Enter');
  await eventually(() => Promise.resolve(searches.length), 2, 'Enter searched');
  expectTrue(searches[1]!.at - pressed < 250, `Enter searched at once (${searches[1]!.at - pressed} ms)`);
  expectEqual(searches[1]!.url.searchParams.get('q'), 'Midnight', 'trimmed');
  await page.waitForTimeout(450);
  expectEqual(searches.length, 2, 'the pending typed search was dropped');

  // The 350 ms guard: an advanced search (filter modal) followed at once by Enter runs only the first.
  await input.fill('');
  await page.locator('[data-testid="open-filter-modal"]').click();
  const modal = page.locator('[data-testid="filter-modal"]');
  await modal.waitFor();
  await modal.locator('label', { hasText: SPEEDS[2]!.labels.ko }).first().click();
  await modal.locator('[data-testid="filter-modal-apply"]').click();
  // Text typed and submitted within a few milliseconds of the filters being applied.
  await page.evaluate(() => {
    const box = document.querySelector<HTMLInputElement>('[data-testid="search-input"]')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, 'Neon');
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.form!.requestSubmit();
  });
  await page.waitForTimeout(500);
  expectEqual(query(page), { speed: ['3'] }, 'Enter right after the filters was ignored');
  await input.press('Enter');
  await eventually(async () => query(page), { q: ['Neon'], speed: ['3'] }, 'Enter after the guard searches');
});

test('search text forgives: cafe finds Café (marked), 120 finds the tracks shown at 120 BPM', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/library');
  await settledResults(page);
  const input = page.locator('[data-testid="search-input"]');
  await input.fill('cafe');
  await input.press('Enter');
  await eventually(() => rowTitles(page), [SPECIAL.accented], 'cafe found the Café title');
  expectEqual(await row(page, SPECIAL.accented).locator('mark').allInnerTexts(), ['Café'], 'the accented word is marked');

  // The word 120 in a title, or a BPM shown as 120.
  const want = FIXTURE_TRACKS.filter((t) => Math.round(t.bpm) === 120 || /(^| )120$/u.test(t.title)).map((t) => t.title);
  expectTrue(FIXTURE_TRACKS.some((t) => Math.round(t.bpm) === 120 && !t.title.endsWith(' 120')), 'the fixture has a track at 120 BPM');
  await input.fill('120');
  await input.press('Enter');
  await waitForCount(page, want.length, 'tracks with 120 in the title or at 120 BPM');
  expectEqual((await rowTitles(page)).sort(), want.sort(), 'the tracks found');
});

test('filters one by one and combined: genre (group and single), speed, moods, key (enharmonic), BPM; tags remove them', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/library');
  await settledResults(page);

  // Genre group: every jazz genre.
  const jazz = GENRE_GROUPS.find((g) => g.code === 300)!;
  let panel = await openFilter(page, 'genre');
  await panel.locator('label', { hasText: tr('ko', 'filters.groupAll', { group: jazz.labels.ko }) }).click();
  await waitForCount(page, count(inGenre(300)), 'jazz group');
  expectEqual(query(page).g, ['300'], 'group code in the URL');

  // A single genre replaces it.
  const cinematic = GENRES.find((g) => g.code === 203)!;
  panel = await openFilter(page, 'genre');
  await panel.locator('label', { hasText: new RegExp(`^${cinematic.labels.ko}$`, 'u') }).click();
  await waitForCount(page, count(inGenre(203)), 'cinematic');
  await page.locator('[data-testid="filter-clear"]').click();
  await waitForCount(page, FIXTURE_TRACKS.length, 'cleared');

  // Speed; a filter change searches 300 ms later.
  const searches = recordRequests(page, '/api/musics');
  panel = await openFilter(page, 'speed');
  const chosen = Date.now();
  await panel.locator('label', { hasText: SPEEDS[0]!.labels.ko }).click();
  await waitForCount(page, count(ofSpeed(1)), 'slow');
  const waited = searches[0]!.at - chosen;
  expectTrue(searches.length === 1 && waited >= 280, `one search, 300 ms after the filter changed (${searches.length}, ${waited} ms)`);
  for (const bpm of await column(page, 'track-bpm')) expectTrue(Number(bpm) < 80, `slow track at ${bpm} BPM`);
  await page.locator('[data-testid="filter-tag"] button').click();
  await waitForCount(page, FIXTURE_TRACKS.length, 'speed tag removed');

  // Two moods: a track must have both.
  const calm = MOODS.find((m) => m.code === 1302)!;
  const beautiful = MOODS.find((m) => m.code === 1404)!;
  panel = await openFilter(page, 'moods');
  await panel.locator('label', { hasText: new RegExp(`^${calm.labels.ko}$`, 'u') }).click();
  await waitForCount(page, count(withMoods([1302])), 'calm');
  await panel.locator('label', { hasText: new RegExp(`^${beautiful.labels.ko}$`, 'u') }).click();
  await waitForCount(page, count(withMoods([1302, 1404])), 'calm and beautiful');
  expectEqual(query(page).moods, ['1302', '1404'], 'moods repeated in the URL');
  expectTrue((await rowTitles(page)).includes(SPECIAL.calmPiano), 'the calm piano track has both');
  await closeFilters(page);
  await page.locator('[data-testid="filter-clear"]').click();

  // Key: D♭ also finds C♯ (one pitch class); keys are grouped flat, sharp, natural.
  panel = await openFilter(page, 'keybpm');
  const groups = await panel.locator('.sori-key-group').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
  expectEqual(groups, ['flat', 'sharp', 'natural'].map((g) => tr('ko', `filters.keyGroups.${g}`)), 'key groups');
  await panel.getByRole('button', { name: 'D♭', exact: true }).click();
  await waitForCount(page, count(inKey('D♭')), 'D♭');
  for (const key of await column(page, 'track-key')) expectTrue(key === 'D♭' || key === 'C♯', `key ${key}`);

  // BPM: placeholders 60 and 180, an empty maximum reads ∞; both bounds inclusive.
  const min = panel.locator('[data-testid="bpm-min"]');
  const max = panel.locator('[data-testid="bpm-max"]');
  expectEqual([await min.getAttribute('placeholder'), await max.getAttribute('placeholder')], ['60', '180'], 'BPM placeholders');
  await panel.getByRole('button', { name: 'D♭', exact: true }).click();
  await min.fill('100');
  await eventually(() => panel.locator('[data-testid="bpm-summary"]').innerText(), tr('ko', 'filters.bpmRange', { min: 100, max: '∞' }), '∞ for no maximum');
  await waitForCount(page, count(bpmWithin(100, null)), 'BPM ≥ 100');
  await max.fill('120');
  await waitForCount(page, count(bpmWithin(100, 120)), 'BPM 100–120');
  expectEqual([query(page).bpmGte, query(page).bpmLte], [['100'], ['120']], 'BPM bounds in the URL');
  await closeFilters(page);

  // Combined: group + speed + key + BPM.
  panel = await openFilter(page, 'genre');
  await panel.locator('label', { hasText: tr('ko', 'filters.groupAll', { group: GENRE_GROUPS.find((g) => g.code === 500)!.labels.ko }) }).click();
  panel = await openFilter(page, 'keybpm');
  await panel.getByRole('button', { name: 'F♯', exact: true }).click();
  const expected = count((t) => inGenre(500)(t) && bpmWithin(100, 120)(t) && inKey('F♯')(t));
  expectTrue(expected > 1, 'the combination finds F♯ and G♭ tracks');
  await waitForCount(page, expected, 'EDM, key F♯, 100–120 BPM');
  expectEqual((await page.locator('[data-testid="filter-tag"]').count()), 3, 'one tag per filter');
  // Removing one tag searches again with the rest.
  await closeFilters(page);
  await page.locator('[data-testid="filter-tag"]', { hasText: 'F♯' }).locator('button').click();
  await waitForCount(page, count((t) => inGenre(500)(t) && bpmWithin(100, 120)(t)), 'key tag removed');
  expectEqual(fixture(SPECIAL.calmPiano).genre, 701, 'fixture sanity');
});

test('filter modal and the compact bar once scrolled past the intro; every new search starts at page 1', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/library?page=3');
  await settledResults(page);
  const compact = page.locator('[data-testid="compact-filters"]');
  expectTrue(!(await compact.isVisible()), 'no compact bar at the top');
  await page.mouse.wheel(0, 700);
  await compact.waitFor({ state: 'visible' });
  const introBottom = await page.locator('.sori-page-header').evaluate((el) => el.getBoundingClientRect().bottom);
  expectTrue(introBottom < 50, `the intro is past 50 px (${introBottom})`);
  const panel = await openFilter(page, 'speed', 'compact');
  // The panel drops below the bar, whole: the top element at its centre is part of it.
  const shown = await panel.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.height > 100 && el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  });
  expectTrue(shown, 'the compact panel is shown whole, not clipped by the bar');
  await panel.locator('label', { hasText: SPEEDS[3]!.labels.ko }).click();
  await waitForCount(page, count(ofSpeed(4)), 'very fast, from the compact bar');
  expectEqual(query(page).page, undefined, 'back to page 1');

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('[data-testid="open-filter-modal"]').click();
  const modal = page.locator('[data-testid="filter-modal"]');
  await modal.waitFor();
  await modal.getByRole('button', { name: 'C♯', exact: true }).click();
  await modal.locator('[data-testid="bpm-min"]').fill('150');
  await modal.locator('[data-testid="filter-modal-apply"]').click();
  await waitForCount(page, count((t) => ofSpeed(4)(t) && inKey('C♯')(t) && bpmWithin(150, null)(t)), 'modal filters');
  expectEqual(await page.locator('[data-testid="open-filter-modal"] .sori-count-badge').innerText(), '3', 'filter count on the button');
});

/**
 * Spec section 9: the compact bar appears once the intro's bottom is above 50 px from the top of the window
 * when the intro has a title, 115 px when it has none. Both screens with a search bar, the library and a
 * playlist, always have a title (PageHeader's h1; a playlist's name cannot be empty), so 50 px is the rule
 * a user meets and the 115 px one never occurs. Just below 50 px (where a 115 px rule would already show
 * it) the bar is hidden; just above, it is shown.
 */
test('compact bar threshold: 50 px under a titled intro on the library and a playlist', async (ctx) => {
  const account = await createAccount();
  const list = await createPlaylist(account, '스크롤 문턱');
  for (const track of [...(await tracksByTitle()).values()].slice(0, 20)) await addToPlaylist(account, list.id, track.id);
  const page = await signedInPage(ctx, account);
  const compact = page.locator('[data-testid="compact-filters"]');
  /** Scrolls (at once, not smoothly) so the intro's bottom sits `y` px from the top; returns where it is. */
  const introBottomAt = (y: number) =>
    page.locator('.sori-page-header').evaluate((el, target) => {
      window.scrollTo({ top: window.scrollY + el.getBoundingClientRect().bottom - target, behavior: 'instant' });
      return el.getBoundingClientRect().bottom;
    }, y);
  const expectBar = async (shown: boolean, y: number, screen: string) => {
    const bottom = await introBottomAt(y);
    expectTrue(Math.abs(bottom - y) <= 1 && (bottom < 50) === (y < 50), `${screen}: the intro's bottom at ${y} px (${bottom})`);
    await compact.waitFor({ state: shown ? 'visible' : 'hidden' });
    expectEqual(await compact.evaluate((el) => el.classList.contains('show')), shown, `${screen}: compact bar at ${bottom} px`);
    if (shown) await compact.locator('[data-testid="compact-genre"]').waitFor({ state: 'visible' });
  };

  for (const screen of ['/library', `/playlist/${list.id}`]) {
    await open(page, screen);
    await settledResults(page);
    expectTrue(await page.locator('.sori-page-header .sori-page-title').isVisible(), `${screen}: the intro has a title`);
    expectTrue(!(await compact.isVisible()), `${screen}: no compact bar at the top`);
    await expectBar(true, 49, screen);
    await expectBar(false, 51, screen);
    await expectBar(true, 49, screen);
  }
});

test('pagination: windows, ellipses, first/previous/next/last, scrolls to the table; conditions survive reload and back', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/library');
  await settledResults(page);
  expectEqual(await pagerText(page), '1 2 3 4 5 … 7', 'page 1');
  expectTrue(await page.locator('[data-testid="page-first"]').isDisabled(), 'first disabled on page 1');
  expectTrue(await page.locator('[data-testid="page-prev"]').isDisabled(), 'previous disabled on page 1');
  const firstPage = await rowTitles(page);

  await page.mouse.wheel(0, 5000);
  await page.locator('[data-testid="page-last"]').click();
  await eventually(async () => query(page).page, ['7'], 'last page in the URL');
  await eventually(() => page.locator('[data-testid="track-row"]').count(), FIXTURE_TRACKS.length - 120, 'rows on the last page');
  await eventually(() => pagerText(page), '1 … 3 4 5 6 7', 'page 7');
  expectTrue(await page.locator('[data-testid="page-next"]').isDisabled(), 'next disabled on the last page');
  // 100 ms after the change the table scrolls into view.
  await eventually(
    () => page.locator('[data-testid="results"]').evaluate((el) => Math.abs(el.getBoundingClientRect().top - 124) < 40),
    true,
    'scrolled to the table',
  );
  await page.locator('[data-testid="page-prev"]').click();
  await eventually(() => pagerText(page), '1 … 3 4 5 6 7', 'page 6');
  await page.locator('[data-testid="page-number"]', { hasText: /^4$/u }).click();
  await eventually(async () => query(page).page, ['4'], 'page 4');
  await eventually(() => pagerText(page), '1 2 3 4 5 6 7', 'page 4 shows every page');
  await page.locator('[data-testid="page-first"]').click();
  await eventually(async () => rowTitles(page), firstPage, 'first page again');
  // Entering the library (its sidebar link) from another page of it loads page 1.
  await page.locator('[data-testid="page-number"]', { hasText: /^3$/u }).click();
  await eventually(async () => query(page).page, ['3'], 'page 3');
  await page.locator('[data-testid="side-library"]').click();
  await eventually(async () => query(page), {}, 'entering the library drops the page');
  await eventually(async () => rowTitles(page), firstPage, 'and shows page 1');

  // Conditions and page in the URL: reload and back restore them, the search bar included.
  const hearts = count((t) => t.title.includes('Heart'));
  const slowHearts = count((t) => t.title.includes('Heart') && ofSpeed(1)(t));
  expectTrue(hearts > slowHearts && slowHearts > 0, 'fixture sanity: the filter narrows the text search');
  await page.locator('[data-testid="search-input"]').fill('Heart');
  await page.locator('[data-testid="search-input"]').press('Enter');
  await waitForCount(page, hearts, 'text search');
  let panel = await openFilter(page, 'speed');
  await panel.locator('label', { hasText: SPEEDS[0]!.labels.ko }).click();
  await waitForCount(page, slowHearts, 'text and speed');
  expectEqual(query(page), { q: ['Heart'], speed: ['1'] }, 'both in the URL');
  await page.reload();
  await waitForCount(page, slowHearts, 'results restored on reload');
  expectEqual(await page.locator('[data-testid="search-input"]').inputValue(), 'Heart', 'text restored on reload');
  expectEqual(await page.locator('[data-testid="filter-tag"]').count(), 1, 'tag restored');
  await page.goBack();
  await waitForCount(page, hearts, 'back restores the text search');
  expectEqual(query(page), { q: ['Heart'] }, 'back to the text search');
  expectEqual(await page.locator('[data-testid="filter-tag"]').count(), 0, 'back removes the tag');
  await page.goBack();
  await waitForCount(page, FIXTURE_TRACKS.length, 'back to the plain list');
  expectEqual(query(page), {}, 'no conditions');
  expectEqual(await page.locator('[data-testid="search-input"]').inputValue(), '', 'box emptied on back');

  // A hand-edited link: the unknown genre is dropped, the rest applies.
  await page.goto('/library?g=999&speed=2&page=2');
  await waitForCount(page, count(ofSpeed(2)), 'bad genre dropped');
  panel = await openFilter(page, 'speed');
  expectTrue(await panel.locator('input:checked + span', { hasText: SPEEDS[1]!.labels.ko }).isVisible(), 'speed shown as chosen');
});
