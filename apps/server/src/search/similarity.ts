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

/** Quantisation: steps per (weighted) standard deviation. */
const STEPS = 16;
const MAX_MOODS = 8;

export interface SimilarPage {
  ids: number[];
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
  private moods = new Int32Array(0);
  private moodCount = new Uint8Array(0);
  private bpm = new Float32Array(0);
  private keyPc = new Int8Array(0);
  private published = new Uint8Array(0);
  private publishedIds: Int32Array | null = null;
  private publishedDirty = true;
  private maxId = 0;

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
    for (let d = 0; d < this.dims; d++) {
      const m = sum[d]! / n;
      this.mean[d] = m;
      const sd = Math.sqrt(Math.max(0, sq[d]! / n - m * m));
      this.sd[d] = sd > 1e-9 ? sd : 1;
    }
  }

  get size(): number {
    let n = 0;
    for (let i = 0; i <= this.maxId && i < this.capacity; i++) n += this.published[i]!;
    return n;
  }

  /** Bytes held by the per-track arrays (for the benchmark's memory figures). */
  get bytes(): number {
    return this.vec.byteLength + this.capacity * (1 + 4 + 4 * MAX_MOODS + 1 + 4 + 1 + 1) + (this.publishedIds?.byteLength ?? 0);
  }

  private grow(id: number): void {
    if (id < this.capacity) return;
    const cap = Math.max(1024, id + 1, Math.ceil(this.capacity * 1.5));
    const copy = <T extends Int8Array | Uint8Array | Int32Array | Float32Array>(a: T, make: (n: number) => T, per = 1): T => {
      const b = make(cap * per);
      b.set(a);
      return b;
    };
    this.vec = copy(this.vec, (n) => new Int8Array(n), this.dims);
    this.hasVec = copy(this.hasVec, (n) => new Uint8Array(n));
    this.genre = copy(this.genre, (n) => new Int32Array(n));
    this.moods = copy(this.moods, (n) => new Int32Array(n), MAX_MOODS);
    this.moodCount = copy(this.moodCount, (n) => new Uint8Array(n));
    const bpm = new Float32Array(cap).fill(NaN);
    bpm.set(this.bpm);
    this.bpm = bpm;
    const key = new Int8Array(cap).fill(-1);
    key.set(this.keyPc);
    this.keyPc = key;
    this.published = copy(this.published, (n) => new Uint8Array(n));
    this.capacity = cap;
  }

  /** Sets (or replaces) a track's tags and whether it is in the public catalogue. */
  upsert(m: SimilarMeta): void {
    this.grow(m.id);
    const id = m.id;
    this.maxId = Math.max(this.maxId, id);
    this.genre[id] = m.genre ?? 0;
    const moods = m.moods.slice(0, MAX_MOODS);
    this.moodCount[id] = moods.length;
    for (let i = 0; i < moods.length; i++) this.moods[id * MAX_MOODS + i] = moods[i]!;
    this.bpm[id] = m.bpm ?? NaN;
    this.keyPc[id] = m.keyPc ?? -1;
    if (this.published[id] !== (m.published ? 1 : 0)) this.publishedDirty = true;
    this.published[id] = m.published ? 1 : 0;
  }

  /** Sets (or clears) a track's sound vector (raw, in SOUND_FEATURE_NAMES order). */
  setVector(id: number, v: ArrayLike<number> | null): void {
    this.grow(id);
    this.maxId = Math.max(this.maxId, id);
    if (v === null || v.length !== this.dims) {
      this.hasVec[id] = 0;
      return;
    }
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

  /** Every published track but `id`, best first (ties by id), one page of them; the blend is `blend`. */
  similar(id: number, offset: number, limit: number, blend: Blend = BLEND): SimilarPage {
    this.grow(id);
    const candidates = this.publishedList();
    const n = candidates.length - (this.published[id] ? 1 : 0);
    const want = Math.min(offset + limit, n);
    if (want <= offset) return { ids: [], total: n };
    const selfVec = this.hasVec[id] === 1;
    // Without a vector for the asked track, its tags alone decide (the sound share is left out).
    const wSound = selfVec ? blend.sound : 0;
    const g = this.genre[id]!;
    const gGroup = Math.floor(g / 100);
    const mc = this.moodCount[id]!;
    const myMoods = this.moods.subarray(id * MAX_MOODS, id * MAX_MOODS + mc);
    const myBpm = this.bpm[id]!;
    const myKey = this.keyPc[id]!;
    const dims = this.dims;
    const vec = this.vec;
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
      let score = 0;
      if (wSound > 0) {
        let sim = 1 / 3;
        if (this.hasVec[t]) {
          let s = 0;
          for (let d = 0, ot = t * dims; d < dims; d++) {
            const x = vec[o + d]! - vec[ot + d]!;
            s += x * x;
          }
          // Standardised squared distance over the total weight: about 2 between unrelated tracks, 0 for the same.
          sim = 1 / (1 + s * scale);
        }
        score += wSound * sim;
      }
      const tg = this.genre[t]!;
      if (g !== 0 && tg !== 0) score += blend.genre * (tg === g ? 1 : Math.floor(tg / 100) === gGroup ? 0.5 : 0);
      const tmc = this.moodCount[t]!;
      if (mc > 0 && tmc > 0) {
        let shared = 0;
        for (let a = 0; a < tmc; a++) {
          const m = this.moods[t * MAX_MOODS + a]!;
          for (let b = 0; b < mc; b++) if (myMoods[b] === m) shared++;
        }
        score += blend.mood * (shared / (mc + tmc - shared));
      }
      const tb = this.bpm[t]!;
      if (myBpm === myBpm && tb === tb) score += blend.bpm * Math.max(0, 1 - Math.abs(Math.log2(tb / myBpm)) / 0.25);
      const tk = this.keyPc[t]!;
      if (myKey >= 0 && tk >= 0) {
        // Steps round the circle of fifths: the same key 1, a fifth away 0.5.
        const steps = Math.min(((((tk - myKey) * 7) % 12) + 12) % 12, ((((myKey - tk) * 7) % 12) + 12) % 12);
        score += blend.key * (steps === 0 ? 1 : steps === 1 ? 0.5 : 0);
      }
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
    return { ids: order.slice(offset, offset + limit).map((k) => hi[k]!), total: n };
  }
}
