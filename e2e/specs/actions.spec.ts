import { genreOf, moodOf, type Music, type Page as MusicPage } from '@sori/contract';
import type { Page, Route } from '@playwright/test';
import { addToPlaylist, api, createPlaylist, like, setLevel, SPECIAL, trackNamed } from '../data';
import { createAccount, open, tr } from '../app';
import { expect, test } from '../test';
import { row, rowTitles, settledResults } from './ui';

const notice = (page: Page) => page.locator('[data-testid="notice"]').last();

/** A gate for a routed request: the handler awaits `released` until the test calls `release()`. */
function hold(): { released: Promise<void>; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
}

async function openTrack(page: Page, title: string, words = title): Promise<void> {
  await page.goto(`/library?q=${encodeURIComponent(words)}`);
  await settledResults(page);
  await row(page, title).waitFor();
}

test('likes: a visitor is asked to log in; the heart flips at once; liked tracks list with their actions; a failure is only logged', async ({
  newPage,
  signedInPage,
}) => {
  const visitor = await newPage();
  await open(visitor, '/library');
  await settledResults(visitor);
  await visitor.locator('[data-testid="row-like"]').first().click();
  await visitor.locator('.modal.show').waitFor();
  await expect(visitor.locator('.modal.show .modal-title'), 'login modal').toContainText(tr('ko', 'auth.login.title'), {
    useInnerText: true,
  });

  const account = await createAccount('좋아요');
  const page = await signedInPage(account);
  // The server's answers are held until the test has seen what the page shows meanwhile: the heart must
  // flip while the server has not answered, whatever the machine's speed.
  const like = hold();
  await page.route('**/api/my/like', async (route) => {
    await like.released;
    await route.continue();
  });
  await open(page, '/library');
  await openTrack(page, 'Neon Lights 125', 'Neon Lights');
  const heart = row(page, 'Neon Lights 125').locator('[data-testid="row-like"]');
  await expect(heart, 'not liked yet').toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart, 'flipped before the server answered').toHaveAttribute('aria-pressed', 'true', { timeout: 2000 });
  const liked = page.waitForResponse('**/api/my/like');
  like.release();
  expect((await liked).status(), 'the server took the like').toEqual(200);

  await page.locator('[data-testid="side-favorite"]').click();
  await page.waitForURL('**/favorite');
  await expect.poll(() => rowTitles(page), { message: 'liked track listed' }).toEqual(['Neon Lights 125']);
  // DECISIONS 21: /favorite is a screen of its own whose rows keep their actions (the manager's liked entry hides them).
  await expect(page.locator('[data-testid="row-like"]'), 'the liked list keeps its actions').toHaveCount(1);

  // Unlike fails on the server: the heart empties at once, then goes back; a warning is logged, no message.
  const unlike = hold();
  await page.route('**/api/my/unlike', async (route) => {
    await unlike.released;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' });
  });
  await openTrack(page, 'Neon Lights 125', 'Neon Lights');
  await expect(heart, 'liked, as the server holds').toHaveAttribute('aria-pressed', 'true');
  const logged = page.waitForEvent('console', { predicate: (m) => m.type() === 'warning' && m.text().includes('[like]') });
  await heart.click();
  await expect(heart, 'emptied before the server answered').toHaveAttribute('aria-pressed', 'false', { timeout: 2000 });
  unlike.release();
  await logged;
  await expect(heart, 'flag restored after the failure').toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-testid="notice"]'), 'no message for a failed like').toHaveCount(0);
});

test("empty lists: liked, downloaded and a new playlist each say so in their own words; a search that finds nothing says 'no search results'", async ({
  signedInPage,
}) => {
  const account = await createAccount('빈 목록');
  const list = await createPlaylist(account, '새 목록');
  const page = await signedInPage(account);
  const empty = page.locator('[data-testid="empty-state"]');
  const cases: [string, string, string][] = [
    ['/favorite', 'favorite.empty', 'favorite.emptyBody'],
    ['/download', 'download.empty', 'download.emptyBody'],
    [`/playlist/${list.id}`, 'playlists.emptyTitle', 'playlists.emptyBody'],
    ['/favorite?q=Golden', 'tracks.noResults', 'tracks.tryAnother'],
    [`/library?q=${encodeURIComponent('없는곡제목쀍')}`, 'tracks.noResults', 'tracks.tryAnother'],
  ];
  await open(page, '/favorite');
  for (const [pathname, title, body] of cases) {
    await page.goto(pathname);
    await empty.waitFor();
    expect([await empty.locator('h2').innerText(), await empty.locator('p').innerText()], pathname).toEqual([
      tr('ko', title),
      tr('ko', body),
    ]);
    await expect(page.locator('[data-testid="pagination"]'), `${pathname}: no pager`).toHaveCount(0);
  }
});

test('failed list loads: liked, downloaded, own and playlist tracks each name the list and whether it was a search; no rows; retry recovers', async ({
  signedInPage,
}) => {
  const account = await createAccount('불러오기');
  const track = await trackNamed('Golden Dreams 122');
  await like(account, track.id);
  const list = await createPlaylist(account, '실패할 목록');
  await addToPlaylist(account, list.id, track.id);
  const page = await signedInPage(account);
  // Answered as a 4xx by the page (the real server does not fail these on demand); 4xx is not retried.
  const fail = (route: Route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"x","code":"VALIDATION"}' });
  await page.route('**/api/musics?**', fail);
  await page.route('**/api/my/musics?**', fail);
  const error = page.locator('[data-testid="list-error"]');
  const cases: [string, string][] = [
    ['/favorite', 'favorite.loadFailed'],
    ['/favorite?q=Golden', 'favorite.searchFailed'],
    ['/download', 'download.loadFailed'],
    ['/download?speed=3', 'download.searchFailed'],
    ['/upload', 'upload.loadFailed'],
    ['/upload?q=x', 'upload.searchFailed'],
    [`/playlist/${list.id}`, 'playlists.errors.load'],
    [`/playlist/${list.id}?q=Golden`, 'playlists.errors.search'],
  ];
  await open(page, '/favorite');
  for (const [pathname, key] of cases) {
    await page.goto(pathname);
    await error.waitFor();
    expect((await error.innerText()).includes(tr('ko', key)), `${pathname}: ${tr('ko', key)}`).toBeTruthy();
    await expect(page.locator('[data-testid="track-row"]'), `${pathname}: no rows`).toHaveCount(0);
  }
  // The selected playlist's tracks in the manager.
  await page.goto('/playlist');
  await page.locator(`[data-testid="manager-entry"][data-playlist-id="${list.id}"] .sori-manager-select`).click();
  await expect(page.locator('.alert-danger').first(), 'manager: playlist load failed').toHaveText(tr('ko', 'playlists.errors.load'), {
    useInnerText: true,
  });

  // Once the server answers again, retry shows the list.
  await page.goto('/favorite');
  await error.waitFor();
  await page.unroute('**/api/musics?**');
  await error.getByRole('button', { name: tr('ko', 'common.retry') }).click();
  await expect.poll(() => rowTitles(page), { message: 'retry loads the liked track' }).toEqual([track.title]);
});

test("downloads: signed out, no file info, level 1, failures each say so; at level 5 the file saves as 'Artist - Title.ext' and the notice says so", async ({
  newPage,
  signedInPage,
}) => {
  const track = await trackNamed('Golden Dreams 122');
  const visitor = await newPage();
  await open(visitor, '/library');
  await openTrack(visitor, track.title, 'Golden Dreams');
  const visitorDownload = row(visitor, track.title).locator('[data-testid="row-download"]');
  await visitorDownload.click();
  await expect(notice(visitor).locator('span').first(), 'login required').toHaveText(tr('ko', 'download.errors.login'), {
    useInnerText: true,
  });
  // Signed in from the notice's button, the focus is back on the row's download button, not the account menu,
  // and the download asked for starts without a second press.
  const member = await createAccount('로그인 후 다운로드');
  await setLevel(member, 5);
  await notice(visitor)
    .getByRole('button', { name: tr('ko', 'user.login') })
    .click();
  const loginForm = visitor.locator('.modal.show');
  await loginForm.locator('[name="email"]').fill(member.email);
  await loginForm.locator('[name="password"]').fill(member.password);
  const resumed = visitor.waitForEvent('download');
  await loginForm.locator('[name="password"]').press('Enter');
  await loginForm.waitFor({ state: 'hidden' });
  await expect(visitorDownload, 'focus back on the download button').toBeFocused();
  expect((await resumed).suggestedFilename(), 'the download asked for, once signed in').toBe(
    `${track.artist} - ${track.title}.${/\.(\w+)$/u.exec(track.fileName ?? '')?.[1]}`,
  );
  await expect
    .poll(async () => (await api<MusicPage<Music>>('/musics?tempPlayListId=-1', { token: member.token })).content.map((m) => m.id))
    .toEqual([track.id]);

  const account = await createAccount('다운로드');
  const page = await signedInPage(account);
  await open(page, '/library');
  await openTrack(page, track.title, 'Golden Dreams');
  const download = row(page, track.title).locator('[data-testid="row-download"]');
  await download.click();
  await expect(notice(page).locator('span').first(), 'level 5 needed').toHaveText(tr('ko', 'download.errors.level'), {
    useInnerText: true,
  });
  // Its offer of the plans keeps to one line beside the message, on a phone too: as a flex item it had shrunk to
  // a syllable's width and wrapped as 요금/제/보기 (PRODUCT §12.4). The notice stays within the screen.
  const desk = page.viewportSize()!;
  for (const width of [desk.width, 360]) {
    await page.setViewportSize({ width, height: desk.height });
    const see = notice(page).getByRole('button', { name: tr('ko', 'plan.see') });
    const shape = await see.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return { lines: tops.size, height: el.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(el).lineHeight) };
    });
    expect(shape.lines, `${width} px: the action on one line`).toBe(1);
    expect(shape.height, `${width} px: the action one line high`).toBeLessThan(shape.lineHeight * 1.5);
    const box = (await notice(page).boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= width, `${width} px: the notice within the screen`).toBe(true);
  }
  await page.setViewportSize(desk);

  // A track without file information (the list answer altered on its way to the page).
  await page.route('**/api/musics?**', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { body: { content: { fileName: string | null }[] } };
    for (const t of json.body.content) t.fileName = null;
    await route.fulfill({ response, json });
  });
  await page.reload();
  await settledResults(page);
  await download.click();
  await expect(notice(page).locator('span').first(), 'no file info').toHaveText(tr('ko', 'download.errors.noFile'), { useInnerText: true });
  await page.unroute('**/api/musics?**');
  await page.reload();
  await settledResults(page);

  // The operator raises the level while the page is open: the stored level is refreshed before saying no.
  await setLevel(account, 5);
  await page.route(
    '**/api/download/download**',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' }),
    { times: 1 },
  );
  await download.click();
  await expect(notice(page).locator('span').first(), 'download failed').toHaveText(tr('ko', 'download.errors.failed'), {
    useInnerText: true,
  });
  await page.route('**/api/download/download**', (route) => route.abort('connectionfailed'), { times: 1 });
  await download.click();
  await expect(notice(page).locator('span').first(), 'error during download').toHaveText(tr('ko', 'download.errors.error'), {
    useInnerText: true,
  });

  const saved = page.waitForEvent('download');
  await download.click();
  const file = await saved;
  const expected = `${track.artist} - ${track.title}.${/\.(\w+)$/u.exec(track.fileName ?? '')?.[1]}`;
  expect(file.suggestedFilename(), "saved as 'Artist - Title.ext' (the server's Content-Disposition)").toEqual(expected);
  expect((await file.failure()) === null, 'the file arrived').toBeTruthy();
  const said = notice(page).locator('span').first();
  await expect(said, 'the notice names the saved file').toContainText(tr('ko', 'download.started', { name: expected }), {
    useInnerText: true,
  });
  await expect(said, 'and the licence it comes under').toContainText(/라이선스 번호는 SORI-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/u);

  await page.locator('[data-testid="side-download"]').click();
  await expect.poll(() => rowTitles(page), { message: 'listed under downloads' }).toEqual([track.title]);
  // The /download screen is a screen of its own (DECISIONS 21): its rows keep their actions (download again).
  await expect(page.locator('[data-testid="row-download"]'), 'the downloads screen keeps the row actions').toHaveCount(1);
});

test("add to playlist: 'no playlists', then newest first in the modal; drag a row onto a sidebar playlist; remove inside a playlist; a playlist deleted elsewhere fails and leaves the lists", async ({
  signedInPage,
}) => {
  const account = await createAccount('담기');
  const page = await signedInPage(account);
  await open(page, '/library');
  await openTrack(page, 'Cosmic Road 119', 'Cosmic Road');
  await row(page, 'Cosmic Road 119').locator('[data-testid="row-add"]').click();
  const modal = page.locator('[data-testid="choose-playlist-modal"]');
  await expect(modal.locator('[data-testid="no-playlists"]'), "'no playlists'").toHaveText(tr('ko', 'playlistChoose.none'), {
    useInnerText: true,
  });
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'detached' });

  const older = await createPlaylist(account, '먼저 만든 목록');
  const newer = await createPlaylist(account, '나중에 만든 목록');
  await page.reload();
  await settledResults(page);
  await row(page, 'Cosmic Road 119').locator('[data-testid="row-add"]').click();
  const items = modal.locator('[data-testid="choose-playlist-list"] button');
  await items.first().waitFor();
  expect(
    (await items.allInnerTexts()).map((t) => t.split('\n')[0]!.trim()),
    'newest first',
  ).toEqual([newer.name, older.name]);
  await items.filter({ hasText: older.name }).click();
  await modal.waitFor({ state: 'detached' });
  await expect(notice(page).locator('span').first(), 'added notice').toHaveText(tr('ko', 'playlists.added', { name: older.name }), {
    useInnerText: true,
  });

  // Drag and drop: the sidebar playlist lights up while the track is over it, the drop adds the track.
  const target = page.locator(`[data-testid="side-playlist"][data-playlist-id="${newer.id}"]`);
  const source = row(page, 'Cosmic Road 119').locator('[data-testid="track-time"]');
  await source.hover();
  await page.mouse.down();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + 30, box.y + box.height / 2, { steps: 2 });
  await expect
    .poll(async () => (await target.getAttribute('class'))?.includes('drop-over') ?? false, { message: 'highlighted while dragged over' })
    .toEqual(true);
  await page.mouse.up();
  await expect
    .poll(async () => (await api<{ musicCount: number }>(`/playbox/${newer.id}`, { token: account.token })).musicCount, {
      message: 'dropped track added',
    })
    .toEqual(1);
  expect(!(await target.getAttribute('class'))?.includes('drop-over'), 'highlight gone after the drop').toBeTruthy();

  // Inside a real playlist the row can be removed; the liked list (id 0) shows no actions.
  await target.locator('a').click();
  await page.waitForURL(`**/playlist/${newer.id}`);
  await expect.poll(() => rowTitles(page), { message: 'track in the playlist' }).toEqual(['Cosmic Road 119']);
  await row(page, 'Cosmic Road 119').locator('[data-testid="row-remove"]').click();
  await page.locator('[data-testid="empty-state"]').waitFor();
  expect((await api<{ musicCount: number }>(`/playbox/${newer.id}`, { token: account.token })).musicCount, 'removed on the server').toEqual(
    0,
  );

  // A like from inside a playlist.
  await addToPlaylist(account, newer.id, (await trackNamed('Cosmic Road 119')).id);
  await page.reload();
  await row(page, 'Cosmic Road 119').locator('[data-testid="row-like"]').click();
  await expect
    .poll(async () => (await api<{ totalElements: number }>('/musics?tempPlayListId=0', { token: account.token })).totalElements, {
      message: 'liked from the playlist',
    })
    .toEqual(1);
  await page.goto('/playlist/0');
  await settledResults(page);
  await expect(page.locator('[data-testid="row-like"]'), 'no actions on /playlist/0').toHaveCount(0);

  // A playlist deleted elsewhere (another tab) while this page still lists it: the server refuses the add.
  // Dropped on the sidebar, the failure says so; from the modal it is only logged (PRODUCT §8). Either way
  // the playlist then leaves the lists instead of failing again.
  const sidebarItem = (id: number) => page.locator(`[data-testid="side-playlist"][data-playlist-id="${id}"]`);
  const droppedOn = await createPlaylist(account, '다른 탭에서 지운 목록');
  await openTrack(page, 'Cosmic Road 119', 'Cosmic Road');
  await sidebarItem(droppedOn.id).waitFor();
  await api(`/playbox/${droppedOn.id}`, { token: account.token, method: 'DELETE' });
  await row(page, 'Cosmic Road 119').locator('[data-testid="track-time"]').dragTo(sidebarItem(droppedOn.id));
  await expect(page.locator('[data-testid="notice"][data-tone="danger"] span').first(), 'drop failed').toHaveText(
    tr('ko', 'playlists.errors.addTrack'),
    { useInnerText: true },
  );
  await sidebarItem(droppedOn.id).waitFor({ state: 'detached' });

  const chosen = await createPlaylist(account, '역시 지운 목록');
  await openTrack(page, 'Cosmic Road 119', 'Cosmic Road');
  await sidebarItem(chosen.id).waitFor();
  // The modal reads the playlists afresh when it opens: the playlist is deleted while it is open.
  await row(page, 'Cosmic Road 119').locator('[data-testid="row-add"]').click();
  await modal.locator('[data-testid="choose-playlist-list"] button', { hasText: chosen.name }).waitFor();
  await api(`/playbox/${chosen.id}`, { token: account.token, method: 'DELETE' });
  const logged = page.waitForEvent('console', { predicate: (m) => m.type() === 'warning' && m.text().includes('[playlist]') });
  await modal.locator('[data-testid="choose-playlist-list"] button', { hasText: chosen.name }).click();
  await modal.waitFor({ state: 'detached' });
  await logged;
  await sidebarItem(chosen.id).waitFor({ state: 'detached' });
  await expect(page.locator('[data-testid="notice"]'), 'no message from the modal').toHaveCount(0);
});

test('row menu: share copies a link to the track page; details shows its facts; an old library link still opens them; a missing track says so', async ({
  newPage,
}) => {
  const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
  const track = await trackNamed(SPECIAL.calmPiano);
  await open(page, '/library');
  await openTrack(page, track.title, '피아노');
  const menu = row(page, track.title).locator('[data-testid="row-menu"]');
  await menu.locator('button[aria-haspopup="menu"]').click();
  await menu.locator('[data-testid="row-share"]').click();
  await expect(notice(page).locator('span').first(), 'copied').toHaveText(tr('ko', 'tracks.linkCopied'), { useInnerText: true });
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).pathname + new URL(link).search, 'the link').toEqual(`/track/${track.id}`);

  await menu.locator('button[aria-haspopup="menu"]').click();
  await menu.locator('[data-testid="row-details"]').click();
  const panel = page.locator('[data-testid="track-details"]');
  await panel.waitFor();
  const facts = await panel.locator('[data-testid="details-list"]').innerText();
  for (const fact of [
    track.artist!,
    genreOf(701)!.labels.ko,
    moodOf(1302)!.labels.ko,
    moodOf(1404)!.labels.ko,
    'C',
    '72',
    track.duration!,
  ]) {
    expect(facts.includes(fact), `details show ${fact}`).toBeTruthy();
  }
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });

  // Someone opens the shared link: the track page.
  const friend = await newPage();
  await open(friend, link.replace(/^https?:\/\/[^/]+/u, ''));
  await expect(friend.locator('[data-testid="page-title"]'), 'the track page').toHaveText(track.title, { useInnerText: true });
  // A link shared before track pages existed still opens the details over the library.
  await open(friend, `/library?track=${track.id}`);
  await friend.locator('[data-testid="track-details"] [data-testid="details-title"]').waitFor();
  await expect(friend.locator('[data-testid="details-title"]'), 'shared track opened').toHaveText(track.title, { useInnerText: true });
  await friend.locator('[data-testid="details-play"]').click();
  await expect(friend.locator('[data-testid="player-title"]'), 'played from the details').toHaveText(track.title, { useInnerText: true });
  await friend.locator('[data-testid="track-details"] .btn-close').click();
  await expect
    .poll(async () => new URL(friend.url()).searchParams.has('track'), { message: 'closing drops the track from the URL' })
    .toEqual(false);

  await open(friend, '/library?track=99999999');
  await expect(notice(friend).locator('span').first(), 'missing track').toHaveText(tr('ko', 'tracks.notFound'), { useInnerText: true });
  expect(!new URL(friend.url()).searchParams.has('track'), 'the broken link is cleared').toBeTruthy();
});
