import type { Page } from 'playwright-core';
import { addToPlaylist, api, createPlaylist, playlists, trackNamed } from '../data';
import { createAccount, eventually, expectEqual, expectTrue, open, signedInPage, test, tr } from '../harness';
import { seriousViolations } from '../axe';
import { query, row, rowTitles, settledResults, waitForCount } from './ui';

const entries = (page: Page) => page.locator('[data-testid="manager-entry"]');
const entryNames = async (page: Page) =>
  (await entries(page).locator('.sori-manager-select .text-truncate').allInnerTexts()).map((t) => t.trim());
const selectedId = (page: Page) => page.locator('[data-testid="manager-entry"].active').getAttribute('data-playlist-id');
const managerError = (page: Page) => page.locator('[data-testid="manager-error"]');
const selectedTitles = (page: Page) => page.locator('[data-testid="manager-selected"] [data-testid="track-title"]').allInnerTexts();

test('playlist manager: pinned liked and downloaded, count badges, create/edit/delete with their selection rules, errors in a red alert', async (ctx) => {
  const account = await createAccount('목록');
  const first = await createPlaylist(account, '카페 BGM', '잔잔한 곡 모음');
  await addToPlaylist(account, first.id, (await trackNamed('Golden Dreams 122')).id);
  await addToPlaylist(account, first.id, (await trackNamed('Neon Lights 125')).id);
  const page = await signedInPage(ctx, account);
  await open(page, '/playlist');
  await entries(page).nth(2).waitFor();
  expectEqual(await entryNames(page), [tr('ko', 'playlists.liked'), tr('ko', 'playlists.downloaded'), '카페 BGM'], 'pinned entries first');
  expectEqual(await entries(page).nth(2).locator('[data-testid="manager-count"]').innerText(), '2', 'track-count badge');
  expectEqual(await entries(page).nth(0).locator('[data-testid="manager-menu"]').count(), 0, 'no menu on the liked entry');

  // Select, then select again to deselect.
  await entries(page).nth(2).locator('.sori-manager-select').click();
  await eventually(() => selectedTitles(page), ['Neon Lights 125', 'Golden Dreams 122'], "selected playlist's tracks, newest first");
  expectEqual(await page.locator('[data-testid="manager-selected"] [data-testid="row-remove"]').count(), 2, 'remove inside a real playlist');
  // A like from the manager's pane.
  const heart = page.locator('[data-testid="manager-selected"] [data-testid="row-like"]').first();
  await heart.click();
  await eventually(() => heart.getAttribute('aria-pressed'), 'true', 'the heart flips in the pane');
  await eventually(async () => (await api<{ totalElements: number }>('/musics?tempPlayListId=0', { token: account.token })).totalElements, 1, 'liked from the manager');
  await entries(page).nth(2).locator('.sori-manager-select').click();
  await page.locator('[data-testid="manager-empty"]').waitFor();
  // The liked entry lists without actions.
  await entries(page).nth(0).locator('.sori-manager-select').click();
  await eventually(() => selectedTitles(page), ['Neon Lights 125'], 'the liked track listed under liked');
  expectEqual(await selectedId(page), '0', 'liked selected');
  expectEqual(await page.locator('[data-testid="manager-selected"] [data-testid="row-like"]').count(), 0, 'no actions on liked');

  // Create: name required; the new playlist joins the top and is selected.
  await page.locator('[data-testid="create-playlist"]').click();
  const form = page.locator('[data-testid="playlist-form-modal"]');
  await form.locator('[data-testid="playlist-save"]').click();
  await form.locator('.invalid-feedback').waitFor();
  expectEqual(await form.locator('.invalid-feedback').innerText(), tr('ko', 'playlist.nameRequired'), 'name required');
  await form.locator('[data-testid="playlist-name"]').fill('  <b>출근길</b>  ');
  await form.locator('[data-testid="playlist-description"]').fill('아침에 듣기');
  await form.locator('[data-testid="playlist-save"]').click();
  await form.waitFor({ state: 'detached' });
  await eventually(() => entryNames(page), [tr('ko', 'playlists.liked'), tr('ko', 'playlists.downloaded'), '<b>출근길</b>', '카페 BGM'], 'new one on top, markup as text');
  const created = (await playlists(account)).find((p) => p.name === '<b>출근길</b>')!;
  expectEqual(await selectedId(page), String(created.id), 'the new playlist is selected');
  expectEqual(created.description, '아침에 듣기', 'description saved');

  // Edit through the menu.
  const newest = entries(page).nth(2);
  await newest.locator('[data-testid="manager-menu"] button[aria-haspopup="menu"]').click();
  await newest.locator('[data-testid="manager-edit"]').click();
  await form.locator('[data-testid="playlist-name"]').fill('퇴근길');
  await form.locator('[data-testid="playlist-save"]').click();
  await form.waitFor({ state: 'detached' });
  await eventually(async () => (await entryNames(page))[2], '퇴근길', 'renamed');

  // A failed update shows the red alert, which can be dismissed.
  await page.route(`**/api/playbox/${created.id}`, (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' }) : route.continue(),
  );
  await newest.locator('[data-testid="manager-menu"] button[aria-haspopup="menu"]').click();
  await newest.locator('[data-testid="manager-edit"]').click();
  await form.locator('[data-testid="playlist-name"]').fill('실패할 이름');
  await form.locator('[data-testid="playlist-save"]').click();
  await managerError(page).waitFor();
  expectEqual((await managerError(page).innerText()).trim(), tr('ko', 'playlists.errors.update'), 'update failed');
  expectTrue((await managerError(page).getAttribute('class'))!.includes('alert-danger'), 'a red alert');
  await managerError(page).locator('.btn-close').click();
  await managerError(page).waitFor({ state: 'detached' });
  await page.unroute(`**/api/playbox/${created.id}`);

  // A failed removal of a track shows there too.
  await entries(page).nth(3).locator('.sori-manager-select').click();
  await page.route('**/api/playlist/remove', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' }));
  await page.locator('[data-testid="manager-selected"] [data-testid="row-remove"]').first().click();
  await eventually(async () => (await managerError(page).innerText()).trim(), tr('ko', 'playlists.errors.removeTrack'), 'remove failed');
  await managerError(page).locator('.btn-close').click();

  // Delete says it cannot be undone, and deleting the selected playlist deselects it.
  await entries(page).nth(2).locator('.sori-manager-select').click();
  expectEqual(await selectedId(page), String(created.id), 'selected before deleting');
  await newest.locator('[data-testid="manager-menu"] button[aria-haspopup="menu"]').click();
  await newest.locator('[data-testid="manager-delete"]').click();
  const confirm = page.locator('[data-testid="delete-playlist-modal"]');
  await confirm.waitFor();
  const text = await confirm.innerText();
  expectTrue(text.includes(tr('ko', 'common.cannotUndo')), "'cannot be undone'");
  expectTrue(text.includes('퇴근길'), 'names the playlist');
  await confirm.locator('[data-testid="confirm-button"]').click();
  await eventually(() => entryNames(page), [tr('ko', 'playlists.liked'), tr('ko', 'playlists.downloaded'), '카페 BGM'], 'deleted');
  await page.locator('[data-testid="manager-empty"]').waitFor();

  // A failed create shows the alert too.
  await page.route('**/api/playbox/create', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' }));
  await page.locator('[data-testid="create-playlist"]').click();
  await form.locator('[data-testid="playlist-name"]').fill('안 될 목록');
  await form.locator('[data-testid="playlist-save"]').click();
  await eventually(async () => (await managerError(page).innerText()).trim(), tr('ko', 'playlists.errors.create'), 'create failed');
});

test('sidebar playlists: delete on hover names it; deleting the one on screen returns to the library; each opens at page 1 with its own search', async (ctx) => {
  const account = await createAccount('사이드바');
  const morning = await createPlaylist(account, '아침 산책');
  const evening = await createPlaylist(account, '저녁 운동');
  for (const title of ['Golden Dreams 122', 'Neon Lights 125', 'Cosmic Road 119']) await addToPlaylist(account, evening.id, (await trackNamed(title)).id);
  const page = await signedInPage(ctx, account);
  await open(page, '/library?page=3');
  await settledResults(page);
  await page.mouse.wheel(0, 900);
  // Let the wheel's smooth scroll finish, as it would before anyone clicks: scrolled down and still for
  // five frames.
  await eventually(() => page.evaluate(() => window.scrollY > 400), true, 'scrolled down');
  await page.waitForFunction(`new Promise((resolve) => {
    let last = -1, still = 0;
    (function frame() {
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
      if (still >= 5) resolve(true); else requestAnimationFrame(frame);
    })();
  })`);

  // Selecting a sidebar playlist scrolls to the top and opens page 1 with no search.
  const link = page.locator(`[data-testid="side-playlist"][data-playlist-id="${evening.id}"] a`);
  await link.click();
  await page.waitForURL(`**/playlist/${evening.id}`);
  await waitForCount(page, 3, 'the playlist');
  await eventually(() => page.evaluate(() => window.scrollY), 0, 'scrolled to the top');
  expectEqual(await page.locator('[data-testid="page-title"]').innerText(), '저녁 운동', 'its name as the title');

  // Its own search bar searches inside it; opening it again from the sidebar resets the search.
  await page.locator('[data-testid="search-input"]').fill('Neon');
  await page.locator('[data-testid="search-input"]').press('Enter');
  await eventually(() => rowTitles(page), ['Neon Lights 125'], 'searched inside the playlist');
  expectEqual(query(page).q, ['Neon'], 'search in the URL');
  await link.click();
  await waitForCount(page, 3, 'search reset');
  expectEqual(await page.locator('[data-testid="search-input"]').inputValue(), '', 'box emptied');

  // Hover shows the delete button; its confirmation names the playlist.
  const item = page.locator(`[data-testid="side-playlist"][data-playlist-id="${morning.id}"]`);
  const remove = item.locator('[data-testid="side-delete"]');
  expectEqual(await remove.evaluate((el) => getComputedStyle(el).opacity), '0', 'hidden until hovered');
  await item.hover();
  await eventually(() => remove.evaluate((el) => getComputedStyle(el).opacity), '1', 'shown on hover');
  await remove.click();
  const confirm = page.locator('[data-testid="side-delete-modal"]');
  expectTrue((await confirm.innerText()).includes('아침 산책'), 'the confirmation names it');
  await confirm.locator('[data-testid="confirm-button"]').click();
  await item.waitFor({ state: 'detached' });
  expectTrue(page.url().endsWith(`/playlist/${evening.id}`), 'deleting another playlist stays here');

  // Deleting the playlist on screen returns to the library.
  const current = page.locator(`[data-testid="side-playlist"][data-playlist-id="${evening.id}"]`);
  await current.hover();
  await current.locator('[data-testid="side-delete"]').click();
  await confirm.locator('[data-testid="confirm-button"]').click();
  await page.waitForURL('**/library');
  expectEqual((await playlists(account)).length, 0, 'both deleted');

  // A failed delete from the sidebar shows an alert.
  const third = await createPlaylist(account, '남길 목록');
  await page.reload();
  await page.route(`**/api/playbox/${third.id}`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' }));
  const kept = page.locator(`[data-testid="side-playlist"][data-playlist-id="${third.id}"]`);
  await kept.hover();
  await kept.locator('[data-testid="side-delete"]').click();
  await confirm.locator('[data-testid="confirm-button"]').click();
  await eventually(() => page.locator('[data-testid="notice"][data-tone="danger"] span').first().innerText(), tr('ko', 'playlists.errors.delete'), 'delete failed');

  // A deleted or someone else's playlist shows 'not found' with a way back, never a stuck screen.
  await page.goto(`/playlist/${evening.id}`);
  await page.locator('[data-testid="playlist-not-found"]').waitFor();
  await page.goto('/playlist/abc');
  await page.locator('[data-testid="invalid-playlist"]').waitFor();
  expectEqual(await page.locator('[data-testid="invalid-playlist"] h2').innerText(), tr('ko', 'playlistDetail.invalid'), "'invalid playlist'");
});

test("choose-playlist modal: marks playlists that already hold the track, says 'already in' for a duplicate, creates a playlist that then holds the track", async (ctx) => {
  const account = await createAccount('모달');
  const track = await trackNamed('Cosmic Road 119');
  const holding = await createPlaylist(account, '이미 있는 목록');
  const empty = await createPlaylist(account, '빈 목록');
  await addToPlaylist(account, holding.id, track.id);
  const page = await signedInPage(ctx, account, { bypassCSP: true }); // axe-core is injected below
  await page.goto(`/library?q=${encodeURIComponent('Cosmic Road')}`);
  await settledResults(page);
  const modal = page.locator('[data-testid="choose-playlist-modal"]');
  const item = (name: string) => modal.locator('[data-testid="choose-playlist-list"] button', { hasText: name });
  const toast = () => page.locator('[data-testid="notice"]').last().locator('span').first().innerText();
  const openModal = async () => {
    await row(page, track.title).locator('[data-testid="row-add"]').click();
    await item(empty.name).waitFor();
  };

  await openModal();
  expectEqual(await item(holding.name).getAttribute('data-has-music'), 'true', 'the playlist holding the track is marked');
  expectEqual(await item(holding.name).locator('[data-testid="already-in"]').innerText(), tr('ko', 'playlistChoose.alreadyIn'), "'already in' badge");
  expectEqual(await item(empty.name).locator('[data-testid="already-in"]').count(), 0, 'no badge on the other playlist');
  const problems = await seriousViolations(page);
  expectEqual(problems, [], 'axe on the modal');

  // A duplicate is not an error and is not added twice: the notice says it was already there.
  await item(holding.name).click();
  await modal.waitFor({ state: 'detached' });
  await eventually(toast, tr('ko', 'playlistChoose.alreadyAdded', { name: holding.name }), "'already in' notice");
  expectEqual((await api<{ musicCount: number }>(`/playbox/${holding.id}`, { token: account.token })).musicCount, 1, 'not duplicated');

  // Create a playlist from the modal: it then holds the track.
  await openModal();
  const submit = modal.locator('[data-testid="choose-playlist-new-submit"]');
  expectTrue(await submit.isDisabled(), 'create is disabled while the name is empty');
  await modal.locator('[data-testid="choose-playlist-new-name"]').fill('  모달에서 만든 목록 ');
  await submit.click();
  await modal.waitFor({ state: 'detached' });
  await eventually(toast, tr('ko', 'playlistChoose.created', { name: '모달에서 만든 목록' }), "'created and added' notice");
  const made = (await playlists(account)).find((p) => p.name === '모달에서 만든 목록');
  expectTrue(made !== undefined, 'the new playlist exists');
  expectEqual(
    (await api<{ content: { id: number }[] }>(`/musics?tempPlayListId=${made!.id}`, { token: account.token })).content.map((m) => m.id),
    [track.id],
    'the new playlist holds the track',
  );
  // Opened again, the new playlist is first and marked too; the fresh add goes to a playlist without it.
  await openModal();
  await eventually(() => item('모달에서 만든 목록').getAttribute('data-has-music'), 'true', 'new playlist marked');
  await item(empty.name).click();
  await eventually(toast, tr('ko', 'playlists.added', { name: empty.name }), "'added' notice for a playlist without the track");
});
