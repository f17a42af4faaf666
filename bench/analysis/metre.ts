/**
 * How well the short edits find bars: the metre (three or four beats) and the downbeats that
 * `estimateMetre` (apps/server/src/media/edits.ts) reads from the beat grid, against where the bars of the
 * evaluation pieces really start (`barStarts`, from the MIDI each piece is rendered from).
 *
 *   node --import tsx bench/analysis/metre.ts --set tune [--sweep]   # the tuning seed: fit THREE_OVER_FOUR
 *   node --import tsx bench/analysis/metre.ts --set heldout          # the held-out half (40), reported
 *   node --import tsx bench/analysis/metre.ts --set fresh            # the fresh set (80), reported
 *   node --import tsx bench/analysis/metre.ts --set demo             # the demo catalogue: the metre only
 *
 * A piece's bars are right when at least 80 % of the downbeats found are within 70 ms of a bar's start and
 * there are as many of them as bars (within 15 %). The assumption the edits made before (bars of four from
 * the grid's first beat) is scored beside it. Each piece's sound analysis (beats and chroma frames) is
 * cached next to its render.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { editGrid, estimateMetre, THREE_OVER_FOUR } from '../../apps/server/src/media/edits';
import { probeFile } from '../../apps/server/src/media/probe';
import { analyseSound, beatGrid, OFF_BEAT_RATIO, onTheBeat, type SoundFrames } from '../../apps/server/src/media/sound';
import { DEMO_CATALOGUE, writeDemoTrack } from '../../apps/server/src/seed/demo/catalogue';
import { STYLES } from '../../apps/server/src/seed/demo/styles';
import {
  barStarts,
  EVAL_SEED,
  EVAL_SIZE,
  evalSet,
  FRESH_SEED,
  gridOnBeat,
  renderPiece,
  renderUnavailable,
  TUNING_SEED,
  TUNING_SIZE,
  type EvalPiece,
} from '../../apps/server/test/fixtures/eval-set';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const set = opt('--set', 'tune');
const sweep = args.includes('--sweep');
const verbose = args.includes('--verbose');
const TOLERANCE_SEC = 0.07;

/** What the bars are found from: the onsets, the measured tempo and the chroma of each frame. */
interface Sound {
  durationSec: number;
  /** The measured tempo, or null without one. */
  bpm: number | null;
  frames: SoundFrames;
}

async function soundOf(p: EvalPiece): Promise<Sound> {
  const file = await renderPiece(p);
  const cache = `${file}.metre2`;
  const none = new Float32Array(0);
  if (existsSync(cache)) {
    const buf = await readFile(cache);
    const head = new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + 32));
    const [durationSec, fps, count, bpm] = [head[0]!, head[1]!, head[2]!, head[3]!];
    const body = new Float32Array(buf.buffer.slice(buf.byteOffset + 32, buf.byteOffset + buf.length));
    const frames = {
      fps,
      count,
      onset: body.slice(0, count),
      lowOnset: body.slice(count, 2 * count),
      chroma: body.slice(2 * count, 14 * count),
      mfcc: none,
      db: none,
    };
    return { durationSec, bpm: Number.isNaN(bpm) ? null : bpm, frames };
  }
  const a = await analyseSound(file, await probeFile(file));
  const f = a.frames;
  const head = Float64Array.of(a.durationSec, f.fps, f.count, a.tempo?.bpm ?? NaN);
  const body = new Float32Array(14 * f.count);
  body.set(f.onset.subarray(0, f.count), 0);
  body.set(f.lowOnset.subarray(0, f.count), f.count);
  body.set(f.chroma.subarray(0, 12 * f.count), 2 * f.count);
  await writeFile(cache, Buffer.concat([Buffer.from(head.buffer), Buffer.from(body.buffer)]));
  return { durationSec: a.durationSec, bpm: a.tempo?.bpm ?? null, frames: { ...f, mfcc: none, db: none } };
}

/** The edits' grid: the beats (moved onto the beat unless `offBeatRatio` is Infinity), back to the start. */
function gridOf(a: Sound, offBeatRatio: number): { beats: number[]; grid: number[] } {
  const raw = a.bpm === null ? [] : beatGrid(a.frames.onset, a.frames.fps, a.bpm);
  const beats = Number.isFinite(offBeatRatio) ? onTheBeat(raw, a.frames.lowOnset, offBeatRatio) : raw;
  return { beats, grid: editGrid({ beats, durationSec: a.durationSec }) };
}

/** Whether every `beatsPerBar`-th beat of `grid`, from its first, is where the piece's bars start. */
function barsRight(p: EvalPiece, grid: number[], beatsPerBar: number): { right: boolean; hits: number; found: number; bars: number } {
  const starts = barStarts(p);
  const end = starts[starts.length - 1]! + (starts[starts.length - 1]! - starts[starts.length - 2]!);
  const found = grid.filter((t, k) => k % beatsPerBar === 0 && t < end - TOLERANCE_SEC);
  const hits = found.filter((t) => starts.some((s) => Math.abs(s - t) <= TOLERANCE_SEC)).length;
  const right = found.length > 0 && hits / found.length >= 0.8 && Math.abs(found.length / starts.length - 1) <= 0.15;
  return { right, hits, found: found.length, bars: starts.length };
}

/**
 * The demo catalogue, made by its own synthesiser (not the evaluation set's): is each track's metre found,
 * and does its grid sit on the beat (the demo pieces start on a beat, at their written tempo)?
 */
async function demo(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sori-metre-demo-'));
  try {
    let right = 0;
    const onBeatCount = { before: 0, now: 0 };
    const byMetre = { 3: [0, 0], 4: [0, 0] };
    for (const track of DEMO_CATALOGUE) {
      const { audioPath } = await writeDemoTrack(track, dir);
      const a = await analyseSound(audioPath, await probeFile(audioPath));
      await rm(audioPath);
      const sound: Sound = { durationSec: a.durationSec, bpm: a.tempo?.bpm ?? null, frames: a.frames };
      const truth = STYLES[track.style].meter;
      const { beats, grid } = gridOf(sound, OFF_BEAT_RATIO);
      const found = beats.length < 8 ? 4 : estimateMetre(grid, a.frames);
      const period = 60 / track.bpm;
      const onGrid = (g: number[]) => {
        const off = g.map((t) => Math.abs(t / period - Math.round(t / period))).sort((x, y) => x - y);
        return off.length > 0 && off[off.length >> 1]! < 0.125;
      };
      const before = onGrid(gridOf(sound, Infinity).grid);
      const now = onGrid(grid);
      onBeatCount.before += before ? 1 : 0;
      onBeatCount.now += now ? 1 : 0;
      if (found === truth) right++;
      byMetre[truth][0]! += found === truth ? 1 : 0;
      byMetre[truth][1]! += 1;
      if (found !== truth || before !== now || verbose)
        console.log(
          `${track.slug} (${track.style}, ${track.bpm} BPM): ${truth} beats a bar, found ${found}; on the beat before ${before}, now ${now}`,
        );
    }
    console.log(
      `demo (${DEMO_CATALOGUE.length}): grid on the beat ${onBeatCount.before} → ${onBeatCount.now}; metre right ${right};` +
        ` in three ${byMetre[3][0]}/${byMetre[3][1]}, in four ${byMetre[4][0]}/${byMetre[4][1]}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (set === 'demo') return demo();
  const why = await renderUnavailable();
  if (why) {
    console.error(`cannot render the set: ${why}`);
    process.exit(2);
  }
  const pieces =
    set === 'tune'
      ? evalSet(TUNING_SEED, TUNING_SIZE)
      : set === 'heldout'
        ? evalSet(EVAL_SEED, EVAL_SIZE).filter((p) => p.half === 'heldout')
        : set === 'fresh'
          ? evalSet(FRESH_SEED, EVAL_SIZE)
          : [];
  if (pieces.length === 0) throw new Error(`--set must be tune, heldout, fresh or demo, got ${set}`);
  const analysed: Sound[] = new Array(pieces.length);
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < pieces.length) {
        const i = next++;
        analysed[i] = await soundOf(pieces[i]!);
      }
    }),
  );

  const score = (offBeatRatio: number, threeOverFour: number, show: boolean) => {
    const tally = { before: 0, now: 0, metre: 0, onBeatBefore: 0, onBeat: 0, waltz: [0, 0], other: [0, 0] };
    pieces.forEach((p, i) => {
      const a = analysed[i]!;
      // Before: the beats as the grid found them, in bars of four from the first.
      const old = gridOf(a, Infinity);
      const assumed = barsRight(p, old.grid, 4);
      const { beats, grid } = gridOf(a, offBeatRatio);
      const metre = beats.length < 8 ? 4 : estimateMetre(grid, a.frames, threeOverFour);
      const found = barsRight(p, grid, metre);
      if (assumed.right) tally.before++;
      if (found.right) tally.now++;
      if (metre === p.beatsPerBar) tally.metre++;
      if (gridOnBeat(p, old.grid)) tally.onBeatBefore++;
      if (gridOnBeat(p, grid)) tally.onBeat++;
      const group = p.beatsPerBar === 3 ? tally.waltz : tally.other;
      group[0]! += found.right ? 1 : 0;
      group[1]! += 1;
      if (show && (verbose || assumed.right !== found.right || !found.right)) {
        console.log(
          `${String(p.index).padStart(3)} ${p.style.padEnd(10)} ${p.bpm} BPM ${p.beatsPerBar}/4 → ${metre}/4` +
            `  before ${assumed.right ? 'right' : 'WRONG'}, now ${found.right ? 'right' : 'WRONG'} (${found.hits}/${found.found} on ${found.bars} bars)`,
        );
      }
    });
    return tally;
  };

  if (sweep) {
    for (const r of [1, 1.05, 1.1, 1.15, 1.25, 1.5, 2, Infinity]) {
      const s = score(r, THREE_OVER_FOUR, false);
      console.log(`OFF_BEAT_RATIO ${r}: on the beat ${s.onBeat} of ${pieces.length}, bars right ${s.now}`);
    }
    for (const t of [0.9, 0.95, 1, 1.05, 1.1, 1.2, 1.5]) {
      const s = score(OFF_BEAT_RATIO, t, false);
      console.log(
        `THREE_OVER_FOUR ${t}: bars right ${s.now} of ${pieces.length}, metre right ${s.metre}, waltz ${s.waltz[0]}/${s.waltz[1]}, others ${s.other[0]}/${s.other[1]}`,
      );
    }
  }
  const s = score(OFF_BEAT_RATIO, THREE_OVER_FOUR, true);
  const pct = (v: number) => `${((100 * v) / pieces.length).toFixed(1)} %`;
  console.log(
    `${set} (${pieces.length}): grid on the beat ${s.onBeatBefore} → ${s.onBeat}; bars right, before ${s.before} (${pct(s.before)}), now ${s.now} (${pct(s.now)});` +
      ` metre right ${s.metre} (${pct(s.metre)}); three-beat pieces ${s.waltz[0]}/${s.waltz[1]}, others ${s.other[0]}/${s.other[1]}`,
  );
}

await main();
