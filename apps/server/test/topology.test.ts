import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAudio } from './helpers/audio';
import { sharedKeys } from './helpers/keys';
import { multipart } from './helpers/multipart';
import { freePort } from './helpers/ports';
import { startS3, type TestS3 } from './helpers/s3';

/**
 * The scaled topology, as separate processes: two API instances and one worker on one PostgreSQL schema,
 * one Redis and one S3-compatible store (s3rver in this process). Nothing else is shared: each process has
 * its own DATA_DIR.
 */
const pgUrl = process.env['TEST_DATABASE_URL'];
const redisUrl = process.env['TEST_REDIS_URL'];
const missing = [!pgUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean);
if (missing.length > 0) {
  if (process.env['REQUIRE_ALL'] === '1') throw new Error(`REQUIRE_ALL=1 but ${missing.join(' and ')} not set`);
  console.log(`[server tests] topology test skipped: ${missing.join(' and ')} not set (CI sets them and REQUIRE_ALL=1).`);
}

const root = path.resolve(import.meta.dirname, '../../..');

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

interface Proc {
  child: ChildProcess;
  dataDir: string;
  output: string[];
}

describe.runIf(missing.length === 0)('two API instances and a worker on PostgreSQL, Redis and S3', () => {
  let s3: TestS3;
  let schema: string;
  let env: Record<string, string>;
  const procs: Proc[] = [];
  let a: string;
  let b: string;
  let worker: Proc;

  const start = (entry: 'server' | 'worker', extra: Record<string, string> = {}): Proc => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `sori-topology-${entry}-`));
    const output: string[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, `apps/server/src/${entry}.ts`)], {
      cwd: root,
      env: { ...process.env, ...env, DATA_DIR: dataDir, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    const proc = { child, dataDir, output };
    procs.push(proc);
    return proc;
  };
  const startApi = async (): Promise<string> => {
    const port = await freePort();
    start('server', { PORT: String(port), HOST: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    await until('the API to be ready', async () => (await fetch(`${base}/api/ready`)).ok, 60_000, 250);
    return base;
  };
  const startWorker = async (): Promise<Proc> => {
    const w = start('worker');
    await until('the worker', async () => w.output.join('').includes('worker is waiting for jobs'), 60_000, 250);
    return w;
  };
  const call = async (
    base: string,
    method: string,
    url: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined && !(opts.body instanceof Buffer) ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { body: opts.body instanceof Buffer ? opts.body : JSON.stringify(opts.body) } : {}),
    });
    return res;
  };
  const bodyOf = async <T>(res: Response): Promise<T> => ((await res.json()) as { body: T }).body;
  const signup = async (base: string) => {
    const email = `topo-${randomBytes(4).toString('hex')}@example.com`;
    const res = await call(base, 'POST', '/api/signup', {
      body: {
        email,
        password: 'secret123',
        confirmPassword: 'secret123',
        name: '토폴로지',
        phone: '010-1234-5678',
        agreeTerms: true,
        agreePrivacy: true,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const signin = await call(base, 'POST', '/api/signin', { body: { email, password: 'secret123' } });
    expect(signin.status).toBe(200);
    return (await bodyOf<{ token: string }>(signin)).token;
  };
  const upload = async (base: string, token: string, title: string, wav: Buffer) => {
    const { payload, headers } = multipart([
      { name: 'title', value: title },
      { name: 'file', filename: `${title}.wav`, contentType: 'audio/wav', data: wav },
    ]);
    return call(base, 'POST', '/api/my/uploads', { token, body: payload, headers: headers as Record<string, string> });
  };
  const uploads = async (base: string, token: string) =>
    bodyOf<{ id: number; status: string; progress: number | null }[]>(await call(base, 'GET', '/api/my/uploads', { token }));
  const keysOf = async (id: number) => {
    const { S3Storage, parseStorageUrl } = await import('../src/media/s3-storage');
    const storage = new S3Storage(parseStorageUrl(s3.url), s3.credentials);
    const keys: string[] = [];
    for await (const k of storage.list(`tracks/${id}/`)) keys.push(k);
    storage.close();
    return keys.sort();
  };

  /** An operator command with the topology's settings; not spawnSync: s3rver runs in this process. */
  const operator = async (...args: string[]) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/cli.ts'), ...args], {
      cwd: root,
      env: { ...process.env, ...env, DATA_DIR: procs[0]!.dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const status = await new Promise<number | null>((r) => child.once('close', r));
    return { status, stdout, stderr };
  };

  let audioDir: string;
  beforeAll(async () => {
    s3 = await startS3();
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    env = {
      ...s3.env,
      ...sharedKeys(),
      DATABASE_URL: pgUrl!,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `topo-${randomBytes(4).toString('hex')}`,
      JOBS: 'queue',
      // A worker that dies is noticed after two seconds, not the default thirty.
      JOB_LOCK_MS: '2000',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      ACCESS_LOG: '0',
      WEB_DIST: path.join(tmpdir(), 'sori-no-web'),
    };
    delete (env as Record<string, string | undefined>)['SMTP_URL'];
    audioDir = mkdtempSync(path.join(tmpdir(), 'sori-topology-audio-'));
    // Migrate once before the instances start side by side.
    const first = await startApi();
    [a, b] = [first, await startApi()];
    worker = await startWorker();
  }, 180_000);

  afterAll(async () => {
    const running = procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    for (const p of running) p.child.kill('SIGKILL');
    await Promise.all(running.map((p) => new Promise((r) => p.child.once('exit', r))));
    for (const p of procs) rmSync(p.dataDir, { recursive: true, force: true });
    rmSync(audioDir, { recursive: true, force: true });
    await s3?.close();
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('ingests an upload sent to A on the worker, then B finds and streams it (Range) within 5 s', async () => {
    const token = await signup(a);
    const word = `토폴로지${randomBytes(3).toString('hex')}`;
    const sent = Date.now();
    const res = await upload(a, token, word, makeAudio(audioDir, 'topo-a', 4));
    expect(res.status, await res.clone().text()).toBe(202);
    const id = (await bodyOf<{ id: number }>(res)).id;
    // From the answer: the worker ingests it and B, which follows the change feed, finds it for its uploader.
    const found = await until(
      'B to find it',
      async () => {
        const page = await bodyOf<{ content: { id: number; filePath: string | null }[] }>(
          await call(b, 'GET', `/api/my/musics?q=${encodeURIComponent(word)}`, { token }),
        );
        return page.content.find((m) => m.id === id && m.filePath);
      },
      5_000,
    );
    console.log(`[topology] upload through A → searchable through B in ${Date.now() - sent} ms`);
    expect(await uploads(a, token)).toEqual([]);
    const full = await call(b, 'GET', found.filePath!);
    expect(full.status).toBe(200);
    const bytes = Buffer.from(await full.arrayBuffer());
    const part = await call(b, 'GET', found.filePath!, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    expect(await keysOf(id)).toEqual([
      `tracks/${id}/original.wav`,
      `tracks/${id}/peaks.json`,
      `tracks/${id}/preview.mp3`,
      `tracks/${id}/wave_${id}.png`,
    ]);

    // Published by an operator: every instance's public search finds it within 5 s.
    const cli = await operator('track:publish', String(id));
    expect(cli.status, cli.stderr).toBe(0);
    for (const base of [a, b]) {
      await until(
        `${base} to list it`,
        async () =>
          (await bodyOf<{ content: { id: number }[] }>(await call(base, 'GET', `/api/musics?q=${encodeURIComponent(word)}`))).content.some(
            (m) => m.id === id,
          ),
        5_000,
      );
    }
  });

  it('answers a one-step upload once the worker is done, shares likes, and a session ended on A is refused on B', async () => {
    const token = await signup(a);
    const { payload, headers } = multipart([
      { name: 'file', filename: 'one-step.wav', contentType: 'audio/wav', data: makeAudio(audioDir, 'topo-like', 3) },
    ]);
    const res = await call(b, 'POST', '/api/my/musics', { token, body: payload, headers: headers as Record<string, string> });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id, filePath } = await bodyOf<{ id: number; filePath: string | null }>(res);
    expect(filePath).toMatch(/^\/api\/musics\/\d+\/stream/u);
    expect((await call(b, 'POST', '/api/my/like', { token, body: { musicId: id } })).status).toBe(200);
    const onA = await bodyOf<{ liked: boolean }>(await call(a, 'GET', `/api/musics/${id}`, { token }));
    expect(onA.liked).toBe(true);

    expect((await call(b, 'GET', '/api/my/user', { token })).status).toBe(200);
    expect((await call(a, 'POST', '/api/signout', { token })).status).toBe(204);
    expect((await call(b, 'GET', '/api/my/user', { token })).status).toBe(401);
  });

  it('retries the job of a worker killed mid-ingest on another worker, and leaves nothing half-written', async () => {
    const token = await signup(a);
    // Long enough that the kill lands while it is being ingested.
    const res = await upload(b, token, `재시도${randomBytes(2).toString('hex')}`, makeAudio(audioDir, 'topo-kill', 240));
    expect(res.status).toBe(202);
    const id = (await bodyOf<{ id: number }>(res)).id;
    await until(
      'the ingest to start',
      async () => (await uploads(a, token)).find((u) => u.id === id && u.status === 'ingesting'),
      20_000,
      20,
    );
    worker.child.kill('SIGKILL');
    await new Promise((r) => worker.child.once('exit', r));
    // Meanwhile the track is in nobody's catalogue and its upload is still stored.
    expect((await call(a, 'GET', `/api/musics/${id}`)).status).toBe(404);
    expect(await keysOf(id)).toContain(`tracks/${id}/upload-audio`);

    worker = await startWorker();
    await until('the retried ingest', async () => (await uploads(a, token)).length === 0, 60_000, 250);
    const mine = await bodyOf<{ id: number; playTime: number }>(await call(a, 'GET', `/api/musics/${id}`, { token }));
    expect(mine).toMatchObject({ id, playTime: 240 });
    expect(await keysOf(id)).toEqual([
      `tracks/${id}/original.wav`,
      `tracks/${id}/peaks.json`,
      `tracks/${id}/preview.mp3`,
      `tracks/${id}/wave_${id}.png`,
    ]);
    const logs = worker.output.join('');
    expect(logs).toContain('job started');
  }, 120_000);

  it('hands a running job back to the queue when its worker is stopped (SIGTERM), without spending a try', async () => {
    const token = await signup(a);
    const res = await upload(a, token, `반납${randomBytes(2).toString('hex')}`, makeAudio(audioDir, 'topo-term', 240));
    const id = (await bodyOf<{ id: number }>(res)).id;
    await until(
      'the ingest to start',
      async () => (await uploads(a, token)).find((u) => u.id === id && u.status === 'ingesting'),
      20_000,
      20,
    );
    const stopping = worker;
    stopping.child.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => stopping.child.once('exit', (c) => r(c)));
    expect(code, stopping.output.join('')).toBe(0);
    // Back in the queue as it was: waiting again, its upload still stored.
    expect((await uploads(a, token)).find((u) => u.id === id)?.status).toBe('queued');
    expect(await keysOf(id)).toContain(`tracks/${id}/upload-audio`);
    worker = await startWorker();
    await until('the ingest on the next worker', async () => (await uploads(a, token)).length === 0, 60_000, 250);
    const { Job, Queue } = await import('bullmq');
    const { bullConnection } = await import('../src/lib/job-queue');
    const queue = new Queue('sori-jobs', { connection: bullConnection(redisUrl!), prefix: env['REDIS_PREFIX'] });
    try {
      // The row is ready a moment before the worker tells the queue the job is done.
      await until('the queue to mark the job done', async () => (await Job.fromId(queue, `ingest-${id}`))?.isCompleted(), 10_000);
      const job = await Job.fromId(queue, `ingest-${id}`);
      expect(await job?.isCompleted()).toBe(true);
      console.log(`[topology] handed-back job: attemptsMade ${job?.attemptsMade}, stalled ${job?.stalledCounter}`);
      expect(job?.attemptsMade).toBe(1);
    } finally {
      await queue.close();
    }
  }, 120_000);

  it('keeps a job that failed for good where operators see it, with its reason, and can send it back', async () => {
    const token = await signup(a);
    const res = await upload(a, token, 'not-audio', Buffer.from('plain text, not audio '.repeat(200)));
    const id = (await bodyOf<{ id: number }>(res)).id;
    const failed = await until(
      'the failure',
      async () => (await uploads(b, token)).find((u) => u.id === id && u.status === 'failed'),
      20_000,
    );
    expect(failed).toMatchObject({ progress: null });
    const listed = await operator('jobs');
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`ingest-${id}\\s+ingest\\s+\\{"trackId":${id}\\}\\s+tries 1 .*MEDIA_(UNSUPPORTED|CORRUPT)`, 'u'),
    );
    const retried = await operator('jobs:retry', `ingest-${id}`);
    expect(retried.status, retried.stderr).toBe(0);
    expect(retried.stdout).toContain(`ingest-${id} is queued again`);
    expect((await operator('jobs:retry', 'ingest-999999')).status).toBe(1);
  });

  it('answers health and readiness for a load balancer, and drains on SIGTERM', async () => {
    const ready = await bodyOf<{ checks: unknown }>(await call(b, 'GET', '/api/ready'));
    expect(ready.checks).toEqual({ database: 'ok', redis: 'ok', storage: 'ok', index: 'ok', jobs: 'ok' });
    const proc = procs[1]!;
    proc.child.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => proc.child.once('exit', (c) => r(c)));
    expect(code).toBe(0);
    expect((await call(a, 'GET', '/api/health')).status).toBe(200);
  });
});
