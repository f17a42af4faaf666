/**
 * The text-match cache: what a search text matches (and its relevance classes), kept for texts asked for
 * again, so a repeated text (the popular searches, a text paged through or combined with other filters)
 * costs a few AND passes instead of its posting-list work.
 *
 * The sets are computed over every live track, independent of scope, visibility and filters; a query ANDs
 * them with its own filter, which gives exactly what matching under that filter gives (matching only ever
 * narrows by the filter). They are dropped on any write that can change what a text matches.
 *
 * Admission follows Lucene's usage-tracking policy in spirit: a text is cached the second time it is seen
 * among the recent ones, so one-off texts never pay for the broader, filter-free computation. Memory is
 * bounded in bytes; a set is kept dense (a bitset) or as its sorted ids, whichever is smaller.
 */
import { type Bits, bitsToIdArray, popcount, setBit, testBit } from './bitset';
import { andCountInto } from './kernels';

/** A set of ids: a bitset, or its ids ascending when that is smaller. */
export type IdSet = { readonly dense: Bits; readonly sparse?: undefined } | { readonly sparse: Uint32Array; readonly dense?: undefined };

export interface TextMatchSets {
  matches: IdSet;
  /** The six relevance classes, best first (see matchText). */
  tiers: IdSet[];
}

interface Entry {
  sets: TextMatchSets;
  bytes: number;
}

const bytesOf = (s: IdSet): number => (s.dense ? s.dense.byteLength : s.sparse.byteLength);

/** Keeps `b` as the smaller of its two forms (the bitset is copied, so the caller may reuse `b`). */
export function compactSet(b: Bits): IdSet {
  const count = popcount(b);
  if (count < b.length) return { sparse: bitsToIdArray(b) };
  return { dense: b.slice() };
}

/** out := set ∧ filter, answering its popcount. `out` must be zeroed and as long as `filter`. */
export function intersectInto(out: Bits, set: IdSet, filter: Bits): number {
  if (set.dense) return andCountInto(out, set.dense, filter);
  let n = 0;
  const ids = set.sparse;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (testBit(filter, id)) {
      setBit(out, id);
      n++;
    }
  }
  return n;
}

/** How many recently seen texts are remembered for admission. */
const SEEN_MAX = 4096;

export class TextMatchCache {
  private readonly entries = new Map<string, Entry>();
  private readonly seen = new Set<string>();
  private bytes = 0;
  readonly stats = { hits: 0, misses: 0, admitted: 0 };

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  /** The sets of this text, most recently used first; undefined when not cached. */
  get(key: string): TextMatchSets | undefined {
    const e = this.entries.get(key);
    if (!e) {
      this.stats.misses++;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, e);
    this.stats.hits++;
    return e.sets;
  }

  /** Records a sight of a text not cached; true when it has been seen recently and should be cached now. */
  admit(key: string): boolean {
    if (this.seen.delete(key)) return true;
    if (this.seen.size >= SEEN_MAX) this.seen.clear();
    this.seen.add(key);
    return false;
  }

  set(key: string, sets: TextMatchSets): void {
    const bytes = sets.tiers.reduce((n, t) => n + bytesOf(t), bytesOf(sets.matches));
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    while (this.bytes + bytes > this.maxBytes) {
      const [oldest, e] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(oldest);
      this.bytes -= e.bytes;
    }
    this.entries.set(key, { sets, bytes });
    this.bytes += bytes;
    this.stats.admitted++;
  }

  /**
   * Forgets every set, and the sightings too: right after a write a text must be seen twice again before
   * it is matched over every track, so that a stream of writes between searches never pays for that
   * broader matching on every search (it would cost more than matching under the filter).
   */
  clear(): void {
    this.entries.clear();
    this.seen.clear();
    this.bytes = 0;
  }
}
