/**
 * Bitsets over integer ids (bit i of word i >>> 5), the currency of the index: filters, postings of broad
 * terms and scopes become bitsets of the same length, combined whole (AND, AND-NOT and counts in WebAssembly
 * SIMD, kernels.ts).
 */
import { andCountInto, andNotCountInto, countBits } from './kernels';

export type Bits = Uint32Array;

export const wordsFor = (capacity: number): number => (capacity + 31) >>> 5;

export function setBit(b: Bits, i: number): void {
  b[i >>> 5]! |= 1 << (i & 31);
}
export function clearBit(b: Bits, i: number): void {
  b[i >>> 5]! &= ~(1 << (i & 31));
}
export function testBit(b: Bits, i: number): boolean {
  return ((b[i >>> 5]! >>> (i & 31)) & 1) === 1;
}

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function popcount(b: Bits): number {
  return countBits(b);
}

// The whole-bitset operations below run in WebAssembly SIMD (kernels.ts); `dst` and `src` are of one length.
export function andInto(dst: Bits, src: Bits): void {
  andCountInto(dst, dst, src);
}
export function orInto(dst: Bits, src: Bits): void {
  for (let i = 0; i < dst.length; i++) dst[i]! |= src[i]!;
}
export function andNotInto(dst: Bits, src: Bits): void {
  andNotCountInto(dst, dst, src);
}
/** dst &= src, answering how many bits dst keeps. */
export function andIntoCount(dst: Bits, src: Bits): number {
  return andCountInto(dst, dst, src);
}
/** dst &= ~src, answering how many bits dst keeps. */
export function andNotIntoCount(dst: Bits, src: Bits): number {
  return andNotCountInto(dst, dst, src);
}
export function isEmpty(b: Bits): boolean {
  for (let i = 0; i < b.length; i++) if (b[i] !== 0) return false;
  return true;
}

/**
 * Adds a bitset to a bit-sliced counter: `slices[j]` holds bit j of each id's count (a ripple-carry add,
 * one pass over the words). A count past what the slices hold wraps around.
 */
export function addToCounter(slices: readonly Bits[], b: Bits): void {
  const n = slices.length;
  for (let w = 0; w < b.length; w++) {
    let carry = b[w]!;
    for (let j = 0; j < n && carry !== 0; j++) {
      const s = slices[j]!;
      const x = s[w]!;
      s[w] = x ^ carry;
      carry &= x;
    }
  }
}

/** out := the ids whose count in a bit-sliced counter (addToCounter) is exactly k (every word written). */
export function counterEqualsInto(out: Bits, slices: readonly Bits[], k: number): void {
  const n = slices.length;
  for (let w = 0; w < out.length; w++) {
    let x = -1;
    for (let j = 0; j < n; j++) x &= (k >>> j) & 1 ? slices[j]![w]! : ~slices[j]![w]!;
    out[w] = x;
  }
}

/** Copies a bitset into a longer (zero-filled) one when the id space grows. */
export function grown(b: Bits, words: number): Bits {
  const g = new Uint32Array(words);
  g.set(b);
  return g;
}

/** Calls f for every set bit, ascending. */
export function forEachBit(b: Bits, f: (id: number) => void): void {
  for (let w = 0; w < b.length; w++) {
    let x = b[w]!;
    while (x !== 0) {
      const t = x & -x;
      f((w << 5) + (31 - Math.clz32(t)));
      x ^= t;
    }
  }
}

/**
 * The ids of the set bits, ascending, in a typed array of exactly their count: a million ids take 4 MB
 * outside V8's heap, where a JS array would take 8 MB inside it (and grow the heap at boot for good).
 */
export function bitsToIdArray(b: Bits): Uint32Array {
  const out = new Uint32Array(countBits(b));
  let n = 0;
  forEachBit(b, (id) => {
    out[n++] = id;
  });
  return out;
}

/** The ids of the set bits, ascending. */
export function bitsToIds(b: Bits): number[] {
  const out: number[] = [];
  forEachBit(b, (id) => out.push(id));
  return out;
}

/**
 * Appends to `out` the set bits in id order (ascending or descending), skipping the first `skip` of them and
 * stopping once `out` holds `limit` ids; whole words are skipped by popcount, so a deep page costs a scan of
 * words, not of bits. Returns how many set bits were skipped (to carry a remaining skip across bitsets).
 */
export function pageBits(b: Bits, descending: boolean, skip: number, limit: number, out: number[]): number {
  let skipped = 0;
  if (out.length >= limit) return 0;
  // The word index steps by ±1: computed from the direction at each word, the scan of a million tracks'
  // mostly empty words ran twice as slow.
  const step = descending ? -1 : 1;
  for (let w = descending ? b.length - 1 : 0; w >= 0 && w < b.length; w += step) {
    let x = b[w]!;
    if (x === 0) continue;
    if (skipped < skip) {
      const c = popcount32(x);
      if (skipped + c <= skip) {
        skipped += c;
        continue;
      }
    }
    const base = w << 5;
    while (x !== 0) {
      // The highest set bit first when descending, else the lowest.
      const bit = 31 - Math.clz32(descending ? x : x & -x);
      x &= ~(1 << bit);
      if (skipped < skip) skipped++;
      else if (out.push(base + bit) >= limit) return skipped;
    }
  }
  return skipped;
}

/**
 * Scratch bitsets for one search: taken in a stack discipline and handed back with `release(mark)`, so a
 * query allocates nothing once the pool is warm (a million ids is 125 kB per bitset).
 */
export class BitsPool {
  private readonly free: Bits[] = [];
  private readonly used: Bits[] = [];
  constructor(private words: number) {}

  resize(words: number): void {
    this.words = words;
    this.free.length = 0;
  }
  /** A zeroed bitset. */
  take(): Bits {
    const b = this.free.pop();
    const bits = b && b.length === this.words ? b.fill(0) : new Uint32Array(this.words);
    this.used.push(bits);
    return bits;
  }
  /** A bitset with whatever it held before: for a caller that writes every word. */
  takeDirty(): Bits {
    const b = this.free.pop();
    const bits = b && b.length === this.words ? b : new Uint32Array(this.words);
    this.used.push(bits);
    return bits;
  }
  /** A copy of `src`. */
  copy(src: Bits): Bits {
    const b = this.free.pop();
    const bits = b && b.length === this.words ? b : new Uint32Array(this.words);
    bits.set(src);
    this.used.push(bits);
    return bits;
  }
  mark(): number {
    return this.used.length;
  }
  release(mark: number): void {
    while (this.used.length > mark) {
      const b = this.used.pop()!;
      if (b.length === this.words && this.free.length < 64) this.free.push(b);
    }
  }
}
