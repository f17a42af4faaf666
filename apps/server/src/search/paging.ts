/**
 * Ordering and paging for the catalogue index: one page of the matches in the query's order (relevance
 * classes, list order, id, or a field's sorted order), choosing per query between walking the field's order
 * and selecting the page from the matches themselves, by estimated cost.
 */
import type { SortDir, SortField } from '@sori/contract';
import { andIntoCount, bitsToIds, pageBits, setBit, testBit, type Bits } from './bitset';
import type { IndexScope, NumericField, Tiers } from './index-types';
import { setBitIds } from './kernels';
import { sortIdsByFloat32 } from './sort-keys';
import type { TrackStore } from './track-store';

/**
 * A comparator call of the direct sort against one step of the walk (a bit test): about 25 ns to 2 ns, so
 * 10 (Node 20; sorting 2,048 matches by BPM took 0.5 ms, walking 100,000 ids 0.21 ms).
 */
const SORT_COMPARE_COST = 10;
/**
 * A match in `pageSelect` (marked, or counted and checked again, in two passes over the bitset) against one
 * step of the walk (an id of the order read and its bit tested).
 */
const SELECT_STEP_COST = 8;

export class Pager {
  /** Scratch of `valuesAt`: counts of the matches by the top 16 bits of their values, all zero between calls. */
  private readonly bucketCounts = new Uint32Array(0x10000);

  constructor(
    private readonly store: TrackStore,
    /** Matches up to which a sort selects the page instead of walking the order (`CatalogueIndexOptions`). */
    private readonly directSortMax: number,
    /** Whether the path is chosen by estimated cost rather than by `directSortMax`. */
    private readonly sortPathByCost: boolean,
  ) {}

  page(
    matches: Bits,
    tiers: Tiers | null,
    tierCount: number,
    sort: SortField,
    dir: SortDir,
    offset: number,
    limit: number,
    scope: IndexScope,
    total: number,
  ): number[] {
    const desc = dir === 'desc';
    const out: number[] = [];
    if (sort === 'relevance' && tiers) {
      pageAcross(tiers, tierCount, desc, offset, limit, out);
      return out;
    }
    if (sort === 'id' || sort === 'relevance') {
      if (scope.kind === 'list') return this.pageList(matches, scope.ids, desc, offset, limit);
      pageBits(matches, desc, offset, limit, out);
      return out;
    }
    // A Float64 column (a value Float32 cannot hold exactly) is sorted by comparison, a few matches at most.
    const comparison = sort !== 'title' && !(this.store[sort] instanceof Float32Array);
    const direct = this.sortPathByCost ? this.directCost(sort, total) : total <= this.directSortMax ? 0 : Infinity;
    const walk = this.walkCost(total, offset + limit);
    if (direct < Infinity && direct <= walk) {
      if (comparison) return this.pageByComparison(matches, this.store[sort as NumericField] as Float64Array, desc, offset, limit);
      return this.pageSelect(matches, sort, desc, offset, limit, total);
    }
    // The walk's estimate assumes the matches are spread evenly over the order. When they bunch at its far end
    // (slow tracks sorted by BPM descending, a text's matches by title), it gives up once it has cost what the
    // direct way would, and pages that way: never more than twice the cheaper of the two.
    return this.pageWalk(matches, sort, desc, offset, limit, total, this.sortPathByCost && !comparison ? direct : Infinity);
  }

  /** The matches with no value for a sort field (they come after the rest either way), and how many. */
  private nullsOf(matches: Bits, sort: 'title' | NumericField): [Bits | null, number] {
    const nulls = sort === 'bpm' ? this.store.nullBpm : sort === 'duration' ? this.store.nullDuration : null;
    if (!nulls) return [null, 0];
    const nullMatches = this.store.pool.copy(nulls);
    return [nullMatches, andIntoCount(nullMatches, matches)];
  }

  /**
   * A page by walking the field's sorted order and keeping the matches; after `steps` ids without the page
   * filled, the page is made by `pageSelect` instead.
   */
  private pageWalk(
    matches: Bits,
    sort: 'title' | NumericField,
    desc: boolean,
    offset: number,
    limit: number,
    total: number,
    steps: number,
  ): number[] {
    const [nullMatches, nullCount] = this.nullsOf(matches, sort);
    const valued = total - nullCount;
    const out: number[] = [];
    let skip = offset;
    if (skip < valued) {
      const ids = sort === 'title' ? this.store.titleOrder.view() : this.store.numericOrders[sort].view();
      const n = ids.length;
      const end = Math.min(n, steps);
      // Read forwards or backwards by a step of ±1 and the bit tested inline: this loop runs up to a million
      // times a search, and a position computed from the direction each time made it twice as slow.
      const step = desc ? -1 : 1;
      let at = desc ? n - 1 : 0;
      let k = 0;
      for (; k < end; k++, at += step) {
        const id = ids[at]!;
        if ((matches[id >>> 5]! & (1 << (id & 31))) !== 0) {
          if (skip > 0) skip--;
          else if (out.push(id) === limit) break;
        }
      }
      if (out.length < limit && k < n) return this.pageSelect(matches, sort, desc, offset, limit, total, [nullMatches, nullCount]);
    } else {
      skip -= valued;
    }
    if (nullMatches && out.length < limit) pageBits(nullMatches, desc, skip, limit, out);
    return out;
  }

  /**
   * A page without walking the order: titles by each match's place in the title order; a Float32 column by
   * a histogram of the matches' values that finds the few buckets holding the page, whose matches alone are
   * sorted. Two passes over the matches either way, and no sort of them all.
   */
  private pageSelect(
    matches: Bits,
    sort: 'title' | NumericField,
    desc: boolean,
    offset: number,
    limit: number,
    total: number,
    [nullMatches, nullCount] = this.nullsOf(matches, sort),
  ): number[] {
    const valued = total - nullCount;
    const out: number[] = [];
    if (offset < valued) {
      // The places wanted, counted from the ascending end.
      const end = Math.min(valued, offset + limit);
      const from = desc ? valued - end : offset;
      const to = desc ? valued - offset : end;
      const page = sort === 'title' ? this.titlesAt(matches, from, to) : this.valuesAt(matches, this.store[sort] as Float32Array, from, to);
      for (let k = 0; k < page.length; k++) out.push(page[desc ? page.length - 1 - k : k]!);
    }
    if (nullMatches && out.length < limit) pageBits(nullMatches, desc, Math.max(0, offset - valued), limit, out);
    return out;
  }

  /** The matches at places [from, to) of the title order, in order: each match marks its place, read off in order. */
  private titlesAt(matches: Bits, from: number, to: number): number[] {
    const ranks = this.store.titleOrder.ranks();
    const places = this.store.pool.take();
    const ids = setBitIds(matches);
    for (let i = 0; i < ids.length; i++) setBit(places, ranks[ids[i]!]!);
    const at: number[] = [];
    pageBits(places, false, from, to - from, at);
    const order = this.store.titleOrder.view();
    return at.map((p) => order[p]!);
  }

  /**
   * The valued matches at places [from, to) of the (value, id) order of a Float32 column, in that order. The
   * values' bits, mapped to order-preserving integers, are counted by their top 16 bits; the buckets that
   * hold the places wanted are found from the counts, and only the matches in them are sorted.
   */
  private valuesAt(matches: Bits, col: Float32Array, from: number, to: number): Uint32Array {
    const bits = new Uint32Array(col.buffer, col.byteOffset, col.length);
    const counts = this.bucketCounts;
    let low = counts.length;
    let high = -1;
    const ids = setBitIds(matches);
    const n = ids.length;
    for (let i = 0; i < n; i++) {
      const b = bits[ids[i]!]!;
      if ((b & 0x7fffffff) > 0x7f800000) continue; // NaN: no value
      const bucket = orderedBits(b) >>> 16;
      counts[bucket]!++;
      if (bucket < low) low = bucket;
      if (bucket > high) high = bucket;
    }
    let before = 0;
    let first = low;
    while (before + counts[first]! <= from) before += counts[first++]!;
    let last = first;
    let upTo = before + counts[first]!;
    while (upTo < to) upTo += counts[++last]!;
    counts.fill(0, low, high + 1);
    const picked: number[] = [];
    for (let i = 0; i < n; i++) {
      const b = bits[ids[i]!]!;
      if ((b & 0x7fffffff) > 0x7f800000) continue;
      const bucket = orderedBits(b) >>> 16;
      if (bucket >= first && bucket <= last) picked.push(ids[i]!);
    }
    return sortIdsByFloat32(picked, col).subarray(from - before, to - before);
  }

  /**
   * The estimated cost of a page without the walk (`pageSelect`), in walk steps (one id of the order read
   * and tested): two passes over the matches' bitset, a few steps a match, and the sort of a bucket or two;
   * for a Float64 column, a comparison sort of the matches.
   */
  private directCost(sort: 'title' | NumericField, total: number): number {
    if (sort === 'title' || this.store[sort] instanceof Float32Array) return 3 * this.store.words + SELECT_STEP_COST * total;
    return total <= this.directSortMax ? this.store.words + SORT_COMPARE_COST * total * Math.log2(total + 1) : Infinity;
  }

  /** The estimated cost of the walk: it visits about `size × wanted / matches` ids of the order. */
  private walkCost(total: number, wanted: number): number {
    return (this.store.count * Math.min(wanted, total)) / total;
  }

  private pageList(matches: Bits, list: readonly number[], desc: boolean, offset: number, limit: number): number[] {
    const seen = this.store.pool.take();
    const ordered: number[] = [];
    for (const id of list) {
      if (!this.store.has(id) || testBit(seen, id)) continue;
      setBit(seen, id);
      if (testBit(matches, id)) ordered.push(id);
    }
    if (!desc) ordered.reverse();
    return ordered.slice(offset, offset + limit);
  }

  /** A page by a Float64 column, the matches sorted by comparison (nulls last either way). */
  private pageByComparison(matches: Bits, col: Float64Array, desc: boolean, offset: number, limit: number): number[] {
    const ids = bitsToIds(matches);
    const sign = desc ? -1 : 1;
    ids.sort((a, b) => {
      const va = col[a]!;
      const vb = col[b]!;
      const na = Number.isNaN(va);
      const nb = Number.isNaN(vb);
      if (na !== nb) return na ? 1 : -1;
      if (na || va === vb) return sign * (a - b);
      return sign * (va - vb);
    });
    return ids.slice(offset, offset + limit);
  }
}

/**
 * Pages across the disjoint relevance classes, best first for `desc` (worst first otherwise), each in id
 * order; a class past the page is never made.
 */
function pageAcross(tiers: Tiers, count: number, desc: boolean, offset: number, limit: number, out: number[]): void {
  let skip = offset;
  for (let i = 0; i < count; i++) {
    if (out.length >= limit) return;
    skip -= pageBits(tiers(desc ? i : count - 1 - i), desc, skip, limit, out);
  }
}

/** A Float32's bits as an unsigned integer in the order of the values (-0 must have been stored as 0). */
function orderedBits(b: number): number {
  return b >>> 31 ? ~b >>> 0 : (b | 0x80000000) >>> 0;
}
