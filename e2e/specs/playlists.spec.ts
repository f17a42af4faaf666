import type { Page } from '@playwright/test';
import { ERROR_MESSAGES, fillMessage } from '@sori/contract';
import { addToPlaylist, api, createPlaylist, playlists, trackNamed } from '../data';
import { createAccount, open, tr } from '../app';
import { expect, test } from '../test';
import { seriousViolations } from '../axe';
import { query, row, rowTitles, settledResults, waitForCount } from './ui';

const entries = (page: Page) => page.locator('[data-testid="manager-entry"]');
const entryNames = async (page: Page) =>
  (await entries(page).locator('.sori-manager-select .text-truncate').allInnerTexts()).map((t) => t.trim());
const selectedId = (page: Page) => page.locator('[data-testid="manager-entry"].active').getAttribute('data-playlist-id');
const managerError = (page: Page) => page.locator('[data-testid="manager-error"]');
/** The server's answer at a playlist cap, as the API words it (its own test checks the API says this). */
const capAnswer = (code: 'PLAYLIST_LIMIT' | 'PLAYLIST_FULL', limit: number) => ({
  status: 409,
  contentType: 'application/json',
  body: JSON.stringify({ message: fillMessage(ERROR_MESSAGES[code].ko, { limit }), code, details: { limit } }),
});
const selectedTitles = (page: Page) => page.locator('[data-testid="manager-selected"] [data-testid="track-title"]').allInnerTexts();

test('playlist manager: pinned liked and downloaded, count badges, create/edit/delete with their selection rules, errors in a red alert', async ({
  signedInPage,
}) => {
  const account = await createAccount('목록');
  const first = await createPlaylist(account, '카페 BGM', '잔잔한 곡 모음');
  await addToPlaylist(account, first.id, (await trackNamed('Golden Dreams 122')).id);
  await addToPlaylist(account, first.id, (await trackNamed('Neon Lights 125')).id);
  const page = await signedInPage(account);
  await open(page, '/playlist');
  await entries(page).nth(2).waitFor();
  expect(await entryNames(page), 'pinned entries first').toEqual([
    tr('ko', 'playlists.liked'),
    tr('ko', 'playlists.downloaded'),
    '카페 BGM',
  ]);
  await expect(entries(page).nth(2).locator('[data-testid="manager-count"]'), 'track-count badge').toHaveText('2', { useInnerText: true });
  await expect(entries(page).nth(0).locator('[data-testid="manager-menu"]'), 'no menu on the liked entry').toHaveCount(0);

  // Select, then select again to deselect.
  await entries(page).nth(2).locator('.sori-manager-select').click();
  await expect
    .poll(() => selectedTitles(page), { message: "selected playlist's tracks, newest first" })
    .toEqual(['Neon Lights 125', 'Golden Dreams 122']);
  await expect(page.locator('[data-testid="manager-selected"] [data-testid="row-remove"]'), 'remove inside a real playlist').toHaveCount(2);
  // A like from the manager's pane.
  const heart = page.locator('[data-testid="manager-selected"] [data-testid="row-like"]').first();
  await heart.click();
  await expect(heart, 'the heart flips in the pane').toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await api<{ totalElements: number }>('/musics?tempPlayListId=0', { token: account.token })).totalElements, {
      message: 'liked from the manager',
    })
    .toEqual(1);
  await entries(page).nth(2).locator('.sori-manager-select').click();
  await page.locator('[data-testid="manager-empty"]').waitFor();
  // The liked entry lists without actions.
  await entries(page).nth(0).locator('.sori-manager-select').click();
  await expect.poll(() => selectedTitles(page), { message: 'the liked track listed under liked' }).toEqual(['Neon Lights 125']);
  expect(await selectedId(page), 'liked selected').toEqual('0');
  await expect(page.locator('[data-testid="manager-selected"] [data-testid="row-like"]'), 'no actions on liked').toHaveCount(0);

  // Create: name required; the new playlist joins the top and is selected.
  await page.locator('[data-testid="create-playlist"]').click();
  const form = page.locator('[data-testid="playlist-form-modal"]');
  await form.locator('[data-testid="playlist-save"]').click();
  await form.locator('.invalid-feedback').waitFor();
  await expect(form.locator('.invalid-feedback'), 'name required').toHaveText(tr('ko', 'playlist.nameRequired'), { useInnerText: true });
  await form.locator('[data-testid="playlist-name"]').fill('  <b>출근길</b>  ');
  await form.locator('[data-testid="playlist-description"]').fill('아침에 듣기');
  await form.locator('[data-testid="playlist-save"]').click();
  await form.waitFor({ state: 'detached' });
  await expect
    .poll(() => entryNames(page), { message: 'new one on top, markup as text' })
    .toEqual([tr('ko', 'playlists.liked'), tr('ko', 'playlists.downloaded'), '<b>출근길</b>', '카페 BGM']);
  const created = (await playlists(account)).find((p) => p.name === '<b>출근길</b>')!;
  expect(await selectedId(page), 'the new playlist is selected').toEqual(String(created.id));
  expect(created.description, 'description saved').toEqual('아침에 듣기');

  // Edit through the menu.
  const newest = entries(page).nth(2);
  await newest.locator('[data-testid="manager-menu"] button[aria-haspopup="menu"]').click();
  await newest.locator('[data-testid="manager-edit"]').click();
  await form.locator('[data-testid="playlist-name"]').fill('퇴근길');
  await form.locator('[data-testid="playlist-save"]').click();
  await form.waitFor({ state: 'detached' });
  await expect.poll(async () => (await entryNames(page))[2], { message: 'renamed' }).toEqual('퇴근길');

  // A failed update shows the red alert, which can be dismissed.
  await page.route(`**/api/playbox/${created.id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' })
      : route.continue(),
  );
  await newest.locator('[data-testid="manager-menu"] button[aria-haspopup="menu"]').click();
  await newest.locator('[data-testid="manager-edit"]').click();
  await form.locator('[data-testid="playlist-name"]').fill('실패할 이름');
  await form.locator('[data-testid="playlist-save"]').click();
  await managerError(page).waitFor();
  expect((await managerError(page).innerText()).trim(), 'update failed').toEqual(tr('ko', 'playlists.errors.update'));
  expect((await managerError(page).getAttribute('class'))!.includes('alert-danger'), 'a red alert').toBeTruthy();
  await managerError(page).locator('.btn-close').click();
  await managerError(page).waitFor({ state: 'detached' });
  await page.unroute(`**/api/playbox/${created.id}`);

  // A failed removal of a track shows there too.
  await entries(page).nth(3).locator('.sori-manager-select').click();
  await page.route('**/api/playlist/remove', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' }),
  );
  await page.locator('[data-testid="manager-selected"] [data-testid="row-remove"]').first().click();
  await expect
    .poll(async () => (await managerError(page).innerText()).trim(), { message: 'remove failed' })
    .toEqual(tr('ko', 'playlists.errors.removeTrack'));
  await managerError(page).locator('.btn-close').click();
  // Once the server answers, a removal says so, as it does on the playlist's own page.
  await page.unroute('**/api/playlist/remove');
  const removedTitle = (await page.locator('[data-testid="manager-selected"] [data-testid="track-title"]').first().innerText()).trim();
  await page.locator('[data-testid="manager-selected"] [data-testid="row-remove"]').first().click();
  await expect(page.getByTestId('notice').last()).toContainText(tr('ko', 'playlists.removed', { title: removedTitle }));

  // Delete says it cannot be undone, and deleting the selected playlist deselects it.
  await entries(page).nth(2).locator('.sori-manager-select').click();
  expect(await selectedId(page), 'selected before deleting').toEqual(String(created.id));
  await newest.locator('[data-testid="manager-menu"] button[aria-haspopup="menu"]').click();
  await newest.locator('[data-testid="manager-delete"]').click();
  const confirm = page.locator('[data-testid="delete-playlist-modal"]');
  await confirm.waitFor();
  const text = await confirm.innerText();
  expect(text.includes(tr('ko', 'common.cannotUndo')), "'cannot be undone'").toBeTruthy();
  expect(text.includes('퇴근길'), 'names the playlist').toBeTruthy();
  await confirm.locator('[data-testid="confirm-button"]').click();
  await expect
    .poll(() => entryNames(page), { message: 'deleted' })
    .toEqual([tr('ko', 'playlists.liked'), tr('ko', 'playlists.downloaded'), '카페 BGM']);
  await page.locator('[data-testid="manager-empty"]').waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="manager-entry"]')?.getAttribute('data-playlist-id')), {
      message: 'focus goes to the playlist that took its place, not the page start',
    })
    .toEqual(String(first.id));

  // A failed create shows the alert too.
  await page.route('**/api/playbox/create', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' }),
  );
  await page.locator('[data-testid="create-playlist"]').click();
  await form.locator('[data-testid="playlist-name"]').fill('안 될 목록');
  await form.locator('[data-testid="playlist-save"]').click();
  await expect
    .poll(async () => (await managerError(page).innerText()).trim(), { message: 'create failed' })
    .toEqual(tr('ko', 'playlists.errors.create'));
  await managerError(page).locator('.btn-close').click();

  // At the playlist cap the dialog says the cap and what to do, not a bare 'could not create', and stays
  // open with the name typed.
  await page.unroute('**/api/playbox/create');
  await page.route('**/api/playbox/create', (route) => route.fulfill(capAnswer('PLAYLIST_LIMIT', 500)));
  await page.locator('[data-testid="create-playlist"]').click();
  await form.locator('[data-testid="playlist-name"]').fill('501번째 목록');
  await form.locator('[data-testid="playlist-save"]').click();
  await expect
    .poll(async () => (await form.locator('[data-testid="playlist-form-error"]').innerText()).trim(), { message: 'the cap is named' })
    .toEqual(JSON.parse(capAnswer('PLAYLIST_LIMIT', 500).body).message);
  await expect(form.locator('[data-testid="playlist-name"]'), 'the name typed is kept').toHaveValue('501번째 목록');
});

test('sidebar playlists: delete on hover names it; deleting the one on screen returns to the library; each opens at page 1 with its own search', async ({
  signedInPage,
}) => {
  const account = await createAccount('사이드바');
  const morning = await createPlaylist(account, '아침 산책');
  const evening = await createPlaylist(account, '저녁 운동');
  for (const title of ['Golden Dreams 122', 'Neon Lights 125', 'Cosmic Road 119'])
    await addToPlaylist(account, evening.id, (await trackNamed(title)).id);
  const page = await signedInPage(account);
  await open(page, '/library?page=3');
  await settledResults(page);
  await page.mouse.wheel(0, 900);
  // Let the wheel's smooth scroll finish, as it would before anyone clicks: scrolled down and still for
  // five frames.
  await expect.poll(() => page.evaluate(() => window.scrollY > 400), { message: 'scrolled down' }).toEqual(true);
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
  await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'scrolled to the top' }).toEqual(0);
  await expect(page.locator('[data-testid="page-title"]'), 'its name as the title').toHaveText('저녁 운동', { useInnerText: true });
  await expect.poll(() => page.title(), { message: 'the tab names the playlist' }).toBe('저녁 운동 · Sori');

  // Its own search bar searches inside it; opening it again from the sidebar resets the search.
  await page.locator('[data-testid="search-input"]').fill('Neon');
  await page.locator('[data-testid="search-input"]').press('Enter');
  await expect.poll(() => rowTitles(page), { message: 'searched inside the playlist' }).toEqual(['Neon Lights 125']);
  expect(query(page).q, 'search in the URL').toEqual(['Neon']);
  await link.click();
  await waitForCount(page, 3, 'search reset');
  await expect(page.locator('[data-testid="search-input"]'), 'box emptied').toHaveValue('');

  // Hover shows the delete button; its confirmation names the playlist.
  const item = page.locator(`[data-testid="side-playlist"][data-playlist-id="${morning.id}"]`);
  const remove = item.locator('[data-testid="side-delete"]');
  expect(await remove.evaluate((el) => getComputedStyle(el).opacity), 'hidden until hovered').toEqual('0');
  await item.hover();
  await expect.poll(() => remove.evaluate((el) => getComputedStyle(el).opacity), { message: 'shown on hover' }).toEqual('1');
  await remove.click();
  const confirm = page.locator('[data-testid="side-delete-modal"]');
  expect((await confirm.innerText()).includes('아침 산책'), 'the confirmation names it').toBeTruthy();
  await confirm.locator('[data-testid="confirm-button"]').click();
  await item.waitFor({ state: 'detached' });
  expect(page.url().endsWith(`/playlist/${evening.id}`), 'deleting another playlist stays here').toBeTruthy();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="side-playlist"]')?.getAttribute('data-playlist-id')), {
      message: 'focus goes to the next playlist in the sidebar, not the page start',
    })
    .toEqual(String(evening.id));

  // Deleting the playlist on screen returns to the library.
  const current = page.locator(`[data-testid="side-playlist"][data-playlist-id="${evening.id}"]`);
  await current.hover();
  await current.locator('[data-testid="side-delete"]').click();
  await confirm.locator('[data-testid="confirm-button"]').click();
  await page.waitForURL('**/library');
  expect((await playlists(account)).length, 'both deleted').toEqual(0);

  // A failed delete from the sidebar shows an alert.
  const third = await createPlaylist(account, '남길 목록');
  await page.reload();
  await page.route(`**/api/playbox/${third.id}`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' }),
  );
  const kept = page.locator(`[data-testid="side-playlist"][data-playlist-id="${third.id}"]`);
  await kept.hover();
  await kept.locator('[data-testid="side-delete"]').click();
  await confirm.locator('[data-testid="confirm-button"]').click();
  await expect(page.locator('[data-testid="notice"][data-tone="danger"] span').first(), 'delete failed').toHaveText(
    tr('ko', 'playlists.errors.delete'),
    { useInnerText: true },
  );

  // A deleted or someone else's playlist shows 'not found' with a way back, never a stuck screen.
  await page.goto(`/playlist/${evening.id}`);
  await page.locator('[data-testid="playlist-not-found"]').waitFor();
  await page.goto('/playlist/abc');
  await page.locator('[data-testid="invalid-playlist"]').waitFor();
  await expect(page.locator('[data-testid="invalid-playlist"] h2'), "'invalid playlist'").toHaveText(tr('ko', 'playlistDetail.invalid'), {
    useInnerText: true,
  });
});

test("choose-playlist modal: marks playlists that already hold the track, says 'already in' for a duplicate, creates a playlist that then holds the track", async ({
  signedInPage,
}) => {
  const account = await createAccount('모달');
  const track = await trackNamed('Cosmic Road 119');
  const holding = await createPlaylist(account, '이미 있는 목록');
  const empty = await createPlaylist(account, '빈 목록');
  await addToPlaylist(account, holding.id, track.id);
  const page = await signedInPage(account, { bypassCSP: true }); // axe-core is injected below
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
  await expect(item(holding.name), 'the playlist holding the track is marked').toHaveAttribute('data-has-music', 'true');
  await expect(item(holding.name).locator('[data-testid="already-in"]'), "'already in' badge").toHaveText(
    tr('ko', 'playlistChoose.alreadyIn'),
    { useInnerText: true },
  );
  await expect(item(empty.name).locator('[data-testid="already-in"]'), 'no badge on the other playlist').toHaveCount(0);
  const problems = await seriousViolations(page);
  expect(problems, 'axe on the modal').toEqual([]);

  // A duplicate is not an error and is not added twice: the notice says it was already there.
  await item(holding.name).click();
  await modal.waitFor({ state: 'detached' });
  await expect.poll(toast, { message: "'already in' notice" }).toEqual(tr('ko', 'playlistChoose.alreadyAdded', { name: holding.name }));
  expect((await api<{ musicCount: number }>(`/playbox/${holding.id}`, { token: account.token })).musicCount, 'not duplicated').toEqual(1);

  // Create a playlist from the modal: it then holds the track.
  await openModal();
  const submit = modal.locator('[data-testid="choose-playlist-new-submit"]');
  expect(await submit.isDisabled(), 'create is disabled while the name is empty').toBeTruthy();
  await modal.locator('[data-testid="choose-playlist-new-name"]').fill('  모달에서 만든 목록 ');
  await submit.click();
  await modal.waitFor({ state: 'detached' });
  await expect
    .poll(toast, { message: "'created and added' notice" })
    .toEqual(tr('ko', 'playlistChoose.created', { name: '모달에서 만든 목록' }));
  const made = (await playlists(account)).find((p) => p.name === '모달에서 만든 목록');
  expect(made !== undefined, 'the new playlist exists').toBeTruthy();
  expect(
    (await api<{ content: { id: number }[] }>(`/musics?tempPlayListId=${made!.id}`, { token: account.token })).content.map((m) => m.id),
    'the new playlist holds the track',
  ).toEqual([track.id]);
  // Opened again, the new playlist is first and marked too; the fresh add goes to a playlist without it.
  await openModal();
  await expect(item('모달에서 만든 목록'), 'new playlist marked').toHaveAttribute('data-has-music', 'true');
  await item(empty.name).click();
  await expect
    .poll(toast, { message: "'added' notice for a playlist without the track" })
    .toEqual(tr('ko', 'playlists.added', { name: empty.name }));

  // A full playlist is not swallowed like other failed adds: the dialog says the cap and stays open, with
  // focus back on the playlist chosen, so another can be chosen at once.
  await page.route('**/api/playlist/add', (route) => route.fulfill(capAnswer('PLAYLIST_FULL', 5000)));
  await openModal();
  await item(holding.name).click();
  const refusal = modal.locator('[data-testid="choose-playlist-refusal"]');
  await expect
    .poll(async () => (await refusal.innerText()).trim(), { message: 'the cap is named' })
    .toEqual(JSON.parse(capAnswer('PLAYLIST_FULL', 5000).body).message);
  await expect(item(holding.name), 'focus back on the playlist chosen').toBeFocused();
  await expect(modal, 'the dialog stays open').toBeVisible();
});
