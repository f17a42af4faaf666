import { genreOf, moodOf } from '@sori/contract';
import type { Page, Route } from 'playwright-core';
import { addToPlaylist, api, createPlaylist, like, setLevel, SPECIAL, trackNamed } from '../data';
import { createAccount, eventually, expectEqual, expectTrue, open, signedInPage, test, tr } from '../harness';
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

test('likes: a visitor is asked to log in; the heart flips at once; liked tracks list with their actions; a failure is only logged', async (ctx) => {
  const visitor = await ctx.newPage();
  await open(visitor, '/library');
  await settledResults(visitor);
  await visitor.locator('[data-testid="row-like"]').first().click();
  await visitor.locator('.modal.show').waitFor();
  expectTrue((await visitor.locator('.modal.show .modal-title').innerText()).includes(tr('ko', 'auth.login.title')), 'login modal');

  const account = await createAccount('좋아요');
  const page = await signedInPage(ctx, account);
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
  expectEqual(await heart.getAttribute('aria-pressed'), 'false', 'not liked yet');
  await heart.click();
  await eventually(() => heart.getAttribute('aria-pressed'), 'true', 'flipped before the server answered', 2000);
  const liked = page.waitForResponse('**/api/my/like');
  like.release();
  expectEqual((await liked).status(), 200, 'the server took the like');

  await page.locator('[data-testid="side-favorite"]').click();
  await page.waitForURL('**/favorite');
  await eventually(() => rowTitles(page), ['Neon Lights 125'], 'liked track listed');
  // DECISIONS 21: /favorite is a screen of its own whose rows keep their actions (the manager's liked entry hides them).
  expectEqual(await page.locator('[data-testid="row-like"]').count(), 1, 'the liked list keeps its actions');

  // Unlike fails on the server: the heart empties at once, then goes back; a warning is logged, no message.
  const unlike = hold();
  await page.route('**/api/my/unlike', async (route) => {
    await unlike.released;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' });
  });
  await openTrack(page, 'Neon Lights 125', 'Neon Lights');
  expectEqual(await heart.getAttribute('aria-pressed'), 'true', 'liked, as the server holds');
  const logged = page.waitForEvent('console', { predicate: (m) => m.type() === 'warning' && m.text().includes('[like]') });
  await heart.click();
  await eventually(() => heart.getAttribute('aria-pressed'), 'false', 'emptied before the server answered', 2000);
  unlike.release();
  await logged;
  await eventually(() => heart.getAttribute('aria-pressed'), 'true', 'flag restored after the failure');
  expectEqual(await page.locator('[data-testid="notice"]').count(), 0, 'no message for a failed like');
});

test("empty lists: liked, downloaded and a new playlist each say so in their own words; a search that finds nothing says 'no search results'", async (ctx) => {
  const account = await createAccount('빈 목록');
  const list = await createPlaylist(account, '새 목록');
  const page = await signedInPage(ctx, account);
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
    expectEqual([await empty.locator('h2').innerText(), await empty.locator('p').innerText()], [tr('ko', title), tr('ko', body)], pathname);
    expectEqual(await page.locator('[data-testid="pagination"]').count(), 0, `${pathname}: no pager`);
  }
});

test('failed list loads: liked, downloaded, own and playlist tracks each name the list and whether it was a search; no rows; retry recovers', async (ctx) => {
  const account = await createAccount('불러오기');
  const track = await trackNamed('Golden Dreams 122');
  await like(account, track.id);
  const list = await createPlaylist(account, '실패할 목록');
  await addToPlaylist(account, list.id, track.id);
  const page = await signedInPage(ctx, account);
  // Answered as a 4xx by the page (the real server does not fail these on demand); 4xx is not retried.
  const fail = (route: Route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"x","code":"VALIDATION"}' });
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
    expectTrue((await error.innerText()).includes(tr('ko', key)), `${pathname}: ${tr('ko', key)}`);
    expectEqual(await page.locator('[data-testid="track-row"]').count(), 0, `${pathname}: no rows`);
  }
  // The selected playlist's tracks in the manager.
  await page.goto('/playlist');
  await page.locator(`[data-testid="manager-entry"][data-playlist-id="${list.id}"] .sori-manager-select`).click();
  await eventually(() => page.locator('.alert-danger').first().innerText(), tr('ko', 'playlists.errors.load'), 'manager: playlist load failed');

  // Once the server answers again, retry shows the list.
  await page.goto('/favorite');
  await error.waitFor();
  await page.unroute('**/api/musics?**');
  await error.getByRole('button', { name: tr('ko', 'common.retry') }).click();
  await eventually(() => rowTitles(page), [track.title], 'retry loads the liked track');
});

test("downloads: signed out, no file info, level 1, failures each say so; at level 5 the file saves as 'Artist - Title.ext' and the notice says so", async (ctx) => {
  const track = await trackNamed('Golden Dreams 122');
  const visitor = await ctx.newPage();
  await open(visitor, '/library');
  await openTrack(visitor, track.title, 'Golden Dreams');
  await row(visitor, track.title).locator('[data-testid="row-download"]').click();
  await eventually(() => notice(visitor).locator('span').first().innerText(), tr('ko', 'download.errors.login'), 'login required');

  const account = await createAccount('다운로드');
  const page = await signedInPage(ctx, account);
  await open(page, '/library');
  await openTrack(page, track.title, 'Golden Dreams');
  const download = row(page, track.title).locator('[data-testid="row-download"]');
  await download.click();
  await eventually(() => notice(page).locator('span').first().innerText(), tr('ko', 'download.errors.level'), 'level 5 needed');

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
  await eventually(() => notice(page).locator('span').first().innerText(), tr('ko', 'download.errors.noFile'), 'no file info');
  await page.unroute('**/api/musics?**');
  await page.reload();
  await settledResults(page);

  // The operator raises the level while the page is open: the stored level is refreshed before saying no.
  await setLevel(account, 5);
  await page.route('**/api/download/download**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' }), { times: 1 });
  await download.click();
  await eventually(() => notice(page).locator('span').first().innerText(), tr('ko', 'download.errors.failed'), 'download failed');
  await page.route('**/api/download/download**', (route) => route.abort('connectionfailed'), { times: 1 });
  await download.click();
  await eventually(() => notice(page).locator('span').first().innerText(), tr('ko', 'download.errors.error'), 'error during download');

  const saved = page.waitForEvent('download');
  await download.click();
  const file = await saved;
  const expected = `${track.artist} - ${track.title}.${/\.(\w+)$/u.exec(track.fileName ?? '')?.[1]}`;
  expectEqual(file.suggestedFilename(), expected, "saved as 'Artist - Title.ext' (the server's Content-Disposition)");
  expectTrue((await file.failure()) === null, 'the file arrived');
  await eventually(() => notice(page).locator('span').first().innerText(), tr('ko', 'download.started', { name: expected }), 'the notice names the saved file');

  await page.locator('[data-testid="side-download"]').click();
  await eventually(() => rowTitles(page), [track.title], 'listed under downloads');
  // The /download screen is a screen of its own (DECISIONS 21): its rows keep their actions (download again).
  expectEqual(await page.locator('[data-testid="row-download"]').count(), 1, 'the downloads screen keeps the row actions');
});

test("add to playlist: 'no playlists', then newest first in the modal; drag a row onto a sidebar playlist; remove inside a playlist; a playlist deleted elsewhere fails and leaves the lists", async (ctx) => {
  const account = await createAccount('담기');
  const page = await signedInPage(ctx, account);
  await open(page, '/library');
  await openTrack(page, 'Cosmic Road 119', 'Cosmic Road');
  await row(page, 'Cosmic Road 119').locator('[data-testid="row-add"]').click();
  const modal = page.locator('[data-testid="choose-playlist-modal"]');
  await eventually(() => modal.locator('[data-testid="no-playlists"]').innerText(), tr('ko', 'playlistChoose.none'), "'no playlists'");
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'detached' });

  const older = await createPlaylist(account, '먼저 만든 목록');
  const newer = await createPlaylist(account, '나중에 만든 목록');
  await page.reload();
  await settledResults(page);
  await row(page, 'Cosmic Road 119').locator('[data-testid="row-add"]').click();
  const items = modal.locator('[data-testid="choose-playlist-list"] button');
  await items.first().waitFor();
  expectEqual((await items.allInnerTexts()).map((t) => t.split('\n')[0]!.trim()), [newer.name, older.name], 'newest first');
  await items.filter({ hasText: older.name }).click();
  await modal.waitFor({ state: 'detached' });
  await eventually(() => notice(page).locator('span').first().innerText(), tr('ko', 'playlists.added', { name: older.name }), 'added notice');

  // Drag and drop: the sidebar playlist lights up while the track is over it, the drop adds the track.
  const target = page.locator(`[data-testid="side-playlist"][data-playlist-id="${newer.id}"]`);
  const source = row(page, 'Cosmic Road 119').locator('[data-testid="track-time"]');
  await source.hover();
  await page.mouse.down();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + 30, box.y + box.height / 2, { steps: 2 });
  await eventually(async () => (await target.getAttribute('class'))?.includes('drop-over') ?? false, true, 'highlighted while dragged over');
  await page.mouse.up();
  await eventually(async () => (await api<{ musicCount: number }>(`/playbox/${newer.id}`, { token: account.token })).musicCount, 1, 'dropped track added');
  expectTrue(!(await target.getAttribute('class'))?.includes('drop-over'), 'highlight gone after the drop');

  // Inside a real playlist the row can be removed; the liked list (id 0) shows no actions.
  await target.locator('a').click();
  await page.waitForURL(`**/playlist/${newer.id}`);
  await eventually(() => rowTitles(page), ['Cosmic Road 119'], 'track in the playlist');
  await row(page, 'Cosmic Road 119').locator('[data-testid="row-remove"]').click();
  await page.locator('[data-testid="empty-state"]').waitFor();
  expectEqual((await api<{ musicCount: number }>(`/playbox/${newer.id}`, { token: account.token })).musicCount, 0, 'removed on the server');

  // A like from inside a playlist.
  await addToPlaylist(account, newer.id, (await trackNamed('Cosmic Road 119')).id);
  await page.reload();
  await row(page, 'Cosmic Road 119').locator('[data-testid="row-like"]').click();
  await eventually(async () => (await api<{ totalElements: number }>('/musics?tempPlayListId=0', { token: account.token })).totalElements, 1, 'liked from the playlist');
  await page.goto('/playlist/0');
  await settledResults(page);
  expectEqual(await page.locator('[data-testid="row-like"]').count(), 0, 'no actions on /playlist/0');

  // A playlist deleted elsewhere (another tab) while this page still lists it: the server refuses the add.
  // Dropped on the sidebar, the failure says so; from the modal it is only logged (section 8). Either way
  // the playlist then leaves the lists instead of failing again.
  const sidebarItem = (id: number) => page.locator(`[data-testid="side-playlist"][data-playlist-id="${id}"]`);
  const droppedOn = await createPlaylist(account, '다른 탭에서 지운 목록');
  await openTrack(page, 'Cosmic Road 119', 'Cosmic Road');
  await sidebarItem(droppedOn.id).waitFor();
  await api(`/playbox/${droppedOn.id}`, { token: account.token, method: 'DELETE' });
  await row(page, 'Cosmic Road 119').locator('[data-testid="track-time"]').dragTo(sidebarItem(droppedOn.id));
  await eventually(() => page.locator('[data-testid="notice"][data-tone="danger"] span').first().innerText(), tr('ko', 'playlists.errors.addTrack'), 'drop failed');
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
  expectEqual(await page.locator('[data-testid="notice"]').count(), 0, 'no message from the modal');
});

test('row menu: share copies a link that opens the track; details shows its facts; a missing track says so', async (ctx) => {
  const page = await ctx.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
  const track = await trackNamed(SPECIAL.calmPiano);
  await open(page, '/library');
  await openTrack(page, track.title, '피아노');
  const menu = row(page, track.title).locator('[data-testid="row-menu"]');
  await menu.locator('button[aria-haspopup="menu"]').click();
  await menu.locator('[data-testid="row-share"]').click();
  await eventually(() => notice(page).locator('span').first().innerText(), tr('ko', 'tracks.linkCopied'), 'copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expectEqual(new URL(link).pathname + new URL(link).search, `/library?track=${track.id}`, 'the link');

  await menu.locator('button[aria-haspopup="menu"]').click();
  await menu.locator('[data-testid="row-details"]').click();
  const panel = page.locator('[data-testid="track-details"]');
  await panel.waitFor();
  const facts = await panel.locator('[data-testid="details-list"]').innerText();
  for (const fact of [track.artist!, genreOf(701)!.labels.ko, moodOf(1302)!.labels.ko, moodOf(1404)!.labels.ko, 'C', '72', track.duration!]) {
    expectTrue(facts.includes(fact), `details show ${fact}`);
  }
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });

  // Someone opens the shared link.
  const friend = await ctx.newPage();
  await open(friend, link.replace(/^https?:\/\/[^/]+/u, ''));
  await friend.locator('[data-testid="track-details"] [data-testid="details-title"]').waitFor();
  expectEqual(await friend.locator('[data-testid="details-title"]').innerText(), track.title, 'shared track opened');
  await friend.locator('[data-testid="details-play"]').click();
  await eventually(() => friend.locator('[data-testid="player-title"]').innerText(), track.title, 'played from the details');
  await friend.locator('[data-testid="track-details"] .btn-close').click();
  await eventually(async () => new URL(friend.url()).searchParams.has('track'), false, 'closing drops the track from the URL');

  await open(friend, '/library?track=99999999');
  await eventually(() => notice(friend).locator('span').first().innerText(), tr('ko', 'tracks.notFound'), 'missing track');
  expectTrue(!new URL(friend.url()).searchParams.has('track'), 'the broken link is cleared');
});
