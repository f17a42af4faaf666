/**
 * 100 concurrent HTTP range requests of different tracks against a running copy of the server, with the
 * server's memory read before and after (media is streamed, never held whole in memory).
 *   node --import tsx bench/range.ts --data-dir <a data dir with the demo catalogue> [--rounds 20]
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { mulberry32 } from '../apps/server/src/lib/random';
import { spawnServer } from './serve-command';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: 'bench/out/demo' },
    rounds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '100' },
  },
});
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);

const port = await new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
// The production bundle, as `npm start` runs it.
spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
const server = spawnServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: values['data-dir'], LOG_LEVEL: 'warn', SORI_METRICS: '1' });
process.on('exit', () => server.kill('SIGTERM'));

type Health = { body: { tracks: number } };
for (let i = 0; ; i++) {
  try {
    const h = (await (await fetch(`${base}/api/health`)).json()) as Health;
    if (h.body.tracks >= 50) break;
  } catch {
    // starting
  }
  if (i > 2400) throw new Error('the server did not come up with a catalogue (seed the demo first)');
  await new Promise((r) => setTimeout(r, 250));
}
const metrics = async () => ((await (await fetch(`${base}/api/metrics`)).json()) as { body: { rssMB: number } }).body;

// Every published track with audio, and its size.
const list = (await (await fetch(`${base}/api/musics?size=100`)).json()) as {
  body: { content: { id: number; filePath: string | null }[] };
};
const streams: { url: string; size: number }[] = [];
for (const m of list.body.content) {
  if (!m.filePath) continue;
  const head = await fetch(base + m.filePath, { method: 'HEAD' });
  streams.push({ url: base + m.filePath, size: Number(head.headers.get('content-length')) });
}
const before = await metrics();
const r = mulberry32(99);
let ok = 0;
let errors = 0;
let bytes = 0;
let peakRss = before.rssMB;
const latencies: number[] = [];
const started = Date.now();
for (let round = 0; round < rounds; round++) {
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const s = streams[(round * concurrency + i) % streams.length]!;
      const start = Math.floor(r() * (s.size - 1));
      const end = Math.min(s.size - 1, start + Math.floor(r() * 512 * 1024));
      const t0 = performance.now();
      try {
        const res = await fetch(s.url, { headers: { range: `bytes=${start}-${end}` } });
        const body = new Uint8Array(await res.arrayBuffer());
        if (res.status === 206 && body.length === end - start + 1) ok += 1;
        else errors += 1;
        bytes += body.length;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }),
  );
  peakRss = Math.max(peakRss, (await metrics()).rssMB);
}
latencies.sort((a, b) => a - b);
const out = {
  tracks: streams.length,
  requests: rounds * concurrency,
  concurrency,
  ok,
  errors,
  mbytes: Math.round(bytes / 1048576),
  seconds: Math.round((Date.now() - started) / 100) / 10,
  p50ms: Math.round(latencies[Math.floor(latencies.length * 0.5)]!),
  p99ms: Math.round(latencies[Math.floor(latencies.length * 0.99)]!),
  rssBeforeMB: before.rssMB,
  rssPeakMB: peakRss,
};
console.log(JSON.stringify(out));
server.kill('SIGTERM');
process.exit(errors === 0 ? 0 : 1);
