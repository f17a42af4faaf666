/**
 * "Similar tracks": quality on labelled sets, and latency and memory of the in-memory index.
 *
 *   node --import tsx bench/similar.ts quality [--set demo|eval|both] [--jobs 2]
 *   node --import tsx bench/similar.ts cutoff [--jobs 2]
 *   node --expose-gc --import tsx bench/similar.ts latency [--tracks 100000] [--queries 2000]
 *   node --expose-gc --import tsx bench/similar.ts api --data-dir bench/out/100k [--queries 2000]
 *
 * quality: renders the labelled pieces (the demo catalogue, 61 pieces with genre and moods; and/or the
 * FluidSynth evaluation set, 80 General MIDI pieces with a style each), analyses each with the real
 * `analyseSound`, and for every piece takes the 10 nearest others under several rankings: random (the
 * expected share), BPM and key only (what an untagged upload has), sound only, the tags-only baseline
 * (genre, moods, BPM, key: the blend without sound) and the blend. Precision@10 is the share of those 10
 * in the same genre group (demo), sharing a mood (demo), or of the same style (eval). On the demo set the
 * tags-only and blend rankings are given the genre and moods they are scored on, so they are an upper
 * bound there, not a fair contest: the sound-only and BPM+key rows are the ones that say what listening adds.
 *
 * latency: 100,000 (or --tracks) synthetic tracks (clustered Gaussian vectors of the real dimension, random
 * genres, moods, BPM and keys), then `similar()` for random tracks under the served cut-off, page 0 of 20:
 * p50/p99 of the index call.
 *
 * api: a catalogue written by bench/generate.ts, given synthetic vectors for every track (once), served by the
 * real app in this process (`buildApp`, SQLite); `GET /api/musics/{id}/similar` through `app.inject`, one at a
 * time, signed out: route, service, index and the page writer's JSON, without the network.
 */
import { parseArgs } from 'node:util';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import { pitchClassOfKey } from '@sori/contract';
import { analyseSound, featureWeights, SOUND_FEATURE_NAMES } from '../apps/server/src/media/sound';
import { BLEND, SIMILAR_CUTOFF, SIMILAR_MAX, SimilarityIndex, type Blend, type SimilarMeta } from '../apps/server/src/search/similarity';
import { mulberry32 } from '../apps/server/src/lib/random';
import { DEMO_CATALOGUE, writeDemoTrack } from '../apps/server/src/seed/demo/catalogue';
import { evalSet, renderPiece, renderUnavailable } from '../apps/server/test/fixtures/eval-set';
import { mapLimit } from './map-limit';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    set: { type: 'string', default: 'both' },
    jobs: { type: 'string', default: '2' },
    tracks: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '2000' },
    'data-dir': { type: 'string', default: 'bench/out/100k' },
  },
});

interface Item {
  meta: SimilarMeta;
  vector: number[];
  /** Labels: genre group (demo) or style (eval); moods (demo only). */
  group: string;
  moods: number[];
}

const RANKINGS: { name: string; blend: Blend }[] = [
  { name: 'BPM and key only', blend: { sound: 0, genre: 0, mood: 0, bpm: BLEND.bpm, key: BLEND.key } },
  { name: 'sound only', blend: { sound: 1, genre: 0, mood: 0, bpm: 0, key: 0 } },
  { name: 'tags only (genre, moods, BPM, key)', blend: { ...BLEND, sound: 0 } },
  { name: 'blend (sound + tags)', blend: { ...BLEND } },
];

function precision(items: Item[], withMoods: boolean) {
  const index = new SimilarityIndex(featureWeights());
  index.fitScale(items.map((i) => i.vector));
  for (const it of items) {
    index.upsert(it.meta);
    index.setVector(it.meta.id, it.vector);
  }
  const byId = new Map(items.map((i) => [i.meta.id, i]));
  const sharesMood = (a: Item, b: Item) => a.moods.some((m) => b.moods.includes(m));
  const rows: string[] = [];
  const fmt = (v: number) => `${(v * 100).toFixed(1)} %`;
  // Random: the expected share of matching others, averaged over the queries.
  let rg = 0;
  let rm = 0;
  for (const q of items) {
    const others = items.filter((o) => o !== q);
    rg += others.filter((o) => o.group === q.group).length / others.length;
    rm += others.filter((o) => sharesMood(q, o)).length / others.length;
  }
  rows.push(`| random (expected) | ${fmt(rg / items.length)} |${withMoods ? ` ${fmt(rm / items.length)} |` : ''}`);
  for (const r of RANKINGS) {
    if (!withMoods && (r.blend.genre > 0 || r.blend.mood > 0)) continue;
    let g = 0;
    let m = 0;
    for (const q of items) {
      const top = index.similar(q.meta.id, 0, 10, r.blend).ids.map((id) => byId.get(id)!);
      g += top.filter((o) => o.group === q.group).length / top.length;
      m += top.filter((o) => sharesMood(q, o)).length / top.length;
    }
    rows.push(`| ${r.name} | ${fmt(g / items.length)} |${withMoods ? ` ${fmt(m / items.length)} |` : ''}`);
  }
  return rows;
}

const cacheDir = path.join('node_modules', '.cache', 'sori-similar-bench');

/** The demo catalogue, rendered and analysed: genre group and moods as tagged. */
async function demoItems(jobs: number): Promise<Item[]> {
  await mkdir(cacheDir, { recursive: true });
  return mapLimit(DEMO_CATALOGUE, jobs, async (t): Promise<Item> => {
    const { audioPath } = await writeDemoTrack(t, cacheDir);
    const a = await analyseSound(audioPath, null);
    const bpm = a.tempo ? Math.round(a.tempo.bpm) : null;
    return {
      meta: { id: t.index, genre: t.genre, moods: t.moods, bpm, keyPc: a.key?.tonic ?? null, published: true },
      vector: a.vector,
      group: String(Math.floor(t.genre / 100)),
      moods: [...t.moods],
    };
  });
}

/** The FluidSynth evaluation set, rendered and analysed: untagged (as an upload is), its style the label. */
async function evalItems(jobs: number): Promise<Item[] | string> {
  const why = await renderUnavailable();
  if (why) return why;
  return mapLimit(evalSet(), jobs, async (p): Promise<Item> => {
    const a = await analyseSound(await renderPiece(p), null);
    return {
      meta: {
        id: p.index + 1,
        genre: null,
        moods: [],
        bpm: a.tempo ? Math.round(a.tempo.bpm) : null,
        keyPc: a.key?.tonic ?? null,
        published: true,
      },
      vector: a.vector,
      group: p.style,
      moods: [],
    };
  });
}

function loadLine(t0: number) {
  return `${((performance.now() - t0) / 1000).toFixed(0)} s; load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

async function quality() {
  const jobs = Number(values.jobs);
  const t0 = performance.now();
  if (values.set === 'demo' || values.set === 'both') {
    const items = await demoItems(jobs);
    console.log(`\nDemo catalogue: ${items.length} pieces, ${new Set(items.map((i) => i.group)).size} genre groups`);
    console.log('| ranking | same genre group | shares a mood |');
    console.log('| --- | --- | --- |');
    for (const r of precision(items, true)) console.log(r);
  }
  if (values.set === 'eval' || values.set === 'both') {
    const items = await evalItems(jobs);
    if (typeof items === 'string') console.log(`\nEvaluation set skipped: ${items}`);
    else {
      console.log(`\nEvaluation set (FluidSynth, General MIDI): ${items.length} pieces, ${new Set(items.map((i) => i.group)).size} styles`);
      console.log('| ranking | same style |');
      console.log('| --- | --- |');
      for (const r of precision(items, false)) console.log(r);
    }
  }
  console.log(`\n${loadLine(t0)}`);
}

interface CutoffRow {
  cutoff: number;
  /** Means over the queries: tracks listed, share of them with the query's label, share of the label's tracks listed, F1. */
  listed: number;
  precision: number;
  recall: number;
  f1: number;
  /** Share of queries that list nothing. */
  empty: number;
}

/**
 * Each query's closeness to every other piece of its own half (the served blend, every track scored), then
 * for each cut-off what a query lists: precision (share with its label; a query listing nothing counts 0)
 * and recall (share of its label's pieces listed).
 */
function cutoffRows(items: Item[], cutoffs: number[]): CutoffRow[] {
  const index = new SimilarityIndex(featureWeights());
  index.fitScale(items.map((i) => i.vector));
  for (const it of items) {
    index.upsert(it.meta);
    index.setVector(it.meta.id, it.vector);
  }
  const group = new Map(items.map((i) => [i.meta.id, i.group]));
  const lists = items.map((q) => {
    const page = index.similar(q.meta.id, 0, items.length);
    return { q, ids: page.ids, closeness: page.closeness, same: items.filter((o) => o !== q && o.group === q.group).length };
  });
  return cutoffs.map((cutoff) => {
    let listed = 0;
    let prec = 0;
    let rec = 0;
    let f1 = 0;
    let empty = 0;
    for (const l of lists) {
      const kept = l.ids.filter((_, k) => l.closeness[k]! >= cutoff);
      const hits = kept.filter((id) => group.get(id) === l.q.group).length;
      const p = kept.length ? hits / kept.length : 0;
      const r = l.same ? hits / l.same : 0;
      listed += kept.length;
      prec += p;
      rec += r;
      f1 += p + r > 0 ? (2 * p * r) / (p + r) : 0;
      if (kept.length === 0) empty++;
    }
    const n = lists.length;
    return { cutoff, listed: listed / n, precision: prec / n, recall: rec / n, f1: f1 / n, empty: empty / n };
  });
}

/**
 * The cut-off of "similar tracks": each labelled set split in two by position (even, odd), each half its own
 * catalogue. The cut-off is the one whose mean F1 (demo and evaluation set weighed alike) is best on the
 * even halves; the odd halves are then reported at it, beside no cut-off.
 */
async function cutoff() {
  const jobs = Number(values.jobs);
  const t0 = performance.now();
  const sets: { name: string; items: Item[] }[] = [{ name: 'demo catalogue (genre group)', items: await demoItems(jobs) }];
  const ev = await evalItems(jobs);
  if (typeof ev === 'string') console.log(`Evaluation set skipped: ${ev}`);
  else sets.push({ name: 'evaluation set (style)', items: ev });
  const cutoffs = Array.from({ length: 61 }, (_, i) => Math.round((0.3 + i * 0.01) * 100) / 100);
  const half = (items: Item[], parity: number) => items.filter((_, i) => i % 2 === parity);
  const tune = sets.map((s) => cutoffRows(half(s.items, 0), cutoffs));
  const meanF1 = cutoffs.map((_, k) => tune.reduce((a, rows) => a + rows[k]!.f1, 0) / tune.length);
  const best = meanF1.indexOf(Math.max(...meanF1));
  const chosen = cutoffs[best]!;
  const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
  const row = (label: string, r: CutoffRow) =>
    `| ${label} | ${r.listed.toFixed(1)} | ${pct(r.precision)} | ${pct(r.recall)} | ${r.f1.toFixed(3)} | ${pct(r.empty)} |`;
  console.log(`\nTune halves (even positions): mean F1 by cut-off, best ${chosen}`);
  for (let k = 0; k < cutoffs.length; k += 5) console.log(`  ${cutoffs[k]!.toFixed(2)}  ${meanF1[k]!.toFixed(3)}`);
  for (const [i, s] of sets.entries()) {
    console.log(`\n${s.name}, tune half (${half(s.items, 0).length} pieces)`);
    console.log('| cut-off | listed | precision | recall | F1 | lists nothing |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const k of [0, best])
      console.log(row(k === 0 && best !== 0 ? 'none' : String(chosen), k === 0 ? cutoffRows(half(s.items, 0), [0])[0]! : tune[i]![k]!));
    const held = half(s.items, 1);
    const [none, at] = cutoffRows(held, [0, chosen]);
    console.log(`\n${s.name}, held-out half (${held.length} pieces)`);
    console.log('| cut-off | listed | precision | recall | F1 | lists nothing |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    console.log(row('none', none!));
    console.log(row(String(chosen), at!));
    console.log(`\n${s.name}, whole set as one catalogue (${s.items.length} pieces), at ${chosen}`);
    console.log(row(String(chosen), cutoffRows(s.items, [chosen])[0]!));
  }
  console.log(`\n${loadLine(t0)}`);
}

function gaussian(r: () => number): number {
  return Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
}

async function latency() {
  const n = Number(values.tracks);
  const queries = Number(values.queries);
  const dims = SOUND_FEATURE_NAMES.length;
  const r = mulberry32(21);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const index = new SimilarityIndex(featureWeights());
  // 40 clusters of sound; each track near one of them.
  const centres = Array.from({ length: 40 }, () => Array.from({ length: dims }, () => gaussian(r) * 2));
  const sample: number[][] = [];
  const genres = [101, 102, 201, 202, 301, 302, 401, 501, 601, 701];
  const t0 = performance.now();
  for (let id = 1; id <= n; id++) {
    const c = centres[Math.floor(r() * centres.length)]!;
    const v = c.map((x) => x + gaussian(r));
    if (sample.length < 20_000) sample.push(v);
    if (id === 20_000 || (id === n && n < 20_000)) {
      index.fitScale(sample);
      for (let k = 1; k <= sample.length; k++) index.setVector(k, sample[k - 1]!);
    }
    if (id > 20_000) index.setVector(id, v);
    const moods = Array.from({ length: 1 + Math.floor(r() * 3) }, () => 1101 + Math.floor(r() * 20));
    index.upsert({
      id,
      genre: genres[Math.floor(r() * genres.length)]!,
      moods,
      bpm: 60 + Math.floor(r() * 120),
      keyPc: pitchClassOfKey('C')! + Math.floor(r() * 12),
      published: r() < 0.95,
    });
  }
  const buildMs = performance.now() - t0;
  sample.length = 0;
  gc?.();
  const after = process.memoryUsage();
  const times: number[] = [];
  // Warm up, then measure.
  // As served: under the cut-off, every candidate over it is scored in full and counted.
  for (let i = 0; i < 50; i++) index.similar(1 + Math.floor(r() * n), 0, 20, BLEND, SIMILAR_CUTOFF, SIMILAR_MAX);
  let listed = 0;
  for (let i = 0; i < queries; i++) {
    const id = 1 + Math.floor(r() * n);
    const page = r() < 0.8 ? 0 : 1 + Math.floor(r() * 4);
    const s = performance.now();
    listed += index.similar(id, page * 20, 20, BLEND, SIMILAR_CUTOFF, SIMILAR_MAX).total;
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  console.log(`${n.toLocaleString()} tracks × ${dims} dims: built in ${(buildMs / 1000).toFixed(1)} s`);
  console.log(
    `index arrays ${(index.bytes / 1e6).toFixed(1)} MB; heap + array buffers grew ${((after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 1e6).toFixed(1)} MB`,
  );
  console.log(
    `similar() over ${queries} queries (80 % page 0, the rest pages 1–4, size 20, cut-off ${SIMILAR_CUTOFF}, at most ${SIMILAR_MAX}): p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${times.at(-1)!.toFixed(2)} ms; ${(listed / queries).toFixed(0)} listed a query`,
  );
  console.log(
    `load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'})`,
  );
}

async function api() {
  const { loadConfig } = await import('../apps/server/src/config');
  const { createDb } = await import('../apps/server/src/db/create-db');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate');
  const { buildApp } = await import('../apps/server/src/app');
  const env = { ...process.env, DATA_DIR: values['data-dir']!, SEED_DEMO: '0', LOG_LEVEL: 'silent', ACCESS_LOG: 'false' };
  const config = loadConfig(env);
  const db = createDb(config);
  await migrateToLatest(db);
  const have = Number(
    (
      await db.kysely
        .selectFrom('sound_features')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  const ids = (await db.kysely.selectFrom('tracks').select('id').where('published', '=', 1).execute()).map((r) => r.id);
  if (have === 0) {
    const r = mulberry32(21);
    const dims = SOUND_FEATURE_NAMES.length;
    const centres = Array.from({ length: 40 }, () => Array.from({ length: dims }, () => gaussian(r) * 2));
    const all = (await db.kysely.selectFrom('tracks').select('id').execute()).map((x) => x.id);
    const now = new Date().toISOString();
    for (let i = 0; i < all.length; i += 1000) {
      const rows = all.slice(i, i + 1000).map((id) => {
        const c = centres[Math.floor(r() * centres.length)]!;
        return {
          track_id: id,
          version: 1,
          vector: JSON.stringify(c.map((x) => Math.round((x + gaussian(r)) * 1e4) / 1e4)),
          computed_at: now,
        };
      });
      await db.kysely.insertInto('sound_features').values(rows).execute();
    }
    console.log(`wrote ${all.length.toLocaleString()} synthetic vectors`);
  }
  await db.close();
  const gc = (globalThis as { gc?: () => void }).gc;
  const t0 = performance.now();
  const { app, ctx } = await buildApp(config, { logger: false });
  const bootMs = performance.now() - t0;
  gc?.();
  const stats = ctx.catalogue.similarityStats();
  const r = mulberry32(5);
  const times: number[] = [];
  const call = (id: number, page: number) => app.inject({ method: 'GET', url: `/api/musics/${id}/similar?page=${page}&size=20` });
  for (let i = 0; i < 50; i++) await call(ids[Math.floor(r() * ids.length)]!, 0);
  const queries = Number(values.queries);
  for (let i = 0; i < queries; i++) {
    const id = ids[Math.floor(r() * ids.length)]!;
    const page = r() < 0.8 ? 0 : 1 + Math.floor(r() * 4);
    const s = performance.now();
    const res = await call(id, page);
    times.push(performance.now() - s);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  console.log(
    `${stats.tracks.toLocaleString()} published tracks; app built (index and vectors loaded) in ${(bootMs / 1000).toFixed(1)} s; similarity index ${(stats.bytes / 1e6).toFixed(1)} MB`,
  );
  console.log(
    `GET /api/musics/{id}/similar over ${queries} requests (80 % page 0, size 20): p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
  );
  console.log(
    `load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
  );
  await app.close();
}

if (positionals[0] === 'quality') await quality();
else if (positionals[0] === 'cutoff') await cutoff();
else if (positionals[0] === 'api') await api();
else if (positionals[0] === 'latency') await latency();
else {
  console.error('usage: bench/similar.ts quality|cutoff|latency|api [options]');
  process.exit(2);
}
