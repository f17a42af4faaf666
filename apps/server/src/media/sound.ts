import { Analyser, ANALYSIS_RATE } from './analyse';
import { hann, RealFft } from './dsp';
import { decodeMonoPcm, type DecodeOptions } from './decode';
import type { KeyEstimate } from './key';
import { MediaError } from './media-errors';
import type { ProbeResult } from './probe';
import type { TempoEstimate } from './tempo';

/**
 * A track's sound, for "similar tracks" and for cutting short edits: one streaming pass over the decoded
 * mono signal gives frame features (MFCC, chroma, loudness, spectral shape, onset flux) at 23 ms, the
 * project's own tempo and key analysers (`Analyser`), a beat grid, and the summary vector that similarity
 * compares. Pure DSP on our own FFT (dsp.ts); nothing here knows of storage or the database.
 */

/** The version of the feature vector; a stored vector of another version is recomputed by the backfill. */
export const SOUND_FEATURES_VERSION = 1;

const FFT = 2048;
const HOP = 512;
const MEL_BANDS = 40;
const MEL_MIN_HZ = 30;
const MEL_MAX_HZ = 8000;
const MFCC_COUNT = 13;
const CHROMA_MIN_HZ = 55;
const CHROMA_MAX_HZ = 2000;
/** Frames quieter than this (dBFS) are silence: left out of the timbre and harmony statistics. */
const SILENT_DB = -60;

/** The summary vector, in order; each name's group decides its weight in the distance (FEATURE_GROUPS). */
export const SOUND_FEATURE_NAMES: readonly string[] = [
  ...Array.from({ length: MFCC_COUNT }, (_, i) => `timbre.mfcc${i + 1}.mean`),
  ...Array.from({ length: MFCC_COUNT }, (_, i) => `timbre.mfcc${i + 1}.std`),
  ...Array.from({ length: 12 }, (_, i) => `harmony.chroma${i}`),
  'harmony.mode',
  'harmony.change',
  'rhythm.tempo',
  'rhythm.periodicity',
  'rhythm.onsetRate',
  'rhythm.burstiness',
  'spectrum.centroid',
  'spectrum.centroidSpread',
  'spectrum.rolloff',
  'spectrum.flatness',
  'loudness.mean',
  'loudness.spread',
  'loudness.range',
  'loudness.quietShare',
];

/**
 * What each group weighs in the distance between two tracks (docs/DECISIONS.md, "Similar tracks"): the
 * group's standardised squared differences are averaged, then weighted, so a group of 26 numbers does not
 * outvote one of 4 by its size alone.
 */
export const FEATURE_GROUPS = { timbre: 1.0, harmony: 0.6, rhythm: 0.8, spectrum: 0.7, loudness: 0.5 } as const;

/** Per-dimension weights of the squared distance (a group's weight shared among its dimensions). */
export function featureWeights(): Float64Array {
  const counts = new Map<string, number>();
  for (const n of SOUND_FEATURE_NAMES) counts.set(n.split('.')[0]!, (counts.get(n.split('.')[0]!) ?? 0) + 1);
  return Float64Array.from(SOUND_FEATURE_NAMES, (n) => {
    const g = n.split('.')[0]! as keyof typeof FEATURE_GROUPS;
    return FEATURE_GROUPS[g] / counts.get(g)!;
  });
}

/** Frame features at FRAME_RATE frames a second, kept for cutting edits (a few floats per frame). */
export interface SoundFrames {
  fps: number;
  count: number;
  /** count × MFCC_COUNT (c1..c13). */
  mfcc: Float32Array;
  /** count × 12, each frame's chroma normalised to sum 1 (zeros in silence). */
  chroma: Float32Array;
  /** Frame level, dBFS. */
  db: Float32Array;
  /** Onset strength (positive log-mel flux). */
  onset: Float32Array;
  /** The same over the bands under 150 Hz alone (kick drum, bass): which beats are on the beat. */
  lowOnset: Float32Array;
}

export interface SoundAnalysis {
  durationSec: number;
  tempo: TempoEstimate | null;
  key: KeyEstimate | null;
  /** Beat times (seconds) from the first beat to the last; empty when the music has no measurable beat. */
  beats: number[];
  /** The summary vector (SOUND_FEATURE_NAMES order). */
  vector: number[];
  frames: SoundFrames;
}

export const FRAME_RATE = ANALYSIS_RATE / HOP;

class Grow {
  data: Float32Array;
  length = 0;
  constructor(private readonly stride: number) {
    this.data = new Float32Array(4096 * stride);
  }
  pushFrom(src: ArrayLike<number>): void {
    if ((this.length + 1) * this.stride > this.data.length) {
      const bigger = new Float32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    for (let i = 0; i < this.stride; i++) this.data[this.length * this.stride + i] = src[i]!;
    this.length++;
  }
  done(): Float32Array {
    return this.data.slice(0, this.length * this.stride);
  }
}

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

/** Streaming extractor: push mono samples at ANALYSIS_RATE, then `finish`. */
export class SoundAnalyser {
  private readonly analyser = new Analyser(ANALYSIS_RATE);
  private readonly fft = new RealFft(FFT);
  private readonly window = hann(FFT);
  private readonly frame = new Float64Array(FFT);
  private readonly re = new Float64Array(FFT / 2 + 1);
  private readonly im = new Float64Array(FFT / 2 + 1);
  private readonly power = new Float64Array(FFT / 2 + 1);
  private readonly melLo: Int32Array;
  private readonly melHi: Int32Array;
  private readonly melW: Float64Array[];
  private readonly dct: Float64Array;
  private readonly pcOfBin: Int8Array;
  private readonly mel = new Float64Array(MEL_BANDS);
  private readonly prevMel = new Float64Array(MEL_BANDS);
  private readonly cep = new Float64Array(MFCC_COUNT);
  private readonly chromaFrame = new Float64Array(12);
  private readonly mfccs = new Grow(MFCC_COUNT);
  private readonly chromas = new Grow(12);
  private readonly dbs = new Grow(1);
  private readonly onsets = new Grow(1);
  /** Onset strength of the bands under `LOW_ONSET_HZ` alone (kick drum, bass): which beats are on the beat. */
  private readonly lowOnsets = new Grow(1);
  private readonly lowBands: number;
  private readonly centroids = new Grow(1);
  private readonly rolloffs = new Grow(1);
  private readonly flatnesses = new Grow(1);
  private buf = new Float32Array(FFT * 4);
  private fill = 0;
  private pos = 0;
  private samples = 0;
  private first = true;

  constructor() {
    const binHz = ANALYSIS_RATE / FFT;
    const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) =>
      melToHz(hzToMel(MEL_MIN_HZ) + ((hzToMel(MEL_MAX_HZ) - hzToMel(MEL_MIN_HZ)) * i) / (MEL_BANDS + 1)),
    );
    this.lowBands = edges.slice(1, MEL_BANDS + 1).filter((centre) => centre < LOW_ONSET_HZ).length;
    this.melLo = new Int32Array(MEL_BANDS);
    this.melHi = new Int32Array(MEL_BANDS);
    this.melW = [];
    for (let b = 0; b < MEL_BANDS; b++) {
      const [lo, mid, hi] = [edges[b]!, edges[b + 1]!, edges[b + 2]!];
      const kLo = Math.max(1, Math.floor(lo / binHz));
      const kHi = Math.min(FFT / 2, Math.ceil(hi / binHz));
      this.melLo[b] = kLo;
      this.melHi[b] = kHi;
      const w = new Float64Array(kHi - kLo + 1);
      for (let k = kLo; k <= kHi; k++) {
        const f = k * binHz;
        w[k - kLo] = f <= mid ? Math.max(0, (f - lo) / (mid - lo)) : Math.max(0, (hi - f) / (hi - mid));
      }
      this.melW.push(w);
    }
    this.dct = new Float64Array(MFCC_COUNT * MEL_BANDS);
    for (let c = 0; c < MFCC_COUNT; c++) {
      for (let b = 0; b < MEL_BANDS; b++)
        this.dct[c * MEL_BANDS + b] = Math.cos((Math.PI * (c + 1) * (b + 0.5)) / MEL_BANDS) * Math.sqrt(2 / MEL_BANDS);
    }
    this.pcOfBin = new Int8Array(FFT / 2 + 1).fill(-1);
    for (let k = 1; k <= FFT / 2; k++) {
      const f = k * binHz;
      if (f < CHROMA_MIN_HZ || f > CHROMA_MAX_HZ) continue;
      this.pcOfBin[k] = (((Math.round(12 * Math.log2(f / 261.6255653005986)) % 12) + 12) % 12) as number;
    }
  }

  push(x: Float32Array): void {
    this.analyser.push(x);
    this.samples += x.length;
    if (this.fill + x.length > this.buf.length) {
      this.buf.copyWithin(0, this.pos, this.fill);
      this.fill -= this.pos;
      this.pos = 0;
      if (this.fill + x.length > this.buf.length) {
        const bigger = new Float32Array(Math.max(this.buf.length * 2, this.fill + x.length));
        bigger.set(this.buf.subarray(0, this.fill));
        this.buf = bigger;
      }
    }
    this.buf.set(x, this.fill);
    this.fill += x.length;
    while (this.pos + FFT <= this.fill) {
      this.step(this.buf, this.pos);
      this.pos += HOP;
    }
  }

  private step(buf: Float32Array, offset: number): void {
    const { frame, window, re, im, power } = this;
    let ss = 0;
    for (let i = 0; i < FFT; i++) {
      const v = buf[offset + i]!;
      ss += v * v;
      frame[i] = v * window[i]!;
    }
    const db = 10 * Math.log10(ss / FFT + 1e-12);
    this.fft.forward(frame, re, im);
    let total = 0;
    let weighted = 0;
    let logSum = 0;
    let n = 0;
    const binHz = ANALYSIS_RATE / FFT;
    for (let k = 0; k <= FFT / 2; k++) {
      const p = re[k]! * re[k]! + im[k]! * im[k]!;
      power[k] = p;
      if (k > 0) {
        total += p;
        weighted += p * k * binHz;
        if (k * binHz >= 50 && k * binHz <= 8000) {
          logSum += Math.log(p + 1e-12);
          n++;
        }
      }
    }
    // Spectral shape: centroid, 85 % rolloff, flatness (geometric over arithmetic mean, 50 Hz–8 kHz).
    let arith = 0;
    for (let k = 1; k <= FFT / 2; k++) if (k * binHz >= 50 && k * binHz <= 8000) arith += power[k]!;
    arith /= Math.max(1, n);
    const flat = arith > 0 ? Math.exp(logSum / Math.max(1, n)) / arith : 0;
    let acc = 0;
    let roll = 0;
    for (let k = 1; k <= FFT / 2; k++) {
      acc += power[k]!;
      if (acc >= 0.85 * total) {
        roll = k * binHz;
        break;
      }
    }
    const mel = this.mel;
    let flux = 0;
    let lowFlux = 0;
    for (let b = 0; b < MEL_BANDS; b++) {
      const w = this.melW[b]!;
      let e = 0;
      for (let k = this.melLo[b]!; k <= this.melHi[b]!; k++) e += w[k - this.melLo[b]!]! * power[k]!;
      mel[b] = Math.log(e + 1e-10);
      if (!this.first) {
        const rise = Math.max(0, mel[b]! - this.prevMel[b]!);
        flux += rise;
        if (b < this.lowBands) lowFlux += rise;
      }
    }
    this.prevMel.set(mel);
    this.first = false;
    for (let c = 0; c < MFCC_COUNT; c++) {
      let s = 0;
      for (let b = 0; b < MEL_BANDS; b++) s += this.dct[c * MEL_BANDS + b]! * mel[b]!;
      this.cep[c] = s;
    }
    const ch = this.chromaFrame;
    ch.fill(0);
    let chSum = 0;
    for (let k = 1; k <= FFT / 2; k++) {
      const pc = this.pcOfBin[k]!;
      if (pc < 0) continue;
      const m = Math.sqrt(power[k]!);
      ch[pc]! += m;
      chSum += m;
    }
    if (db > SILENT_DB && chSum > 0) for (let i = 0; i < 12; i++) ch[i] = ch[i]! / chSum;
    else ch.fill(0);
    this.mfccs.pushFrom(this.cep);
    this.chromas.pushFrom(ch);
    this.dbs.pushFrom([db]);
    this.onsets.pushFrom([flux / MEL_BANDS]);
    this.lowOnsets.pushFrom([lowFlux / Math.max(1, this.lowBands)]);
    this.centroids.pushFrom([total > 0 ? weighted / total : 0]);
    this.rolloffs.pushFrom([roll]);
    this.flatnesses.pushFrom([flat]);
  }

  finish(): SoundAnalysis {
    const base = this.analyser.finish();
    const frames: SoundFrames = {
      fps: FRAME_RATE,
      count: this.dbs.length,
      mfcc: this.mfccs.done(),
      chroma: this.chromas.done(),
      db: this.dbs.done(),
      onset: this.onsets.done(),
      lowOnset: this.lowOnsets.done(),
    };
    const beats = base.tempo ? onTheBeat(beatGrid(frames.onset, FRAME_RATE, base.tempo.bpm), frames.lowOnset) : [];
    const vector = summarise(frames, this.centroids.done(), this.rolloffs.done(), this.flatnesses.done(), base.tempo, base.key);
    return { durationSec: this.samples / ANALYSIS_RATE, tempo: base.tempo, key: base.key, beats, vector, frames };
  }
}

const round4 = (v: number) => (Number.isFinite(v) ? Math.round(v * 1e4) / 1e4 : 0);

function summarise(
  f: SoundFrames,
  centroid: Float32Array,
  rolloff: Float32Array,
  flatness: Float32Array,
  tempo: TempoEstimate | null,
  key: KeyEstimate | null,
): number[] {
  const loud: number[] = [];
  for (let i = 0; i < f.count; i++) if (f.db[i]! > SILENT_DB) loud.push(i);
  const use = loud.length > 0 ? loud : Array.from({ length: f.count }, (_, i) => i);
  const n = Math.max(1, use.length);
  const mean = new Float64Array(MFCC_COUNT);
  const sq = new Float64Array(MFCC_COUNT);
  const chroma = new Float64Array(12);
  let change = 0;
  let prev = -1;
  for (const i of use) {
    for (let c = 0; c < MFCC_COUNT; c++) {
      const v = f.mfcc[i * MFCC_COUNT + c]!;
      mean[c]! += v;
      sq[c]! += v * v;
    }
    for (let p = 0; p < 12; p++) chroma[p]! += f.chroma[i * 12 + p]!;
    if (prev >= 0 && i === prev + 1) {
      let d = 0;
      for (let p = 0; p < 12; p++) d += Math.abs(f.chroma[i * 12 + p]! - f.chroma[prev * 12 + p]!);
      change += d;
    }
    prev = i;
  }
  const mfccMean = Array.from(mean, (s) => s / n);
  const mfccStd = Array.from(sq, (s, c) => Math.sqrt(Math.max(0, s / n - mfccMean[c]! ** 2)));
  // Harmony independent of transposition: the chroma turned so the key's tonic comes first.
  let tonic = key?.tonic ?? 0;
  if (!key) for (let p = 1; p < 12; p++) if (chroma[p]! > chroma[tonic]!) tonic = p;
  const cs = chroma.reduce((a, b) => a + b, 0) || 1;
  const rotated = Array.from({ length: 12 }, (_, p) => chroma[(p + tonic) % 12]! / cs);
  // Onsets: a peak above the local mean counts as one.
  let onsetCount = 0;
  let oSum = 0;
  let oSq = 0;
  for (let i = 0; i < f.count; i++) {
    const v = f.onset[i]!;
    oSum += v;
    oSq += v * v;
    let local = 0;
    let m = 0;
    for (let j = Math.max(0, i - 8); j <= Math.min(f.count - 1, i + 8); j++) {
      local += f.onset[j]!;
      m++;
    }
    if (v > 1.5 * (local / m) && v > (f.onset[i - 1] ?? 0) && v >= (f.onset[i + 1] ?? 0) && v > 0.01) onsetCount++;
  }
  const oMean = oSum / Math.max(1, f.count);
  const oStd = Math.sqrt(Math.max(0, oSq / Math.max(1, f.count) - oMean * oMean));
  const seconds = Math.max(1, f.count / f.fps);
  const logCentroid = use.map((i) => Math.log2(Math.max(20, centroid[i]!)));
  const lcMean = logCentroid.reduce((a, b) => a + b, 0) / n;
  const lcStd = Math.sqrt(logCentroid.reduce((a, b) => a + (b - lcMean) ** 2, 0) / n);
  const dbs = use.map((i) => f.db[i]!).sort((a, b) => a - b);
  const dbMean = dbs.reduce((a, b) => a + b, 0) / n;
  const dbStd = Math.sqrt(dbs.reduce((a, b) => a + (b - dbMean) ** 2, 0) / n);
  const q = (p: number) => dbs[Math.min(dbs.length - 1, Math.floor(p * dbs.length))] ?? 0;
  const quiet = dbs.filter((d) => d < dbMean - 10).length / n;
  const v = [
    ...mfccMean,
    ...mfccStd,
    ...rotated,
    key ? (key.mode === 'major' ? 1 : -1) : 0,
    change / n,
    tempo ? Math.log2(tempo.bpm / 115) : 0,
    tempo?.periodicity ?? 0,
    onsetCount / seconds,
    oMean > 0 ? oStd / oMean : 0,
    lcMean,
    lcStd,
    Math.log2(Math.max(20, use.reduce((a, i) => a + rolloff[i]!, 0) / n)),
    use.reduce((a, i) => a + flatness[i]!, 0) / n,
    dbMean,
    dbStd,
    q(0.95) - q(0.1),
    quiet,
  ];
  return v.map(round4);
}

/**
 * Beat times by dynamic programming over the onset strength (Ellis, "Beat tracking by dynamic programming",
 * 2007): each frame's best score is its onset plus the best earlier beat at about one period's distance,
 * penalised by how far the gap strays from the period (log-ratio squared), so the grid follows the music's
 * onsets and small drifts of tempo without jumping metrical level.
 */
export function beatGrid(onset: ArrayLike<number>, fps: number, bpm: number, tightness = 100): number[] {
  const n = onset.length;
  const period = (60 / bpm) * fps;
  if (n < period * 2) return [];
  let mean = 0;
  for (let i = 0; i < n; i++) mean += onset[i]!;
  mean /= n;
  let sd = 0;
  for (let i = 0; i < n; i++) sd += (onset[i]! - mean) ** 2;
  sd = Math.sqrt(sd / n) || 1;
  const o = Float64Array.from({ length: n }, (_, i) => onset[i]! / sd);
  const score = new Float64Array(n);
  const from = new Int32Array(n).fill(-1);
  const lo = Math.round(period / 2);
  const hi = Math.round(period * 2);
  for (let i = 0; i < n; i++) {
    let best = 0;
    let arg = -1;
    for (let j = i - hi; j <= i - lo; j++) {
      if (j < 0) continue;
      const r = Math.log((i - j) / period);
      const s = score[j]! - tightness * r * r;
      if (arg < 0 || s > best) {
        best = s;
        arg = j;
      }
    }
    score[i] = o[i]! + (arg >= 0 ? Math.max(0, best) : 0);
    from[i] = arg >= 0 && best > 0 ? arg : -1;
  }
  // The last beat: the best score within the final period (scores grow along the track).
  let end = n - 1;
  let bestEnd = -Infinity;
  for (let i = Math.max(0, n - Math.ceil(period)); i < n; i++) {
    if (score[i]! > bestEnd) {
      bestEnd = score[i]!;
      end = i;
    }
  }
  const out: number[] = [];
  for (let i = end; i >= 0; i = from[i]!) {
    out.push(i);
    if (from[i]! < 0) break;
  }
  out.reverse();
  // Frame i covers samples [i·HOP, i·HOP + FFT): its onset belongs to the frame's centre.
  return out.map((i) => Math.round(((i * HOP + FFT / 2) / ANALYSIS_RATE) * 1000) / 1000);
}

/** Bands whose centre is under this (Hz) make the low onset strength: kick drums and bass notes. */
const LOW_ONSET_HZ = 150;
/**
 * The grid moves half a beat when the low bands' onsets at the half-beats are this many times those at its
 * beats. On the tuning seed (bench/analysis/metre.ts) 1 and 1.05 put 382 of 400 grids on the beat, 1.1 379,
 * 1.5 371, and never moving 342; 1.05 leans a hair towards leaving the grid where it is.
 */
export const OFF_BEAT_RATIO = 1.05;

/**
 * The beat grid on the beat rather than between beats. The whole-band onsets that `beatGrid` follows can
 * be strongest on the off-beat (EDM's open hats and chord stabs, eighth-note guitars); the kick drum and
 * the bass mostly play on the beat. When the low bands' onsets midway between the grid's beats are
 * `ratio` times those on them, the grid moves half a beat (keeping its tempo and drifts).
 */
export function onTheBeat(grid: number[], lowOnset: ArrayLike<number>, ratio = OFF_BEAT_RATIO): number[] {
  if (grid.length < 8) return grid;
  let on = 0;
  let off = 0;
  const mid: number[] = [];
  for (let k = 0; k + 1 < grid.length; k++) {
    const m = Math.round(((grid[k]! + grid[k + 1]!) / 2) * 1000) / 1000;
    mid.push(m);
    on += onsetNear(lowOnset, grid[k]!);
    off += onsetNear(lowOnset, m);
  }
  if (!(off > ratio * on)) return grid;
  // Half a beat after the last beat too, if the music goes on that long.
  const last = grid[grid.length - 1]! + (grid[grid.length - 1]! - grid[grid.length - 2]!) / 2;
  if (frameAt(last) < lowOnset.length) mid.push(Math.round(last * 1000) / 1000);
  return mid;
}

/** The frame whose onset `beatGrid` times at `t` seconds (a frame's onset belongs to its centre). */
const frameAt = (t: number) => Math.round((t * ANALYSIS_RATE - FFT / 2) / HOP);

/** The strongest onset within a frame of `t` seconds: how hard the music hits at a beat of the grid. */
export function onsetNear(onset: ArrayLike<number>, t: number): number {
  const f = frameAt(t);
  let best = 0;
  for (let i = Math.max(0, f - 1); i <= Math.min(onset.length - 1, f + 1); i++) best = Math.max(best, onset[i]!);
  return best;
}

export type { DecodeOptions } from './decode';

/** Decodes an accepted file to mono float samples at ANALYSIS_RATE; any decoder failure here is ours. */
export async function decodeMono(file: string, probe: ProbeResult | null, onSamples: (x: Float32Array) => void, opts: DecodeOptions = {}) {
  const res = await decodeMonoPcm(file, probe, onSamples, opts);
  if (res.exitCode !== 0)
    throw new MediaError('MEDIA_PROCESSING_FAILED', 'Decoding for the sound analysis failed', { exitCode: res.exitCode });
}

/** Decodes and analyses a (stored, already accepted) file: features, beat grid and frames. */
export async function analyseSound(file: string, probe: ProbeResult | null, opts: DecodeOptions = {}): Promise<SoundAnalysis> {
  const a = new SoundAnalyser();
  await decodeMono(file, probe, (x) => a.push(x), opts);
  return a.finish();
}
