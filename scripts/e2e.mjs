#!/usr/bin/env node
// Browser tests (e2e/): Debian's Chromium driven by playwright-core against the real built web app and
// the real server on a free port with a temporary DATA_DIR.
//   node scripts/e2e.mjs            run everything        E2E_FILTER=theme  only tests whose name has "theme"
// Builds apps/web only when dist/ is missing or older than its sources. The server starts on a copy of the
// fixture catalogue (e2e/fixtures: 132 generated tracks through the real ingest pipeline, cached between
// runs) instead of seeding the demo catalogue, whose background rendering would take the CPU for minutes.
// Without Chromium it skips (exit 0) unless REQUIRE_ALL=1. Ends with the line "N passed, N failed";
// E2E_SUMMARY_FILE gets the counts as JSON.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireAll = process.env.REQUIRE_ALL === '1';
const artifacts = path.join(root, 'test-artifacts');

function finish(summary, code) {
  if (process.env.E2E_SUMMARY_FILE) writeFileSync(process.env.E2E_SUMMARY_FILE, JSON.stringify(summary));
  console.log(`${summary.passed} passed, ${summary.failed} failed${summary.skipped ? `, ${summary.skipped} skipped` : ''}`);
  process.exit(code);
}

if (!existsSync(chromiumPath)) {
  if (requireAll) {
    console.error(`Chromium not found at ${chromiumPath}; REQUIRE_ALL=1 forbids skipping the browser tests.`);
    finish({ passed: 0, failed: 1, skipped: 0 }, 1);
  }
  console.log(`Browser tests skipped: Chromium not found at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH).`);
  finish({ passed: 0, failed: 0, skipped: 1 }, 0);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

const web = path.join(root, 'apps/web');
const builtAt = newestMtime(path.join(web, 'dist/index.html'));
const sourcesAt = Math.max(
  ...['src', 'public', 'index.html', 'vite.config.ts'].map((p) => newestMtime(path.join(web, p))),
  newestMtime(path.join(root, 'packages/contract/src')),
);
if (builtAt < sourcesAt) {
  console.log('--- apps/web/dist is missing or older than its sources: building it');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) finish({ passed: 0, failed: 1, skipped: 0 }, 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

mkdirSync(artifacts, { recursive: true });
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'sori-e2e-data-'));
const baseUrl = `http://127.0.0.1:${port}`;
const serverLog = path.join(artifacts, 'e2e-server.log');

console.log('--- preparing the fixture catalogue');
const fixtures = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/fixtures/prepare.ts', dataDir], { cwd: root, stdio: 'inherit' });
if (fixtures.status !== 0) {
  rmSync(dataDir, { recursive: true, force: true });
  finish({ passed: 0, failed: 1, skipped: 0 }, 1);
}

const logFd = openSync(serverLog, 'w');
// E2E_SERVER_ROOT runs another checkout's server (e.g. a colleague's branch) against this web build.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: process.env.E2E_SERVER_ROOT ?? root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', SEED_DEMO: '0', SIGNUP_MAX_PER_ADDRESS: '1000' },
  stdio: ['ignore', logFd, logFd],
});
let serverExited = false;
server.on('exit', () => (serverExited = true));

function stopServer() {
  if (!serverExited) server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  stopServer();
  process.exit(130);
});

async function waitForServer() {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (serverExited) return false;
    try {
      const response = await fetch(`${baseUrl}/api/site`);
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

console.log(`--- starting the server on ${baseUrl} (DATA_DIR ${dataDir}, log ${path.relative(root, serverLog)})`);
if (!(await waitForServer())) {
  console.error(`The server did not come up. Last lines of its log:\n${readFileSync(serverLog, 'utf8').split('\n').slice(-30).join('\n')}`);
  stopServer();
  finish({ passed: 0, failed: 1, skipped: 0 }, 1);
}

const resultFile = path.join(mkdtempSync(path.join(tmpdir(), 'sori-e2e-result-')), 'result.json');
console.log('--- browser tests');
const tests = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/run.ts'], {
  cwd: root,
  stdio: 'inherit',
  // E2E_DATA_DIR lets tests run operator commands (user:level) against the server's data.
  env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_RESULT_FILE: resultFile, CHROMIUM_PATH: chromiumPath, E2E_DATA_DIR: dataDir },
});
stopServer();

let summary = { passed: 0, failed: 1, failures: [{ name: 'runner', error: `e2e/run.ts exited with ${tests.status}` }] };
if (existsSync(resultFile)) summary = JSON.parse(readFileSync(resultFile, 'utf8'));
rmSync(path.dirname(resultFile), { recursive: true, force: true });
if (summary.failures.length) {
  console.log('\nFailed:');
  for (const failure of summary.failures) console.log(`  - ${failure.name}`);
}
console.log(`Screenshots: ${path.relative(root, path.join(artifacts, 'screenshots'))}/`);
finish({ passed: summary.passed, failed: summary.failed, skipped: 0 }, summary.failed > 0 || tests.status !== 0 ? 1 : 0);
