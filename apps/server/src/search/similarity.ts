/**
 * "Similar tracks": nearest neighbours over standardised sound features, blended with how close the tags
 * are (genre, moods, BPM, key), held in memory beside the catalogue index. Exhaustive: every published
 * track is scored against the asked one (about 55 byte operations each), which is exact, needs no index
 * to build or tune, and stays within the latency budget at 100,000 tracks (bench/RESULTS.md, "Similar
 * tracks"). Positions are track ids, as in track-store.ts (dense ids).
 *
 * Vectors are standardised (each dimension by the catalogue's mean and standard deviation, taken when the
 * index is loaded), multiplied by the square root of their dimension's weight and stored as 8-bit integers
 * (1/16 of a standard deviation a step, ±7.9 σ): a million tracks' vectors take dims × 1 MB.
 */

import { MOODS } from '@sori/contract';

/** Each mood's bit in a track's 64-bit mood mask (two 32-bit words). */
const MOOD_BIT = new Map(MOODS.map((m, i) => [m.code, i]));

const popcount = (x: number) => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** Steps round the circle of fifths between two positions on it (0..6). */
const FIFTHS_STEPS = Int8Array.from({ length: 144 }, (_, i) => {
  const d = (((Math.floor(i / 12) - (i % 12)) % 12) + 12) % 12;
  return Math.min(d, 12 - d);
});

export interface SimilarMeta {
  id: number;
  genre: number | null;
  moods: readonly number[];
  bpm: number | null;
  /** Pitch class of the key's tonic, or null. */
  keyPc: number | null;
  /** In the public catalogue (published and ready). */
  published: boolean;
}

/** How the blend weighs each closeness (docs/DECISIONS.md, "Similar tracks"); they sum to 1. */
export const BLEND = { sound: 0.55, genre: 0.2, mood: 0.1, bpm: 0.1, key: 0.05 } as const;
export type Blend = { [K in keyof typeof BLEND]: number };

/**
 * How close a track must be to be listed as similar: its blended score as a share of the most the asked
 * track's own signals could give (its sound, if it has a vector, and each tag it has). Unrelated tracks sit
 * near 1/3 of the sound share and nothing else. Chosen for the best F1 of "same genre group" (demo
 * catalogue) and "same style" (FluidSynth set) on one half of each, and reported on the other half
 * (bench/RESULTS.md, "A cut-off for similar tracks").
 */
export const SIMILAR_CUTOFF = 0.43;

/**
 * The most similar tracks one track lists (five pages of 20). A large catalogue has thousands over the
 * cut-off; past the first hundred a list is no longer "more like this", and the bound keeps the heap's
 * early exit (bench/RESULTS.md).
 */
export const SIMILAR_MAX = 100;

/** Quantisation: steps per (weighted) standard deviation. */
const STEPS = 16;

export interface SimilarPage {
  ids: number[];
  /** How close each of `ids` is, as a share of the most this query's signals could give (0..1). */
  closeness: number[];
  /** Every track the query could list: those at or over the cut-off (all of them when it is 0). */
  total: number;
}

export class SimilarityIndex {
  readonly dims: number;
  private readonly weights: Float64Array;
  private readonly sqrtW: Float64Array;
  private readonly wMax: number;
  private readonly wSum: number;
  private mean: Float64Array;
  private sd: Float64Array;
  private capacity = 0;
  private vec = new Int8Array(0);
  private hasVec = new Uint8Array(0);
  private genre = new Int32Array(0);
  private moodLo = new Uint32Array(0);
  private moodHi = new Uint32Array(0);
  /** log2 of the BPM (NaN when unknown). */
  private logBpm = new Float32Array(0);
  /** The key's position on the circle of fifths (pitch class × 7 mod 12), -1 when unknown. */
  private fifths = new Int8Array(0);
  private published = new Uint8Array(0);
  private publishedIds: Int32Array | null = null;
  private publishedDirty = true;
  private maxId = 0;
  private vectors = 0;
  /** How many vectors the standardisation was fitted on (0: not fitted, raw units). */
  fittedOn = 0;

  constructor(weights: ArrayLike<number>) {
    this.dims = weights.length;
    this.weights = Float64Array.from(weights);
    this.wMax = Math.max(...this.weights);
    this.wSum = this.weights.reduce((a, b) => a + b, 0);
    this.sqrtW = this.weights.map((w) => Math.sqrt(w / this.wMax));
    this.mean = new Float64Array(this.dims);
    this.sd = new Float64Array(this.dims).fill(1);
  }

  /** Sets the standardisation from these vectors (at load; vectors set later use it as it is). */
  fitScale(vectors: Iterable<ArrayLike<number>>): void {
    const sum = new Float64Array(this.dims);
    const sq = new Float64Array(this.dims);
    let n = 0;
    for (const v of vectors) {
      for (let d = 0; d < this.dims; d++) {
        sum[d]! += v[d]!;
        sq[d]! += v[d]! * v[d]!;
      }
      n++;
    }
    if (n < 2) return;
    this.fittedOn = n;
    for (let d = 0; d < this.dims; d++) {
      const m = sum[d]! / n;
      this.mean[d] = m;
      const sd = Math.sqrt(Math.max(0, sq[d]! / n - m * m));
      this.sd[d] = sd > 1e-9 ? sd : 1;
    }
  }

  /** Tracks that have a sound vector. */
  get vectorCount(): number {
    return this.vectors;
  }

  /** Every track that has a sound vector. */
  idsWithVector(): number[] {
    const ids: number[] = [];
    for (let i = 1; i <= this.maxId && i < this.capacity; i++) if (this.hasVec[i]) ids.push(i);
    return ids;
  }

  get size(): number {
    let n = 0;
    for (let i = 0; i <= this.maxId && i < this.capacity; i++) n += this.published[i]!;
    return n;
  }

  /** Bytes held by the per-track arrays (for the benchmark's memory figures). */
  get bytes(): number {
    return this.vec.byteLength + this.capacity * (1 + 4 + 4 + 4 + 4 + 1 + 1) + (this.publishedIds?.byteLength ?? 0);
  }

  private grow(id: number): void {
    if (id < this.capacity) return;
    const cap = Math.max(1024, id + 1, Math.ceil(this.capacity * 1.5));
    const copy = <T extends Int8Array | Uint8Array | Int32Array | Uint32Array | Float32Array>(a: T, make: (n: number) => T, per = 1): T => {
      const b = make(cap * per);
      b.set(a);
      return b;
    };
    this.vec = copy(this.vec, (n) => new Int8Array(n), this.dims);
    this.hasVec = copy(this.hasVec, (n) => new Uint8Array(n));
    this.genre = copy(this.genre, (n) => new Int32Array(n));
    this.moodLo = copy(this.moodLo, (n) => new Uint32Array(n));
    this.moodHi = copy(this.moodHi, (n) => new Uint32Array(n));
    this.logBpm = copy(this.logBpm, (n) => new Float32Array(n).fill(NaN));
    this.fifths = copy(this.fifths, (n) => new Int8Array(n).fill(-1));
    this.published = copy(this.published, (n) => new Uint8Array(n));
    this.capacity = cap;
  }

  /** Sets (or replaces) a track's tags and whether it is in the public catalogue. */
  upsert(m: SimilarMeta): void {
    this.grow(m.id);
    const id = m.id;
    this.maxId = Math.max(this.maxId, id);
    this.genre[id] = m.genre ?? 0;
    let lo = 0;
    let hi = 0;
    for (const code of m.moods) {
      const bit = MOOD_BIT.get(code);
      if (bit === undefined) continue;
      if (bit < 32) lo |= 1 << bit;
      else hi |= 1 << (bit - 32);
    }
    this.moodLo[id] = lo >>> 0;
    this.moodHi[id] = hi >>> 0;
    this.logBpm[id] = m.bpm !== null && m.bpm > 0 ? Math.log2(m.bpm) : NaN;
    this.fifths[id] = m.keyPc === null ? -1 : (m.keyPc * 7) % 12;
    if (this.published[id] !== (m.published ? 1 : 0)) this.publishedDirty = true;
    this.published[id] = m.published ? 1 : 0;
  }

  /** Sets (or clears) a track's sound vector (raw, in SOUND_FEATURE_NAMES order). */
  setVector(id: number, v: ArrayLike<number> | null): void {
    this.grow(id);
    this.maxId = Math.max(this.maxId, id);
    if (v === null || v.length !== this.dims) {
      this.vectors -= this.hasVec[id]!;
      this.hasVec[id] = 0;
      return;
    }
    this.vectors += 1 - this.hasVec[id]!;
    const o = id * this.dims;
    for (let d = 0; d < this.dims; d++) {
      const z = ((v[d]! - this.mean[d]!) / this.sd[d]!) * this.sqrtW[d]! * STEPS;
      this.vec[o + d] = Math.max(-127, Math.min(127, Math.round(z)));
    }
    this.hasVec[id] = 1;
  }

  remove(id: number): void {
    if (id >= this.capacity) return;
    if (this.published[id]) this.publishedDirty = true;
    this.published[id] = 0;
    this.vectors -= this.hasVec[id]!;
    this.hasVec[id] = 0;
  }

  hasVector(id: number): boolean {
    return id < this.capacity && this.hasVec[id] === 1;
  }

  private publishedList(): Int32Array {
    if (this.publishedDirty || !this.publishedIds) {
      const ids: number[] = [];
      for (let i = 1; i <= this.maxId && i < this.capacity; i++) if (this.published[i]) ids.push(i);
      this.publishedIds = Int32Array.from(ids);
      this.publishedDirty = false;
    }
    return this.publishedIds;
  }

  /** Squared weighted distance between two tracks' vectors (standardised units). */
  distance2(a: number, b: number): number {
    const dims = this.dims;
    const va = this.vec;
    let s = 0;
    for (let d = 0, oa = a * dims, ob = b * dims; d < dims; d++) {
      const x = va[oa + d]! - va[ob + d]!;
      s += x * x;
    }
    return (s / (STEPS * STEPS)) * this.wMax;
  }

  /**
   * Published tracks but `id`, best first (ties by id), one page of them; the blend is `blend`. With a
   * `cutoff` above 0, only tracks whose closeness (their score over the most this query's own signals could
   * give: its sound if it has a vector, and each tag it has) reaches it are listed, and at most `max` of
   * them: `total` is how many that is.
   */
  similar(id: number, offset: number, limit: number, blend: Blend = BLEND, cutoff = 0, max = Infinity): SimilarPage {
    this.grow(id);
    const candidates = this.publishedList();
    const n = candidates.length - (this.published[id] ? 1 : 0);
    const selfVec = this.hasVec[id] === 1;
    // Without a vector for the asked track, its tags alone decide (the sound share is left out).
    const wSound = selfVec ? blend.sound : 0;
    const g = this.genre[id]!;
    const gGroup = Math.floor(g / 100);
    const myLo = this.moodLo[id]!;
    const myHi = this.moodHi[id]!;
    const myMoods = popcount(myLo) + popcount(myHi);
    const myBpm = this.logBpm[id]!;
    const myKey = this.fifths[id]!;
    const attainable =
      wSound +
      (g !== 0 ? blend.genre : 0) +
      (myMoods > 0 ? blend.mood : 0) +
      (myBpm === myBpm ? blend.bpm : 0) +
      (myKey >= 0 ? blend.key : 0);
    const counting = cutoff > 0;
    // Nothing to be close in (no sound yet, no tags): nothing is listed under a cut-off.
    if (counting && attainable <= 0) return { ids: [], closeness: [], total: 0 };
    const floor = counting ? cutoff * attainable : -Infinity;
    // Under a cut-off the heap holds the whole list (up to `max`), so that its length is known.
    const want = counting ? Math.min(n, max) : Math.min(offset + limit, n);
    if (want <= offset && !counting) return { ids: [], closeness: [], total: n };
    const { dims, vec, genre, moodLo, moodHi, logBpm, fifths, hasVec } = this;
    const o = id * dims;
    const scale = this.wMax / (STEPS * STEPS) / this.wSum;
    // A bounded heap of the `want` best (worst on top): score, then id for a stable order.
    const hs = new Float64Array(want);
    const hi = new Int32Array(want);
    let size = 0;
    const worse = (sa: number, ia: number, sb: number, ib: number) => sa < sb || (sa === sb && ia > ib);
    for (let c = 0; c < candidates.length; c++) {
      const t = candidates[c]!;
      if (t === id) continue;
      // Tags first (cheap): genre, moods (Jaccard), BPM (within a quarter octave), key (fifths apart).
      let score = 0;
      const tg = genre[t]!;
      if (g !== 0 && tg !== 0) score += blend.genre * (tg === g ? 1 : Math.floor(tg / 100) === gGroup ? 0.5 : 0);
      if (myMoods > 0) {
        const tl = moodLo[t]!;
        const th = moodHi[t]!;
        const shared = popcount(tl & myLo) + popcount(th & myHi);
        if (shared > 0) score += (blend.mood * shared) / (myMoods + popcount(tl) + popcount(th) - shared);
      }
      const tb = logBpm[t]!;
      if (myBpm === myBpm && tb === tb) {
        const d = Math.abs(tb - myBpm);
        if (d < 0.25) score += blend.bpm * (1 - d / 0.25);
      }
      const tk = fifths[t]!;
      if (myKey >= 0 && tk >= 0) {
        const steps = FIFTHS_STEPS[myKey * 12 + tk]!;
        score += blend.key * (steps === 0 ? 1 : steps === 1 ? 0.5 : 0);
      }
      if (wSound > 0) {
        if (!hasVec[t]) score += wSound / 3;
        else {
          // A candidate whose sound cannot lift it to the cut-off, or past the worst kept one of a full
          // heap, stops early.
          let limit = Infinity;
          const need = Math.max(floor, size === want ? hs[0]! : -Infinity) - score;
          if (need > wSound) continue;
          if (need > 0) limit = (wSound / need - 1) / scale;
          let sum = 0;
          const ot = t * dims;
          let d = 0;
          while (d < dims) {
            const stop = Math.min(dims, d + 16);
            for (; d < stop; d++) {
              const x = vec[o + d]! - vec[ot + d]!;
              sum += x * x;
            }
            if (sum > limit) break;
          }
          if (sum > limit) continue;
          // Standardised squared distance over the total weight: about 2 between unrelated tracks, 0 for the same.
          score += wSound / (1 + sum * scale);
        }
      }
      if (score < floor || want === 0) continue;
      if (size < want) {
        // Sift up.
        let i = size++;
        while (i > 0) {
          const p = (i - 1) >> 1;
          if (!worse(score, t, hs[p]!, hi[p]!)) break;
          hs[i] = hs[p]!;
          hi[i] = hi[p]!;
          i = p;
        }
        hs[i] = score;
        hi[i] = t;
      } else if (worse(hs[0]!, hi[0]!, score, t)) {
        // Replace the worst, sift down.
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          if (l >= size) break;
          const r = l + 1;
          const m = r < size && worse(hs[r]!, hi[r]!, hs[l]!, hi[l]!) ? r : l;
          if (!worse(hs[m]!, hi[m]!, score, t)) break;
          hs[i] = hs[m]!;
          hi[i] = hi[m]!;
          i = m;
        }
        hs[i] = score;
        hi[i] = t;
      }
    }
    const order = Array.from({ length: size }, (_, k) => k).sort((a, b) => hs[b]! - hs[a]! || hi[a]! - hi[b]!);
    const page = order.slice(offset, offset + limit);
    return {
      ids: page.map((k) => hi[k]!),
      closeness: page.map((k) => (attainable > 0 ? hs[k]! / attainable : 0)),
      total: counting ? size : n,
    };
  }
}
