/**
 * Lighthouse (mobile preset) on / and /library, with Debian's Chromium, against the production build.
 *   node --import tsx bench/lighthouse.ts [--data-dir bench/out/demo] [--reports-dir DIR (each run's full report)]
 * Also measures the initial JavaScript of / (gzip) from the built files.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawnServer } from './serve-command';

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string', default: 'bench/out/demo' }, 'reports-dir': { type: 'string' } },
});
const port = await new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => resolve(p));
  });
});
spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
const server = spawnServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: values['data-dir'], LOG_LEVEL: 'warn' });
process.on('exit', () => server.kill('SIGTERM'));
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // starting
  }
  if (i > 200) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 250));
}

// Initial JS of /: the entry script and the modules it preloads, as index.html names them.
const dist = 'apps/web/dist';
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/gu)].map((m) => m[1]!);
const initialGzipKB = initial.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f))).length, 0) / 1024;
const allJs = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));

const chrome = await chromeLauncher.launch({
  chromePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const results: Record<string, unknown>[] = [];
try {
  for (const route of ['/', '/library']) {
    const runs: { performance: number; cls: number; lcpMs: number; tbtMs: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await lighthouse(`${base}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = r!.lhr;
      if (values['reports-dir']) {
        mkdirSync(values['reports-dir'], { recursive: true });
        writeFileSync(path.join(values['reports-dir'], `${route === '/' ? 'home' : route.slice(1)}-${i}.json`), JSON.stringify(lhr));
      }
      runs.push({
        performance: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
        cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN),
        lcpMs: Math.round(Number(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN)),
        tbtMs: Math.round(Number(lhr.audits['total-blocking-time']?.numericValue ?? NaN)),
      });
    }
    // The median run by score, as Lighthouse's own guidance suggests for noisy machines.
    runs.sort((a, b) => a.performance - b.performance);
    results.push({ route, median: runs[1], runs });
  }
} finally {
  await chrome.kill();
}
console.log(
  JSON.stringify({ initialJsFiles: initial, initialGzipKB: Math.round(initialGzipKB * 10) / 10, jsFiles: allJs.length, results }),
);
server.kill('SIGTERM');
process.exit(0);
