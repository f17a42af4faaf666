/**
 * Measures the catalogue index on synthetic tracks: build time, memory, query latency (typical and worst
 * cases), write costs. Prints a table; no assertions (timings belong in a report, not in a test).
 *
 *   node --expose-gc --import tsx bench/measure-index.ts [sizes=100000,1000000] [runs=40]
 *
 * Memory is the growth of V8 heap + array buffers across the build, with the source track objects freed
 * before the second reading; run with --expose-gc for meaningful figures.
 */
import { loadavg } from 'node:os';
import { mulberry32 } from '../apps/server/src/lib/random';
import { CatalogueIndex, type IndexQuery } from '../apps/server/src/search/catalogue-index';
import { indexQuery } from '../apps/server/test/search/oracle';
import { MOOD_CLUSTERS, syntheticTracks, syntheticTrack, syntheticArtist } from '../apps/server/test/search/synthetic';

const sizes = (process.argv[2] ?? '100000,1000000').split(',').map(Number);
const runs = Number(process.argv[3] ?? 40);
const gc = (globalThis as { gc?: () => void }).gc;

function memory(): { heap: number; buffers: number } {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, buffers: m.arrayBuffers };
}
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

const base: IndexQuery = indexQuery();
const hot = MOOD_CLUSTERS[0]!.slice(0, 3);

const QUERIES: [string, Partial<IndexQuery>][] = [
  ['newest, no filter', {}],
  ['newest, deep page 50,000', { offset: 50_000 }],
  ['title asc, deep page 50,000', { sort: 'title', dir: 'asc', offset: 50_000 }],
  ['popularity desc', { sort: 'popularity' }],
  ['genre group + 1 mood + key', { genre: 500, moods: [hot[0]!], soundKey: 'D♭', sort: 'popularity' }],
  ['q=사랑 relevance', { q: '사랑', sort: 'relevance' }],
  ['q=사 (1 char) relevance', { q: '사', sort: 'relevance' }],
  ['q=ㅅㄹ (초성)', { q: 'ㅅㄹ', sort: 'relevance' }],
  ['q=잔잔한 피아노 relevance', { q: '잔잔한 피아노', sort: 'relevance' }],
  ['q=love song', { q: 'love song', sort: 'relevance' }],
  ['q=l (1 letter prefix)', { q: 'l', sort: 'relevance' }],
  ['q=calm (label)', { q: 'calm' }],
  ['q=cafe (diacritics folded)', { q: 'cafe', sort: 'relevance' }],
  ['q=120 (title word or BPM)', { q: '120', sort: 'relevance' }],
  ['q=A minor (a key named)', { q: 'A minor', sort: 'relevance' }],
  ['q=잔잔한 가단조 피아노 (a key named, with words)', { q: '잔잔한 가단조 피아노', sort: 'relevance' }],
  ['q=calm piano zzzz (forgiven)', { q: 'calm piano zzzz', sort: 'relevance' }],
  ['q=穏やかなピアノ (forgiven, cut at a label)', { q: '穏やかなピアノ', sort: 'relevance' }],
  [
    'worst: q=사 + 3 moods + bpm 80-160, bpm asc, offset 50k',
    { q: '사', moods: hot, bpmGte: 80, bpmLte: 160, sort: 'bpm', dir: 'asc', offset: 50_000 },
  ],
  [
    'worst: q=l + 3 moods + bpm 80-160, bpm asc, offset 50k',
    { q: 'l', moods: hot, bpmGte: 80, bpmLte: 160, sort: 'bpm', dir: 'asc', offset: 50_000 },
  ],
  ['worst: q=사 + bpm 80-160, bpm asc, offset 50k', { q: '사', bpmGte: 80, bpmLte: 160, sort: 'bpm', dir: 'asc', offset: 50_000 }],
  ['worst: q=l + bpm 80-160, bpm desc, offset 50k', { q: 'l', bpmGte: 80, bpmLte: 160, sort: 'bpm', dir: 'desc', offset: 50_000 }],
  ['worst: q=사 + 3 moods, relevance, offset 50k', { q: '사', moods: hot, sort: 'relevance', offset: 50_000 }],
  ['list scope (500 likes), title', { sort: 'title', dir: 'asc' }],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

function measure(n: number): void {
  console.log(`\n=== ${n.toLocaleString('en')} tracks ===`);
  const before = memory();
  let tracks: ReturnType<typeof syntheticTracks> | null = syntheticTracks(n, { seed: 42 });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const index = CatalogueIndex.build(tracks);
  const cpu = process.cpuUsage(c0);
  const buildMs = performance.now() - t0;
  tracks = null;
  const after = memory();
  console.log(
    `build: ${buildMs.toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU (text, filters and every sort order)`,
  );
  const heapGrowth = after.heap - before.heap;
  const bufferGrowth = after.buffers - before.buffers;
  console.log(
    `index memory: ${mb(heapGrowth + bufferGrowth)} (JS heap ${mb(heapGrowth)}: strings, maps, arrays; typed arrays ${mb(bufferGrowth)})`,
  );
  console.log(
    `rss: ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(index.memoryEstimate());

  const rng = mulberry32(7);
  const likes = Array.from({ length: 500 }, () => 1 + Math.floor(rng() * n));
  console.log(
    `\n${'query'.padEnd(58)} ${'total'.padStart(8)} ${'cpu ms'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
  );
  for (const [name, p] of QUERIES) {
    const q: IndexQuery = { ...base, ...p, scope: name.startsWith('list') ? { kind: 'list', ids: likes } : base.scope };
    index.search(q);
    const times: number[] = [];
    let total = 0;
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < runs; i++) {
      const s = performance.now();
      total = index.search(q).total;
      times.push(performance.now() - s);
    }
    const cpu = process.cpuUsage(cpu0);
    times.sort((a, b) => a - b);
    // CPU time per query is what the query costs; wall percentiles also show waiting for a busy machine.
    const cpuMs = (cpu.user + cpu.system) / 1000 / runs;
    console.log(
      `${name.padEnd(58)} ${String(total).padStart(8)} ${cpuMs.toFixed(2).padStart(8)} ${percentile(times, 0.5).toFixed(2).padStart(8)} ${percentile(times, 0.99).toFixed(2).padStart(8)} ${times[times.length - 1]!.toFixed(2).padStart(8)}`,
    );
  }

  const afterQueries = memory();
  console.log(
    `index memory after the queries (scratch bitsets kept for reuse): ${mb(afterQueries.heap + afterQueries.buffers - before.heap - before.buffers)}`,
  );

  // Writes: new tracks (appends) and edits of existing ones, then the cost of the next query that needs
  // every sort order settled.
  const artists = Array.from({ length: 200 }, () => syntheticArtist(rng));
  const writes = 10_000;
  const w0 = performance.now();
  for (let i = 0; i < writes; i++) {
    const id = i % 2 === 0 ? n + 1 + i : 1 + Math.floor(rng() * n);
    index.upsert(syntheticTrack(id, rng, artists, 100));
  }
  const upsertMs = (performance.now() - w0) / writes;
  const s0 = performance.now();
  index.search({ ...base, q: 'a', sort: 'bpm' });
  index.search({ ...base, sort: 'duration' });
  index.search({ ...base, sort: 'popularity' });
  const settleMs = performance.now() - s0;
  const single: number[] = [];
  for (let i = 0; i < 200; i++) {
    const s = performance.now();
    index.upsert(syntheticTrack(1 + Math.floor(rng() * n), rng, artists, 100));
    index.search({ ...base, q: 'love', sort: 'bpm', dir: 'asc' });
    single.push(performance.now() - s);
  }
  single.sort((a, b) => a - b);
  const p0 = performance.now();
  for (let i = 0; i < writes; i++) index.setPopularity(1 + Math.floor(rng() * n), Math.floor(rng() * 1000));
  index.search({ ...base, sort: 'popularity' });
  const popMs = (performance.now() - p0) / writes;
  const b0 = performance.now();
  for (let i = 0; i < 1000; i++) {
    index.setPopularity(1 + Math.floor(rng() * n), Math.floor(rng() * 1000));
    index.search({ ...base, sort: 'popularity' });
  }
  const popQueryMs = (performance.now() - b0) / 1000;
  console.log(`\nupsert: ${upsertMs.toFixed(3)} ms each over ${writes} (half new ids, half edits)`);
  console.log(`settling every sort order after those ${writes} writes: ${settleMs.toFixed(1)} ms (once)`);
  console.log(
    `one upsert followed by a bpm-sorted text query: p50 ${percentile(single, 0.5).toFixed(2)} ms, p99 ${percentile(single, 0.99).toFixed(2)} ms`,
  );
  console.log(`setPopularity: ${popMs.toFixed(4)} ms each over ${writes} (then one popularity query)`);
  console.log(`setPopularity + popularity-sorted query, interleaved: ${popQueryMs.toFixed(3)} ms per pair`);
}

for (const n of sizes) measure(n);
