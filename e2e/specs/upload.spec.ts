import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { genreOf, messageForCode, moodOf, type Music } from '@sori/contract';
import type { Page } from '@playwright/test';
import { MEDIA_ERROR_MESSAGES } from '../../apps/server/src/media/media-errors';
import { api, audioFile, upload } from '../data';
import { createAccount, open, tr } from '../app';
import { expect, test } from '../test';
import { seriousViolations, settle } from '../axe';
import { row, settledResults } from './ui';

/** A 96×96 PNG with a two-colour gradient: a cover image to upload with a track. */
function coverPng(): Buffer {
  const size = 96;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const at = y * (size * 3 + 1) + 1 + x * 3;
      raw[at] = 165;
      raw[at + 1] = Math.round((x / size) * 120);
      raw[at + 2] = Math.round((y / size) * 200);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Drops files on the drop zone the way a desktop drag does (a DataTransfer carrying File objects). */
async function dropFiles(page: Page, files: { name: string; type: string; bytes: Buffer }[]): Promise<boolean> {
  return page.evaluate(
    async (list) => {
      const zone = document.querySelector('[data-testid="dropzone"]')!;
      const data = new DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], f.name, { type: f.type }));
      }
      zone.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: data }));
      zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }));
      // React renders the highlight in its own time after a scripted event: give it a moment.
      for (let i = 0; i < 40 && !zone.classList.contains('dragging'); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      const highlighted = zone.classList.contains('dragging');
      zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
      return highlighted;
    },
    files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString('base64') })),
  );
}

test('upload: drag a file in, watch it upload and analyse, correct BPM, key, genre and moods; play, edit, like and delete it', async ({
  signedInPage,
}) => {
  const account = await createAccount('업로더');
  const page = await signedInPage(account);
  await open(page, '/upload');
  await page.locator('[data-testid="empty-state"]').waitFor();
  await expect(page.locator('[data-testid="empty-state"] h2'), 'own empty text').toHaveText(tr('ko', 'upload.empty'), {
    useInnerText: true,
  });

  // Every phase the item goes through is recorded.
  await page.evaluate(() => {
    const seen: string[] = [];
    const named: (string | null)[] = [];
    const said: string[] = [];
    Object.assign(window, { __phases: seen, __barNames: named, __said: said });
    new MutationObserver(() => {
      const item = document.querySelector('[data-testid="upload-item"]');
      const phase = item?.getAttribute('data-phase');
      const bar = item?.querySelector('[role="progressbar"]');
      const percent = bar?.getAttribute('aria-valuenow');
      if (bar) named.push(bar.getAttribute('aria-label'));
      // What the live region says, step by step.
      const step = item?.querySelector('[data-testid="upload-step"]')?.textContent ?? '';
      if (step && said[said.length - 1] !== step) said.push(step);
      const entry = `${phase}${percent ? `:${percent}` : ''}`;
      if (phase && seen[seen.length - 1] !== entry) seen.push(entry);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  // A cover chosen first goes with the files dropped after it.
  await page.locator('[data-testid="cover-input"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });
  await page.locator('[data-testid="cover-chosen"]').waitFor();
  // The button the focus was on made way for the chosen cover: the focus is on what took its place.
  await expect(page.getByTestId('cover-remove')).toBeFocused();
  const file = audioFile('새벽 산책.wav', 30, 96);
  const highlighted = await dropFiles(page, [{ name: '새벽 산책.wav', type: 'audio/wav', bytes: readFileSync(file) }]);
  expect(highlighted, 'the drop zone lights up while files are over it').toBeTruthy();
  const item = page.locator('[data-testid="upload-item"]');
  await expect(item, 'uploaded and analysed').toHaveAttribute('data-phase', 'review', { timeout: 20_000 });
  const phases = await page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);
  // The progress bar itself is named (not its wrapper), and each step is said without its percentage.
  const { names, said } = await page.evaluate(() => {
    const w = window as unknown as { __barNames: (string | null)[]; __said: string[] };
    return { names: [...new Set(w.__barNames)], said: w.__said };
  });
  expect(names, 'the progress bar is named after the file').toEqual([tr('ko', 'upload.progress', { name: '새벽 산책.wav' })]);
  expect(said.at(-1), 'the last step said').toBe(tr('ko', 'upload.review'));
  expect(
    said.some((text) => /\d+\s*%/u.test(text)),
    `no percentage said (${said.join(' | ')})`,
  ).toBe(false);
  expect(
    phases.some((p) => p.startsWith('sending')),
    `progress shown while sending (${phases.join(' → ')})`,
  ).toBeTruthy();
  expect(
    phases.some((p) => p.startsWith('queued') || p.startsWith('analysing')),
    `the analysis's state shown once the file is stored (${phases.join(' → ')})`,
  ).toBeTruthy();

  // Sori's suggestion is shown for review.
  const mine = async () => (await api<{ content: Music[] }>('/my/musics', { token: account.token })).content;
  const uploaded = (await mine())[0]!;
  expect(uploaded.published, 'an upload is private').toEqual(false);
  expect(uploaded.cover !== null, 'the cover went with it').toBeTruthy();
  const suggested = await item.locator('[data-testid="suggested"]').innerText();
  // A value measured but not sure enough to publish shows as offered, marked unconfirmed.
  const unconfirmed = `(${tr('ko', 'upload.unconfirmed')})`;
  for (const fact of [
    tr('ko', 'upload.suggested'),
    uploaded.bpm === null && uploaded.suggested?.bpm != null
      ? `BPM ${uploaded.suggested.bpm} ${unconfirmed}`
      : `BPM ${uploaded.bpm ?? '-'}`,
    uploaded.soundkey === null && uploaded.suggested?.soundkey ? unconfirmed : `${tr('ko', 'tracks.key')} ${uploaded.soundkey ?? '-'}`,
    `${tr('ko', 'tracks.time')} ${uploaded.duration ?? '-'}`,
  ]) {
    expect(suggested.includes(fact), `suggestion shows ${fact} (${suggested})`).toBeTruthy();
  }
  await expect(item.locator('[data-testid="meta-bpm"]'), 'BPM prefilled').toHaveValue(String(uploaded.bpm ?? ''));

  // What is not a number is refused, not read as an empty box (which would keep the measured BPM and say
  // "saved"): the form stays, the field is marked and takes the focus, with its message.
  const bpm = item.locator('[data-testid="meta-bpm"]');
  await bpm.fill('');
  await bpm.focus();
  await page.keyboard.type('12e');
  await item.locator('[data-testid="meta-save"]').click();
  await expect(item, 'not saved').toHaveAttribute('data-phase', 'review');
  await expect(bpm).toHaveAttribute('aria-invalid', 'true');
  await expect(bpm).toBeFocused();
  await expect(page.locator(`#${await bpm.getAttribute('aria-describedby')}`)).toHaveText(
    tr('ko', 'upload.bpmRange', { min: 20, max: 300 }),
  );

  // Correct it.
  await item.locator('[data-testid="meta-title"]').fill('새벽 산책 (수정)');
  await bpm.fill('128');
  await item.locator('[data-testid="meta-key"]').selectOption('E♭');
  await item.locator('[data-testid="meta-genre"]').selectOption('602');
  await item.locator('label', { hasText: new RegExp(`^${moodOf(1302)!.labels.ko}$`, 'u') }).click();
  await item.locator('label', { hasText: new RegExp(`^${moodOf(1406)!.labels.ko}$`, 'u') }).click();
  await item.locator('[data-testid="meta-save"]').click();
  await expect(item, 'saved').toHaveAttribute('data-phase', 'saved');
  const corrected = (await mine())[0]!;
  expect([corrected.title, corrected.bpm, corrected.soundkey, corrected.genre, [...corrected.moods].sort()], 'corrections stored').toEqual([
    '새벽 산책 (수정)',
    128,
    'E♭',
    602,
    [1302, 1406],
  ]);
  const ownRow = row(page, '새벽 산책 (수정)');
  await expect(ownRow.locator('[data-testid="track-bpm"]'), 'list shows the corrected BPM').toHaveText('128', { useInnerText: true });
  await expect(ownRow.locator('[data-testid="track-key-shown"]'), 'and key').toHaveText('E♭', { useInnerText: true });
  await expect(ownRow.locator('.sori-badge-private'), 'private badge').toHaveText(tr('ko', 'upload.private'), { useInnerText: true });
  await expect
    .poll(() => ownRow.locator('img.sori-cover').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      message: 'its cover shows',
    })
    .toEqual(true);
  expect(genreOf(602)!.labels.ko, 'fixture sanity').toEqual('로파이');

  // The owner can play it (a signed link) and like it from this screen.
  await ownRow.locator('[data-testid="track-time"]').click();
  await expect(page.locator('[data-testid="player-bar"]'), 'own upload plays').toHaveAttribute('data-status', 'playing');
  await ownRow.locator('[data-testid="row-like"]').click();
  await expect
    .poll(async () => (await api<{ totalElements: number }>('/musics?tempPlayListId=0', { token: account.token })).totalElements, {
      message: 'liked from the upload screen',
    })
    .toEqual(1);

  // Edit: emptying BPM puts the measured value back.
  await ownRow.locator('[data-testid="row-menu"] button[aria-haspopup="menu"]').click();
  await ownRow.locator('[data-testid="row-edit"]').click();
  const edit = page.locator('[data-testid="edit-track-modal"]');
  await edit.locator('[data-testid="meta-bpm"]').fill('');
  await edit.locator('[data-testid="meta-save"]').click();
  await edit.waitFor({ state: 'hidden' });
  await expect.poll(async () => (await mine())[0]!.bpm, { message: 'measured BPM restored' }).toEqual(uploaded.bpm);

  // Delete asks first; the player lets go of the deleted track.
  await ownRow.locator('[data-testid="row-menu"] button[aria-haspopup="menu"]').click();
  await ownRow.locator('[data-testid="row-delete"]').click();
  const confirm = page.locator('[data-testid="delete-track-modal"]');
  expect((await confirm.innerText()).includes(tr('ko', 'common.cannotUndo')), "'cannot be undone'").toBeTruthy();
  await confirm.locator('[data-testid="confirm-button"]').click();
  await page.locator('[data-testid="empty-state"]').waitFor();
  await page.locator('[data-testid="player-bar"]').waitFor({ state: 'detached' });
  expect((await mine()).length, 'deleted on the server').toEqual(0);
  // The menu it was deleted from went with its row: the focus goes to the list's heading, not the page's end.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('page-title');
});

test('upload: refused files say why (empty, not audio), in the UI language', async ({ signedInPage, themedPage }) => {
  const account = await createAccount('거절');
  const page = await signedInPage(account, { locale: 'en-US' });
  await open(page, '/upload');
  await settledResults(page);
  await page.locator('[data-testid="upload-input"]').setInputFiles([
    { name: 'empty.wav', mimeType: 'audio/wav', buffer: Buffer.alloc(0) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not audio at all, just words '.repeat(40)) },
  ]);
  const items = page.locator('[data-testid="upload-item"]');
  await expect
    .poll(() => items.evaluateAll((els) => els.map((el) => el.getAttribute('data-phase'))), { message: 'both refused', timeout: 15_000 })
    .toEqual(['failed', 'failed']);
  await expect(items.locator('[data-testid="upload-status"]'), 'the reasons, in English').toHaveText(
    [MEDIA_ERROR_MESSAGES.MEDIA_EMPTY.en, MEDIA_ERROR_MESSAGES.MEDIA_UNSUPPORTED.en],
    { useInnerText: true },
  );
  // Switched to Japanese, the reasons are said in Japanese at once, not left in English until a reload.
  await page.click('[data-testid="language-menu"] > button');
  await page.click('[data-testid="language-ja"]');
  await expect(items.locator('[data-testid="upload-status"]'), 'the reasons, in Japanese').toHaveText(
    [MEDIA_ERROR_MESSAGES.MEDIA_EMPTY.ja, MEDIA_ERROR_MESSAGES.MEDIA_UNSUPPORTED.ja],
    { useInnerText: true },
  );
  await page.click('[data-testid="language-menu"] > button');
  await page.click('[data-testid="language-en"]');
  // A refused file is not a track: the list stays empty and the quota counts nothing.
  await expect(page.locator('[data-testid="empty-state"]'), 'no track row for a refused file').toBeVisible();
  await expect(page.locator('[data-testid="upload-quota-text"]')).toContainText(tr('en', 'upload.quota.tracks', { used: 0, limit: 200 }));
  // The reasons are red text: readable in the dark theme too.
  const dark = await themedPage('ko', 'dark', { ACCESS_TOKEN: account.token, USER_INFO: JSON.stringify(account.user) });
  await open(dark, '/upload');
  await expect(dark.locator('[data-testid="upload-item"][data-phase="failed"]')).toHaveCount(2);
  await settle(dark);
  expect(await seriousViolations(dark), 'axe on refused uploads (ko, dark)').toEqual([]);
  await dark.close();

  await items.first().locator('button').click();
  await expect(items, 'a refused file can be dismissed').toHaveCount(1);

  // The one left is still there after a reload (the server keeps it, failed, with its reason) …
  await page.reload();
  await expect(items, 'kept across a reload').toHaveCount(1);
  await expect(items.locator('[data-testid="upload-status"]')).toHaveText(MEDIA_ERROR_MESSAGES.MEDIA_UNSUPPORTED.en, {
    useInnerText: true,
  });
  // … until it is dismissed, which removes it on the server too.
  await items.first().locator('button').click();
  await expect(items).toHaveCount(0);
  await expect
    .poll(async () => (await api<unknown[]>('/my/uploads', { token: account.token })).length, { message: 'gone on the server' })
    .toBe(0);

  // A file already in the library is refused rather than made a second copy; the refusal names the track it
  // would copy and leads to it.
  const file = audioFile('두 번 올린 곡.wav', 3, 100);
  const first = await upload(account, file);
  await page.locator('[data-testid="upload-input"]').setInputFiles(file);
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveAttribute('data-phase', 'failed');
  await expect(items.locator('[data-testid="upload-status"]')).toHaveText(
    messageForCode('DUPLICATE_UPLOAD', 'en', { title: first.title })!,
    {
      useInnerText: true,
    },
  );
  await items.locator('[data-testid="upload-duplicate"]').click();
  await expect(page).toHaveURL(new RegExp(`/track/${first.id}$`));
  expect((await api<{ content: Music[] }>('/my/musics', { token: account.token })).content.map((m) => m.id)).toEqual([first.id]);
});

test('a track deleted in another tab while listed: playing it says so, its heart goes back, nothing is stuck', async ({ signedInPage }) => {
  const account = await createAccount('지운 곡');
  const track = await upload(account, audioFile('지워질 곡.wav', 4, 100));
  const page = await signedInPage(account);
  await open(page, '/upload');
  await settledResults(page);
  const gone = row(page, track.title);
  await gone.waitFor();
  await api(`/my/musics/${track.id}`, { token: account.token, method: 'DELETE' });

  // Its audio is gone: the bar shows the track with a message instead of loading forever.
  await gone.locator('[data-testid="track-time"]').click();
  const bar = page.locator('[data-testid="player-bar"]');
  await expect(bar, 'the player gives up').toHaveAttribute('data-status', 'error');
  await expect(bar.locator('[data-testid="player-error"]'), 'it says it cannot play').toHaveText(tr('ko', 'player.failed'), {
    useInnerText: true,
  });
  await bar.locator('[data-testid="player-close"]').click();
  await bar.waitFor({ state: 'detached' });

  // The like is refused by the server: the heart goes back, the failure is only logged.
  const logged = page.waitForEvent('console', { predicate: (m) => m.type() === 'warning' && m.text().includes('[like]') });
  await gone.locator('[data-testid="row-like"]').click();
  await logged;
  await expect(gone.locator('[data-testid="row-like"]'), 'the heart goes back').toHaveAttribute('aria-pressed', 'false');

  // The next load no longer lists it.
  await page.reload();
  await page.locator('[data-testid="empty-state"]').waitFor();
});

test('upload: each upload says where it stands and what publishing means; the quota shows what is used', async ({
  signedInPage,
  themedPage,
}) => {
  const account = await createAccount('한도');
  const page = await signedInPage(account);
  await open(page, '/upload');
  const quota = page.locator('[data-testid="upload-quota-text"]');
  const used = (tracks: number) => tr('ko', 'upload.quota.tracks', { used: tracks, limit: 200 });
  await expect(quota, 'nothing used yet').toContainText(used(0));
  await expect(quota, 'bytes of the quota').toContainText('0 B / 2 GB');
  await expect(page.locator('[data-testid="publishing-note"]'), 'what publishing means').toHaveText(tr('ko', 'upload.publishing'), {
    useInnerText: true,
  });
  await expect(
    page.locator('[data-testid="upload-quota-tracks"] [role="progressbar"]'),
    'the tracks meter reads out what is used',
  ).toHaveAttribute('aria-valuetext', used(0));

  await page.locator('[data-testid="upload-input"]').setInputFiles(audioFile('한도 시험.wav', 6, 110));
  const item = page.locator('[data-testid="upload-item"]');
  await expect(item, 'uploaded and analysed').toHaveAttribute('data-phase', 'review', { timeout: 20_000 });
  const visibility = item.locator('[data-testid="upload-visibility"]');
  await expect(visibility, 'the upload says it is private').toContainText(tr('ko', 'upload.private'));
  await expect(visibility, 'and what that means').toContainText(tr('ko', 'upload.privateHint'));
  await expect(quota, 'the quota counts the new track').toContainText(used(1));
  await expect(row(page, '한도 시험').locator('[data-testid="visibility-badge"]'), 'the list says private').toHaveText(
    tr('ko', 'upload.private'),
    { useInnerText: true },
  );
  await expect(page.locator('[data-testid="upload-visibility"]'), 'one state line per upload').toHaveCount(1);

  // Each language, light and dark: the meters and the note read right and pass axe.
  const session = { ACCESS_TOKEN: account.token, USER_INFO: JSON.stringify(account.user) };
  for (const [lang, theme] of [
    ['ko', 'dark'],
    ['en', 'dark'],
    ['ja', 'light'],
  ] as const) {
    const other = await themedPage(lang, theme, session);
    await open(other, '/upload');
    await settle(other);
    await expect(other.locator('[data-testid="upload-quota-text"]'), `${lang} quota`).toContainText(
      tr(lang, 'upload.quota.tracks', { used: 1, limit: 200 }),
    );
    await expect(other.locator('[data-testid="publishing-note"]'), `${lang} publishing note`).toHaveText(tr(lang, 'upload.publishing'), {
      useInnerText: true,
    });
    expect(await seriousViolations(other), `axe on /upload (${lang}, ${theme})`).toEqual([]);
  }
});

test('uploads and reviews go on while the uploader is on another screen; closing the tab with a file not sent asks first', async ({
  signedInPage,
}) => {
  const account = await createAccount('떠나기');
  const page = await signedInPage(account, { locale: 'en-US' });
  await open(page, '/favorite');
  const toUploads = async () => {
    await page.getByTestId('side-upload').click();
    await expect(page).toHaveURL(/\/upload$/);
  };
  await toUploads();
  await settledResults(page);

  // Two files, the server slow to take the first: the uploader goes elsewhere meanwhile.
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/my/uploads', async (route) => {
    if (route.request().method() === 'POST') await slow;
    return route.fallback();
  });
  await page.locator('[data-testid="upload-input"]').setInputFiles([audioFile('첫째.wav', 3, 100), audioFile('둘째.wav', 3, 104)]);
  await page.locator('[data-testid="upload-item"][data-phase="waiting"]').waitFor();
  // Closing the tab now would lose them: the browser asks (dismissed here, so the page stays).
  const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.type()), void d.dismiss())));
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  expect(page.isClosed(), 'the page stayed open').toBe(false);

  // Another screen, no question: the files go up and are analysed meanwhile, the sidebar saying so.
  await page.getByTestId('side-favorite').click();
  await expect(page).toHaveURL(/\/favorite$/);
  await expect(page.getByTestId('side-uploading')).toHaveText(tr('en', 'sidebar.uploading'), { useInnerText: false });
  release();
  await expect
    .poll(async () => (await api<{ content: Music[] }>('/my/musics', { token: account.token })).content.length, {
      message: 'both uploaded while the uploader was away',
      timeout: 30_000,
    })
    .toBe(2);
  await expect(page.getByTestId('side-uploading')).toHaveCount(0);
  await page.unroute('**/api/my/uploads');

  // Back on the upload screen both wait for review; a review typed, left and come back to is as it was.
  await toUploads();
  const reviews = page.locator('[data-testid="upload-item"][data-phase="review"]');
  await expect(reviews).toHaveCount(2);
  await reviews.first().getByTestId('meta-title').fill('고친 제목');
  await page.getByTestId('side-favorite').click();
  await expect(page).toHaveURL(/\/favorite$/);
  await toUploads();
  await expect(reviews.first().getByTestId('meta-title')).toHaveValue('고친 제목');
  await reviews.first().getByTestId('meta-save').click();
  await expect(page.locator('[data-testid="upload-item"][data-phase="saved"]')).toHaveCount(1);
  await expect
    .poll(async () => (await api<{ content: Music[] }>('/my/musics', { token: account.token })).content.map((m) => m.title).sort())
    .toContain('고친 제목');
});

test('the upload list at 360 px: "Unknown Artist" is whole beside the visibility badge, in ko/en/ja; on a wide screen the badge stays on the artist line', async ({
  themedPage,
}) => {
  const account = await createAccount('좁은화면');
  await upload(account, audioFile('비 갠 오후의 산책.wav', 3, 96));
  const session = { ACCESS_TOKEN: account.token, USER_INFO: JSON.stringify(account.user) };
  for (const lang of ['ko', 'en', 'ja'] as const) {
    const page = await themedPage(lang, 'light', session);
    await page.setViewportSize({ width: 360, height: 740 });
    await open(page, '/upload');
    await settledResults(page);
    const line = page.locator('[data-testid="track-row"] [data-testid="track-artist"]').first();
    await expect(line, `${lang}: the unknown artist`).toContainText(tr(lang, 'tracks.unknownArtist'));
    const metrics = await line.evaluate((el) => {
      const text = el.querySelector('.text-truncate')!;
      const badge = el.querySelector('[data-testid="visibility-badge"]')!.getBoundingClientRect();
      const cell = el.closest('td')!.getBoundingClientRect();
      return {
        cut: text.scrollWidth - text.clientWidth,
        badgeInCell: badge.width > 0 && badge.left >= cell.left - 0.5 && badge.right <= cell.right + 0.5,
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      };
    });
    expect(metrics.cut, `${lang}: the artist is not cut`).toBeLessThanOrEqual(0);
    expect(metrics.badgeInCell, `${lang}: the badge whole inside its cell`).toBeTruthy();
    expect(metrics.overflow, `${lang}: nothing scrolls sideways`).toBeLessThanOrEqual(0);

    if (lang === 'ko') {
      // Desktop as before: the badge beside the artist, on its line.
      await page.setViewportSize({ width: 1280, height: 800 });
      const tops = await line.evaluate((el) => [
        el.querySelector('.text-truncate')!.getBoundingClientRect().top,
        el.querySelector('[data-testid="visibility-badge"]')!.getBoundingClientRect().top,
      ]);
      expect(Math.abs(tops[0]! - tops[1]!), 'wide: one line').toBeLessThanOrEqual(4);
    }
    await page.context().close();
  }
});
