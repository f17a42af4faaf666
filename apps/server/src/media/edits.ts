import { EDIT_SECONDS, type EditSeconds } from '@sori/contract';
import { onsetNear, type SoundAnalysis, type SoundFrames } from './sound';

/**
 * Short edits (15, 30 and 60 seconds) planned from a track's sound analysis: pure, no I/O. The edit keeps
 * the real opening (from the first beat) and the real ending (to the end of the music), and leaves out a
 * whole number of bars between them, joining where the music on both sides of the cut is most alike
 * (bar-synchronous chroma and timbre). Bars hold three or four beats from a measured downbeat
 * (`findBars`); beats before it are a pickup, kept in the opening. Joins sit on
 * downbeats of the beat grid under a short equal-power crossfade; only when no whole-bar cut lands within
 * the tolerance is the ending cut, with a final fade.
 */

/** The rendered edit must be this close to its target (seconds); plans aim inside it with a margin. */
export const EDIT_TOLERANCE_SEC = 0.5;
const PLAN_TOLERANCE_SEC = 0.4;
/** Equal-power crossfade at each join, centred on the downbeats. */
export const JOIN_CROSSFADE_SEC = 0.05;
/** A track gets an edit of T seconds when it is at least this much longer than T. */
export const EDIT_MIN_SAVING_SEC = 3;
/** The metre taken when it cannot be measured: bars of four beats, from the grid's first beat. */
export const BEATS_PER_BAR = 4;
/**
 * Bars of three beats are taken when their downbeats stand out more than those of bars of four, by this
 * ratio of the two contrasts (`findBars`): 1, no lean either way, was best on the tuning seed
 * (bench/analysis/metre.ts; a lean towards four only lost waltzes there, and won no piece in four).
 */
export const THREE_OVER_FOUR = 1;
/**
 * And three's own contrast must reach this: its downbeats must stand out, not merely less faintly than
 * four's. On the tuning seed every waltz measured 1.20 or more and nine pieces in four of ten 1.10 or less.
 */
export const MIN_THREE_CONTRAST = 1.15;
/**
 * How much the low onsets (kick drum, bass) count beside the harmony in finding the downbeat
 * (`findBars`): 0.25 was best on the tuning seed, each piece scored as rendered and started one to three
 * beats late (bench/analysis/metre.ts).
 */
export const DOWNBEAT_LOW_WEIGHT = 0.25;
/**
 * Most tracks start on a downbeat, so the grid's first beat gets this much on top of its score: the smallest
 * bonus at which pieces that start on a downbeat are found as often as when the first beat was always taken
 * (tuning seed: 381 of 400; it costs 3 of 1,156 late starts).
 */
export const FIRST_BEAT_BONUS = 0.1;
/** Without a measurable beat, a pseudo-grid of this step stands in for beats. */
const NO_BEAT_STEP_SEC = 0.5;
const SILENT_DB = -60;

export interface EditSegment {
  /** Seconds in the source. */
  from: number;
  to: number;
}

export interface EditPlan {
  seconds: EditSeconds;
  /** The source spans played in order; consecutive spans overlap by `crossfadeSec` (the join). */
  segments: EditSegment[];
  crossfadeSec: number;
  /** Length of the fade at the very end: 0 when the real ending is kept. */
  fadeOutSec: number;
  /** The length the render will have. */
  lengthSec: number;
  /** How unlike the two sides of each join are (0 = identical); empty without a join. */
  joinCosts: number[];
  /** The beat grid the cuts were placed on (seconds in the source). */
  grid: number[];
  beatsPerBar: number;
  /** Index in `grid` of the first downbeat; the beats before it are a pickup, kept in the opening. */
  downbeat: number;
}

/** The edit lengths a track of this length gets. */
export function editLengthsFor(durationSec: number | null): EditSeconds[] {
  if (durationSec === null) return [];
  return EDIT_SECONDS.filter((s) => durationSec >= s + EDIT_MIN_SAVING_SEC);
}

/** The beat grid extended back to the start of the track (a pseudo-grid when there is no beat). */
export function editGrid(a: Pick<SoundAnalysis, 'beats' | 'durationSec'>): number[] {
  if (a.beats.length < BEATS_PER_BAR * 2) {
    const out: number[] = [];
    for (let t = 0; t <= a.durationSec; t += NO_BEAT_STEP_SEC) out.push(Math.round(t * 1000) / 1000);
    return out;
  }
  const grid = [...a.beats];
  const period = (grid[grid.length - 1]! - grid[0]!) / (grid.length - 1);
  // A first beat the onset detector could not see (the very first frame has no onset) is put back.
  while (grid[0]! - period > -0.06) grid.unshift(Math.max(0, Math.round((grid[0]! - period) * 1000) / 1000));
  return grid;
}

/** The knobs of `findBars`, each chosen on the tuning seed (the constants above). */
export interface BarKnobs {
  threeOverFour: number;
  lowWeight: number;
  firstBeatBonus: number;
}
export const BAR_KNOBS: BarKnobs = { threeOverFour: THREE_OVER_FOUR, lowWeight: DOWNBEAT_LOW_WEIGHT, firstBeatBonus: FIRST_BEAT_BONUS };

/** The grid the edits cut on, how many beats its bars hold, and the index in it of the first downbeat. */
export interface Bars {
  grid: number[];
  beatsPerBar: 3 | 4;
  /** The beats before it are a pickup, kept in an edit's opening. */
  downbeat: number;
}

/**
 * The bars of a track, from where the harmony changes (chords mostly change on the first beat of a bar)
 * and where the kick drum and bass hit. For bars of m beats, each beat k of the grid scores how unlike the
 * m beats before it are to the m beats from it (chroma cosine distance); the scores are averaged by phase
 * (k mod m).
 * - **The metre.** At the downbeats of the true metre that mean is largest, and for the wrong metre no
 *   phase stands out. A metre's contrast is its best phase's mean over the mean of the phases. Three is
 *   taken when its contrast is more than `threeOverFour` times four's and at least `MIN_THREE_CONTRAST`.
 * - **The downbeat**, for a track that starts with a pickup or mid-bar: each phase scores its harmony change
 *   plus `lowWeight` times its low onsets, each over its mean across the phases, and the grid's first beat
 *   gets `firstBeatBonus` more.
 * Without a measurable beat (a pseudo-grid), or under 24 beats, bars of four from the first beat.
 */
export function findBars(a: Pick<SoundAnalysis, 'beats' | 'durationSec' | 'frames'>, knobs: BarKnobs = BAR_KNOBS): Bars {
  const grid = editGrid(a);
  if (a.beats.length < BEATS_PER_BAR * 2 || grid.length - 1 < 24) return { grid, beatsPerBar: BEATS_PER_BAR, downbeat: 0 };
  const beatChroma = beatChromaOf(grid, a.frames);
  const byPhase = { 3: harmonyByPhase(beatChroma, 3), 4: harmonyByPhase(beatChroma, 4) };
  const contrast = (phases: number[]) => {
    const mean = meanOf(phases);
    return mean > 0 ? Math.max(...phases) / mean : 1;
  };
  const three = contrast(byPhase[3]);
  const beatsPerBar = three >= MIN_THREE_CONTRAST && three > contrast(byPhase[4]) * knobs.threeOverFour ? 3 : 4;
  const harmony = byPhase[beatsPerBar];
  const low = Array.from({ length: beatsPerBar }, (_, f) => {
    let sum = 0;
    let n = 0;
    for (let k = f; k < grid.length; k += beatsPerBar, n++) sum += onsetNear(a.frames.lowOnset, grid[k]!);
    return n > 0 ? sum / n : 0;
  });
  const hMean = meanOf(harmony) || 1;
  const lMean = meanOf(low) || 1;
  let downbeat = 0;
  let best = -Infinity;
  for (let f = 0; f < beatsPerBar; f++) {
    const score = harmony[f]! / hMean + (knobs.lowWeight * low[f]!) / lMean + (f === 0 ? knobs.firstBeatBonus : 0);
    if (score > best + 1e-9) {
      best = score;
      downbeat = f;
    }
  }
  return { grid, beatsPerBar, downbeat };
}

const meanOf = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / Math.max(1, xs.length);

/** Each beat's chroma: the frames from it to the next beat, summed. */
function beatChromaOf(grid: number[], frames: SoundFrames): Float64Array[] {
  const out: Float64Array[] = [];
  for (let k = 0; k + 1 < grid.length; k++) {
    const c = new Float64Array(12);
    const lo = Math.max(0, Math.floor(grid[k]! * frames.fps));
    const hi = Math.min(frames.count, Math.floor(grid[k + 1]! * frames.fps));
    for (let i = lo; i < hi; i++) for (let p = 0; p < 12; p++) c[p]! += frames.chroma[i * 12 + p]!;
    out.push(c);
  }
  return out;
}

/**
 * For bars of m beats, the mean harmony change at each phase: how unlike the m beats before a beat are to
 * the m beats from it (chroma cosine distance), averaged over the beats k ≡ phase (mod m).
 */
function harmonyByPhase(beatChroma: Float64Array[], m: number): number[] {
  const beats = beatChroma.length;
  const sums = new Float64Array(m);
  const counts = new Float64Array(m);
  const before = new Float64Array(12);
  const after = new Float64Array(12);
  for (let k = m; k + m <= beats; k++) {
    before.fill(0);
    after.fill(0);
    for (let j = 0; j < m; j++) {
      for (let p = 0; p < 12; p++) {
        before[p]! += beatChroma[k - m + j]![p]!;
        after[p]! += beatChroma[k + j]![p]!;
      }
    }
    sums[k % m]! += 1 - cosine(before, after);
    counts[k % m]! += 1;
  }
  return Array.from(sums, (v, f) => (counts[f]! > 0 ? v / counts[f]! : 0));
}

function cosine(a: Float64Array, b: Float64Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let p = 0; p < a.length; p++) {
    dot += a[p]! * b[p]!;
    na += a[p]! ** 2;
    nb += b[p]! ** 2;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 1;
}

/** Where the music ends: the last frame above silence, plus a short tail; at most the file's end. */
function musicEnd(frames: SoundFrames, durationSec: number): number {
  for (let i = frames.count - 1; i >= 0; i--) {
    if (frames.db[i]! > SILENT_DB) return Math.min(durationSec, (i + 1) / frames.fps + 0.5);
  }
  return durationSec;
}

interface BarFeature {
  chroma: Float64Array;
  mfcc: Float64Array;
  db: number;
}

function barFeatures(frames: SoundFrames, bars: number[]): BarFeature[] {
  const mfccN = frames.mfcc.length / Math.max(1, frames.count);
  const out: BarFeature[] = [];
  for (let b = 0; b + 1 < bars.length; b++) {
    const lo = Math.max(0, Math.floor(bars[b]! * frames.fps));
    const hi = Math.min(frames.count, Math.max(lo + 1, Math.floor(bars[b + 1]! * frames.fps)));
    const chroma = new Float64Array(12);
    const mfcc = new Float64Array(mfccN);
    let db = 0;
    for (let i = lo; i < hi; i++) {
      for (let p = 0; p < 12; p++) chroma[p]! += frames.chroma[i * 12 + p]!;
      for (let c = 0; c < mfccN; c++) mfcc[c]! += frames.mfcc[i * mfccN + c]!;
      db += frames.db[i]!;
    }
    const n = Math.max(1, hi - lo);
    for (let c = 0; c < mfccN; c++) mfcc[c] = mfcc[c]! / n;
    out.push({ chroma, mfcc, db: db / n });
  }
  return out;
}

function barDistance(a: BarFeature, b: BarFeature, mfccScale: Float64Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let p = 0; p < 12; p++) {
    dot += a.chroma[p]! * b.chroma[p]!;
    na += a.chroma[p]! ** 2;
    nb += b.chroma[p]! ** 2;
  }
  const chroma = na > 0 && nb > 0 ? 1 - dot / Math.sqrt(na * nb) : 1;
  let timbre = 0;
  for (let c = 0; c < a.mfcc.length; c++) timbre += ((a.mfcc[c]! - b.mfcc[c]!) * mfccScale[c]!) ** 2;
  timbre /= Math.max(1, a.mfcc.length);
  return chroma + 0.25 * timbre + Math.abs(a.db - b.db) / 20;
}

/**
 * The plan of one edit, or null when the track is too short for it. Deterministic: the same analysis
 * gives the same plan.
 */
export function planEdit(a: SoundAnalysis, seconds: EditSeconds): EditPlan | null {
  if (!editLengthsFor(a.durationSec).includes(seconds)) return null;
  const { grid, beatsPerBar, downbeat } = findBars(a);
  const start = grid[0]!;
  const end = musicEnd(a.frames, a.durationSec);
  const T = seconds;
  const xf = JOIN_CROSSFADE_SEC;
  const base = { seconds, crossfadeSec: xf, grid, beatsPerBar, downbeat };
  if (Math.abs(end - start - T) <= PLAN_TOLERANCE_SEC) {
    return { ...base, segments: [{ from: start, to: end }], fadeOutSec: 0, lengthSec: end - start, joinCosts: [] };
  }
  if (end - start < T) {
    // The music is shorter than the edit once its silences are left out: the whole of it, padded by the file.
    const to = Math.min(a.durationSec, start + T);
    return { ...base, segments: [{ from: start, to }], fadeOutSec: 0, lengthSec: to - start, joinCosts: [] };
  }
  // Downbeats, plus the end of the music as the close of the last (partial) bar. The beats before the first
  // downbeat (a pickup) stay in the opening.
  const bars: number[] = [];
  for (let i = downbeat; i < grid.length; i += beatsPerBar) if (grid[i]! < end) bars.push(grid[i]!);
  const feats = barFeatures(a.frames, [...bars, end]);
  const mfccN = feats[0]?.mfcc.length ?? 0;
  const mfccScale = new Float64Array(mfccN).fill(1);
  for (let c = 0; c < mfccN; c++) {
    const vals = feats.map((f) => f.mfcc[c]!);
    const m = vals.reduce((s, v) => s + v, 0) / Math.max(1, vals.length);
    const sd = Math.sqrt(vals.reduce((s, v) => s + (v - m) ** 2, 0) / Math.max(1, vals.length));
    mfccScale[c] = sd > 1e-6 ? 1 / sd : 0;
  }
  const cost = (i: number, j: number) => {
    // Leaving bar i for bar j: the bars that would have followed should match, and so should those before.
    let c = barDistance(feats[i]!, feats[j]!, mfccScale);
    if (i > 0) c += barDistance(feats[i - 1]!, feats[j - 1]!, mfccScale);
    return c;
  };
  let best: { i: number; j: number; c: number; L: number } | null = null;
  let cutEnding: { i: number; j: number; c: number; L: number } | null = null;
  // The opening keeps at least one bar, the ending at least one bar before the end of the music.
  for (let i = 1; i < bars.length; i++) {
    for (let j = i + 1; j < bars.length; j++) {
      if (end - bars[j]! < bars[1]! - bars[0]!) continue;
      const L = bars[i]! - start + (end - bars[j]!);
      if (Math.abs(L - T) <= PLAN_TOLERANCE_SEC) {
        const c = cost(i, j);
        if (!best || c < best.c - 1e-9) best = { i, j, c, L };
      } else if (L > T && L - T <= 2 * (bars[1]! - bars[0]!) + 4 && T - (bars[i]! - start) >= Math.min(3, T / 5) + (bars[1]! - bars[0]!)) {
        // Too long by part of a bar: this join with the ending cut short, the shorter cut preferred.
        const c = cost(i, j) + (L - T) / 4;
        if (!cutEnding || c < cutEnding.c - 1e-9) cutEnding = { i, j, c, L };
      }
    }
  }
  if (best) {
    const { i, j } = best;
    return {
      ...base,
      segments: [
        { from: start, to: bars[i]! + xf / 2 },
        { from: bars[j]! - xf / 2, to: end },
      ],
      fadeOutSec: 0,
      lengthSec: best.L,
      joinCosts: [round(best.c)],
    };
  }
  const fade = Math.min(3, T / 5);
  if (cutEnding) {
    const { i, j } = cutEnding;
    const openLen = bars[i]! - start;
    return {
      ...base,
      segments: [
        { from: start, to: bars[i]! + xf / 2 },
        { from: bars[j]! - xf / 2, to: bars[j]! + (T - openLen) },
      ],
      fadeOutSec: fade,
      lengthSec: T,
      joinCosts: [round(cutEnding.c)],
    };
  }
  // No join fits (a track barely longer than the edit): the opening, faded out.
  return { ...base, segments: [{ from: start, to: start + T }], fadeOutSec: fade, lengthSec: T, joinCosts: [] };
}

const round = (v: number) => Math.round(v * 1000) / 1000;
