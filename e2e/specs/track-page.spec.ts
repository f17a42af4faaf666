import { genreOf, moodOf, type Music, type Page as MusicPage, type TrackEdit } from '@sori/contract';
import type { Page } from '@playwright/test';
import path from 'node:path';
import { createAccount, open, SCREENSHOTS, tr, type Account, type Lang } from '../app';
import { animationsDone, seriousViolations, settle, THEMES } from '../axe';
import { addToPlaylist, api, createPlaylist, setLevel, SPECIAL, trackNamed } from '../data';
import { expect, test } from '../test';
import { settledResults } from './ui';

const LANGS: Lang[] = ['ko', 'en', 'ja'];
const notice = (page: Page) => page.locator('[data-testid="notice"]').last();
const session = (account: Account) => ({ ACCESS_TOKEN: account.token, USER_INFO: JSON.stringify(account.user) });

test('track page: facts, tags that open the filtered library, play, like, add to playlist, the download gate and the copied link', async ({
  signedInPage,
}) => {
  const track = await trackNamed(SPECIAL.calmPiano);
  const account = await createAccount('곡페이지');
  const list = await createPlaylist(account, '곡 페이지에서 담기');
  const page = await signedInPage(account, { permissions: ['clipboard-read', 'clipboard-write'] });
  await open(page, `/track/${track.id}`);

  await expect(page.getByTestId('page-title')).toHaveText(track.title, { useInnerText: true });
  await expect(page.getByTestId('track-page-artist')).toHaveText(track.artist!, { useInnerText: true });
  await expect.poll(() => page.title(), { message: 'the tab names the track' }).toContain(track.title);
  // A change of language keeps the track's name in the tab (the layout used to put "楽曲情報" back).
  for (const lang of ['ja', 'ko'] as const) {
    await page.click('[data-testid="language-menu"] > button');
    await page.click(`[data-testid="language-${lang}"]`);
    await expect(page.getByTestId('page-title')).toHaveText(track.title, { useInnerText: true });
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), { message: `${lang} chosen` }).toBe(lang);
    await expect.poll(() => page.title(), { message: `the tab names the track (${lang})` }).toBe(`${track.title} · ${track.artist} · Sori`);
  }
  const facts = await page.getByTestId('track-facts').innerText();
  for (const fact of [genreOf(701)!.labels.ko, moodOf(1302)!.labels.ko, moodOf(1404)!.labels.ko, '72', track.duration!]) {
    expect(facts.includes(fact), `the facts show ${fact}`).toBeTruthy();
  }
  await expect(page.getByTestId('track-licence').locator('li')).not.toHaveCount(0);
  await expect(page.getByTestId('track-wave'), 'the large waveform is drawn from the peaks').toBeVisible();

  // Play: the player bar shows the track, and the button says pause.
  await page.getByTestId('track-play').click();
  await expect(page.locator('[data-testid="player-title"]')).toHaveText(track.title, { useInnerText: true });
  await expect(page.getByTestId('track-play')).toHaveAccessibleName(tr('ko', 'player.pauseTrack', { title: track.title }));

  // Like, then the liked list holds it.
  await page.getByTestId('track-like').click();
  await expect(page.getByTestId('track-like')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('track-like'), 'once on, the tooltip says a press takes it off').toHaveAttribute(
    'title',
    tr('ko', 'tracks.unlike'),
  );
  await expect
    .poll(async () => (await api<MusicPage<Music>>('/musics?tempPlayListId=0', { token: account.token })).content.map((m) => m.id))
    .toContain(track.id);

  // Add to a playlist through the choose-playlist modal.
  await page.getByTestId('track-add').click();
  const modal = page.locator('[data-testid="choose-playlist-modal"]');
  await modal.locator('[data-testid="choose-playlist-list"] button', { hasText: list.name }).click();
  await expect
    .poll(async () => (await api<MusicPage<Music>>(`/musics?tempPlayListId=${list.id}`, { token: account.token })).content.map((m) => m.id))
    .toContain(track.id);
  await modal.waitFor({ state: 'detached' });

  // A free member may not download: the notice says why (PRODUCT §5).
  await page.getByTestId('track-download').click();
  await expect(notice(page).locator('span').first()).toHaveText(tr('ko', 'download.errors.level'), { useInnerText: true });

  // Copy link: the track page's own address.
  await page.getByTestId('track-share').click();
  await expect(notice(page).locator('span').first()).toHaveText(tr('ko', 'tracks.linkCopied'), { useInnerText: true });
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).pathname).toBe(`/track/${track.id}`);

  // The genre tag opens the library filtered by that genre, the mood tag by that mood.
  await page.getByRole('link', { name: tr('ko', 'trackPage.browseTag', { name: genreOf(701)!.labels.ko }) }).click();
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/library?g=701');
  await settledResults(page);
  await expect(page.locator('[data-testid="track-row"]', { hasText: track.title })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: tr('ko', 'trackPage.browseTag', { name: moodOf(1404)!.labels.ko }) }).click();
  await expect.poll(() => new URL(page.url()).search).toBe('?moods=1404');
  await settledResults(page);
  await expect(page.locator('[data-testid="track-row"]', { hasText: track.title })).toBeVisible();
});

test('track page sections: the short edits play and download under the rules; similar tracks list in the track table, only those close enough', async ({
  newPage,
  signedInPage,
}) => {
  // The 40 s fixture track is long enough for the 15 and 30-second edits (made at ingest).
  const track = await trackNamed(SPECIAL.long);
  const piano = await trackNamed(SPECIAL.calmPiano);
  const [edits, similar, pianoSimilar] = await Promise.all([
    api<TrackEdit[]>(`/musics/${track.id}/edits`),
    api<MusicPage<Music>>(`/musics/${track.id}/similar?page=0&size=20`),
    api<MusicPage<Music>>(`/musics/${piano.id}/similar?page=0&size=20`),
  ]);
  const ready = edits.find((e) => e.status === 'ready');
  expect(ready, 'a ready edit of the 40 s track').toBeDefined();
  // Every other fixture is a 2 s pluck: none sounds close enough to the one long track to be listed, while the
  // 2 s tracks list some of the 131 others, not all of them.
  expect(similar.totalElements, 'similar tracks of the 40 s track').toBe(0);
  expect(pianoSimilar.content.length, 'similar tracks of a 2 s track').toBeGreaterThan(0);
  expect(pianoSimilar.totalElements, 'only those close enough').toBeLessThan(131);

  const page = await newPage();
  await open(page, `/track/${track.id}`);
  const editsSection = page.getByTestId('track-edits');
  await expect(editsSection.getByRole('heading', { name: tr('ko', 'trackPage.editsTitle') })).toBeVisible();
  await expect(editsSection.getByTestId('edit-row')).toHaveCount(edits.length);
  // The lead names 15, 30 and 60 s; the 40 s track lacks the 60-second edit, and the lead says so.
  expect(edits.map((e) => e.seconds)).toEqual([15, 30]);
  await expect(editsSection.getByTestId('edits-missing')).toHaveText(tr('ko', 'trackPage.editsTooShort', { seconds: '60' }));
  const row = editsSection.locator(`[data-testid="edit-row"][data-seconds="${ready!.seconds}"]`);
  await row.getByTestId('edit-play').click();
  await expect(page.locator('[data-testid="player-title"]')).toHaveText(
    tr('ko', 'trackPage.editPlayerTitle', { title: track.title, seconds: ready!.seconds }),
    { useInnerText: true },
  );
  await expect(row.getByTestId('edit-play')).toHaveAccessibleName(
    tr('ko', 'trackPage.pauseEdit', { title: track.title, seconds: ready!.seconds }),
  );
  // The full track is another recording: its button still offers to play it.
  await expect(page.getByTestId('track-play')).toHaveAccessibleName(tr('ko', 'player.playTrack', { title: track.title }));
  // The large waveform is a slider: → plays the full track from 5 s in, End near its end.
  const wave = page.getByTestId('track-wave');
  await wave.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-testid="player-title"]')).toHaveText(track.title, { useInnerText: true });
  await expect.poll(async () => Number(await wave.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(5);
  await page.keyboard.press('End');
  await expect.poll(async () => Number(await wave.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(35);
  await page.keyboard.press('Space');
  // Signed out, a download says to sign in first (PRODUCT §5), as a row's download does.
  await row.getByTestId('edit-download').click();
  await expect(notice(page).locator('span').first()).toHaveText(tr('ko', 'download.errors.login'), { useInnerText: true });

  // Nothing close enough: the section says so and offers the track's genre in the library.
  const similarSection = page.getByTestId('track-similar');
  await expect(similarSection.getByTestId('similar-empty')).toContainText(tr('ko', 'trackPage.similarEmpty'));
  await expect(similarSection.locator('[data-testid="track-row"]')).toHaveCount(0);
  await similarSection.getByRole('link', { name: tr('ko', 'trackPage.similarBrowseGenre', { name: genreOf(702)!.labels.ko }) }).click();
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/library?g=702');
  await settledResults(page);
  await expect(page.locator('[data-testid="track-row"]', { hasText: track.title })).toBeVisible();
  // Similar tracks of a 2 s track: the API's first page, in the track table.
  await open(page, `/track/${piano.id}`);
  const pianoSection = page.getByTestId('track-similar');
  await expect(pianoSection.locator('[data-testid="track-row"]')).toHaveCount(pianoSimilar.content.length);
  await expect(pianoSection.locator('[data-testid="track-title"]').first()).toHaveText(pianoSimilar.content[0]!.title, {
    useInnerText: true,
  });

  // A member at the download level saves the edit under its own name, and it joins their downloads.
  const member = await createAccount('편집본');
  await setLevel(member, 5);
  const memberPage = await signedInPage(member);
  await open(memberPage, `/track/${track.id}`);
  const memberRow = memberPage.getByTestId('track-edits').locator(`[data-testid="edit-row"][data-seconds="${ready!.seconds}"]`);
  const saved = memberPage.waitForEvent('download');
  await memberRow.getByTestId('edit-download').click();
  const file = await saved;
  expect(file.suggestedFilename()).toBe(`${track.artist} - ${track.title} (${ready!.seconds}초 버전).mp3`);
  expect(await file.failure()).toBeNull();
  await expect
    .poll(async () => (await api<MusicPage<Music>>('/musics?tempPlayListId=-1', { token: member.token })).content.map((m) => m.id))
    .toContain(track.id);
  // The downloads list marks the licence as the edit's, and its buttons are named after the edit.
  await open(memberPage, '/download');
  const editName = tr('ko', 'trackPage.editName', { seconds: ready!.seconds });
  const line = memberPage.getByTestId('licence-line').filter({ has: memberPage.getByTestId('licence-edit') });
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('licence-edit')).toHaveText(editName);
  await expect(
    line.getByRole('button', { name: tr('ko', 'licence.certificateOf', { title: `${track.title} (${editName})` }) }),
  ).toBeVisible();
});

test('row menu: "more like this" opens the track page at its similar tracks, their heading focused and in view', async ({ newPage }) => {
  // A 2 s fixture that has similar tracks (the 40 s one has none close enough).
  const piano = await trackNamed(SPECIAL.calmPiano);
  const page = await newPage();
  await open(page, `/library?q=${encodeURIComponent('피아노')}`);
  await settledResults(page);
  const menu = page.locator('tbody tr').filter({ hasText: piano.title }).first().locator('[data-testid="row-menu"]');
  await menu.locator('button[aria-haspopup="menu"]').click();
  await menu.getByRole('menuitem', { name: tr('ko', 'tracks.similar') }).click();
  await expect(page).toHaveURL(new RegExp(`/track/${piano.id}#similar$`, 'u'));
  const similar = page.getByTestId('track-similar');
  const heading = similar.getByRole('heading', { level: 2, name: tr('ko', 'trackPage.similarTitle') });
  await expect(heading, 'the focus on the similar tracks, not the page title').toBeFocused();
  // Kept in view while the sections above it load: the list comes under it.
  await expect(similar.locator('table tbody tr').first()).toBeVisible();
  await expect(heading).toBeInViewport();

  // The same address opened afresh (reloaded, or from a bookmark): the part is not there when the browser
  // looks for it, so the screen brings its heading into view and focuses it as it arrives.
  await page.reload();
  await expect(similar.locator('table tbody tr').first()).toBeVisible();
  await expect(heading, 'reloaded: the focus on the similar tracks').toBeFocused();
  await expect(heading).toBeInViewport();
  // Without a fragment a first load starts at the top, as before.
  await open(page, `/track/${piano.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('track page: an unknown or malformed id is a 404 from the server and the not-found screen', async ({ newPage }) => {
  const page = await newPage();
  for (const address of ['/track/99999999', '/track/abc']) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(404);
    await expect(page.getByTestId('track-not-found'), address).toBeVisible();
    // Its title is the page's h1, heard once: not a hidden h1 and a visible heading of the same words.
    const title = await page.locator('h1').innerText();
    await expect(page.getByTestId('track-not-found').locator('h1'), address).toHaveText(title);
    await expect(page.getByRole('heading', { name: title, exact: true }), address).toHaveCount(1);
  }
  // The details panel leads to the track page.
  const track = await trackNamed(SPECIAL.calmPiano);
  await open(page, `/library?track=${track.id}`);
  await page.getByTestId('details-open-page').click();
  await expect(page.getByTestId('page-title')).toHaveText(track.title, { useInnerText: true });
  expect(new URL(page.url()).pathname).toBe(`/track/${track.id}`);
});

test('shared playlist: the owner makes a link, a signed-out visitor plays it read-only, and stopping the share makes it a 404', async ({
  signedInPage,
  newPage,
}) => {
  const owner = await createAccount('공유');
  const list = await createPlaylist(owner, '함께 듣는 목록', '주말 영상용');
  const first = await trackNamed(SPECIAL.calmPiano);
  const second = await trackNamed(SPECIAL.long);
  await addToPlaylist(owner, list.id, first.id);
  await addToPlaylist(owner, list.id, second.id);

  const page = await signedInPage(owner);
  await open(page, `/playlist/${list.id}`);
  await page.getByTestId('playlist-share').click();
  const modal = page.getByTestId('share-modal');
  await expect(modal).toContainText(tr('ko', 'playlistShare.off'));
  await modal.getByTestId('share-create').click();
  const field = modal.getByTestId('share-link');
  await expect(field).toHaveValue(/\/shared\/[A-Za-z0-9_-]{22}$/u);
  const url = await field.inputValue();
  await modal
    .getByRole('button', { name: tr('ko', 'common.close') })
    .first()
    .click();
  await expect(page.getByTestId('playlist-shared')).toBeVisible();

  const visitor = await newPage();
  const sharedPath = new URL(url).pathname;
  const response = await visitor.goto(sharedPath);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByTestId('page-title')).toHaveText(list.name, { useInnerText: true });
  await expect(visitor.getByTestId('shared-view-only')).toBeVisible();
  await expect(visitor.locator('[data-testid="track-row"]')).toHaveCount(2);
  await expect(visitor.locator('[data-testid="row-remove"]'), 'nothing changes the playlist').toHaveCount(0);
  await visitor.locator('[data-testid="track-row"]', { hasText: second.title }).getByTestId('row-play').click();
  await expect(visitor.locator('[data-testid="player-title"]')).toHaveText(second.title, { useInnerText: true });

  // The same link while shared; then the owner stops sharing.
  await page.getByTestId('playlist-share').click();
  await expect(modal.getByTestId('share-link')).toHaveValue(url);
  await modal.getByTestId('share-stop').click();
  await expect(notice(page).locator('span').first()).toHaveText(tr('ko', 'playlistShare.stopped'), { useInnerText: true });
  await expect(modal.getByTestId('share-create')).toBeVisible();

  const gone = await visitor.goto(sharedPath);
  expect(gone?.status()).toBe(404);
  await expect(visitor.getByTestId('shared-not-found')).toBeVisible();
});

test('track page, shared playlist and the share dialog: no serious axe violation in ko/en/ja × both themes; nothing scrolls sideways at 360 px', async ({
  themedPage,
  newPage,
}) => {
  test.setTimeout(300_000);
  const track = await trackNamed(SPECIAL.calmPiano);
  const owner = await createAccount('접근성');
  const list = await createPlaylist(owner, '접근성 목록');
  await addToPlaylist(owner, list.id, track.id);
  const { token } = await api<{ token: string }>(`/playbox/${list.id}/share`, { token: owner.token, method: 'POST' });
  for (const lang of LANGS) {
    for (const theme of THEMES) {
      const page = await themedPage(lang, theme, session(owner));
      await open(page, `/track/${track.id}`);
      await settle(page);
      await expect(page.getByTestId('track-similar').locator('[data-testid="track-row"]').first()).toBeVisible();
      await page.screenshot({ path: path.join(SCREENSHOTS, `${lang}-${theme}-track-page.png`), fullPage: true });
      expect(await seriousViolations(page), `track page ${lang} ${theme}`).toEqual([]);
      await open(page, `/shared/${token}`);
      await settle(page);
      await expect(page.locator('[data-testid="track-row"]')).toHaveCount(1);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${lang}-${theme}-shared-playlist.png`) });
      expect(await seriousViolations(page), `shared playlist ${lang} ${theme}`).toEqual([]);
      await open(page, `/playlist/${list.id}`);
      await settle(page);
      await page.getByTestId('playlist-share').click();
      await expect(page.getByTestId('share-link')).toHaveValue(new RegExp(`${token}$`, 'u'));
      await animationsDone(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${lang}-${theme}-share-dialog.png`) });
      expect(await seriousViolations(page), `share dialog ${lang} ${theme}`).toEqual([]);
      await page.close();
    }
  }
  const phone = await newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  for (const route of [`/track/${track.id}`, `/shared/${token}`]) {
    await open(phone, route);
    await settle(phone);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `${route} overflows by ${overflow}px at 360px`).toBeTruthy();
    await phone.screenshot({ path: path.join(SCREENSHOTS, `phone-${route.split('/')[1]}.png`), fullPage: true });
  }
});
