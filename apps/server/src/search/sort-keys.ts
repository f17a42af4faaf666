/**
 * Full sorts of ids by a key, used when a sort order is (re)built: a million ids at boot, so the numeric
 * sort is an LSD radix sort (a comparator sort of a million typed-array entries takes about half a second).
 */

/**
 * `ids` (ascending) reordered by (value, id) ascending. Values must not be NaN; -0 must have been stored as 0
 * (radix order would put it before 0, a comparison would call them equal).
 */
export function sortIdsByNumber(ids: Uint32Array, values: Float64Array): Uint32Array {
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
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(src[i]! >>> shift) & 0xffff]!++;
    if (n > 0 && counts[(src[0]! >>> shift) & 0xffff] === n) continue;
    let sum = 0;
    for (let d = 0; d < 0x10000; d++) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
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

/** `ids` (ascending) reordered by (key, id) ascending, keys compared by UTF-16 code units. */
export function sortIdsByString(ids: Uint32Array, keyOf: (id: number) => string): Uint32Array {
  const n = ids.length;
  const keys: string[] = new Array<string>(n);
  for (let i = 0; i < n; i++) keys[i] = keyOf(ids[i]!);
  const positions: number[] = new Array<number>(n);
  for (let i = 0; i < n; i++) positions[i] = i;
  // Array.prototype.sort is stable, and positions start in id order, so equal keys stay in id order.
  positions.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = ids[positions[i]!]!;
  return out;
}
