/**
 * Tunes the key finder on the tuning seed (TUNING_SEED, 400 pieces) and nothing else.
 *
 *   node --import tsx bench/analysis/tune-key.ts [--verbose]     # scores KEY_PARAMS, lists the misses
 *   node --import tsx bench/analysis/tune-key.ts --fit           # fits the weights, cross-validated
 *   DROP=closing,firstBass node --import tsx bench/analysis/tune-key.ts --fit   # the fit without some cues
 *
 * Each piece is rendered and decoded once; its key frames (what `estimateKey` reads) are cached next to the
 * renders, so a run over the 400 pieces afterwards takes seconds (the first takes about 7 minutes on two
 * cores). `--fit` prints the five-fold cross-validated tonic accuracy and the weights fitted on all pieces,
 * to be copied into KEY_PARAMS.weights. The held-out half and the fresh set are never read here.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Analyser } from '../../apps/server/src/media/analyse';
import { decodeMonoPcm } from '../../apps/server/src/media/decode';
import {
  CHROMA_BINS,
  decideKey,
  estimateKey,
  KEY_FEATURES,
  KEY_PARAMS,
  keyEvidence,
  KeyFrames,
  keyScore,
  type KeyFeature,
  type KeyParams,
} from '../../apps/server/src/media/key';
import { probeFile } from '../../apps/server/src/media/probe';
import {
  CACHE_DIR,
  evalSet,
  keyRelative,
  progressionName,
  relativeTwin,
  renderPiece,
  renderUnavailable,
  TUNING_SEED,
  TUNING_SIZE,
  tonicExact,
  type EvalPiece,
} from '../../apps/server/test/fixtures/eval-set';
import { mapLimit } from '../map-limit';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const fitWeights = args.includes('--fit');
const NAMES = ['C', 'D♭', 'D', 'E♭', 'E', 'F', 'F♯', 'G', 'A♭', 'A', 'B♭', 'B'];

async function framesOf(p: EvalPiece): Promise<KeyFrames> {
  const file = await renderPiece(p);
  // The suffix is the key frames' version: bump it when analyse.ts changes what they hold.
  const cache = `${file}.keyframes3`;
  if (existsSync(cache)) {
    const buf = await readFile(cache);
    const head = new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + 16));
    const n = head[0]!;
    const f = new KeyFrames(head[1]!);
    const body = new Float32Array(buf.buffer.slice(buf.byteOffset + 16, buf.byteOffset + buf.length));
    f.count = n;
    f.chroma = body.slice(0, n * CHROMA_BINS);
    f.bass = body.slice(n * CHROMA_BINS, 2 * n * CHROMA_BINS);
    f.treble = body.slice(2 * n * CHROMA_BINS, 3 * n * CHROMA_BINS);
    f.levelDb = body.slice(3 * n * CHROMA_BINS, 3 * n * CHROMA_BINS + n);
    f.flatness = body.slice(3 * n * CHROMA_BINS + n, 3 * n * CHROMA_BINS + 2 * n);
    return f;
  }
  const a = new Analyser();
  await decodeMonoPcm(file, await probeFile(file), (x) => a.push(x));
  a.finish();
  const f = a.keyFrames;
  const n = f.count;
  const body = new Float32Array(3 * n * CHROMA_BINS + 2 * n);
  body.set(f.chroma.subarray(0, n * CHROMA_BINS), 0);
  body.set(f.bass.subarray(0, n * CHROMA_BINS), n * CHROMA_BINS);
  body.set(f.treble.subarray(0, n * CHROMA_BINS), 2 * n * CHROMA_BINS);
  body.set(f.levelDb.subarray(0, n), 3 * n * CHROMA_BINS);
  body.set(f.flatness.subarray(0, n), 3 * n * CHROMA_BINS + n);
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
  const frames: KeyFrames[] = await mapLimit(pieces, 2, framesOf);
  console.error(`key frames of ${pieces.length} pieces in ${path.relative(process.cwd(), CACHE_DIR)}`);

  const score = (params: KeyParams, show = false) => {
    let tonic = 0;
    let relative = 0;
    const byEnding: Record<string, [number, number]> = { cadence: [0, 0], loop: [0, 0], fade: [0, 0] };
    const twins: [number, number] = [0, 0];
    pieces.forEach((p, i) => {
      const k = estimateKey(frames[i]!, params);
      const scored = { piece: p, bpm: null, bpmConfidence: null, tonic: k?.tonic ?? null, mode: k?.mode ?? null, keyConfidence: null };
      const okTonic = tonicExact(scored);
      const okRel = keyRelative(scored);
      tonic += okTonic ? 1 : 0;
      relative += okRel ? 1 : 0;
      byEnding[p.ending]![0] += okTonic ? 1 : 0;
      byEnding[p.ending]![1]++;
      if (relativeTwin(p)) {
        twins[0] += okTonic ? 1 : 0;
        twins[1]++;
      }
      if (show && !okTonic)
        console.log(
          `${String(p.index).padStart(3)} ${p.style.padEnd(10)} ${(NAMES[p.tonic] + ' ' + p.mode).padEnd(9)} → ` +
            `${(k ? NAMES[k.tonic] + ' ' + k.mode : '-').padEnd(9)} (c ${k?.confidence}) ${okRel ? 'relative' : 'WRONG   '} ` +
            `${p.ending.padEnd(7)} ${progressionName(p)}${p.drums ? '' : ' no-drums'}`,
        );
    });
    return { tonic, relative, byEnding, twins };
  };

  if (!fitWeights) {
    const s = score(KEY_PARAMS, verbose);
    const pct = (x: number) => ((100 * x) / pieces.length).toFixed(1);
    console.log(`tuning set (seed ${TUNING_SEED}, ${pieces.length}): tonic ${pct(s.tonic)} %, relative ${pct(s.relative)} %`);
    for (const [e, [ok, n]] of Object.entries(s.byEnding)) console.log(`  ${e.padEnd(7)} ${ok}/${n}`);
    console.log(`  chords of a relative-key loop, no cadence: ${s.twins[0]}/${s.twins[1]}`);
    return;
  }
  // Multinomial logistic regression over each piece's candidates: the weights that make the right key's
  // softmax share largest, with a little L2 so that no weight grows on a handful of pieces. Five-fold
  // cross-validation inside the tuning set says how well the fitted weights carry to pieces they did not see.
  const evidence = pieces.map((_, i) => keyEvidence(frames[i]!, KEY_PARAMS));
  const samples = pieces
    .map((p, i) => ({ p, ev: evidence[i]! }))
    .filter(({ ev }) => ev !== null)
    .map(({ p, ev }) => ({ p, ev, truth: ev.candidates.findIndex((c) => c.tonic === p.tonic && c.mode === p.mode) }));
  const reachable = samples.filter((s) => s.truth >= 0);
  console.log(`${reachable.length} of ${pieces.length} pieces have their key among the candidates`);
  const fit = (train: typeof reachable): Record<KeyFeature, number> => {
    const w = Object.fromEntries(KEY_FEATURES.map((f) => [f, 0])) as Record<KeyFeature, number>;
    const m = Object.fromEntries(KEY_FEATURES.map((f) => [f, 0])) as Record<KeyFeature, number>;
    const v = Object.fromEntries(KEY_FEATURES.map((f) => [f, 0])) as Record<KeyFeature, number>;
    for (let step = 1; step <= 3000; step++) {
      const g = Object.fromEntries(KEY_FEATURES.map((f) => [f, LAMBDA * w[f]])) as Record<KeyFeature, number>;
      for (const s of train) {
        const scores = s.ev.candidates.map((c) => keyScore(c.features, w));
        const top = Math.max(...scores);
        const e = scores.map((x) => Math.exp(x - top));
        const z = e.reduce((a, b) => a + b, 0);
        s.ev.candidates.forEach((c, k) => {
          const q = e[k]! / z - (k === s.truth ? 1 : 0);
          for (const f of KEY_FEATURES) g[f] += (q * c.features[f]) / train.length;
        });
      }
      // Adam
      for (const f of KEY_FEATURES) {
        if (DROP.has(f)) continue;
        m[f] = 0.9 * m[f] + 0.1 * g[f];
        v[f] = 0.999 * v[f] + 0.001 * g[f] * g[f];
        const mh = m[f] / (1 - 0.9 ** step);
        const vh = v[f] / (1 - 0.999 ** step);
        w[f] -= (0.05 * mh) / (Math.sqrt(vh) + 1e-8);
      }
    }
    return w;
  };
  const right = (s: (typeof samples)[number], w: Record<KeyFeature, number>) => decideKey(s.ev, w).tonic === s.p.tonic;
  let cv = 0;
  // Each style in both modes (the set has them since 2026-11-27): a weakness in one mode shows in the second.
  const byStyle = new Map<string, [number, number]>();
  const byStyleMode = new Map<string, [number, number]>();
  const tally = (m: Map<string, [number, number]>, key: string, ok: boolean) => {
    const [right, n] = m.get(key) ?? [0, 0];
    m.set(key, [right + (ok ? 1 : 0), n + 1]);
  };
  const counts = (m: Map<string, [number, number]>) => [...m].map(([k, [ok, n]]) => `${k} ${ok}/${n}`).join(', ');
  for (let fold = 0; fold < 5; fold++) {
    const w = fit(reachable.filter((_, i) => i % 5 !== fold));
    for (const s of samples.filter((_, i) => i % 5 === fold)) {
      const ok = right(s, w);
      cv += ok ? 1 : 0;
      tally(byStyle, s.p.style, ok);
      tally(byStyleMode, `${s.p.style} ${s.p.mode}`, ok);
    }
  }
  console.log(`five-fold cross-validated tonic: ${cv} of ${samples.length} (${((100 * cv) / samples.length).toFixed(1)} %)`);
  console.log(`  by style: ${counts(byStyle)}`);
  console.log(`  by style and mode: ${counts(new Map([...byStyleMode].sort(([a], [b]) => a.localeCompare(b))))}`);
  const w = fit(reachable);
  console.log(`fitted on all: tonic ${samples.filter((s) => right(s, w)).length} of ${samples.length}`);
  console.log(JSON.stringify(Object.fromEntries(KEY_FEATURES.map((f) => [f, Math.round(w[f] * 100) / 100])), null, 2));
}

const LAMBDA = Number(process.env.LAMBDA ?? '0.001');
/** Features left out of the fit (their weight stays 0): `DROP=cadence,opening` to see what each adds. */
const DROP = new Set((process.env.DROP ?? '').split(',').filter(Boolean));

await main();
