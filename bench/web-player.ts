/**
 * The web player's speed budget, measured in Debian's Chromium against the real server on
 * localhost with the fixture catalogue (e2e/fixtures, real audio through the ingest pipeline):
 *
 *   - click on a row → the audio element's `playing` event: ≤ 150 ms
 *   - the player's waveform drawn ≤ 100 ms after play starts
 *   - no decodeAudioData (nor OfflineAudioContext) in the page: waveforms come from the server's peaks
 *   - cumulative layout shift ≤ 0.02 while results load and paginate
 *   - the library screen's JavaScript within the shell's budget (150 KB gzip) + 60 KB
 *
 *   node --import tsx bench/web-player.ts           (CHROMIUM_PATH, BENCH_CLICKS=12 to change the defaults)
 *
 * Prints the figures and exits 1 when a budget is missed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { prepareDataDir } from '../e2e/fixtures/prepare';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CLICKS = Number(process.env.BENCH_CLICKS ?? 12);
const BUDGET = { clickToPlayingMs: 150, waveformAfterPlayMs: 100, cls: 0.02, libraryJsKb: 150 + 60 };

function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  return stat.isDirectory() ? Math.max(0, ...readdirSync(target).map((n) => newest(path.join(target, n)))) : stat.mtimeMs;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForServer(base: string, server: ChildProcess): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not come up');
}

/** Instrumentation run in the page before the app: audio elements, their events, decoding, layout shifts. */
const INSTRUMENT = `(() => {
  const w = window;
  w.__bench = { audios: [], playing: [], decodes: 0, offline: 0, shifts: [], pointerdown: 0, waveReady: [] };
  const b = w.__bench;
  const Native = window.Audio;
  function Tracked(src) {
    const audio = new Native(src);
    b.audios.push(audio);
    audio.addEventListener('playing', () => b.playing.push({ at: performance.now(), src: audio.src }));
    return audio;
  }
  Tracked.prototype = Native.prototype;
  window.Audio = Tracked;
  for (const Ctx of [window.AudioContext, window.OfflineAudioContext]) {
    if (!Ctx) continue;
    const decode = Ctx.prototype.decodeAudioData;
    Ctx.prototype.decodeAudioData = function (...args) { b.decodes += 1; return decode.apply(this, args); };
  }
  if (window.OfflineAudioContext) {
    const Offline = window.OfflineAudioContext;
    window.OfflineAudioContext = function (...args) { b.offline += 1; return new Offline(...args); };
  }
  document.addEventListener('pointerdown', () => { b.pointerdown = performance.now(); }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.shifts.push({ value: e.value, at: e.startTime, input: e.hadRecentInput });
  }).observe({ type: 'layout-shift', buffered: true });
  const seen = new WeakSet();
  new MutationObserver(() => {
    const wave = document.querySelector('[data-testid="player-waveform"][data-state="ready"]');
    if (!wave || seen.has(wave)) return;
    seen.add(wave);
    b.waveReady.push({ title: document.querySelector('[data-testid="player-title"]')?.textContent ?? '', at: performance.now() });
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
})();`;

interface Bench {
  playing: { at: number; src: string }[];
  decodes: number;
  offline: number;
  shifts: { value: number; at: number; input: boolean }[];
  pointerdown: number;
  waveReady: { title: string; at: number }[];
}
const bench = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const max = (xs: number[]) => Math.max(...xs);
const round = (x: number) => Math.round(x * 10) / 10;

/** CLS as browsers report it: the largest session window (gaps < 1 s, windows ≤ 5 s) of unexpected shifts. */
function cls(shifts: Bench['shifts']): number {
  let best = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts.filter((x) => !x.input).sort((a, b) => a.at - b.at)) {
    if (s.at - last > 1000 || s.at - start > 5000) {
      current = 0;
      start = s.at;
    }
    current += s.value;
    last = s.at;
    best = Math.max(best, current);
  }
  return best;
}

async function measureClicks(page: Page, hoverMs: number, rows: number[]): Promise<{ click: number[]; wave: number[] }> {
  const click: number[] = [];
  const wave: number[] = [];
  for (const index of rows) {
    const target = page.locator('[data-testid="track-row"]').nth(index).locator('[data-testid="track-time"]');
    const title = await page.locator('[data-testid="track-row"]').nth(index).locator('[data-testid="track-title"]').innerText();
    const before = (await bench(page)).playing.length;
    await target.hover();
    if (hoverMs) await page.waitForTimeout(hoverMs);
    await target.click();
    await page.waitForFunction((n) => (window as unknown as { __bench: Bench }).__bench.playing.length > n, before, { timeout: 10_000 });
    const down = (await bench(page)).pointerdown;
    await page.waitForFunction(
      ([t, since]) => (window as unknown as { __bench: Bench }).__bench.waveReady.some((r) => r.title === t && r.at >= since),
      [title, down] as const,
      { timeout: 10_000 },
    );
    const b = await bench(page);
    const playedAt = b.playing[b.playing.length - 1]!.at;
    click.push(playedAt - b.pointerdown);
    wave.push(b.waveReady.find((r) => r.title === title && r.at >= down)!.at - playedAt);
    await page.waitForTimeout(150);
  }
  return { click, wave };
}

/** A new member with three playlists: [token, stored user info]. */
async function signedInMember(base: string): Promise<[string, string]> {
  const email = `bench-${Date.now().toString(36)}@example.com`;
  const post = (pathname: string, body: unknown, token?: string) =>
    fetch(`${base}/api${pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  await post('/signup', {
    email,
    password: 'bench-pass-1',
    confirmPassword: 'bench-pass-1',
    name: '벤치',
    phone: '010-0000-0000',
    agreeTerms: true,
    agreePrivacy: true,
  });
  const signin = (await (await post('/signin', { email, password: 'bench-pass-1' })).json()) as { body: { token: string; user: unknown } };
  for (const name of ['출근길', '작업용', '브이로그']) await post('/playbox/create', { name }, signin.body.token);
  return [signin.body.token, JSON.stringify(signin.body.user)];
}

async function scriptKb(page: Page, base: string, pathname: string): Promise<number> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js') && response.request().resourceType() === 'script') scripts.add(url.pathname);
  });
  await page.goto(base + pathname);
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  for (const file of scripts) bytes += gzipSync(readFileSync(path.join(ROOT, 'apps/web/dist', file)), { level: 9 }).length;
  return bytes / 1024;
}

async function main(): Promise<number> {
  const web = path.join(ROOT, 'apps/web');
  if (newest(path.join(web, 'dist/index.html')) < Math.max(newest(path.join(web, 'src')), newest(path.join(web, 'public')))) {
    console.log('building apps/web …');
    if (spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'ignore' }).status !== 0) throw new Error('build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sori-bench-web-'));
  const prepared = await prepareDataDir(dataDir);
  console.log(`fixture catalogue ${prepared.fromCache ? 'from the cache' : 'ingested'} (${(prepared.ms / 1000).toFixed(1)} s)`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await waitForServer(base, server);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ko-KR' });
    const page = await context.newPage();
    await page.addInitScript(INSTRUMENT);
    await page.goto(`${base}/library`);
    await page.locator('[data-testid="track-row"]').nth(19).waitFor();
    // The player bar's code is warmed when the browser is idle; a real visitor reads the list first.
    await page.waitForLoadState('networkidle');

    const rows = Array.from({ length: CLICKS }, (_, i) => (i * 7) % 20);
    const pointed = await measureClicks(page, 300, rows.slice(0, Math.ceil(CLICKS / 2)));
    const instant = await measureClicks(
      page,
      0,
      rows.slice(Math.ceil(CLICKS / 2)).map((i) => (i + 3) % 20),
    );
    const afterPlay = await bench(page);

    // Layout shifts while results load and paginate: a cold load, then pages changed by the router alone
    // (back/forward, which count as unexpected) and by clicks.
    const shiftsPage = await context.newPage();
    await shiftsPage.addInitScript(INSTRUMENT);
    await shiftsPage.goto(`${base}/library`);
    await shiftsPage.locator('[data-testid="track-row"]').nth(19).waitFor();
    for (const label of ['2', '3']) {
      await shiftsPage.locator('[data-testid="page-number"]', { hasText: new RegExp(`^${label}$`, 'u') }).click();
      await shiftsPage.waitForURL(`**page=${label}`);
      await shiftsPage.locator('[data-testid="results"]:not(.is-updating)').waitFor();
    }
    await shiftsPage.locator('[data-testid="page-last"]').click();
    await shiftsPage.waitForURL('**page=7');
    await shiftsPage.waitForTimeout(400);
    for (let i = 0; i < 3; i++) {
      await shiftsPage.goBack();
      await shiftsPage.waitForTimeout(400);
    }
    await shiftsPage.goForward();
    await shiftsPage.waitForTimeout(400);
    await shiftsPage.goto(`${base}/library?q=${encodeURIComponent('잔잔한')}`);
    await shiftsPage.locator('[data-testid="results"]').waitFor();
    await shiftsPage.waitForTimeout(600);
    const shiftBench = await bench(shiftsPage);
    const layoutShift = cls(shiftBench.shifts);

    // The same cold load signed in, with playlists arriving in the sidebar.
    const member = await signedInMember(base);
    const memberPage = await context.newPage();
    await memberPage.addInitScript(([token, user]) => {
      localStorage.setItem('ACCESS_TOKEN', token!);
      localStorage.setItem('USER_INFO', user!);
    }, member);
    await memberPage.addInitScript(INSTRUMENT);
    await memberPage.goto(`${base}/library`);
    await memberPage.locator('[data-testid="side-playlist"]').first().waitFor();
    await memberPage.waitForLoadState('networkidle');
    const memberShift = cls((await bench(memberPage)).shifts);

    const jsPage = await browser.newPage();
    const shellKb = await scriptKb(jsPage, base, '/');
    const jsPage2 = await browser.newPage();
    const libraryKb = await scriptKb(jsPage2, base, '/library');

    const clickAll = [...pointed.click, ...instant.click];
    const waveAll = [...pointed.wave, ...instant.wave];
    const results = [
      [
        'click → playing, pointer resting 300 ms first (median / max)',
        `${round(median(pointed.click))} / ${round(max(pointed.click))} ms`,
        max(pointed.click) <= BUDGET.clickToPlayingMs,
      ],
      [
        'click → playing, clicked at once (median / max)',
        `${round(median(instant.click))} / ${round(max(instant.click))} ms`,
        max(instant.click) <= BUDGET.clickToPlayingMs,
      ],
      [
        'waveform drawn after playing starts (median / max; < 0 = before)',
        `${round(median(waveAll))} / ${round(max(waveAll))} ms`,
        max(waveAll) <= BUDGET.waveformAfterPlayMs,
      ],
      [
        'decodeAudioData calls / OfflineAudioContexts',
        `${afterPlay.decodes + shiftBench.decodes} / ${afterPlay.offline + shiftBench.offline}`,
        afterPlay.decodes + shiftBench.decodes + afterPlay.offline + shiftBench.offline === 0,
      ],
      [
        'CLS while results load and paginate',
        `${layoutShift.toFixed(4)} (${shiftBench.shifts.length} shifts, ${shiftBench.shifts.filter((s) => s.input).length} after input)`,
        layoutShift <= BUDGET.cls,
      ],
      ['CLS of a signed-in load (sidebar playlists arrive)', memberShift.toFixed(4), memberShift <= BUDGET.cls],
      ['JS for / (shell)', `${shellKb.toFixed(1)} KB gzip`, shellKb <= 150],
      [
        'JS for /library (player code included)',
        `${libraryKb.toFixed(1)} KB gzip (budget ${BUDGET.libraryJsKb})`,
        libraryKb <= BUDGET.libraryJsKb,
      ],
    ] as const;
    console.log(`\nweb player bench: ${clickAll.length} plays of real fixture audio, Chromium ${browser.version()}, localhost\n`);
    const width = Math.max(...results.map((r) => r[0].length));
    for (const [name, value, ok] of results) console.log(`${ok ? 'ok  ' : 'MISS'}  ${name.padEnd(width)}  ${value}`);
    console.log(`\nclick → playing (ms): ${clickAll.map((x) => Math.round(x)).join(' ')}`);
    console.log(`waveform after playing (ms): ${waveAll.map((x) => Math.round(x)).join(' ')}`);
    return results.every((r) => r[2]) ? 0 : 1;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
