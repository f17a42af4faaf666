import { KEY_NAME_BY_PITCH_CLASS } from '@sori/contract';

export type KeyMode = 'major' | 'minor';

export interface KeyEstimate {
  /** Pitch class of the tonic, 0 (C) to 11 (B); for a minor key, its own tonic (A minor → 9). */
  tonic: number;
  mode: KeyMode;
  /** One of the 17 keys offered, spelled as KEY_NAME_BY_PITCH_CLASS does. */
  soundKey: string;
  /** 0..1: the winning key's correlation margin over the runner-up. */
  confidence: number;
  /** Detected deviation from A = 440 Hz, in cents. */
  tuningCents: number;
}

/** Share of the bass distribution (below 220 Hz) added to the whole chroma (0.25 chosen on the tune half). */
const BASS_WEIGHT = 0.25;

/** Chroma resolution while accumulating: 10 cents, so the tuning can be found before folding to 12. */
export const CHROMA_BINS = 120;

// Key profiles, index 0 = tonic. Krumhansl & Kessler (1982) probe-tone ratings, and Temperley (2001)
// corpus-derived profiles; their average is more robust than either on synthetic and produced music.
const KK_MAJOR = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const KK_MINOR = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];
const T_MAJOR = [5.0, 2.0, 3.5, 2.0, 4.5, 4.0, 2.0, 4.5, 2.0, 3.5, 1.5, 4.0];
const T_MINOR = [5.0, 2.0, 3.5, 4.5, 2.0, 4.0, 2.0, 4.5, 3.5, 2.0, 1.5, 4.0];

const normalise = (p: number[]): number[] => {
  const sum = p.reduce((a, b) => a + b, 0);
  return p.map((v) => v / sum);
};
const PROFILES: Record<KeyMode, number[]> = {
  major: normalise(KK_MAJOR).map((v, i) => v + normalise(T_MAJOR)[i]!),
  minor: normalise(KK_MINOR).map((v, i) => v + normalise(T_MINOR)[i]!),
};

function pearson(a: ArrayLike<number>, b: ArrayLike<number>, shift: number): number {
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < 12; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= 12;
  mb /= 12;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < 12; i++) {
    const x = a[(i + shift) % 12]! - ma;
    const y = b[i]! - mb;
    num += x * y;
    da += x * x;
    db += y * y;
  }
  return da > 0 && db > 0 ? num / Math.sqrt(da * db) : 0;
}

/**
 * Folds a 120-bin chroma (bin 0 = C at A440 tuning) into 12 pitch classes after estimating the tuning:
 * the circular mean of where the energy sits within a semitone.
 */
export function foldChroma(fine: ArrayLike<number>): { chroma: Float64Array; tuningCents: number; offsetBins: number } {
  const per = CHROMA_BINS / 12;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < CHROMA_BINS; i++) {
    const a = (2 * Math.PI * (i % per)) / per;
    sx += fine[i]! * Math.cos(a);
    sy += fine[i]! * Math.sin(a);
  }
  const offsetBins = sx === 0 && sy === 0 ? 0 : (Math.atan2(sy, sx) / (2 * Math.PI)) * per;
  return { chroma: foldAt(fine, 0, offsetBins), tuningCents: Math.round(offsetBins * (100 / per)), offsetBins };
}

/** Folds the 120 bins from `offset` to 12 pitch classes, the tuned centre `offsetBins` from each class's. */
function foldAt(fine: ArrayLike<number>, offset: number, offsetBins: number): Float64Array {
  const per = CHROMA_BINS / 12;
  const chroma = new Float64Array(12);
  for (let i = 0; i < CHROMA_BINS; i++) {
    const v = fine[offset + i]!;
    if (v === 0) continue;
    // Distance (in bins) from the tuned centre of the nearest pitch class, shared linearly between two.
    const pos = (i - offsetBins) / per;
    const lo = Math.floor(pos);
    const f = pos - lo;
    chroma[((lo % 12) + 12) % 12]! += v * (1 - f);
    chroma[(((lo + 1) % 12) + 12) % 12]! += v * f;
  }
  return chroma;
}

/** Tuning knobs of the key finder; the defaults were chosen on the tune half of the evaluation set. */
export interface KeyParams {
  /** Frames quieter than the median frame by more than this (dB) are left out: fades, gaps, release tails. */
  silenceDb: number;
  /** Above this mean spectral flatness (0 a pure tone, about 0.85 white noise) there is no key. */
  maxFlatness: number;
  /** Keys whose first-stage correlation is within this of the best go to the second stage. */
  candidateMargin: number;
  /** Seconds of sounding audio taken as the opening and as the closing chord. */
  edgeSec: number;
  /** Weight of the opening chord matching the candidate's tonic triad. */
  openingWeight: number;
  /** Weight of the closing chord matching the candidate's tonic triad. */
  closingWeight: number;
  /** Weight of the closing bass note being the candidate's tonic. */
  lastBassWeight: number;
  /** Weight of the share of frames in which all three notes of the candidate's tonic triad sound. */
  triadWeight: number;
  /** A pitch class counts as sounding in a frame at this share of the frame's strongest one. */
  presentShare: number;
  /** Weight of the raised leading tone (harmonic minor) for a minor candidate. */
  leadingWeight: number;
  /** Confidence is the winner's score margin over the runner-up times this, capped at 1… */
  confidenceScale: number;
  /**
   * …times the key clarity: the best first-stage correlation, from 0 at `clarity[0]` to 1 at `clarity[1]`.
   * At 0 (a lone tone, clicks: about 0.62; music: 0.68 to 0.96) the second stage is not run.
   */
  clarity: [number, number];
}

export const KEY_PARAMS: KeyParams = {
  silenceDb: 20,
  maxFlatness: 0.6,
  candidateMargin: 0.15,
  edgeSec: 2,
  openingWeight: 0.2,
  closingWeight: 0.4,
  lastBassWeight: 0.2,
  triadWeight: 0.3,
  presentShare: 0.5,
  leadingWeight: 0.5,
  confidenceScale: 1.5,
  clarity: [0.65, 0.75],
};

/**
 * What the key finder keeps of each analysis frame: its 120-bin chroma and bass chroma (each normalised
 * to the frame's total), its level in dB and its spectral flatness: about 1 KB a frame, 5 frames a second,
 * so 9 MB for a 30-minute upload (the arrays grow by doubling). The second stage needs them in order.
 */
export class KeyFrames {
  count = 0;
  /** Seconds between frames. */
  readonly hopSec: number;
  chroma = new Float32Array(CHROMA_BINS * 256);
  bass = new Float32Array(CHROMA_BINS * 256);
  levelDb = new Float32Array(256);
  flatness = new Float32Array(256);

  constructor(hopSec: number) {
    this.hopSec = hopSec;
  }

  push(chroma: ArrayLike<number>, bass: ArrayLike<number>, levelDb: number, flatness: number): void {
    if (this.count === this.levelDb.length) {
      const grow = (a: Float32Array, n: number) => {
        const b = new Float32Array(n);
        b.set(a);
        return b;
      };
      const n = this.count * 2;
      this.chroma = grow(this.chroma, n * CHROMA_BINS);
      this.bass = grow(this.bass, n * CHROMA_BINS);
      this.levelDb = grow(this.levelDb, n);
      this.flatness = grow(this.flatness, n);
    }
    const o = this.count * CHROMA_BINS;
    for (let i = 0; i < CHROMA_BINS; i++) {
      this.chroma[o + i] = chroma[i]!;
      this.bass[o + i] = bass[i]!;
    }
    this.levelDb[this.count] = levelDb;
    this.flatness[this.count] = flatness;
    this.count++;
  }
}

function median(xs: Float32Array, n: number): number {
  const s = Float64Array.from(xs.subarray(0, n)).sort();
  return n % 2 === 1 ? s[n >> 1]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

/** Pitch classes of a key's tonic triad. */
const triad = (tonic: number, mode: KeyMode): [number, number, number] => [
  tonic,
  (tonic + (mode === 'major' ? 4 : 3)) % 12,
  (tonic + 7) % 12,
];

/** Cosine between a 12-bin chroma and the triad's three pitch classes. */
function triadFit(ch: ArrayLike<number>, t: readonly number[]): number {
  let norm = 0;
  for (let i = 0; i < 12; i++) norm += ch[i]! * ch[i]!;
  if (!(norm > 0)) return 0;
  return (ch[t[0]!]! + ch[t[1]!]! + ch[t[2]!]!) / Math.sqrt(3 * norm);
}

/**
 * Key finding in two stages over the sounding frames (those within `silenceDb` of the median level).
 * First, Krumhansl–Schmuckler: the pitch-class distribution, with the bass distribution added because the
 * bass returns to the tonic, correlated with major and minor profiles in all 12 transpositions. Then the
 * keys close to the best, and their relatives, are ranked by what a listener hears as home: how often the
 * key's tonic triad sounds whole and, for a minor key, how often its seventh degree is raised (the harmonic
 * minor's leading tone, foreign to the relative major). Last, the winner and its relative (same notes,
 * another home: what the profiles cannot tell apart) are weighed by the opening and closing chords and the
 * last bass note. Confidence is the smaller of the two margins times the key clarity, so a lone tone or a
 * click track is offered as a guess, never published.
 */
export function estimateKey(frames: KeyFrames, params: KeyParams = KEY_PARAMS): KeyEstimate | null {
  const n = frames.count;
  if (n === 0) return null;
  const floorDb = median(frames.levelDb, n) - params.silenceDb;
  const kept: number[] = [];
  for (let f = 0; f < n; f++) if (frames.levelDb[f]! >= floorDb) kept.push(f);
  if (kept.length === 0) return null;
  let flat = 0;
  const fine = new Float64Array(CHROMA_BINS);
  const fineBass = new Float64Array(CHROMA_BINS);
  for (const f of kept) {
    flat += frames.flatness[f]!;
    const o = f * CHROMA_BINS;
    for (let i = 0; i < CHROMA_BINS; i++) {
      fine[i]! += frames.chroma[o + i]!;
      fineBass[i]! += frames.bass[o + i]!;
    }
  }
  // Noise and unpitched percussion have a flat spectrum; music has peaks.
  if (flat / kept.length > params.maxFlatness) return null;
  const { chroma, tuningCents, offsetBins } = foldChroma(fine);
  const total = chroma.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return null;
  const combined = new Float64Array(12);
  for (let i = 0; i < 12; i++) combined[i] = chroma[i]! / total;
  const bass = foldAt(fineBass, 0, offsetBins);
  const bt = bass.reduce((a, b) => a + b, 0);
  if (bt > 0) for (let i = 0; i < 12; i++) combined[i]! += (BASS_WEIGHT * bass[i]!) / bt;

  const scores: { tonic: number; mode: KeyMode; r: number; score: number }[] = [];
  for (const mode of ['major', 'minor'] as const) {
    for (let tonic = 0; tonic < 12; tonic++) {
      const r = pearson(combined, PROFILES[mode], tonic);
      scores.push({ tonic, mode, r, score: r });
    }
  }
  scores.sort((a, b) => b.r - a.r);
  const [c0, c1] = params.clarity;
  const clarity = Math.max(0, Math.min(1, (scores[0]!.r - c0) / (c1 - c0)));
  // Without a clear tonality there is no home chord to weigh: the best profile match is offered, unsure.
  if (clarity === 0) return keyEstimate(scores[0]!, 0, tuningCents);
  // The keys near the best, and the relative of each (same notes, another home).
  const near = scores.filter((s) => s.r >= scores[0]!.r - params.candidateMargin);
  const relativeOf = (s: { tonic: number; mode: KeyMode }) =>
    scores.find((o) => o.mode !== s.mode && o.tonic === (s.mode === 'major' ? (s.tonic + 9) % 12 : (s.tonic + 3) % 12))!;
  const candidates = [...new Set([...near, ...near.map(relativeOf)])];

  // The second stage: per-frame pitch classes at the track's tuning.
  const frameChroma = kept.map((f) => foldAt(frames.chroma, f * CHROMA_BINS, offsetBins));
  const edge = Math.max(1, Math.min(Math.floor(kept.length / 4), Math.round(params.edgeSec / frames.hopSec)));
  const sumOf = (from: number, to: number, src: Float64Array[]) => {
    const s = new Float64Array(12);
    for (let k = from; k < to; k++) for (let i = 0; i < 12; i++) s[i]! += src[k]![i]!;
    return s;
  };
  const opening = sumOf(0, edge, frameChroma);
  const closing = sumOf(kept.length - edge, kept.length, frameChroma);
  const closingBass = new Float64Array(12);
  for (let k = kept.length - edge; k < kept.length; k++) {
    const b = foldAt(frames.bass, kept[k]! * CHROMA_BINS, offsetBins);
    for (let i = 0; i < 12; i++) closingBass[i]! += b[i]!;
  }
  const lastBass = closingBass.some((v) => v > 0) ? argmax(closingBass) : -1;
  // Which pitch classes sound in each frame, as a bit mask.
  const present = frameChroma.map((ch) => {
    const max = Math.max(...ch);
    let mask = 0;
    for (let i = 0; i < 12; i++) if (max > 0 && ch[i]! >= params.presentShare * max) mask |= 1 << i;
    return mask;
  });
  // Tonic evidence heard at the edges of the piece: the opening and closing chords, the last bass note.
  // Loops cut to length end on any chord of their loop, so these only choose between a key and its
  // relative (which the profiles cannot tell apart), never among keys a fourth or fifth apart.
  const edgeScore = (k: { tonic: number; mode: KeyMode }) => {
    const t = triad(k.tonic, k.mode);
    return (
      params.openingWeight * triadFit(opening, t) +
      params.closingWeight * triadFit(closing, t) +
      (lastBass === k.tonic ? params.lastBassWeight : 0)
    );
  };
  for (const cand of candidates) {
    const t = triad(cand.tonic, cand.mode);
    const mask = (1 << t[0]) | (1 << t[1]) | (1 << t[2]);
    let whole = 0;
    for (const m of present) if ((m & mask) === mask) whole++;
    cand.score =
      cand.r +
      params.triadWeight * (whole / present.length) +
      (cand.mode === 'minor' ? params.leadingWeight * leadingTone(chroma, cand.tonic) : 0);
  }
  candidates.sort((a, b) => b.score - a.score);
  const first = candidates[0]!;
  const relative = relativeOf(first);
  const rival = candidates.find((c) => c !== first && c !== relative);
  const withEdges = [first.score + edgeScore(first), relative.score + edgeScore(relative)] as const;
  const best = withEdges[1] > withEdges[0] ? relative : first;
  const margin = Math.min(Math.abs(withEdges[0] - withEdges[1]), rival ? first.score - rival.score : 1);
  return keyEstimate(best, Math.min(1, margin * params.confidenceScale) * clarity, tuningCents);
}

function keyEstimate(k: { tonic: number; mode: KeyMode }, confidence: number, tuningCents: number): KeyEstimate {
  return {
    tonic: k.tonic,
    mode: k.mode,
    soundKey: KEY_NAME_BY_PITCH_CLASS[k.tonic]!,
    confidence: Math.round(Math.max(0, confidence) * 100) / 100,
    tuningCents,
  };
}

/** How much of a minor key's seventh degree is raised (0..1): the harmonic minor's leading tone. */
function leadingTone(chroma: ArrayLike<number>, tonic: number): number {
  const raised = chroma[(tonic + 11) % 12]!;
  const natural = chroma[(tonic + 10) % 12]!;
  return raised + natural > 0 ? raised / (raised + natural) : 0;
}

function argmax(x: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < x.length; i++) if (x[i]! > x[best]!) best = i;
  return best;
}
