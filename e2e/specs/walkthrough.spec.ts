/**
 * What a new user trips over (a walkthrough at 1366 and 360 px, ko/en/ja, both themes): the sort menu,
 * network failures, signing out, the legal pages in English and Japanese, clearing the search box, filters
 * that find nothing, the tab title, playlist descriptions, Japanese lists and the actions of the liked and
 * downloaded screens.
 */
import type { Music, Page as MusicPage } from '@sori/contract';
import type { Page, Response } from 'playwright-core';
import { addToPlaylist, api, createPlaylist, FIXTURE_TRACKS, furnish, trackNamed } from '../data';
import { THEMES, themedPage } from '../axe';
import { createAccount, eventually, expectEqual, expectTrue, open, signedInPage, test, tr, type Lang } from '../harness';
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

test('walkthrough: the sort menu orders the library, lives in the URL (back, forward, reload) and is sent to the API', async ({ newPage }) => {
  const page = await newPage({ viewport: { width: 1366, height: 900 } });
  const searches = recordRequests(page, '/api/musics');
  // A shared link with a sort: the request carries it and the rows come in that order.
  await open(page, '/library?sort=bpm&sortOrder=asc');
  await settledResults(page);
  const sent = searches.at(-1)!.url.searchParams;
  expectEqual([sent.get('sort'), sent.get('sortOrder')], ['bpm', 'asc'], 'the link’s sort is sent');
  const lowest = [...FIXTURE_TRACKS].map((t) => t.bpm).sort((a, b) => a - b);
  expectEqual((await column(page, 'track-bpm')).map(Number), lowest.slice(0, 20), 'slowest first');
  expectEqual(await sortField(page).inputValue(), 'bpm', 'the menu shows BPM');
  expectEqual(await sortDir(page).inputValue(), 'asc', 'the menu shows ascending');

  // Labelled and keyboard-driven: the select is found by its label and changed with the keyboard.
  const field = page.getByLabel(tr('ko', 'sort.label'), { exact: true });
  expectEqual(await field.getAttribute('data-testid'), 'sort-field', 'the field select has its label');
  expectEqual(await sortDir(page).getAttribute('aria-label'), tr('ko', 'sort.direction'), 'the direction select is labelled');
  const options = await field.locator('option').allInnerTexts();
  expectEqual(options, ['newest', 'popularity', 'title', 'bpm', 'duration'].map((k) => tr('ko', `sort.${k}`)), 'no best match without text');
  await field.selectOption('title');
  await eventually(async () => query(page), { sort: ['title'] }, 'title in the URL, its own direction');
  await settledResults(page);
  expectEqual(await rowTitles(page), await apiTitles('sort=title&sortOrder=asc'), 'A to Z');
  await sortDir(page).focus();
  await page.keyboard.press('ArrowDown');
  await eventually(async () => query(page), { sort: ['title'], sortOrder: ['desc'] }, 'descending in the URL');
  await eventually(() => rowTitles(page), await apiTitles('sort=title&sortOrder=desc'), 'Z to A');
  expectEqual(searches.at(-1)!.url.searchParams.get('sortOrder'), 'desc', 'descending sent');

  // Back and forward step through the orders; a reload keeps the current one.
  await page.goBack();
  await eventually(() => sortDir(page).inputValue(), 'asc', 'back: ascending again');
  await eventually(() => rowTitles(page), await apiTitles('sort=title&sortOrder=asc'), 'back: A to Z');
  await page.goForward();
  await eventually(() => sortDir(page).inputValue(), 'desc', 'forward: descending');
  await page.reload();
  await settledResults(page);
  expectEqual([await sortField(page).inputValue(), await sortDir(page).inputValue()], ['title', 'desc'], 'kept across a reload');
  expectEqual(await rowTitles(page), await apiTitles('sort=title&sortOrder=desc'), 'reloaded in order');

  // With text, best match is offered (and is the default); the sort survives a new search.
  await open(page, '/library?q=Neon');
  await settledResults(page);
  expectEqual(await sortField(page).inputValue(), 'relevance', 'best match for a text search');
  await sortField(page).selectOption('duration');
  await eventually(async () => query(page), { q: ['Neon'], sort: ['duration'] }, 'duration kept beside the text');
  await eventually(
    () => Promise.resolve(searches.some((r) => r.url.pathname === '/api/musics' && r.url.searchParams.get('sort') === 'duration' && r.url.searchParams.get('q') === 'Neon')),
    true,
    'duration sent with the text',
  );
});

test('walkthrough: every personal track list has the sort menu; lists call their newest order “recently added”', async (ctx) => {
  const account = await createAccount('정렬');
  const [, vlog] = await furnish(account);
  const page = await signedInPage(ctx, account);
  const searches = recordRequests(page, '/api/');
  for (const path of ['/favorite', '/download', '/upload', `/playlist/${vlog!.id}`]) {
    await open(page, path);
    await settledResults(page);
    const list = path !== '/upload';
    const newest = await sortField(page).locator('option[value="id"]').innerText();
    expectEqual(newest, tr('ko', list ? 'sort.added' : 'sort.newest'), `${path}: the name of its newest order`);
    const from = searches.length;
    await sortField(page).selectOption('bpm');
    const listPath = path === '/upload' ? '/api/my/musics' : '/api/musics';
    await eventually(
      () => Promise.resolve(searches.slice(from).some((r) => r.url.pathname === listPath && r.url.searchParams.get('sort') === 'bpm')),
      true,
      `${path}: sort sent`,
    );
    await settledResults(page);
    const bpms = (await column(page, 'track-bpm')).map(Number);
    expectEqual(bpms, [...bpms].sort((a, b) => a - b), `${path}: slowest first`);
    expectEqual(query(page).sort, ['bpm'], `${path}: in the URL`);
  }
});

test('walkthrough: a dropped connection says to check the network, in ko, en and ja', async (ctx) => {
  for (const [lang, locale] of LANGS) {
    const page = await ctx.newPage({ locale });
    await page.route('**/api/musics?**', (route) => route.abort('internetdisconnected'));
    await open(page, '/library');
    await page.locator('[data-testid="list-error"]').waitFor({ timeout: 15_000 });
    const text = await page.locator('[data-testid="list-error"]').innerText();
    expectTrue(text.includes(tr(lang, 'errors.network')), `${lang}: network text, got ${JSON.stringify(text)}`);
    expectTrue(!text.includes(tr(lang, 'library.loadFailed')), `${lang}: not the generic load error`);
  }
  // The playlist manager's load failure too.
  const account = await createAccount('네트워크');
  const manager = await signedInPage(ctx, account);
  await manager.route('**/api/playbox/list', (route) => route.abort('internetdisconnected'));
  await open(manager, '/playlist');
  await eventually(
    async () => (await manager.locator('[data-testid="manager-error"]').innerText()).trim(),
    tr('ko', 'errors.network'),
    'manager: network text',
    15_000,
  );
  expectEqual(tr('ko', 'errors.network'), '네트워크 연결을 확인해주세요.', 'the spec’s Korean text');
  expectEqual(tr('en', 'errors.network'), 'Check your network connection.', 'the English text');
});

test('walkthrough: signing out on a playlist page fetches nothing signed-in (no 401)', async (ctx) => {
  const account = await createAccount('로그아웃');
  const list = await createPlaylist(account, '퇴근길', '저녁에 듣는 곡');
  await addToPlaylist(account, list.id, (await trackNamed('Neon Lights 125')).id);
  const page = await signedInPage(ctx, account);
  await open(page, `/playlist/${list.id}`);
  await eventually(() => rowTitles(page), ['Neon Lights 125'], 'the playlist listed');
  await page.locator('[data-testid="sidebar"]', { hasText: '퇴근길' }).waitFor();
  const refused: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname);
  });
  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="logout"]');
  await page.locator('[data-testid="login-required"]').waitFor();
  await eventually(() => page.locator('[data-testid="user-menu-label"]').innerText(), tr('ko', 'user.account'), 'signed out');
  // Anything already on its way would have answered by now.
  await page.waitForTimeout(1500);
  expectEqual(refused, [], 'no request answered 401 after signing out');
});

test('walkthrough: in en and ja the footer links the terms and privacy pages, whose labels are not Korean', async ({ newPage }) => {
  for (const [lang, locale] of LANGS.filter(([l]) => l !== 'ko')) {
    const page = await newPage({ locale });
    await open(page, '/plan');
    const footer = page.locator('[data-testid="footer"]');
    await footer.locator('[data-testid="footer-copyright"]').waitFor();
    expectEqual(await page.locator('[data-testid="footer-company"]').count(), 0, `${lang}: still the short footer`);
    for (const [testId, path, title] of [
      ['footer-terms', '/terms', 'legal.termsTitle'],
      ['footer-privacy', '/privacy', 'legal.privacyTitle'],
    ] as const) {
      await open(page, '/plan');
      const link = footer.locator(`[data-testid="${testId}"]`);
      expectEqual(await link.innerText(), tr(lang, testId === 'footer-terms' ? 'footer.terms' : 'footer.privacy'), `${lang}: ${path} link text`);
      await link.click();
      await page.waitForURL(`**${path}`);
      await eventually(() => page.locator('.sori-page-title').innerText(), tr(lang, title), `${lang}: ${path} title`);
      const dates = await page.locator('[data-testid="legal-dates"]').innerText();
      expectTrue(dates.includes('2024-04-24') && dates.includes('2024-04-17'), `${lang}: ${path} dates`);
      // Korean appears only inside the Korean-only document.
      const outside = await page.evaluate(() => {
        const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
        main.querySelector('article[lang="ko"]')?.remove();
        return main.innerText || main.textContent || '';
      });
      expectTrue(!/[\uac00-\ud7a3]/u.test(outside), `${lang}: ${path} has no Korean outside the document: ${JSON.stringify(outside.slice(0, 200))}`);
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
    await eventually(async () => query(page).q ?? null, ['Midnight'], `${how}: searched`);
    await page.locator('[data-testid="track-row"] mark').first().waitFor();
    const searches = recordRequests(page, '/api/musics');
    const before = Date.now();
    if (how === 'typing') {
      await input.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
    } else {
      await page.getByRole('button', { name: tr('ko', 'search.clear') }).click();
      expectEqual(await input.inputValue(), '', 'the box is empty');
    }
    await eventually(async () => query(page).q ?? null, null, `${how}: ?q= gone`, 2000);
    await waitForCount(page, all, `${how}: the whole list again`);
    expectTrue(Date.now() - before < 2000, `${how}: at once`);
    // The list without text was cached from the first visit: if anything was asked, it was without text.
    expectTrue(searches.every((s) => !s.url.searchParams.has('q')), `${how}: nothing asked with text`);
    expectEqual(await page.locator('[data-testid="track-row"] mark').count(), 0, `${how}: no highlight left`);
  }
});

test('walkthrough: filters that find nothing offer to clear them; an inverted BPM range is swapped in the tag and the query', async ({ newPage }) => {
  const page = await newPage();
  const searches = recordRequests(page, '/api/musics');
  // A hand-edited link with the bounds the wrong way round.
  await open(page, '/library?bpmGte=130&bpmLte=100');
  await settledResults(page);
  const sent = searches.at(-1)!.url.searchParams;
  expectEqual([sent.get('bpmGte'), sent.get('bpmLte')], ['100', '130'], 'swapped in the query');
  expectEqual(await page.locator('[data-testid="filter-tag"]').innerText(), tr('ko', 'filters.bpmRange', { min: 100, max: 130 }), 'swapped in the tag');
  expectEqual(await resultCount(page), FIXTURE_TRACKS.filter((t) => t.bpm >= 100 && t.bpm <= 130).length, 'the swapped range found');

  // Typed the wrong way round in the filter boxes: the tag shows the range searched.
  await open(page, '/library');
  await page.locator('[data-testid="filter-keybpm"] > button').click();
  await page.locator('[data-testid="bpm-min"]').first().fill('150');
  await page.locator('[data-testid="bpm-max"]').first().fill('90');
  await eventually(() => page.locator('[data-testid="filter-tag"]').innerText(), tr('ko', 'filters.bpmRange', { min: 90, max: 150 }), 'typed: swapped in the tag');
  await eventually(async () => [query(page).bpmGte, query(page).bpmLte], [['90'], ['150']], 'typed: swapped in the URL');
  await page.keyboard.press('Escape');

  // Filters alone that find nothing: the empty state clears them in one click, keeping the text.
  await open(page, '/library?q=Neon&bpmGte=998&bpmLte=999');
  await page.locator('[data-testid="empty-state"]').waitFor();
  const clear = page.locator('[data-testid="empty-state"]').getByRole('button', { name: tr('ko', 'filters.clearAll') });
  await clear.click();
  await eventually(async () => query(page), { q: ['Neon'] }, 'filters cleared, text kept');
  await settledResults(page);
  expectTrue((await resultCount(page)) > 0, 'the text alone finds tracks');
  // Text alone that finds nothing offers no such button.
  await open(page, '/library?q=zzzqqq');
  await page.locator('[data-testid="empty-state"]').waitFor();
  expectEqual(await page.locator('[data-testid="empty-state"] button').count(), 0, 'nothing to clear without filters');
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
    await eventually(() => page.title(), { ko: '음악 검색 · Sori', en: 'Music search · Sori', ja: '音楽検索 · Sori' }[lang], `${lang} library`);
    for (const [path, key] of routes) {
      // Moving inside the app (no reload), as a user does.
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await eventually(() => page.title(), `${tr(lang, key)} · Sori`, `${lang} ${path}`);
    }
  }
});

test('walkthrough: playlist descriptions show in the manager and the detail; Korean particles fit the name; Japanese lists moods with “、”', async (ctx) => {
  const account = await createAccount('설명');
  const list = await createPlaylist(account, '출근길', '아침에 듣는 잔잔한 곡');
  const page = await signedInPage(ctx, account);
  await open(page, '/playlist');
  await page.locator(`[data-testid="manager-entry"][data-playlist-id="${list.id}"] .sori-manager-select`).click();
  await eventually(() => page.locator('[data-testid="manager-selected-description"]').innerText(), '아침에 듣는 잔잔한 곡', 'in the manager');
  await open(page, `/playlist/${list.id}`);
  await eventually(() => page.locator('.sori-page-subtitle').innerText(), '아침에 듣는 잔잔한 곡', 'in the detail');

  // A name in a Korean sentence takes the particle its last sound asks for ('125' is read 백이십오: 를).
  await addToPlaylist(account, list.id, (await trackNamed('Neon Lights 125')).id);
  await page.reload();
  await page.locator('[data-testid="row-remove"]').first().click();
  await eventually(
    async () => (await page.locator('[data-testid="notice"] span').allInnerTexts())[0] ?? null,
    '“Neon Lights 125”를 플레이리스트에서 뺐습니다.',
    'particle by the final sound',
  );

  const fixture = FIXTURE_TRACKS.find((t) => t.moods.length >= 2)!;
  const track = await trackNamed(fixture.title);
  const ja = await ctx.newPage({ locale: 'ja-JP' });
  await open(ja, `/library?track=${track.id}`);
  const details = ja.locator('[data-testid="track-details"]');
  await details.waitFor();
  const text = await details.innerText();
  expectTrue(/\S、\S/u.test(text) && !/[\u3040-\u30ff\u4e00-\u9fff], /u.test(text), `moods joined with 、: ${JSON.stringify(text)}`);
});

test('walkthrough: /favorite and /download rows keep their actions; the manager’s liked and downloaded entries hide them', async (ctx) => {
  const account = await createAccount('동작');
  await furnish(account);
  const page = await signedInPage(ctx, account);
  for (const path of ['/favorite', '/download']) {
    await open(page, path);
    await settledResults(page);
    const first = page.locator('[data-testid="track-row"]').first();
    for (const action of ['row-like', 'row-download', 'row-add', 'row-menu']) {
      expectEqual(await first.locator(`[data-testid="${action}"]`).count(), 1, `${path}: ${action}`);
    }
    expectEqual(await first.locator('[data-testid="row-remove"]').count(), 0, `${path}: nothing to remove from`);
  }
  await open(page, '/playlist');
  for (const id of [0, -1]) {
    await page.locator(`[data-testid="manager-entry"][data-playlist-id="${id}"] .sori-manager-select`).click();
    await page.locator('[data-testid="manager-selected"] [data-testid="track-row"]').first().waitFor();
    expectEqual(await page.locator('[data-testid="manager-selected"] [data-testid="row-like"]').count(), 0, `manager ${id}: no actions`);
  }
});

test('walkthrough: the row menu icon is as visible as the other row icons, in both themes', async (ctx) => {
  for (const theme of THEMES) {
    const page = await themedPage(ctx, 'ko', theme);
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
    expectTrue(icons['row-menu']!.ink >= faintest * 0.35, `${theme}: the menu icon inks ${icons['row-menu']!.ink} px, the faintest other ${faintest}`);
    expectEqual(icons['row-menu']!.color, icons['row-download']!.color, `${theme}: the same colour as the other row icons`);
  }
});
