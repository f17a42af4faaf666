import type { Page } from 'playwright-core';
import { addToPlaylist, createPlaylist, SPECIAL, trackNamed } from '../data';
import { createAccount, eventually, expectEqual, expectTrue, open, signedInPage, test, tr } from '../harness';
import { row, rowTitles, settledResults } from './ui';

/**
 * Watches the page's audio: every Audio element the app creates is kept in window.__audios with a log of
 * its 'playing' and 'ended' events, and every decodeAudioData call is counted (the page must never decode
 * audio to draw a waveform).
 */
async function instrumentAudio(page: Page): Promise<void> {
  // A string, not a function: the test runner's transpiler would add helpers the page does not have.
  await page.addInitScript(`(() => {
    const w = window;
    w.__audios = [];
    w.__events = [];
    w.__decodes = 0;
    const Native = window.Audio;
    function Tracked(src) {
      const audio = new Native(src);
      w.__audios.push(audio);
      for (const type of ['playing', 'ended', 'pause']) {
        audio.addEventListener(type, () => w.__events.push({ type, at: performance.now(), src: audio.src }));
      }
      return audio;
    }
    Tracked.prototype = Native.prototype;
    window.Audio = Tracked;
    for (const Ctx of [window.AudioContext, window.OfflineAudioContext]) {
      if (!Ctx) continue;
      const decode = Ctx.prototype.decodeAudioData;
      Ctx.prototype.decodeAudioData = function (...args) {
        w.__decodes += 1;
        return decode.apply(this, args);
      };
    }
  })();`);
}

/** The audio element playing now (the controller keeps two and swaps them). */
function activeAudio(page: Page) {
  return page.evaluate(() => {
    const audios = (window as unknown as { __audios: HTMLAudioElement[] }).__audios;
    const playing = audios.find((a) => !a.paused) ?? audios.find((a) => a.src && a.currentTime > 0) ?? audios.find((a) => a.src);
    return playing ? { time: playing.currentTime, paused: playing.paused, volume: playing.volume, src: playing.src, ended: playing.ended } : null;
  });
}

/**
 * The colours the player's waveform is painted with, read from wavesurfer's canvases (in its shadow root):
 * the most frequent fully opaque colour of the bars and of the played part, as 'rgb(r, g, b)'.
 */
function paintedWaveColours(page: Page): Promise<string[]> {
  // No named inner functions: the test runner's transpiler would wrap them in a helper the page lacks.
  return page.locator('[data-testid="player-waveform"] .sori-player-wave-canvas > div').evaluate((host) =>
    ['.canvases', '.progress'].map((selector) => {
      const counts = new Map<string, number>();
      for (const canvas of host.shadowRoot?.querySelectorAll<HTMLCanvasElement>(`${selector} canvas`) ?? []) {
        if (!canvas.width || !canvas.height) continue;
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3] !== 255) continue;
          const key = `rgb(${data[i]}, ${data[i + 1]}, ${data[i + 2]})`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
      return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'nothing painted';
    }),
  );
}

const bar = (page: Page) => page.locator('[data-testid="player-bar"]');

test('player: a row click plays real audio; the bar shows cover, title, artist and times; the waveform comes from peaks, never decoding', async ({ newPage }) => {
  const page = await newPage();
  await instrumentAudio(page);
  // The hit fails on the server side: playback must not care (spec section 4).
  const hits: string[] = [];
  await page.route('**/api/log/hit**', async (route) => {
    hits.push(route.request().url());
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down","code":"INTERNAL"}' });
  });
  const streams: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/stream') && request.resourceType() !== 'media') streams.push(`${request.resourceType()} ${request.url()}`);
  });
  const long = await trackNamed(SPECIAL.long);
  await open(page, `/library?q=${encodeURIComponent('Long Walk')}`);
  await settledResults(page);
  expectEqual(await bar(page).count(), 0, 'no player bar before anything plays');

  await row(page, SPECIAL.long).locator('[data-testid="track-time"]').click();
  await bar(page).waitFor();
  await eventually(() => bar(page).getAttribute('data-status'), 'playing', 'playing');
  expectEqual(await bar(page).locator('[data-testid="player-title"]').innerText(), SPECIAL.long, 'title');
  expectEqual(await bar(page).locator('[data-testid="player-artist"]').innerText(), long.artist, 'artist');
  expectEqual(await bar(page).locator('[data-testid="player-total"]').innerText(), '0:40', 'total time');
  await eventually(async () => (await activeAudio(page))!.time > 1, true, 'the audio advances', 5000);
  await eventually(() => bar(page).locator('[data-testid="player-elapsed"]').innerText(), '0:01', 'elapsed time shown', 3000);
  await bar(page).locator('[data-testid="player-waveform"][data-state="ready"] canvas').first().waitFor();
  expectEqual(await page.evaluate(() => (window as unknown as { __decodes: number }).__decodes), 0, 'no decodeAudioData');
  expectEqual(streams, [], 'the audio is only fetched by the audio element');
  expectEqual(hits.length, 1, 'one hit recorded');
  expectEqual(await row(page, SPECIAL.long).getAttribute('aria-current'), 'true', 'the playing row is marked');

  // The waveform is painted in the theme's colours (grey bars, the accent red for what has played), and
  // repainted when the theme changes.
  const expected = () =>
    page.evaluate(() =>
      ['--sori-wave-color', '--sori-wave-progress'].map((name) => {
        const probe = document.createElement('span');
        probe.style.color = getComputedStyle(document.documentElement).getPropertyValue(name);
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      }),
    );
  const dark = await expected();
  await eventually(() => paintedWaveColours(page), dark, 'painted in the dark theme');
  await page.locator('[data-testid="theme-menu"] > button').click();
  await page.locator('[data-testid="theme-light"]').click();
  await eventually(() => page.evaluate(() => document.documentElement.dataset.bsTheme), 'light', 'light theme on');
  const light = await expected();
  expectTrue(light[0] !== dark[0] && light[1] !== dark[1], 'the themes differ');
  await eventually(() => paintedWaveColours(page), light, 'repainted in the light theme');

  // A track with a cover and no artist: the cover shows and the artist reads 'Unknown Artist'.
  await page.goto(`/library?q=${encodeURIComponent('Midnight Coffee')}`);
  await settledResults(page);
  await row(page, SPECIAL.noArtist).locator('[data-testid="row-play"]').click();
  await eventually(() => bar(page).locator('[data-testid="player-title"]').innerText(), SPECIAL.noArtist, 'second track');
  expectEqual(await bar(page).locator('[data-testid="player-artist"]').innerText(), tr('ko', 'tracks.unknownArtist'), 'unknown artist');
  await page.goto(`/library?q=${encodeURIComponent('Velvet Echoes')}`);
  await settledResults(page);
  await page.locator('[data-testid="track-row"]').first().click();
  await eventually(async () => (await bar(page).locator('img.sori-player-cover').count()) > 0, true, 'cover in the bar');

  // A title and artist made of markup read as text in the bar too.
  await page.goto(`/library?q=${encodeURIComponent('굵은 제목')}`);
  await settledResults(page);
  await row(page, SPECIAL.markup).locator('[data-testid="track-time"]').click();
  await eventually(() => bar(page).locator('[data-testid="player-title"]').innerText(), SPECIAL.markup, 'markup title as text');
  expectEqual(await bar(page).locator('[data-testid="player-artist"]').innerText(), SPECIAL.markupArtist, 'markup artist as text');
  expectEqual(await page.evaluate(() => (window as unknown as { __soriXss?: number }).__soriXss ?? null), null, 'no script ran');
});

test('player controls: pause, seek on the waveform, Space / ← → / L (not while typing), volume, repeat after 50 ms, across routes', async ({ newPage }) => {
  const page = await newPage();
  await instrumentAudio(page);
  await open(page, `/library?q=${encodeURIComponent('Long Walk')}`);
  await settledResults(page);
  await row(page, SPECIAL.long).locator('[data-testid="track-time"]').click();
  await eventually(() => bar(page).getAttribute('data-status'), 'playing', 'playing');
  await bar(page).locator('[data-testid="player-waveform"][data-state="ready"]').waitFor();

  // The play/pause button.
  await bar(page).locator('[data-testid="player-toggle"]').click();
  await eventually(async () => (await activeAudio(page))!.paused, true, 'paused by the button');
  // The label follows the audio's own `pause` event, a render after the element reports paused.
  await eventually(() => bar(page).locator('[data-testid="player-toggle"]').getAttribute('aria-label'), tr('ko', 'player.play'), 'button offers play');

  // Seek by clicking the waveform: three quarters in is 30 s of 40.
  const wave = bar(page).locator('[data-testid="player-waveform"]');
  const box = (await wave.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  await eventually(async () => Math.round((await activeAudio(page))!.time), 30, 'seeked to 0:30', 3000);

  // Keyboard, focus on the page: Space plays, ← and → move 5 s, L toggles repeat.
  await page.locator('[data-testid="page-title"]').click();
  await page.keyboard.press('Space');
  await eventually(async () => (await activeAudio(page))!.paused, false, 'Space plays');
  await page.keyboard.press('Space');
  await eventually(async () => (await activeAudio(page))!.paused, true, 'Space pauses');
  const at = (await activeAudio(page))!.time;
  await page.keyboard.press('ArrowLeft');
  await eventually(async () => Math.round(((await activeAudio(page))!.time - at) * 10) / 10, -5, '← goes back 5 s');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await eventually(async () => Math.round(((await activeAudio(page))!.time - at) * 10) / 10, 5, '→ goes forward 5 s');
  await page.keyboard.press('KeyL');
  expectEqual(await bar(page).locator('[data-testid="player-repeat"]').getAttribute('aria-pressed'), 'true', 'L turns repeat on');
  await page.keyboard.press('KeyL');
  expectEqual(await bar(page).locator('[data-testid="player-repeat"]').getAttribute('aria-pressed'), 'false', 'L turns repeat off');

  // Typing in the search box is typing, not shortcuts.
  const before = (await activeAudio(page))!;
  await page.locator('[data-testid="search-input"]').click();
  await page.keyboard.type(' l');
  await page.keyboard.press('ArrowLeft');
  const after = (await activeAudio(page))!;
  expectEqual([after.paused, Math.round(after.time)], [before.paused, Math.round(before.time)], 'no shortcut while typing');
  expectEqual(await bar(page).locator('[data-testid="player-repeat"]').getAttribute('aria-pressed'), 'false', 'no repeat while typing');
  // The typed text is searched 300 ms after the last key: let that search land before the route changes
  // below, or (on a slow machine) it races the Plan link's navigation.
  await eventually(async () => new URL(page.url()).searchParams.get('q'), 'Long Walk l', 'the typed text searched');

  // Volume: 0 to 1 in steps of 0.1, default 1.
  const volume = bar(page).locator('[data-testid="player-volume"]');
  expectEqual([await volume.getAttribute('min'), await volume.getAttribute('max'), await volume.getAttribute('step'), await volume.inputValue()], ['0', '1', '0.1', '1'], 'volume slider');
  await volume.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await eventually(async () => (await activeAudio(page))!.volume, 0.7, 'volume down three steps');

  // Playback goes on across route changes.
  await bar(page).locator('[data-testid="player-toggle"]').click();
  await eventually(async () => (await activeAudio(page))!.paused, false, 'playing again');
  await page.locator('[data-testid="nav-plan"]').click();
  await page.waitForURL('**/plan');
  const onPlan = (await activeAudio(page))!.time;
  await eventually(async () => (await activeAudio(page))!.time > onPlan + 0.5, true, 'still playing on /plan', 4000);
  expectTrue(await bar(page).isVisible(), 'bar still shown');

  // Repeat: a 2 s track restarts 50 ms after it ends; without repeat it stops.
  await page.goto(`/library?q=${encodeURIComponent('Tiny Loop')}`);
  await settledResults(page);
  await row(page, SPECIAL.short).locator('[data-testid="track-time"]').click();
  await eventually(() => bar(page).getAttribute('data-status'), 'playing', 'short track playing');
  const shortSrc = (await activeAudio(page))!.src;
  await bar(page).locator('[data-testid="player-repeat"]').click();
  const loopEvents = () =>
    page.evaluate((src) => (window as unknown as { __events: { type: string; at: number; src: string }[] }).__events.filter((e) => e.src === src), shortSrc);
  const restartedAfterEnd = async () => {
    const events = await loopEvents();
    const end = events.findIndex((e) => e.type === 'ended');
    return end >= 0 && events.slice(end + 1).some((e) => e.type === 'playing');
  };
  await eventually(restartedAfterEnd, true, 'the short track ended and played again', 6000);
  const loop = await loopEvents();
  const ended = loop.findIndex((e) => e.type === 'ended');
  const restarted = loop.slice(ended + 1).find((e) => e.type === 'playing');
  const gap = restarted!.at - loop[ended]!.at;
  expectTrue(gap >= 45 && gap < 1000, `restarted ${Math.round(gap)} ms after the end`);
  expectEqual(await bar(page).getAttribute('data-status'), 'playing', 'still playing with repeat');
  await bar(page).locator('[data-testid="player-repeat"]').click();
  await eventually(() => bar(page).getAttribute('data-status'), 'paused', 'stops at the end without repeat', 4000);
});

test('player queue: the list played from (a playlist) is the queue; N / P and the bar buttons, previous restarts after 3 s, auto-advance and stop at the end, a click on a row wave plays from there with its progress in the accent colour', async (ctx) => {
  const account = await createAccount('큐');
  const list = await createPlaylist(account, '큐 목록');
  // Newest first on screen: Golden Dreams, Long Walk (40 s), Neon Lights, Cosmic Road.
  for (const title of ['Cosmic Road 119', 'Neon Lights 125', SPECIAL.long, 'Golden Dreams 122']) {
    await addToPlaylist(account, list.id, (await trackNamed(title)).id);
  }
  const page = await signedInPage(ctx, account);
  await instrumentAudio(page);
  await open(page, `/playlist/${list.id}`);
  await settledResults(page);
  const titles = await rowTitles(page);
  expectEqual(titles, ['Golden Dreams 122', SPECIAL.long, 'Neon Lights 125', 'Cosmic Road 119'], 'the playlist on screen');
  const barTitle = () => bar(page).locator('[data-testid="player-title"]').innerText();
  const position = async () => (await activeAudio(page))?.time ?? 0;

  // A click on the long track's wave, three quarters along: it plays from there (30 s of 40).
  const wave = row(page, SPECIAL.long).locator('[data-testid="wave-seek"]');
  const box = (await wave.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  await eventually(() => bar(page).getAttribute('data-status'), 'playing', 'playing from the wave click');
  expectEqual(await barTitle(), SPECIAL.long, 'the clicked row plays');
  expectTrue((await position()) >= 28, `started three quarters in (${(await position()).toFixed(1)} s)`);
  const progress = row(page, SPECIAL.long).locator('[data-testid="wave-progress"]');
  expectTrue(Number(await progress.getAttribute('data-progress')) >= 70, 'the row wave shows the played part');
  expectEqual(await page.locator('[data-testid="wave-progress"]').count(), 1, 'only on the playing row');
  const accent = () => page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--sori-wave-progress').trim().toLowerCase());
  const painted = () => progress.evaluate((el) => getComputedStyle(el).backgroundColor);
  const hex = (rgb: string) => `#${(rgb.match(/\d+/gu) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
  expectEqual(hex(await painted()), await accent(), 'progress in the accent colour (light)');
  await page.evaluate(() => document.documentElement.setAttribute('data-bs-theme', 'dark'));
  expectEqual(hex(await painted()), await accent(), 'progress in the accent colour (dark)');
  await page.evaluate(() => document.documentElement.setAttribute('data-bs-theme', 'light'));

  // Repeat on holds each 2 s track while next and previous are tried (repeat keeps its meaning).
  await page.locator('[data-testid="page-title"]').click();
  await page.keyboard.press('KeyL');
  const next = bar(page).locator('[data-testid="player-next"]');
  const previous = bar(page).locator('[data-testid="player-previous"]');
  expectEqual([await next.getAttribute('aria-keyshortcuts'), await previous.getAttribute('aria-keyshortcuts')], ['N', 'P'], 'keys announced');
  expectTrue((await next.getAttribute('title'))!.includes('(N)') && (await previous.getAttribute('title'))!.includes('(P)'), 'keys shown in the titles');
  await page.keyboard.press('KeyP');
  await eventually(async () => (await position()) < 3, true, 'previous more than 3 s in starts the track over');
  expectEqual(await barTitle(), SPECIAL.long, 'the same track');
  await page.keyboard.press('KeyP');
  await eventually(barTitle, 'Golden Dreams 122', 'P within 3 s plays the row before');
  await page.keyboard.press('KeyN');
  await eventually(barTitle, SPECIAL.long, 'N plays the next row');
  await next.click();
  await eventually(barTitle, 'Neon Lights 125', 'the next button plays the row after');
  await previous.click();
  await eventually(barTitle, SPECIAL.long, 'the previous button, within 3 s, plays the row before');
  await next.click();
  await eventually(barTitle, 'Neon Lights 125', 'next again');

  // Not while typing.
  await page.locator('[data-testid="search-input"]').click();
  await page.keyboard.press('KeyN');
  await page.keyboard.press('KeyP');
  expectEqual(await barTitle(), 'Neon Lights 125', 'N and P in the search box are typing');
  await page.locator('[data-testid="search-input"]').fill('');
  await page.locator('[data-testid="page-title"]').click();

  // Repeat off: the end of the track plays the next row; the last row stops at its end.
  await page.keyboard.press('KeyL');
  await eventually(barTitle, 'Cosmic Road 119', 'auto-advance to the next row', 8000);
  expectTrue(await next.isDisabled(), 'no next after the last row');
  await eventually(() => bar(page).getAttribute('data-status'), 'paused', 'stops at the end of the queue', 8000);
  expectEqual(await barTitle(), 'Cosmic Road 119', 'still the last track');
});
