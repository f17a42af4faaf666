/**
 * Playwright's global setup: builds apps/web when dist/ is missing or older than its sources, prepares the
 * fixture catalogue (e2e/fixtures: 132 generated tracks through the real ingest pipeline, cached in
 * node_modules/.cache/sori-e2e-data) in a temporary DATA_DIR, and starts the real server on a free port
 * with it. The demo catalogue is not seeded (SEED_DEMO=0): rendering it would take the CPU for minutes.
 * The workers get the server's address in E2E_BASE_URL and its data in E2E_DATA_DIR (for operator
 * commands such as user:plan), the folder the test SMTP server drops mail into in E2E_MAIL_DIR (e2e/mail.ts),
 * and a folder for the files they upload in E2E_FILES_DIR.
 * Answers the teardown: stop the server and the SMTP server, remove the folders.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARTIFACTS, ROOT } from './app';
import { CHROMIUM_PATH } from './chromium';
import { startMailDrop } from './mail';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

function buildWebIfStale(): void {
  const web = path.join(ROOT, 'apps/web');
  const builtAt = newestMtime(path.join(web, 'dist/index.html'));
  const sourcesAt = Math.max(
    ...['src', 'public', 'index.html', 'vite.config.ts'].map((p) => newestMtime(path.join(web, p))),
    newestMtime(path.join(ROOT, 'packages/contract/src')),
  );
  if (builtAt >= sourcesAt) return;
  console.log('--- apps/web/dist is missing or older than its sources: building it');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building apps/web failed');
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

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH).`);
  }
  buildWebIfStale();
  mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sori-e2e-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverLog = path.join(ARTIFACTS, 'e2e-server.log');

  console.log('--- preparing the fixture catalogue');
  const fixtures = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/fixtures/prepare.ts', dataDir], { cwd: ROOT, stdio: 'inherit' });
  if (fixtures.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error('preparing the fixture catalogue failed');
  }

  // Mail (password reset) goes to a real SMTP server here, which drops each message into mailDir.
  const mailDir = mkdtempSync(path.join(tmpdir(), 'sori-e2e-mail-'));
  const mail = await startMailDrop(mailDir);
  // Files the tests write to upload (e2e/data.ts, audioFile), removed with the rest at the end.
  const filesDir = mkdtempSync(path.join(tmpdir(), 'sori-e2e-files-'));

  const logFd = openSync(serverLog, 'w');
  // E2E_SERVER_ROOT runs another checkout's server (e.g. a colleague's branch) against this web build.
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: process.env.E2E_SERVER_ROOT ?? ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      SIGNUP_MAX_PER_ADDRESS: '1000',
      // Every test signs its accounts in from 127.0.0.1: the default 50 sign-ins per address in 15 minutes is
      // fewer than the suite makes. The per-account and per-pair limits stay as shipped (auth.spec tests them).
      SIGNIN_MAX_PER_ADDRESS: '1000',
      // Likewise every licence lookup (a verify page counts three: its card, the licence, its channels); the
      // limit itself is tested in apps/server/test/licence.test.ts.
      LICENCE_LOOKUPS_PER_MINUTE: '1000',
      SMTP_URL: mail.url,
      PUBLIC_BASE_URL: baseUrl,
    },
    stdio: ['ignore', logFd, logFd],
  });
  let exited = false;
  const gone = new Promise<void>((resolve) => server.on('exit', () => ((exited = true), resolve())));
  const teardown = async () => {
    if (!exited) {
      server.kill('SIGTERM');
      await gone;
    }
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  };

  console.log(`--- starting the server on ${baseUrl} (DATA_DIR ${dataDir}, log ${path.relative(ROOT, serverLog)})`);
  const until = Date.now() + 120_000;
  let up = false;
  while (!up && !exited && Date.now() < until) {
    up = await fetch(`${baseUrl}/api/site`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!up) {
    const tail = readFileSync(serverLog, 'utf8').split('\n').slice(-30).join('\n');
    await teardown();
    throw new Error(`The server did not come up. Last lines of its log:\n${tail}`);
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_FILES_DIR = filesDir;
  return teardown;
}
