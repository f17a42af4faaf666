/**
 * Load benchmark of the catalogue search, beside a hello-world route of the same server.
 *   node --import tsx bench/load.ts --data-dir bench/out/100k [--duration 20] [--connections 50]
 * With DATABASE_URL (and DATABASE_SCHEMA) set, the server runs on PostgreSQL.
 * Prints one JSON line of results; bench/RESULTS.md records them.
 */
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import { createHistogram, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { queryMix } from './query-mix';
import { spawnServer } from './serve-command';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: 'bench/out/100k' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    label: { type: 'string', default: '' },
    /** Extra Node options for the server, e.g. "--cpu-prof --cpu-prof-dir=bench/out/prof". */
    'node-args': { type: 'string', default: '' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const bootStarted = Date.now();
const nodeArgs = values['node-args'].split(' ').filter(Boolean);
// The production bundle, run as `npm start` runs it.
spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
const server = spawnServer(
  { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: values['data-dir'], SEED_DEMO: '0', LOG_LEVEL: 'warn', SORI_METRICS: '1' },
  nodeArgs,
);
let stopped = false;
const stop = () => {
  if (!stopped) server.kill('SIGINT');
  stopped = true;
};
process.on('exit', stop);

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return ((await r.json()) as { body: { tracks: number } }).body.tracks;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}
const tracks = await waitReady();
const bootSeconds = (Date.now() - bootStarted) / 1000;
const afterBoot = await metrics();

const randomQuery = queryMix(7);

async function metrics() {
  const res = (await (await fetch(`${base}/api/metrics`)).json()) as {
    body: {
      eventLoopDelayMs: { max: number; p99: number; mean: number };
      handlingMs: { max: number; p99: number; slowestUrl: string };
      gcPauseMaxMs: number;
      gcPauseMaxByKindMs: { scavenge: number; other: number };
      rssMB: number;
      rssPeakMB: number;
      heapUsedMB: number;
      heapTotalMB: number;
      externalMB: number;
      cpuMs: number;
      responseCache: { hits: number; misses: number };
      textCache: { hits: number; misses: number; entries: number; bytes: number };
      wireCache: { hits: number; misses: number; entries: number; bytes: number };
    };
  };
  return res.body;
}

/** Hits among hits and misses between two readings of a cache's counters, in percent. */
function hitPct(before: { hits: number; misses: number }, after: { hits: number; misses: number }): number {
  const hits = after.hits - before.hits;
  const misses = after.misses - before.misses;
  return hits + misses === 0 ? 0 : Math.round((hits / (hits + misses)) * 1000) / 10;
}

interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
}

/**
 * An open-loop load of `rate` requests a second, sent evenly (a few every millisecond) whatever the
 * answers, over up to `connections` keep-alive sockets; latencies in ms. (autocannon's own rate limit lets
 * each connection run flat out until its share of the second is spent and then idle: bursts, not a rate.)
 */
async function pacedLoad(path: () => string, rate: number, seconds: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latency = createHistogram();
  let sent = 0;
  let done = 0;
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await new Promise<void>((resolve) => {
    const finish = () => {
      done++;
      if (performance.now() >= end && done === sent) resolve();
    };
    const tick = setInterval(() => {
      const now = performance.now();
      const target = Math.floor(((Math.min(now, end) - started) / 1000) * rate);
      for (; sent < target; sent++) {
        const t0 = performance.now();
        http
          .get({ host: '127.0.0.1', port, path: path(), agent }, (res) => {
            res.resume();
            res.on('end', () => {
              latency.record(Math.max(1, Math.round((performance.now() - t0) * 1000)));
              if (res.statusCode !== 200) non2xx++;
              finish();
            });
          })
          .on('error', () => {
            errors++;
            finish();
          });
      }
      if (now >= end) {
        clearInterval(tick);
        if (done === sent) resolve();
      }
    }, 1);
  });
  agent.destroy();
  const ms = (us: number) => Math.round(us / 100) / 10;
  return {
    requests: { average: done / seconds, total: done },
    latency: { p50: ms(latency.percentile(50)), p99: ms(latency.percentile(99)), max: ms(latency.max) },
    non2xx,
    errors,
  };
}

/** A run of `duration` seconds: saturating (autocannon, 50 connections), or paced at `rate` a second. */
async function run(name: string, path: () => string, rate?: number) {
  await fetch(`${base}/api/metrics/reset`, { method: 'POST' });
  const before = await metrics();
  const result: LoadResult = rate
    ? await pacedLoad(path, rate, duration)
    : await autocannon({
        url: base,
        connections,
        duration,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) }],
      });
  const m = await metrics();
  return {
    name,
    requestsPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    eventLoopMaxMs: Math.round(m.eventLoopDelayMs.max * 10) / 10,
    eventLoopP99Ms: Math.round(m.eventLoopDelayMs.p99 * 10) / 10,
    // The longest time a request spent in the server (its work and its wait for a turn) and GC pause.
    handlingMaxMs: Math.round(m.handlingMs.max * 10) / 10,
    handlingP99Ms: Math.round(m.handlingMs.p99 * 10) / 10,
    slowestUrl: decodeURIComponent(m.handlingMs.slowestUrl),
    gcPauseMaxMs: Math.round(m.gcPauseMaxMs * 10) / 10,
    gcScavengeMaxMs: Math.round(m.gcPauseMaxByKindMs.scavenge * 10) / 10,
    gcOtherMaxMs: Math.round(m.gcPauseMaxByKindMs.other * 10) / 10,
    rssMB: m.rssMB,
    rssPeakMB: m.rssPeakMB,
    heapUsedMB: m.heapUsedMB,
    heapTotalMB: m.heapTotalMB,
    externalMB: m.externalMB,
    // Server CPU per request (process CPU time over the run / requests): robust to a shared machine.
    serverCpuUsPerRequest: Math.round(((m.cpuMs - before.cpuMs) * 1000) / Math.max(1, result.requests.total)),
    // Share of searches answered from the response cache during this run: honest about what was measured.
    responseCacheHitPct: hitPct(before.responseCache, m.responseCache),
    // Text searches whose matching came from the text-match cache (search/text-cache.ts).
    textCacheHitPct: hitPct(before.textCache, m.textCache),
    textCacheMB: Math.round(m.textCache.bytes / 104857.6) / 10,
    // Tracks of the pages built during this run whose JSON came from the wire cache, not the database.
    wireCacheHitPct: hitPct(before.wireCache, m.wireCache),
    wireCacheTracks: m.wireCache.entries,
  };
}

// Warm up, then measure hello-world and the search mix one after the other on the same server.
await run('warm-up', randomQuery);
const hello = await run('hello', () => '/api/health');
const search = await run('search-mix', randomQuery);
// The same mix at half the throughput just measured, sent evenly: the loop is then not saturated, so a loop
// delay is a stall (a long handling, a GC pause, the process not scheduled), not requests queueing.
const pacedRate = Math.max(1, Math.round(search.requestsPerSec / 2));
const paced = await run('search-paced', randomQuery, pacedRate);
// The control: hello-world at the same rate, the same client work. Loop delays here are the machine's
// (the server not scheduled while the client and the database share the two cores), not the search's.
const helloPaced = await run('hello-paced', () => '/api/health', pacedRate);
stop();
// Let the server shut down cleanly (a CPU profile, when asked for, is written on exit).
await new Promise((resolve) => server.once('exit', resolve));
const out = {
  label: values.label,
  database: process.env['DATABASE_URL'] ? 'postgres' : 'sqlite',
  tracks,
  bootSeconds: Math.round(bootSeconds * 10) / 10,
  // Memory as the index was just built (before any request), and the most the process held by then.
  bootRssMB: afterBoot.rssMB,
  bootRssPeakMB: afterBoot.rssPeakMB,
  connections,
  durationSeconds: duration,
  hello,
  search,
  paced,
  helloPaced,
  searchShareOfHello: Math.round((search.requestsPerSec / hello.requestsPerSec) * 1000) / 10,
};
console.log(JSON.stringify(out));
process.exit(0);
