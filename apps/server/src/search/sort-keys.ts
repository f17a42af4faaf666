/**
 * Full sorts of ids by a key, used when a sort order is (re)built: a million ids at boot, so the numeric
 * sort is an LSD radix sort (a comparator sort of a million typed-array entries takes about half a second).
 */

/**
 * One pass of an LSD radix sort, first half: counts the digits `(src[i] >>> shift) & mask` of the first n
 * keys and turns the counts into each digit's first position. False when every key has the same digit, so
 * the pass would leave the order as it is and can be skipped.
 */
function digitStarts(src: Uint32Array, n: number, shift: number, mask: number, counts: Uint32Array): boolean {
  counts.fill(0);
  for (let i = 0; i < n; i++) counts[(src[i]! >>> shift) & mask]!++;
  if (n === 0 || counts[(src[0]! >>> shift) & mask] === n) return false;
  let sum = 0;
  for (let d = 0; d <= mask; d++) {
    const c = counts[d]!;
    counts[d] = sum;
    sum += c;
  }
  return true;
}

/**
 * `ids` (ascending) reordered by (value, id) ascending. Values must not be NaN; -0 must have been stored as 0
 * (radix order would put it before 0, a comparison would call them equal).
 */
export function sortIdsByNumber(ids: Uint32Array, values: Float32Array | Float64Array): Uint32Array {
  const n = ids.length;
  // Order-preserving map of float64 to two uint32: flip the sign bit of positives, every bit of negatives.
  const f = new Float64Array(n);
  for (let i = 0; i < n; i++) f[i] = values[ids[i]!]!;
  const u = new Uint32Array(f.buffer);
  let hi = new Uint32Array(n);
  let lo = new Uint32Array(n);
  const little = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
  for (let i = 0; i < n; i++) {
    let h = u[2 * i + (little ? 1 : 0)]!;
    let l = u[2 * i + (little ? 0 : 1)]!;
    if (h >>> 31) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else {
      h = (h | 0x80000000) >>> 0;
    }
    hi[i] = h;
    lo[i] = l;
  }
  let order = ids.slice();
  let hi2 = new Uint32Array(n);
  let lo2 = new Uint32Array(n);
  let order2 = new Uint32Array(n);
  const counts = new Uint32Array(0x10000);
  // LSD passes are stable, so equal values keep the ascending id order they started in.
  for (let pass = 0; pass < 4; pass++) {
    const src = pass < 2 ? lo : hi;
    const shift = pass % 2 === 0 ? 0 : 16;
    if (!digitStarts(src, n, shift, 0xffff, counts)) continue;
    for (let i = 0; i < n; i++) {
      const d = (src[i]! >>> shift) & 0xffff;
      const to = counts[d]!++;
      hi2[to] = hi[i]!;
      lo2[to] = lo[i]!;
      order2[to] = order[i]!;
    }
    [hi, hi2] = [hi2, hi];
    [lo, lo2] = [lo2, lo];
    [order, order2] = [order2, order];
  }
  return order;
}

const FULL_COMPARE_MAX = 48;
/** Runs up to this size sort natively as doubles packing (two-unit chunk, index in run): 34 + 19 bits. */
const PACKED_SORT_MAX = 1 << 19;

/**
 * The arrays an MSD sort works on, kept aligned: position i holds an original index (ord), where its key
 * lies in `units` (at, len) and the chunk it was last sorted by (ch). The keys are UTF-16 units in one
 * typed array rather than a million strings (a quarter of the memory at boot, nothing for the GC to trace);
 * moving their places along with the indices keeps every pass sequential in memory.
 */
interface Work {
  ord: Uint32Array;
  at: Uint32Array;
  len: Uint32Array;
  units: Uint16Array;
  ch: Float64Array;
  /** Scratch for `permute`, as long as the work arrays. */
  tmp: Uint32Array;
  /**
   * Scratch for the packed sort of a run, as long as its largest run: allocated per run, the runs' scratch
   * would pile up as garbage (V8 collects array buffers after 64 MB of them) before it is freed.
   */
  packed: Float64Array;
  perm: Uint32Array;
  packedMax: number;
}

/**
 * `width` (2 or 3) units of key i from `offset`, as one number that sorts like them (each unit shifted up by
 * one so that a key ending there sorts before any continuation of it; 17 bits a unit).
 */
function chunkKey(w: Work, i: number, offset: number, width: number): number {
  const n = w.len[i]!;
  const p = w.at[i]! + offset;
  const u = w.units;
  const a = n > offset ? u[p]! + 1 : 0;
  const b = n > offset + 1 ? u[p + 1]! + 1 : 0;
  if (width === 2) return a * 0x20000 + b;
  const c = n > offset + 2 ? u[p + 2]! + 1 : 0;
  return a * 0x400000000 + b * 0x20000 + c;
}

/** Compares keys i and j by their units (a key that is a prefix of the other first). */
function compareKeys(w: Work, i: number, j: number): number {
  const u = w.units;
  const ni = w.len[i]!;
  const nj = w.len[j]!;
  const pi = w.at[i]!;
  const pj = w.at[j]!;
  const n = Math.min(ni, nj);
  for (let k = 0; k < n; k++) {
    const d = u[pi + k]! - u[pj + k]!;
    if (d !== 0) return d;
  }
  return ni - nj;
}

/** Applies a permutation of [start, start + perm.length) (perm[i] = old local index now at i). */
function permute(w: Work, start: number, perm: ArrayLike<number>, chunkOf: (i: number) => number): void {
  // One array at a time through the scratch: no copies made per call (a million ids at the top level).
  gather(w.ord, w.tmp, start, perm);
  gather(w.at, w.tmp, start, perm);
  gather(w.len, w.tmp, start, perm);
  for (let i = 0; i < perm.length; i++) w.ch[start + i] = chunkOf(i);
}

/** a[start + i] = old a[start + perm[i]], through `tmp`. */
function gather(a: Uint32Array, tmp: Uint32Array, start: number, perm: ArrayLike<number>): void {
  const n = perm.length;
  tmp.set(a.subarray(start, start + n));
  for (let i = 0; i < n; i++) a[start + i] = tmp[perm[i]!]!;
}

/**
 * Sorts [start, end) of the work arrays (keys sharing their first `offset` units, in original order where
 * equal) by key, stably: most-significant chunk first, recursing into runs that share the chunk. Long
 * shared prefixes ("the …", "lofi …") cost a pass per chunk instead of a JS comparison per pair.
 */
function sortRange(w: Work, start: number, end: number, offset: number): void {
  const n = end - start;
  if (n < 2) return;
  if (n <= FULL_COMPARE_MAX) {
    const local = Array.from({ length: n }, (_, i) => i);
    local.sort((a, b) => compareKeys(w, start + a, start + b) || a - b);
    permute(w, start, local, () => 0);
    return;
  }
  // A run of one repeated title (common: "Intro", "사랑") is already in order.
  let same = true;
  for (let i = start + 1; i < end && same; i++) same = compareKeys(w, start, i) === 0;
  if (same) return;
  let width: number;
  if (n <= w.packedMax) {
    // The index in the run breaks ties, so a plain numeric sort is stable.
    width = 2;
    const packed = w.packed.subarray(0, n);
    for (let i = 0; i < n; i++) packed[i] = chunkKey(w, start + i, offset, 2) * PACKED_SORT_MAX + i;
    packed.sort();
    const perm = w.perm.subarray(0, n);
    for (let i = 0; i < n; i++) perm[i] = packed[i]! % PACKED_SORT_MAX;
    permute(w, start, perm, (i) => Math.floor(packed[i]! / PACKED_SORT_MAX));
  } else {
    width = 3;
    const chunks = new Float64Array(n);
    for (let i = 0; i < n; i++) chunks[i] = chunkKey(w, start + i, offset, 3);
    const perm = sortIdsByNumber(
      Uint32Array.from({ length: n }, (_, i) => i),
      chunks,
    );
    permute(w, start, perm, (i) => chunks[perm[i]!]!);
  }
  const ch = w.ch;
  for (let i = start; i < end;) {
    const c = ch[i]!;
    let j = i + 1;
    while (j < end && ch[j] === c) j++;
    // Keys ending before the chunk's end are all equal; otherwise the next chunk decides (0 for those that
    // end exactly here, so they come first).
    if (j - i > 1 && w.len[i]! >= offset + width) sortRange(w, i, j, offset + width);
    i = j;
  }
}

/**
 * `ids` (ascending) reordered by (key, id) ascending, keys compared by UTF-16 code units. `packedMax` (at
 * most 2^19) is the largest run sorted as packed doubles; larger ones are radix-sorted (tests lower it).
 */
export function sortIdsByString(ids: Uint32Array, keyOf: (id: number) => string, packedMax = PACKED_SORT_MAX): Uint32Array {
  const n = ids.length;
  const at = new Uint32Array(n);
  const len = new Uint32Array(n);
  let units = new Uint16Array(Math.max(1024, n * 12));
  let used = 0;
  for (let i = 0; i < n; i++) {
    const key = keyOf(ids[i]!);
    if (used + key.length > units.length) {
      const more = new Uint16Array(Math.ceil((used + key.length) * 1.5));
      more.set(units.subarray(0, used));
      units = more;
    }
    for (let k = 0; k < key.length; k++) units[used + k] = key.charCodeAt(k);
    at[i] = used;
    len[i] = key.length;
    used += key.length;
  }
  const runMax = Math.min(packedMax, PACKED_SORT_MAX);
  const w: Work = {
    ord: Uint32Array.from({ length: n }, (_, i) => i),
    at,
    len,
    units,
    ch: new Float64Array(n),
    tmp: new Uint32Array(n),
    packed: new Float64Array(Math.min(n, runMax)),
    perm: new Uint32Array(Math.min(n, runMax)),
    packedMax: runMax,
  };
  if (n > w.packedMax) sortByFirstUnit(w, n);
  else sortRange(w, 0, n, 0);
  // The key positions are done with: the answer goes in their place.
  const out = w.at;
  for (let i = 0; i < n; i++) out[i] = ids[w.ord[i]!]!;
  return out;
}

/**
 * The top level of a large sort (a million titles at boot): a stable counting sort by the first unit (an
 * empty key first), then each run of one first unit sorted from the second. Packing three units into
 * doubles and radix-sorting them, as a run of this size otherwise would, takes 36 MB of scratch at a
 * million keys; this takes the counts and one permutation.
 */
function sortByFirstUnit(w: Work, n: number): void {
  const firstOf = (i: number) => (w.len[i]! > 0 ? w.units[w.at[i]!]! + 1 : 0);
  const starts = new Uint32Array(0x10002);
  for (let i = 0; i < n; i++) starts[firstOf(i) + 1]!++;
  for (let d = 1; d < starts.length; d++) starts[d]! += starts[d - 1]!;
  const next = starts.slice();
  const perm = new Uint32Array(n);
  for (let i = 0; i < n; i++) perm[next[firstOf(i)]!++] = i;
  permute(w, 0, perm, firstOf);
  // Empty keys (unit 0) are all equal; every other run shares one unit.
  for (let d = 1; d < 0x10001; d++) if (starts[d + 1]! - starts[d]! > 1) sortRange(w, starts[d]!, starts[d + 1]!, 1);
}

/**
 * The ids of `ids` (ascending) reordered by (value, id) ascending, for a page sorted by a Float32 column:
 * each value's bits mapped to an order-preserving uint32, then a stable LSD radix sort, 8 bits a pass (a
 * pass whose digit is the same for all is skipped). About 0.1 µs an id: a few thousand matches sort far
 * faster than with a comparator (25 ns a call, m·log m calls). Values must not be NaN; -0 stored as 0.
 */
export function sortIdsByFloat32(ids: ArrayLike<number>, values: Float32Array): Uint32Array {
  const n = ids.length;
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  let keys = new Uint32Array(n);
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    const b = bits[id]!;
    keys[i] = b >>> 31 ? ~b >>> 0 : (b | 0x80000000) >>> 0;
    order[i] = id;
  }
  let keys2 = new Uint32Array(n);
  let order2 = new Uint32Array(n);
  const counts = new Uint32Array(256);
  for (let shift = 0; shift < 32; shift += 8) {
    if (!digitStarts(keys, n, shift, 0xff, counts)) continue;
    for (let i = 0; i < n; i++) {
      const k = keys[i]!;
      const to = counts[(k >>> shift) & 0xff]!++;
      keys2[to] = k;
      order2[to] = order[i]!;
    }
    [keys, keys2] = [keys2, keys];
    [order, order2] = [order2, order];
  }
  return order;
}
