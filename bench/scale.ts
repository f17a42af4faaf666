/**
 * One API instance against two, on one PostgreSQL catalogue and one Redis: the search mix (bench/query-mix.ts)
 * sent by autocannon, the connections split evenly across the instances (as a load balancer would).
 *   DATABASE_URL=postgres://… DATABASE_SCHEMA=bench_100k REDIS_URL=redis://127.0.0.1:6379/14 \
 *     node --import tsx bench/scale.ts --data-dir bench/out/pg100k [--duration 20] [--connections 50]
 * The catalogue comes from bench/generate.ts on the same DATABASE_URL and schema. Prints one JSON line.
 * On one machine the instances and the load generator share its cores: the figure says what a second
 * process adds there, not what a second machine would.
 */
import autocannon from 'autocannon';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { queryMix } from './query-mix';
import { spawnServer } from './serve-command';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: 'bench/out/pg100k' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
if (!process.env['DATABASE_URL'] || !process.env['REDIS_URL']) {
  console.error('bench/scale.ts needs DATABASE_URL (with the catalogue from bench/generate.ts) and REDIS_URL.');
  process.exit(2);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
const shared = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  LICENCE_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  REDIS_PREFIX: `bench-${randomBytes(3).toString('hex')}`,
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  ACCESS_LOG: '0',
};

async function startInstances(n: number): Promise<{ bases: string[]; stop: () => Promise<void> }> {
  const procs: ChildProcess[] = [];
  const dirs: string[] = [];
  const bases: string[] = [];
  for (let i = 0; i < n; i++) {
    const port = await freePort();
    // Each instance its own DATA_DIR: they share the database, Redis and nothing else.
    const dir = i === 0 ? path.resolve(values['data-dir']) : mkdtempSync(path.join(tmpdir(), 'sori-scale-'));
    if (i > 0) dirs.push(dir);
    procs.push(spawnServer({ ...shared, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir }));
    bases.push(`http://127.0.0.1:${port}`);
  }
  for (const base of bases) {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/ready`)).ok) break;
      } catch {
        // starting
      }
      if (i > 600) throw new Error(`${base} did not start`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    bases,
    stop: async () => {
      await Promise.all(procs.map((p) => new Promise((r) => (p.once('exit', r), p.kill('SIGTERM')))));
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

/** The search mix against every instance at once, the connections split evenly; the totals. */
async function load(bases: string[], seconds: number) {
  const each = Math.max(1, Math.round(connections / bases.length));
  const results = await Promise.all(
    bases.map((url, i) => {
      const next = queryMix(7 + i);
      return autocannon({
        url,
        connections: each,
        duration: seconds,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
      });
    }),
  );
  return {
    requestsPerSec: Math.round(results.reduce((s, r) => s + r.requests.average, 0)),
    p50ms: Math.max(...results.map((r) => r.latency.p50)),
    p99ms: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    errors: results.reduce((s, r) => s + r.errors, 0),
  };
}

const out: Record<string, unknown> = { cores: cpus().length, connections, durationSeconds: duration };
for (const n of [1, 2]) {
  const { bases, stop } = await startInstances(n);
  try {
    await load(bases, Math.min(10, duration));
    out[`instances${n}`] = await load(bases, duration);
  } finally {
    await stop();
  }
}
console.log(JSON.stringify(out));
