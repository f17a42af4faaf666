/**
 * Posting lists: for each key, the sorted ids that have it.
 *
 * All lists live in one Uint32Array heap as blocks [length, capacity, id…]: a few hundred thousand keys as
 * separate typed arrays would cost more in object headers than in ids. A block that outgrows its capacity
 * moves to the end of the heap with double the room; the space it leaves is reclaimed by compacting the heap
 * once it is more than half waste. Ids arrive mostly in increasing order (autoincrement), so adding is
 * usually an append.
 *
 * Optionally each posting carries one byte ("aux"), kept in a parallel heap at the same offsets: the text
 * index stores there where a bigram occurs in the entry's text.
 */
import { setBit, type Bits } from './bitset';

const HEADER = 2;

export class PostingStore<K> {
  private heap = new Uint32Array(1024);
  private aux: Uint8Array | null;
  private top = 0;
  private waste = 0;
  private readonly blocks = new Map<K, number>();

  constructor(options: { aux?: boolean } = {}) {
    this.aux = options.aux ? new Uint8Array(this.heap.length) : null;
  }

  get keyCount(): number {
    return this.blocks.size;
  }
  /** Heap size in bytes (for the memory report). */
  get heapBytes(): number {
    return this.heap.byteLength + (this.aux?.byteLength ?? 0);
  }
  keys(): IterableIterator<K> {
    return this.blocks.keys();
  }
  has(key: K): boolean {
    return this.blocks.has(key);
  }
  lengthOf(key: K): number {
    const at = this.blocks.get(key);
    return at === undefined ? 0 : this.heap[at]!;
  }

  /** Adds id under key (with its aux byte); returns true when the key is new. */
  add(key: K, id: number, auxByte = 0): boolean {
    let at = this.blocks.get(key);
    if (at === undefined) {
      at = this.allocate(1);
      this.heap[at] = 1;
      this.heap[at + HEADER] = id;
      if (this.aux) this.aux[at + HEADER] = auxByte;
      this.blocks.set(key, at);
      return true;
    }
    const heap0 = this.heap;
    const len = heap0[at]!;
    const start = at + HEADER;
    const last = heap0[start + len - 1]!;
    let pos: number;
    if (id > last) {
      pos = len;
    } else {
      pos = lowerBound(heap0, start, start + len, id) - start;
      if (pos < len && heap0[start + pos] === id) return false;
    }
    if (len === heap0[at + 1]) at = this.move(key, len * 2);
    const heap = this.heap;
    const s = at + HEADER;
    if (pos < len) heap.copyWithin(s + pos + 1, s + pos, s + len);
    heap[s + pos] = id;
    heap[at] = len + 1;
    if (this.aux) {
      if (pos < len) this.aux.copyWithin(s + pos + 1, s + pos, s + len);
      this.aux[s + pos] = auxByte;
    }
    return false;
  }

  /** Removes id from key; returns true when the key is left empty (and is dropped). */
  delete(key: K, id: number): boolean {
    const at = this.blocks.get(key);
    if (at === undefined) return false;
    const heap = this.heap;
    const len = heap[at]!;
    const start = at + HEADER;
    const pos = lowerBound(heap, start, start + len, id);
    if (pos === start + len || heap[pos] !== id) return false;
    if (len === 1) {
      this.blocks.delete(key);
      this.waste += HEADER + heap[at + 1]!;
      return true;
    }
    heap.copyWithin(pos, pos + 1, start + len);
    this.aux?.copyWithin(pos, pos + 1, start + len);
    heap[at] = len - 1;
    return false;
  }

  /** Sets the bits of key's ids. */
  orInto(key: K, bits: Bits): void {
    const at = this.blocks.get(key);
    if (at === undefined) return;
    const heap = this.heap;
    const end = at + HEADER + heap[at]!;
    for (let i = at + HEADER; i < end; i++) setBit(bits, heap[i]!);
  }

  /** Key's ids as a view into the heap: valid only until the next write to the store. */
  view(key: K): Uint32Array {
    const at = this.blocks.get(key);
    if (at === undefined) return new Uint32Array(0);
    return this.heap.subarray(at + HEADER, at + HEADER + this.heap[at]!);
  }

  /** Key's aux bytes, aligned with view(key); empty when the store keeps none. */
  auxView(key: K): Uint8Array {
    const at = this.blocks.get(key);
    if (at === undefined || !this.aux) return new Uint8Array(0);
    return this.aux.subarray(at + HEADER, at + HEADER + this.heap[at]!);
  }

  /** Key's ids, as a copy (the heap moves on writes). */
  ids(key: K): Uint32Array {
    const at = this.blocks.get(key);
    if (at === undefined) return new Uint32Array(0);
    return this.heap.slice(at + HEADER, at + HEADER + this.heap[at]!);
  }

  forEach(key: K, f: (id: number) => void): void {
    const at = this.blocks.get(key);
    if (at === undefined) return;
    const heap = this.heap;
    const end = at + HEADER + heap[at]!;
    for (let i = at + HEADER; i < end; i++) f(heap[i]!);
  }

  /** Rewrites the heap with every block at its exact length (after a bulk build). */
  compact(): void {
    this.rewrite(0);
  }

  /**
   * Copies the live blocks into a new heap with `spareFactor` × their size free at the end. Compacting to
   * a full heap would compact again on the next growth: leaving as much free as is live makes the copying
   * amortised O(1) per add.
   */
  private rewrite(spareFactor: number): void {
    let size = 0;
    for (const at of this.blocks.values()) size += HEADER + this.heap[at]!;
    const next = new Uint32Array(Math.max(1024, Math.ceil(size * (1 + spareFactor)) + (size >>> 4)));
    const nextAux = this.aux ? new Uint8Array(next.length) : null;
    let top = 0;
    for (const [key, at] of this.blocks) {
      const len = this.heap[at]!;
      next[top] = len;
      next[top + 1] = len;
      next.set(this.heap.subarray(at + HEADER, at + HEADER + len), top + HEADER);
      nextAux?.set(this.aux!.subarray(at + HEADER, at + HEADER + len), top + HEADER);
      this.blocks.set(key, top);
      top += HEADER + len;
    }
    this.heap = next;
    this.aux = nextAux;
    this.top = top;
    this.waste = 0;
  }

  private allocate(capacity: number): number {
    const need = HEADER + capacity;
    if (this.top + need > this.heap.length) {
      if (this.waste > this.top >>> 1) this.rewrite(1);
      if (this.top + need > this.heap.length) {
        const bigger = new Uint32Array(Math.max(this.top + need, Math.ceil(this.heap.length * 1.5)));
        bigger.set(this.heap.subarray(0, this.top));
        this.heap = bigger;
        if (this.aux) {
          const biggerAux = new Uint8Array(bigger.length);
          biggerAux.set(this.aux.subarray(0, this.top));
          this.aux = biggerAux;
        }
      }
    }
    const at = this.top;
    this.heap[at + 1] = capacity;
    this.top += need;
    return at;
  }

  private move(key: K, capacity: number): number {
    // allocate() may compact, which moves this block too: read its position back from the map afterwards.
    const to = this.allocate(capacity);
    const from = this.blocks.get(key)!;
    const len = this.heap[from]!;
    this.heap.copyWithin(to + HEADER, from + HEADER, from + HEADER + len);
    this.aux?.copyWithin(to + HEADER, from + HEADER, from + HEADER + len);
    this.heap[to] = len;
    this.blocks.set(key, to);
    this.waste += HEADER + this.heap[from + 1]!;
    return to;
  }
}

/** First index in [lo, hi) whose value is >= x. */
export function lowerBound(a: Uint32Array, lo: number, hi: number, x: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
