/**
 * Tunes the key finder on the tuning seed (TUNING_SEED, 200 pieces) and nothing else.
 *
 *   node --import tsx bench/analysis/tune-key.ts [--verbose] [--grid]
 *
 * Each piece is rendered and decoded once; its key frames (what `estimateKey` reads) are cached next to the
 * renders, so a run over the 200 pieces afterwards takes a few seconds. Without `--grid` it scores
 * KEY_PARAMS; with `--grid` it scores every setting of the grid below and prints the best ones, with the
 * size of the plateau each sits in. The held-out half and the fresh set are never read here.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Analyser } from '../../apps/server/src/media/analyse';
import { decodeMonoPcm } from '../../apps/server/src/media/decode';
import { CHROMA_BINS, estimateKey, KEY_PARAMS, KeyFrames, type KeyParams } from '../../apps/server/src/media/key';
import { probeFile } from '../../apps/server/src/media/probe';
import {
  CACHE_DIR,
  evalSet,
  progressionName,
  renderPiece,
  renderUnavailable,
  TUNING_SEED,
  TUNING_SIZE,
  type EvalPiece,
} from '../../apps/server/test/fixtures/eval-set';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const grid = args.includes('--grid');
const NAMES = ['C', 'D♭', 'D', 'E♭', 'E', 'F', 'F♯', 'G', 'A♭', 'A', 'B♭', 'B'];

async function framesOf(p: EvalPiece): Promise<KeyFrames> {
  const file = await renderPiece(p);
  const cache = `${file}.keyframes`;
  if (existsSync(cache)) {
    const buf = await readFile(cache);
    const head = new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + 16));
    const n = head[0]!;
    const f = new KeyFrames(head[1]!);
    const body = new Float32Array(buf.buffer.slice(buf.byteOffset + 16, buf.byteOffset + buf.length));
    f.count = n;
    f.chroma = body.slice(0, n * CHROMA_BINS);
    f.bass = body.slice(n * CHROMA_BINS, 2 * n * CHROMA_BINS);
    f.levelDb = body.slice(2 * n * CHROMA_BINS, 2 * n * CHROMA_BINS + n);
    f.flatness = body.slice(2 * n * CHROMA_BINS + n, 2 * n * CHROMA_BINS + 2 * n);
    return f;
  }
  const a = new Analyser();
  await decodeMonoPcm(file, await probeFile(file), (x) => a.push(x));
  a.finish();
  const f = a.keyFrames;
  const n = f.count;
  const body = new Float32Array(2 * n * CHROMA_BINS + 2 * n);
  body.set(f.chroma.subarray(0, n * CHROMA_BINS), 0);
  body.set(f.bass.subarray(0, n * CHROMA_BINS), n * CHROMA_BINS);
  body.set(f.levelDb.subarray(0, n), 2 * n * CHROMA_BINS);
  body.set(f.flatness.subarray(0, n), 2 * n * CHROMA_BINS + n);
  await writeFile(cache, Buffer.concat([Buffer.from(Float64Array.of(n, f.hopSec).buffer), Buffer.from(body.buffer)]));
  return f;
}

async function main(): Promise<void> {
  const why = await renderUnavailable();
  if (why) {
    console.error(`cannot render the tuning set: ${why}`);
    process.exit(2);
  }
  const pieces = evalSet(TUNING_SEED, TUNING_SIZE);
  const frames: KeyFrames[] = new Array(pieces.length);
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < pieces.length) {
        const i = next++;
        frames[i] = await framesOf(pieces[i]!);
      }
    }),
  );
  console.error(`key frames of ${pieces.length} pieces in ${path.relative(process.cwd(), CACHE_DIR)}`);

  const score = (params: KeyParams, show = false) => {
    let tonic = 0;
    let relative = 0;
    const byEnding: Record<string, [number, number]> = { cadence: [0, 0], loop: [0, 0], fade: [0, 0] };
    pieces.forEach((p, i) => {
      const k = estimateKey(frames[i]!, params);
      const okTonic = k?.tonic === p.tonic;
      const okRel =
        okTonic ||
        (k !== null && k.mode !== p.mode && k.tonic === (p.mode === 'major' ? (p.tonic + 9) % 12 : (p.tonic + 3) % 12));
      tonic += okTonic ? 1 : 0;
      relative += okRel ? 1 : 0;
      byEnding[p.ending]![0] += okTonic ? 1 : 0;
      byEnding[p.ending]![1]++;
      if (show && !okTonic)
        console.log(
          `${String(p.index).padStart(3)} ${p.style.padEnd(10)} ${(NAMES[p.tonic] + ' ' + p.mode).padEnd(9)} → ` +
            `${(k ? NAMES[k.tonic] + ' ' + k.mode : '-').padEnd(9)} (c ${k?.confidence}) ${okRel ? 'relative' : 'WRONG   '} ` +
            `${p.ending.padEnd(7)} ${progressionName(p)}${p.drums ? '' : ' no-drums'}`,
        );
    });
    return { tonic, relative, byEnding };
  };

  if (!grid) {
    const s = score(KEY_PARAMS, verbose);
    const pct = (x: number) => ((100 * x) / pieces.length).toFixed(1);
    console.log(`tuning set (seed ${TUNING_SEED}, ${pieces.length}): tonic ${pct(s.tonic)} %, relative ${pct(s.relative)} %`);
    for (const [e, [ok, n]] of Object.entries(s.byEnding)) console.log(`  ${e.padEnd(7)} ${ok}/${n}`);
    return;
  }
  const axes: Partial<Record<keyof KeyParams, number[]>> = {
    openingWeight: [0, 0.1, 0.2, 0.3, 0.4],
    closingWeight: [0, 0.2, 0.4, 0.6],
    lastBassWeight: [0, 0.1, 0.2, 0.3],
    triadWeight: [0, 0.15, 0.3, 0.45, 0.6],
    leadingWeight: [0, 0.25, 0.5, 0.75, 1],
  };
  const names = Object.keys(axes) as (keyof KeyParams)[];
  const results: { params: Record<string, number>; tonic: number; relative: number }[] = [];
  const walk = (i: number, acc: Record<string, number>) => {
    if (i === names.length) {
      const s = score({ ...KEY_PARAMS, ...acc } as KeyParams);
      results.push({ params: { ...acc }, tonic: s.tonic, relative: s.relative });
      return;
    }
    for (const v of axes[names[i]!]!) walk(i + 1, { ...acc, [names[i]!]: v });
  };
  walk(0, {});
  results.sort((a, b) => b.tonic + b.relative / 1000 - (a.tonic + a.relative / 1000));
  for (const r of results.slice(0, 15)) console.log(`${r.tonic} / ${r.relative}  ${JSON.stringify(r.params)}`);
}

await main();
