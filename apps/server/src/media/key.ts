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

/**
 * What the second stage measures of each candidate key, all from the sounding frames. Each is a number that
 * grows with the evidence that the candidate is home; `KEY_PARAMS.weights` says how much each counts.
 */
export const KEY_FEATURES = [
  /** The treble chroma (C5 up: where melodies sing) against the key's profile. */
  'trebleProfile',
  /** How the share of each triad heard, counted from the candidate's tonic, fits the key's chord template. */
  'chordProfile',
  /** Share of frames whose best-fitting triad is the dominant (major, on the fifth degree). */
  'dominantChord',
  /** Share of frames whose best-fitting triad is the subdominant (IV in major, iv in minor). */
  'subdominantChord',
  /** 1 for a minor key: how much more (or less) evidence a minor reading needs. */
  'minor',
  /** How well the closing seconds fit the tonic triad. */
  'closing',
  /** The first bass note is the tonic. */
  'firstBass',
  /** The last bass note is the tonic. */
  'lastBass',
  /** The foreground of the treble, what does not repeat with the chords (`foreground`), against the key's profile. */
  'foregroundProfile',
  /**
   * The next three are `foregroundProfile`, `chordProfile` and `trebleProfile` again, each times how flat the
   * spectrum is (`flatGate`): 0 for clean instruments, 1 for distorted guitars and dense mixes, whose harmonics
   * blur the treble and the triads. With them the fit can weigh the cues differently in such tracks.
   */
  'foregroundFlat',
  'chordFlat',
  'trebleFlat',
] as const;
export type KeyFeature = (typeof KEY_FEATURES)[number];

/** What the second stage weighs: each feature's weight, and each chord's per mode (see `KeyParams`). */
export interface KeyWeightSet {
  weights: Record<KeyFeature, number>;
  chordWeights: Record<KeyMode, readonly number[]>;
}

/** Tuning knobs of the key finder; chosen on the tuning set (bench/analysis/tune-key.ts). */
export interface KeyParams {
  /** Frames quieter than the median frame by more than this (dB) are left out: fades, gaps, release tails. */
  silenceDb: number;
  /** Above this mean spectral flatness (0 a pure tone, about 0.85 white noise) there is no key. */
  maxFlatness: number;
  /** Keys whose profile correlation is within this of the best, and their relatives, are weighed. */
  candidateMargin: number;
  /** Seconds of sounding audio taken as the opening (first bass note) and the closing (chord, last bass note). */
  edgeSec: number;
  /** Each candidate's score is the sum of its features times these weights (fitted, see tune-key.ts). */
  weights: Record<KeyFeature, number>;
  /**
   * Added to the score: the share of frames on each triad, counted from the candidate's tonic (index = the
   * root's degree in semitones, + 12 for a minor triad), times these weights, one set per mode. Fitted with
   * the others, they are what the data says about each chord beyond the fixed template of `chordProfile`: a
   * major dominant in a minor key (the harmonic minor's V) counts for it, a minor v counts against it. They
   * also carry the tuning set's own habits: in major, vi and iii count for the key, because its loops
   * vi–IV–I–V and iii–vi–IV–V dwell there (bench/RESULTS.md, "the chords' weights fitted").
   */
  chordWeights: Record<KeyMode, readonly number[]>;
  /**
   * The confidence is the winner's share of exp(score) over the candidates, times the key clarity: the best
   * profile correlation, from 0 at `clarity[0]` to 1 at `clarity[1]`. At 0 (a lone tone, clicks: about
   * 0.62; distorted power chords, which have no thirds, can fall there too; music: 0.68 to 0.96) the answer
   * is a suggestion only.
   */
  clarity: [number, number];
  /**
   * The foreground (`foreground`): each frame's background is the median of itself and the `neighbours` frames
   * whose chroma is closest to its own, from `minApartSec` to `windowSec` away.
   */
  foreground: { neighbours: number; minApartSec: number; windowSec: number };
  /** The flatness gate: 0 at or below this median frame flatness, rising to 1 at the second (rock and EDM sit there). */
  flatGate: [number, number];
  /**
   * A second set of weights, added in proportion to the flatness gate: in a distorted or dense track every cue
   * and every chord can count differently, not only the three gated features. A distorted power chord's
   * harmonics sound its major third and its own scale, so the treble and the triads mislead there, and the
   * bass notes count for more (`firstBass` and `lastBass` gain 0.76 and 0.95 at a full gate). Fitted with the
   * first set (bench/RESULTS.md, "A second set of weights for distorted tracks").
   */
  distorted: KeyWeightSet;
}

export const KEY_PARAMS: KeyParams = {
  silenceDb: 20,
  maxFlatness: 0.6,
  candidateMargin: 0.15,
  edgeSec: 2,
  weights: {
    trebleProfile: 2.88,
    chordProfile: 4.29,
    dominantChord: 3.05,
    subdominantChord: 1.73,
    minor: 1.6,
    closing: 1.7,
    firstBass: 0.98,
    lastBass: 0.52,
    foregroundProfile: 2.5,
    foregroundFlat: 0.44,
    chordFlat: -0.11,
    trebleFlat: -1.27,
  },
  // Index = the triad's root in semitones above the tonic, + 12 for a minor triad.
  chordWeights: {
    major: [
      -0.74, -0.02, -1.22, -0.33, -1.03, 0.43, -0.01, 0.52, -0.02, 0.08, -0.12, -0.03, -0.66, -0.07, 0.23, -0.01, 2.61, -0.39, 0.02, -1.83,
      -0.07, 1.28, -0.02, -0.19,
    ],
    minor: [
      0.89, -1.01, -0.04, -0.91, 0.01, 0.01, -0.12, 2.53, -0.69, 0, 1.81, 0.01, 1.1, 0.02, 0, -0.17, 0.07, 1.3, -0.01, -2.95, 0, -0.03,
      -0.3, 0.09,
    ],
  },
  clarity: [0.65, 0.75],
  foreground: { neighbours: 4, minApartSec: 0.6, windowSec: 30 },
  flatGate: [0.38, 0.46],
  distorted: {
    weights: {
      trebleProfile: -1.27,
      chordProfile: -0.11,
      dominantChord: 0.57,
      subdominantChord: -0.18,
      minor: -0.01,
      closing: 0.02,
      firstBass: 0.76,
      lastBass: 0.95,
      foregroundProfile: 0.44,
      foregroundFlat: 0.28,
      chordFlat: -0.17,
      trebleFlat: -1.28,
    },
    chordWeights: {
      major: [
        -0.24, -0.01, 0.02, -0.16, 0.42, -0.56, 0, 0.25, -0.01, 0.41, 0.04, -0.01, -0.47, 0, 0.27, 0, 0.47, -0.26, 0, -0.47, 0.01, 0.32, 0,
        -0.02,
      ],
      minor: [0.56, -0.31, 0, -0.19, 0, 0.29, -0.02, 0.32, -0.63, 0, -0.17, 0, 0.34, 0, 0, -0.05, 0.01, 0.38, 0, -0.46, 0, 0, -0.04, -0.01],
    },
  },
};

/**
 * What the key finder keeps of each analysis frame: its 120-bin chroma, bass chroma (below 220 Hz) and
 * treble chroma (from C5 up), each normalised to the frame's total, its level in dB and its spectral
 * flatness: about 1.5 KB a frame, 5 frames a second, so 13 MB for a 30-minute upload (the arrays grow by
 * doubling). The second stage needs them in order.
 */
export class KeyFrames {
  count = 0;
  /** Seconds between frames. */
  readonly hopSec: number;
  chroma = new Float32Array(CHROMA_BINS * 256);
  bass = new Float32Array(CHROMA_BINS * 256);
  treble = new Float32Array(CHROMA_BINS * 256);
  levelDb = new Float32Array(256);
  flatness = new Float32Array(256);

  constructor(hopSec: number) {
    this.hopSec = hopSec;
  }

  push(chroma: ArrayLike<number>, bass: ArrayLike<number>, treble: ArrayLike<number>, levelDb: number, flatness: number): void {
    if (this.count === this.levelDb.length) {
      const grow = (a: Float32Array, n: number) => {
        const b = new Float32Array(n);
        b.set(a);
        return b;
      };
      const n = this.count * 2;
      this.chroma = grow(this.chroma, n * CHROMA_BINS);
      this.bass = grow(this.bass, n * CHROMA_BINS);
      this.treble = grow(this.treble, n * CHROMA_BINS);
      this.levelDb = grow(this.levelDb, n);
      this.flatness = grow(this.flatness, n);
    }
    const o = this.count * CHROMA_BINS;
    for (let i = 0; i < CHROMA_BINS; i++) {
      this.chroma[o + i] = chroma[i]!;
      this.bass[o + i] = bass[i]!;
      this.treble[o + i] = treble[i]!;
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

/** The 24 major and minor triads, index = root + 12 for minor. */
const TRIADS = Array.from({ length: 24 }, (_, i) => triad(i % 12, i < 12 ? 'major' : 'minor'));
const triadIndex = (root: number, mode: KeyMode) => (root % 12) + (mode === 'minor' ? 12 : 0);

/**
 * How often each triad is heard in a key, counted from its tonic (index = degree in semitones, + 12 for a
 * minor triad): the common-practice and pop usage (I, IV, V, vi, ii, iii in major; i, iv, V, VI, III, VII, v
 * in minor), rounded; every other triad 0.
 */
const CHORD_TEMPLATE: Record<KeyMode, Float64Array> = (() => {
  const major = new Float64Array(24);
  major[0] = 0.35;
  major[5] = 0.2;
  major[7] = 0.22;
  major[12 + 9] = 0.1;
  major[12 + 2] = 0.07;
  major[12 + 4] = 0.04;
  major[10] = 0.02;
  const minor = new Float64Array(24);
  minor[12 + 0] = 0.35;
  minor[12 + 5] = 0.14;
  minor[7] = 0.14;
  minor[8] = 0.12;
  minor[3] = 0.09;
  minor[10] = 0.1;
  minor[12 + 7] = 0.06;
  return { major, minor };
})();

/** The 24 triad shares counted from `tonic`: index = the root's degree in semitones, + 12 for a minor triad. */
function chordsFrom(share: Float64Array, tonic: number): Float64Array {
  const rotated = new Float64Array(24);
  for (let i = 0; i < 24; i++) rotated[i] = share[(((i % 12) + tonic) % 12) + (i < 12 ? 0 : 12)]!;
  return rotated;
}

/** Pearson correlation of the 24 triad shares, counted from the tonic, with the key's chord template. */
function chordProfileFit(rotated: Float64Array, mode: KeyMode): number {
  const tpl = CHORD_TEMPLATE[mode];
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < 24; i++) {
    ma += rotated[i]! / 24;
    mb += tpl[i]! / 24;
  }
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < 24; i++) {
    num += (rotated[i]! - ma) * (tpl[i]! - mb);
    da += (rotated[i]! - ma) ** 2;
    db += (tpl[i]! - mb) ** 2;
  }
  return da > 0 && db > 0 ? num / Math.sqrt(da * db) : 0;
}

/**
 * The melody as what does not repeat (REPET-SIM, Rafii and Pardo 2012). Library music loops: the
 * accompaniment comes back with its chords, harmonics and all, and the melody does not. Each kept frame's
 * background is the per-class median of its own treble chroma and that of the `neighbours` frames whose whole
 * chroma is most like its own (cosine), `minApartSec` to `windowSec` away; what the frame's treble has above
 * that background is its foreground, summed over the piece. Each frame's treble is normalised to sum 1, so
 * loud passages do not outweigh quiet ones. Cost: about 2 × `windowSec` / hop comparisons of 12 numbers per
 * frame, linear in the track's length (30 s on either side: 300 a frame at 5 frames a second).
 */
export function foreground(
  frames: KeyFrames,
  kept: readonly number[],
  frameChroma: readonly Float64Array[],
  offsetBins: number,
  { neighbours, minApartSec, windowSec }: KeyParams['foreground'],
): Float64Array {
  const m = kept.length;
  const treble = kept.map((f) => {
    const t = foldAt(frames.treble, f * CHROMA_BINS, offsetBins);
    const sum = t.reduce((a, b) => a + b, 0);
    if (sum > 0) for (let c = 0; c < 12; c++) t[c]! /= sum;
    return t;
  });
  const unit = frameChroma.map((ch) => {
    const norm = Math.hypot(...ch);
    return norm > 0 ? ch.map((v) => v / norm) : ch;
  });
  const window = Math.round(windowSec / frames.hopSec);
  const apart = Math.round(minApartSec / frames.hopSec);
  const fg = new Float64Array(12);
  const best = new Int32Array(neighbours);
  const bestSim = new Float64Array(neighbours);
  const values = new Float64Array(neighbours + 1);
  let lo = 0;
  for (let i = 0; i < m; i++) {
    const at = kept[i]!;
    while (kept[lo]! < at - window) lo++;
    // The most similar frames in the window, kept sorted by similarity (best first).
    let found = 0;
    for (let j = lo; j < m && kept[j]! <= at + window; j++) {
      if (Math.abs(kept[j]! - at) < apart) continue;
      let sim = 0;
      for (let c = 0; c < 12; c++) sim += unit[i]![c]! * unit[j]![c]!;
      if (found === neighbours && sim <= bestSim[neighbours - 1]!) continue;
      let k = found < neighbours ? found++ : neighbours - 1;
      while (k > 0 && bestSim[k - 1]! < sim) {
        bestSim[k] = bestSim[k - 1]!;
        best[k] = best[k - 1]!;
        k--;
      }
      bestSim[k] = sim;
      best[k] = j;
    }
    for (let c = 0; c < 12; c++) {
      const own = treble[i]![c]!;
      values[0] = own;
      for (let k = 0; k < found; k++) values[k + 1] = treble[best[k]!]![c]!;
      const sorted = values.subarray(0, found + 1).sort();
      const background = found % 2 === 0 ? sorted[found / 2]! : (sorted[(found - 1) / 2]! + sorted[(found + 1) / 2]!) / 2;
      if (own > background) fg[c]! += own - background;
    }
  }
  return fg;
}

/** One candidate key with what the second stage measured of it. */
export interface KeyCandidate {
  tonic: number;
  mode: KeyMode;
  features: Record<KeyFeature, number>;
  /** Share of frames on each of the 24 triads, counted from this key's tonic (degree, + 12 for minor). */
  chords: Float64Array;
}

/** What the first stage found and the candidates the second stage weighs; null when there is no key. */
export interface KeyEvidence {
  tuningCents: number;
  /** 0..1: how clearly the best profile fits (0: no tonality; the answer is then a suggestion only). */
  clarity: number;
  /** The best key and the keys near it, with their relatives, and what the second stage measured of each. */
  candidates: KeyCandidate[];
  /** How distorted or dense the track sounds (the flatness gate, 0..1): how much the distorted weights count. */
  gate: number;
}

/**
 * Measures the evidence for each key: the first stage (Krumhansl–Schmuckler over the sounding frames, the
 * bass added because it returns to the tonic) ranks the 24 keys; the keys close to the best, and their
 * relatives (same notes, another home), get the second stage's features.
 */
export function keyEvidence(frames: KeyFrames, params: KeyParams = KEY_PARAMS): KeyEvidence | null {
  const n = frames.count;
  if (n === 0) return null;
  const floorDb = median(frames.levelDb, n) - params.silenceDb;
  const kept: number[] = [];
  for (let f = 0; f < n; f++) if (frames.levelDb[f]! >= floorDb) kept.push(f);
  if (kept.length === 0) return null;
  let flat = 0;
  const fine = new Float64Array(CHROMA_BINS);
  const fineBass = new Float64Array(CHROMA_BINS);
  const fineTreble = new Float64Array(CHROMA_BINS);
  for (const f of kept) {
    flat += frames.flatness[f]!;
    const o = f * CHROMA_BINS;
    for (let i = 0; i < CHROMA_BINS; i++) {
      fine[i]! += frames.chroma[o + i]!;
      fineBass[i]! += frames.bass[o + i]!;
      fineTreble[i]! += frames.treble[o + i]!;
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
  const treble = foldAt(fineTreble, 0, offsetBins);

  const ranked: { tonic: number; mode: KeyMode; r: number }[] = [];
  for (const mode of ['major', 'minor'] as const)
    for (let tonic = 0; tonic < 12; tonic++) ranked.push({ tonic, mode, r: pearson(combined, PROFILES[mode], tonic) });
  ranked.sort((a, b) => b.r - a.r);
  const [c0, c1] = params.clarity;
  const clarity = Math.max(0, Math.min(1, (ranked[0]!.r - c0) / (c1 - c0)));
  const relativeOf = (s: { tonic: number; mode: KeyMode }) =>
    ranked.find((o) => o.mode !== s.mode && o.tonic === (s.mode === 'major' ? (s.tonic + 9) % 12 : (s.tonic + 3) % 12))!;
  // Even without a clear tonality (distorted power chords have no thirds) the second stage weighs the
  // candidates; the clarity then keeps the answer's confidence at 0, a suggestion never published.
  const near = ranked.filter((s) => s.r >= ranked[0]!.r - params.candidateMargin);
  const chosen = [...new Set([...near, ...near.map(relativeOf)])];

  // Per-frame pitch classes at the track's tuning, and the triad each frame fits best.
  const frameChroma = kept.map((f) => foldAt(frames.chroma, f * CHROMA_BINS, offsetBins));
  const frameBass = kept.map((f) => foldAt(frames.bass, f * CHROMA_BINS, offsetBins));
  const chordOf = frameChroma.map((ch) => {
    let best = 0;
    let bestFit = -1;
    for (let i = 0; i < 24; i++) {
      const fit = triadFit(ch, TRIADS[i]!);
      if (fit > bestFit) {
        bestFit = fit;
        best = i;
      }
    }
    return best;
  });
  const chordShare = new Float64Array(24);
  for (const c of chordOf) chordShare[c]! += 1 / chordOf.length;

  const edge = Math.max(1, Math.min(Math.floor(kept.length / 4), Math.round(params.edgeSec / frames.hopSec)));
  const sumOf = (from: number, to: number, src: Float64Array[]) => {
    const s = new Float64Array(12);
    for (let k = from; k < to; k++) for (let i = 0; i < 12; i++) s[i]! += src[k]![i]!;
    return s;
  };
  const closing = sumOf(kept.length - edge, kept.length, frameChroma);
  const openingBass = sumOf(0, edge, frameBass);
  const closingBass = sumOf(kept.length - edge, kept.length, frameBass);
  const firstBass = openingBass.some((v) => v > 0) ? argmax(openingBass) : -1;
  const lastBass = closingBass.some((v) => v > 0) ? argmax(closingBass) : -1;
  const fg = foreground(frames, kept, frameChroma, offsetBins, params.foreground);
  const [g0, g1] = params.flatGate;
  // How distorted or dense the track sounds: the median frame's spectral flatness, mapped to 0..1.
  const keptFlatness = Float32Array.from(kept, (f) => frames.flatness[f]!);
  const gate = Math.max(0, Math.min(1, (median(keptFlatness, kept.length) - g0) / (g1 - g0)));

  const candidates = chosen.map((k): KeyCandidate => {
    const t = triad(k.tonic, k.mode);
    const chords = chordsFrom(chordShare, k.tonic);
    const trebleProfile = pearson(treble, PROFILES[k.mode], k.tonic);
    const chordProfile = chordProfileFit(chords, k.mode);
    const foregroundProfile = pearson(fg, PROFILES[k.mode], k.tonic);
    const features: Record<KeyFeature, number> = {
      trebleProfile,
      chordProfile,
      dominantChord: chordShare[triadIndex(k.tonic + 7, 'major')]!,
      subdominantChord: chordShare[triadIndex(k.tonic + 5, k.mode)]!,
      minor: k.mode === 'minor' ? 1 : 0,
      closing: triadFit(closing, t),
      firstBass: firstBass === k.tonic ? 1 : 0,
      lastBass: lastBass === k.tonic ? 1 : 0,
      foregroundProfile,
      foregroundFlat: gate * foregroundProfile,
      chordFlat: gate * chordProfile,
      trebleFlat: gate * trebleProfile,
    };
    return { tonic: k.tonic, mode: k.mode, features, chords };
  });
  return { tuningCents, clarity, candidates, gate };
}

/** The fitted part of the key finder: the features' and chords' weights, and the distorted set. */
export type KeyWeights = Pick<KeyParams, 'weights' | 'chordWeights' | 'distorted'>;

/** One set's score of a candidate: its features times the weights, plus its chord shares times its mode's. */
function setScore(c: KeyCandidate, set: KeyWeightSet): number {
  let s = 0;
  for (const f of KEY_FEATURES) s += c.features[f] * set.weights[f];
  const cw = set.chordWeights[c.mode];
  for (let i = 0; i < 24; i++) s += c.chords[i]! * cw[i]!;
  return s;
}

/** A candidate's score: the first set's, plus the distorted set's times the track's flatness gate. */
export function keyScore(c: KeyCandidate, w: KeyWeights, gate: number): number {
  return setScore(c, w) + (gate > 0 ? gate * setScore(c, w.distorted) : 0);
}

/**
 * Key finding in two stages over the sounding frames (those within `silenceDb` of the median level): the
 * profiles rank the keys (`keyEvidence`), then each candidate is scored by what a listener hears as home —
 * the melody register's pitch classes and the part of them that does not repeat with the loop, how the chords
 * heard fit the key, how much of the music sits on its dominant and subdominant, the closing chord, the first
 * and last bass notes (`KEY_FEATURES`), and the share of each chord counted from its tonic (`chordWeights`) —
 * with weights fitted on the tuning set. Confidence is the winner's softmax share among the candidates times
 * the key clarity, so a lone tone or a click track is offered as a guess, never published.
 */
export function estimateKey(frames: KeyFrames, params: KeyParams = KEY_PARAMS): KeyEstimate | null {
  const ev = keyEvidence(frames, params);
  if (!ev) return null;
  return decideKey(ev, params);
}

/** Picks the best-scoring candidate of the evidence under the given weights. */
export function decideKey(ev: KeyEvidence, weights: KeyWeights): KeyEstimate {
  const scores = ev.candidates.map((c) => keyScore(c, weights, ev.gate));
  const top = Math.max(...scores);
  const best = ev.candidates[scores.indexOf(top)]!;
  // The winner's softmax share among the candidates: 1 / Σ exp(score − top).
  let z = 0;
  for (const s of scores) z += Math.exp(s - top);
  return keyEstimate(best, ev.clarity / z, ev.tuningCents);
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

function argmax(x: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < x.length; i++) if (x[i]! > x[best]!) best = i;
  return best;
}
