/**
 * What a new user trips over (a walkthrough at 1366 and 360 px, ko/en/ja, both themes): the sort menu,
 * network failures, signing out, the legal pages in English and Japanese, clearing the search box, filters
 * that find nothing, the tab title, playlist descriptions, Japanese lists and the actions of the liked and
 * downloaded screens.
 */
import type { Music, Page as MusicPage } from '@sori/contract';
import type { Page, Response } from '@playwright/test';
import { addToPlaylist, api, createPlaylist, FIXTURE_TRACKS, furnish, trackNamed } from '../data';
import { THEMES } from '../axe';
import { createAccount, open, tr, type Lang } from '../app';
import { expect, test } from '../test';
import { column, query, recordRequests, resultCount, rowTitles, settledResults, waitForCount } from './ui';

const LANGS: [Lang, string][] = [
  ['ko', 'ko-KR'],
  ['en', 'en-US'],
  ['ja', 'ja-JP'],
];

/** The sort menu's two selects. */
const sortField = (page: Page) => page.locator('[data-testid="sort-field"]');
const sortDir = (page: Page) => page.locator('[data-testid="sort-dir"]');

/** The titles the API answers for a query, to compare with what the screen lists. */
async function apiTitles(search: string, token?: string): Promise<string[]> {
  const body = await api<MusicPage<Music>>(`/musics?size=20&${search}`, { token });
  return body.content.map((t) => t.title);
}

test('walkthrough: the sort menu orders the library, lives in the URL (back, forward, reload) and is sent to the API', async ({
  newPage,
}) => {
  const page = await newPage({ viewport: { width: 1366, height: 900 } });
  const searches = recordRequests(page, '/api/musics');
  // A shared link with a sort: the request carries it and the rows come in that order.
  await open(page, '/library?sort=bpm&sortOrder=asc');
  await settledResults(page);
  const sent = searches.at(-1)!.url.searchParams;
  expect([sent.get('sort'), sent.get('sortOrder')], 'the link’s sort is sent').toEqual(['bpm', 'asc']);
  const lowest = [...FIXTURE_TRACKS].map((t) => t.bpm).sort((a, b) => a - b);
  expect((await column(page, 'track-bpm')).map(Number), 'slowest first').toEqual(lowest.slice(0, 20));
  await expect(sortField(page), 'the menu shows BPM').toHaveValue('bpm');
  await expect(sortDir(page), 'the menu shows ascending').toHaveValue('asc');

  // Labelled and keyboard-driven: the select is found by its label and changed with the keyboard.
  const field = page.getByLabel(tr('ko', 'sort.label'), { exact: true });
  await expect(field, 'the field select has its label').toHaveAttribute('data-testid', 'sort-field');
  await expect(sortDir(page), 'the direction select is labelled').toHaveAttribute('aria-label', tr('ko', 'sort.direction'));
  const options = await field.locator('option').allInnerTexts();
  expect(options, 'no best match without text').toEqual(
    ['newest', 'popularity', 'title', 'bpm', 'duration'].map((k) => tr('ko', `sort.${k}`)),
  );
  await field.selectOption('title');
  await expect.poll(async () => query(page), { message: 'title in the URL, its own direction' }).toEqual({ sort: ['title'] });
  // The URL changes a moment before the list marks itself updating: wait for the rows, not the marker.
  await expect.poll(() => rowTitles(page), { message: 'A to Z' }).toEqual(await apiTitles('sort=title&sortOrder=asc'));
  await sortDir(page).focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => query(page), { message: 'descending in the URL' }).toEqual({ sort: ['title'], sortOrder: ['desc'] });
  await expect.poll(() => rowTitles(page), { message: 'Z to A' }).toEqual(await apiTitles('sort=title&sortOrder=desc'));
  expect(searches.at(-1)!.url.searchParams.get('sortOrder'), 'descending sent').toEqual('desc');

  // Back and forward step through the orders; a reload keeps the current one.
  await page.goBack();
  await expect(sortDir(page), 'back: ascending again').toHaveValue('asc');
  await expect.poll(() => rowTitles(page), { message: 'back: A to Z' }).toEqual(await apiTitles('sort=title&sortOrder=asc'));
  await page.goForward();
  await expect(sortDir(page), 'forward: descending').toHaveValue('desc');
  await page.reload();
  await settledResults(page);
  expect([await sortField(page).inputValue(), await sortDir(page).inputValue()], 'kept across a reload').toEqual(['title', 'desc']);
  expect(await rowTitles(page), 'reloaded in order').toEqual(await apiTitles('sort=title&sortOrder=desc'));

  // With text, best match is offered (and is the default); the sort survives a new search.
  await open(page, '/library?q=Neon');
  await settledResults(page);
  await expect(sortField(page), 'best match for a text search').toHaveValue('relevance');
  await sortField(page).selectOption('duration');
  await expect.poll(async () => query(page), { message: 'duration kept beside the text' }).toEqual({ q: ['Neon'], sort: ['duration'] });
  await expect
    .poll(
      () =>
        Promise.resolve(
          searches.some(
            (r) =>
              r.url.pathname === '/api/musics' && r.url.searchParams.get('sort') === 'duration' && r.url.searchParams.get('q') === 'Neon',
          ),
        ),
      { message: 'duration sent with the text' },
    )
    .toEqual(true);
});

test('walkthrough: every personal track list has the sort menu; lists call their newest order “recently added”', async ({
  signedInPage,
}) => {
  const account = await createAccount('정렬');
  const [, vlog] = await furnish(account);
  const page = await signedInPage(account);
  const searches = recordRequests(page, '/api/');
  for (const path of ['/favorite', '/download', '/upload', `/playlist/${vlog!.id}`]) {
    await open(page, path);
    await settledResults(page);
    const list = path !== '/upload';
    const newest = await sortField(page).locator('option[value="id"]').innerText();
    expect(newest, `${path}: the name of its newest order`).toEqual(tr('ko', list ? 'sort.added' : 'sort.newest'));
    const from = searches.length;
    await sortField(page).selectOption('bpm');
    const listPath = path === '/upload' ? '/api/my/musics' : '/api/musics';
    await expect
      .poll(
        () => Promise.resolve(searches.slice(from).some((r) => r.url.pathname === listPath && r.url.searchParams.get('sort') === 'bpm')),
        { message: `${path}: sort sent` },
      )
      .toEqual(true);
    await settledResults(page);
    const bpms = (await column(page, 'track-bpm')).map(Number);
    expect(bpms, `${path}: slowest first`).toEqual([...bpms].sort((a, b) => a - b));
    expect(query(page).sort, `${path}: in the URL`).toEqual(['bpm']);
  }
});

test('walkthrough: a dropped connection says to check the network, in ko, en and ja', async ({ newPage, signedInPage }) => {
  for (const [lang, locale] of LANGS) {
    const page = await newPage({ locale });
    await page.route('**/api/musics?**', (route) => route.abort('internetdisconnected'));
    await open(page, '/library');
    await page.locator('[data-testid="list-error"]').waitFor({ timeout: 15_000 });
    const text = await page.locator('[data-testid="list-error"]').innerText();
    expect(text.includes(tr(lang, 'errors.network')), `${lang}: network text, got ${JSON.stringify(text)}`).toBeTruthy();
    expect(!text.includes(tr(lang, 'library.loadFailed')), `${lang}: not the generic load error`).toBeTruthy();
  }
  // The playlist manager's load failure too.
  const account = await createAccount('네트워크');
  const manager = await signedInPage(account);
  await manager.route('**/api/playbox/list', (route) => route.abort('internetdisconnected'));
  await open(manager, '/playlist');
  await expect
    .poll(async () => (await manager.locator('[data-testid="manager-error"]').innerText()).trim(), {
      message: 'manager: network text',
      timeout: 15_000,
    })
    .toEqual(tr('ko', 'errors.network'));
  expect(tr('ko', 'errors.network'), 'the spec’s Korean text').toEqual('네트워크 연결을 확인해주세요.');
  expect(tr('en', 'errors.network'), 'the English text').toEqual('Check your network connection.');
});

test('walkthrough: signing out on a playlist page fetches nothing signed-in (no 401)', async ({ signedInPage }) => {
  const account = await createAccount('로그아웃');
  const list = await createPlaylist(account, '퇴근길', '저녁에 듣는 곡');
  await addToPlaylist(account, list.id, (await trackNamed('Neon Lights 125')).id);
  const page = await signedInPage(account);
  await open(page, `/playlist/${list.id}`);
  await expect.poll(() => rowTitles(page), { message: 'the playlist listed' }).toEqual(['Neon Lights 125']);
  await page.locator('[data-testid="sidebar"]', { hasText: '퇴근길' }).waitFor();
  const refused: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname);
  });
  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="logout"]');
  await page.locator('[data-testid="login-required"]').waitFor();
  await expect(page.locator('[data-testid="user-menu-label"]'), 'signed out').toHaveText(tr('ko', 'user.account'), { useInnerText: true });
  // A pause only to see that something does NOT happen: anything already on its way answers meanwhile.
  await page.waitForTimeout(1500);
  expect(refused, 'no request answered 401 after signing out').toEqual([]);
});

test('walkthrough: in en and ja the footer links the terms and privacy pages, whose labels are not Korean', async ({ newPage }) => {
  for (const [lang, locale] of LANGS.filter(([l]) => l !== 'ko')) {
    const page = await newPage({ locale });
    await open(page, '/plan');
    const footer = page.locator('[data-testid="footer"]');
    await footer.locator('[data-testid="footer-copyright"]').waitFor();
    await expect(page.locator('[data-testid="footer-company"]'), `${lang}: still the short footer`).toHaveCount(0);
    for (const [testId, path, title] of [
      ['footer-terms', '/terms', 'legal.termsTitle'],
      ['footer-privacy', '/privacy', 'legal.privacyTitle'],
    ] as const) {
      await open(page, '/plan');
      const link = footer.locator(`[data-testid="${testId}"]`);
      await expect(link, `${lang}: ${path} link text`).toHaveText(tr(lang, testId === 'footer-terms' ? 'footer.terms' : 'footer.privacy'), {
        useInnerText: true,
      });
      await link.click();
      await page.waitForURL(`**${path}`);
      await expect(page.locator('.sori-page-title'), `${lang}: ${path} title`).toHaveText(tr(lang, title), { useInnerText: true });
      const dates = await page.locator('[data-testid="legal-dates"]').innerText();
      expect(dates.includes('2024-04-24') && dates.includes('2024-04-17'), `${lang}: ${path} dates`).toBeTruthy();
      // Korean appears only inside the Korean-only document and what is quoted from it, marked as Korean (a coming
      // revision's changes in its notice); the page's own words are in the reader's language.
      const outside = await page.evaluate(() => {
        const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
        for (const korean of main.querySelectorAll('[lang="ko"]')) korean.remove();
        return main.innerText || main.textContent || '';
      });
      expect(
        !/[\uac00-\ud7a3]/u.test(outside),
        `${lang}: ${path} has no Korean outside the document: ${JSON.stringify(outside.slice(0, 200))}`,
      ).toBeTruthy();
    }
  }
});

test('walkthrough: emptying the search box (typing or its clear button) shows the list without text at once', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/library');
  const all = await resultCount(page);
  const input = page.locator('[data-testid="search-input"]');
  for (const how of ['typing', 'button'] as const) {
    await input.fill('Midnight');
    await input.press('Enter');
    await expect.poll(async () => query(page).q ?? null, { message: `${how}: searched` }).toEqual(['Midnight']);
    await page.locator('[data-testid="track-row"] mark').first().waitFor();
    const searches = recordRequests(page, '/api/musics');
    if (how === 'typing') {
      await input.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
    } else {
      await page.getByRole('button', { name: tr('ko', 'search.clear') }).click();
      await expect(input, 'the box is empty').toHaveValue('');
    }
    await expect.poll(async () => query(page).q ?? null, { message: `${how}: ?q= gone`, timeout: 2000 }).toEqual(null);
    await waitForCount(page, all, `${how}: the whole list again`);
    // 'At once' (no debounce, no guard) is timed with a fake clock in search-scheduler.test.ts.
    // The list without text was cached from the first visit: if anything was asked, it was without text.
    expect(
      searches.every((s) => !s.url.searchParams.has('q')),
      `${how}: nothing asked with text`,
    ).toBeTruthy();
    await expect(page.locator('[data-testid="track-row"] mark'), `${how}: no highlight left`).toHaveCount(0);
  }
});

test('walkthrough: filters that find nothing offer to clear them; an inverted BPM range is swapped in the tag and the query', async ({
  newPage,
}) => {
  const page = await newPage();
  const searches = recordRequests(page, '/api/musics');
  // A hand-edited link with the bounds the wrong way round.
  await open(page, '/library?bpmGte=130&bpmLte=100');
  await settledResults(page);
  const sent = searches.at(-1)!.url.searchParams;
  expect([sent.get('bpmGte'), sent.get('bpmLte')], 'swapped in the query').toEqual(['100', '130']);
  await expect(page.locator('[data-testid="filter-tag"]'), 'swapped in the tag').toHaveText(
    tr('ko', 'filters.bpmRange', { min: 100, max: 130 }),
    { useInnerText: true },
  );
  expect(await resultCount(page), 'the swapped range found').toEqual(FIXTURE_TRACKS.filter((t) => t.bpm >= 100 && t.bpm <= 130).length);

  // Typed the wrong way round in the filter boxes: the tag shows the range searched.
  await open(page, '/library');
  await page.locator('[data-testid="filter-keybpm"] > button').click();
  await page.locator('[data-testid="bpm-min"]').first().fill('150');
  await page.locator('[data-testid="bpm-max"]').first().fill('90');
  await expect(page.locator('[data-testid="filter-tag"]'), 'typed: swapped in the tag').toHaveText(
    tr('ko', 'filters.bpmRange', { min: 90, max: 150 }),
    { useInnerText: true },
  );
  await expect
    .poll(async () => [query(page).bpmGte, query(page).bpmLte], { message: 'typed: swapped in the URL' })
    .toEqual([['90'], ['150']]);
  // The boxes keep what was typed; the panel's summary and the toggle say the range searched.
  await expect(page.locator('[data-testid="bpm-summary"]').first(), 'typed: swapped in the summary').toHaveText(
    tr('ko', 'filters.bpmRange', { min: 90, max: 150 }),
    { useInnerText: true },
  );
  await expect(page.locator('[data-testid="filter-keybpm"] .sori-filter-value'), 'typed: swapped on the toggle').toHaveText('90–150', {
    useInnerText: true,
  });
  await page.keyboard.press('Escape');

  // Filters alone that find nothing: the empty state clears them in one click, keeping the text.
  await open(page, '/library?q=Neon&bpmGte=998&bpmLte=999');
  await page.locator('[data-testid="empty-state"]').waitFor();
  const clear = page.locator('[data-testid="empty-state"]').getByRole('button', { name: tr('ko', 'filters.clearAll') });
  await clear.click();
  await expect.poll(async () => query(page), { message: 'filters cleared, text kept' }).toEqual({ q: ['Neon'] });
  // Polled: until the new search answers, the screen still shows the empty state of the one before.
  await expect.poll(() => resultCount(page), { message: 'the text alone finds tracks', timeout: 10_000 }).toBeGreaterThan(0);
  // Text alone that finds nothing offers no such button.
  await open(page, '/library?q=zzzqqq');
  await page.locator('[data-testid="empty-state"]').waitFor();
  await expect(page.locator('[data-testid="empty-state"] button'), 'nothing to clear without filters').toHaveCount(0);
});

test('walkthrough: the tab title names the screen in ko, en and ja on every route', async ({ newPage }) => {
  const routes: [string, string][] = [
    ['/', 'nav.home'],
    ['/library', 'library.title'],
    ['/favorite', 'favorite.title'],
    ['/download', 'download.title'],
    ['/upload', 'upload.title'],
    ['/playlist', 'playlists.title'],
    ['/playlist/5', 'playlistDetail.title'],
    ['/plan', 'plan.title'],
    ['/terms', 'legal.termsTitle'],
    ['/privacy', 'legal.privacyTitle'],
    ['/no-such-page', 'notFound.title'],
  ];
  for (const [lang, locale] of LANGS) {
    const page = await newPage({ locale });
    await open(page, '/library');
    await expect
      .poll(() => page.title(), { message: `${lang} library` })
      .toEqual({ ko: '음악 검색 · Sori', en: 'Music search · Sori', ja: '音楽検索 · Sori' }[lang]);
    for (const [path, key] of routes) {
      // Moving inside the app (no reload), as a user does.
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect.poll(() => page.title(), { message: `${lang} ${path}` }).toEqual(`${tr(lang, key)} · Sori`);
    }
  }
});

test('walkthrough: playlist descriptions show in the manager and the detail; Korean particles fit the name; Japanese lists moods with “、”', async ({
  newPage,
  signedInPage,
}) => {
  const account = await createAccount('설명');
  const list = await createPlaylist(account, '출근길', '아침에 듣는 잔잔한 곡');
  const page = await signedInPage(account);
  await open(page, '/playlist');
  await page.locator(`[data-testid="manager-entry"][data-playlist-id="${list.id}"] .sori-manager-select`).click();
  await expect(page.locator('[data-testid="manager-selected-description"]'), 'in the manager').toHaveText('아침에 듣는 잔잔한 곡', {
    useInnerText: true,
  });
  await open(page, `/playlist/${list.id}`);
  await expect(page.locator('.sori-page-subtitle'), 'in the detail').toHaveText('아침에 듣는 잔잔한 곡', { useInnerText: true });

  // A name in a Korean sentence takes the particle its last sound asks for ('125' is read 백이십오: 를).
  await addToPlaylist(account, list.id, (await trackNamed('Neon Lights 125')).id);
  await page.reload();
  await page.locator('[data-testid="row-remove"]').first().click();
  await expect
    .poll(async () => (await page.locator('[data-testid="notice"] span').allInnerTexts())[0] ?? null, {
      message: 'particle by the final sound',
    })
    .toEqual('“Neon Lights 125”를 플레이리스트에서 뺐습니다.');

  const fixture = FIXTURE_TRACKS.find((t) => t.moods.length >= 2)!;
  const track = await trackNamed(fixture.title);
  const ja = await newPage({ locale: 'ja-JP' });
  await open(ja, `/library?track=${track.id}`);
  const details = ja.locator('[data-testid="track-details"]');
  await details.waitFor();
  const text = await details.innerText();
  expect(
    /\S、\S/u.test(text) && !/[\u3040-\u30ff\u4e00-\u9fff], /u.test(text),
    `moods joined with 、: ${JSON.stringify(text)}`,
  ).toBeTruthy();
});

test('walkthrough: /favorite and /download rows keep their actions; the manager’s liked and downloaded entries hide them', async ({
  signedInPage,
}) => {
  const account = await createAccount('동작');
  await furnish(account);
  const page = await signedInPage(account);
  for (const path of ['/favorite', '/download']) {
    await open(page, path);
    await settledResults(page);
    const first = page.locator('[data-testid="track-row"]').first();
    for (const action of ['row-like', 'row-download', 'row-add', 'row-menu']) {
      await expect(first.locator(`[data-testid="${action}"]`), `${path}: ${action}`).toHaveCount(1);
    }
    await expect(first.locator('[data-testid="row-remove"]'), `${path}: nothing to remove from`).toHaveCount(0);
  }
  await open(page, '/playlist');
  for (const id of [0, -1]) {
    await page.locator(`[data-testid="manager-entry"][data-playlist-id="${id}"] .sori-manager-select`).click();
    await page.locator('[data-testid="manager-selected"] [data-testid="track-row"]').first().waitFor();
    await expect(page.locator('[data-testid="manager-selected"] [data-testid="row-like"]'), `manager ${id}: no actions`).toHaveCount(0);
  }
});

test('walkthrough: the row menu icon is as visible as the other row icons, in both themes', async ({ themedPage }) => {
  for (const theme of THEMES) {
    const page = await themedPage('ko', theme);
    await open(page, '/library');
    await settledResults(page);
    // Each icon drawn alone at 4× in its button's colour: the pixels it inks, and that colour.
    const icons = await page.evaluate(async () => {
      const row = document.querySelector('[data-testid="track-row"]')!;
      const out: Record<string, { ink: number; color: string }> = {};
      for (const id of ['row-download', 'row-add', 'row-like', 'row-menu']) {
        const button = row.querySelector(`[data-testid="${id}"]`)!.closest('div[data-testid], button')!;
        const svg = button.querySelector('svg')!;
        const color = getComputedStyle(svg).color;
        const clone = svg.cloneNode(true) as SVGElement;
        clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
        clone.setAttribute('width', '72');
        clone.setAttribute('height', '72');
        clone.setAttribute('color', color);
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(clone.outerHTML)}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = 72;
        canvas.height = 72;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(0, 0, 72, 72).data;
        let ink = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! >= 128) ink++;
        out[id] = { ink, color };
      }
      return out;
    });
    const others = ['row-download', 'row-add', 'row-like'].map((id) => icons[id]!);
    const faintest = Math.min(...others.map((icon) => icon.ink));
    expect(
      icons['row-menu']!.ink >= faintest * 0.35,
      `${theme}: the menu icon inks ${icons['row-menu']!.ink} px, the faintest other ${faintest}`,
    ).toBeTruthy();
    expect(icons['row-menu']!.color, `${theme}: the same colour as the other row icons`).toEqual(icons['row-download']!.color);
  }
});
