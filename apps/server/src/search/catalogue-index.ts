/**
 * The in-memory catalogue index: every track's searchable text, filter values and sort keys, answering
 * `GET /musics`-style queries (text + filters + sort + page, exact total) without touching SQL. Its parts:
 * - `TrackStore` (track-store.ts): columns, bitsets, texts and sort orders by id, and every write;
 * - the filters here: scope, visibility, genre, moods, speed, key and the BPM range as bitset passes;
 * - `TextMatcher` (text-match.ts): a search text's matches and relevance classes, and their cache;
 * - `Pager` (paging.ts): one page of the matches in the query's order.
 * README.md in this folder gives the query semantics and the measured cost.
 */
import { forgivingTerms, isGenreCode, isGenreGroupCode, type SortField } from '@sori/contract';
import { andInto, andIntoCount, andNotIntoCount, clearBit, orInto, setBit, type Bits } from './bitset';
import type { IndexedTrack, IndexQuery, IndexResult, Tiers } from './index-types';
import { andAllInto, setBitIds } from './kernels';
import { Pager } from './paging';
import { TextMatcher } from './text-match';
import { checkId, pitchOf, TrackStore } from './track-store';

export type { IndexedTrack, IndexQuery, IndexResult, IndexScope } from './index-types';
export { MAX_TRACK_ID } from './track-store';

export interface CatalogueIndexOptions {
  /**
   * The largest id a bulk build will see (a hint): columns and bitsets are made that size once instead of
   * growing by half again as ids arrive, which at a million tracks left ~60 MB of outgrown arrays behind.
   */
  maxId?: number;
  /**
   * When given, a numeric or title sort selects the page from the matches themselves up to this many matches
   * and walks the field's sorted order above (tests force each path this way). By default the cheaper path is
   * chosen by estimate (see `directCost` and `walkCost`), and a walk that finds the matches bunched at its far
   * end gives up at the select's cost; a Float64 column is sorted by comparison, never above 2,048 matches.
   * Same order either way.
   */
  directSortMax?: number;
  /**
   * When given, a BPM range is checked per candidate up to this many candidates and cut out of the BPM order
   * above (tests force each path this way); by default the path that touches fewer tracks is taken. Same
   * result either way.
   */
  bpmScanMax?: number;
  /** Memory for the text-match cache (`text-cache.ts`), in bytes; 0 turns it off. */
  textCacheBytes?: number;
  /**
   * Called every 100,000 tracks of a bulk build and after each of its phases (loading, each sort order).
   * The server passes V8's full collection (when Node runs with --expose-gc): at a million tracks the
   * build's short-lived objects and scratch arrays otherwise pile up to 100 MB and more before V8
   * collects them on its own, and that pile, not the index, set the boot's peak memory.
   */
  collect?: () => void;
}

const DEFAULT_DIRECT_SORT_MAX = 2048;
/** 16 MB: at a million tracks a broad text's sets take up to ~0.9 MB, at 100,000 a tenth of that. */
const DEFAULT_TEXT_CACHE_BYTES = 16 * 1024 * 1024;
/** Tracks between two calls of `collect` in a bulk build. */
const BUILD_COLLECT_EVERY = 100_000;

export class CatalogueIndex {
  private readonly store = new TrackStore();
  private readonly text: TextMatcher;
  private readonly pager: Pager;
  private readonly bpmScanMax: number;
  private readonly bpmPathByCost: boolean;

  constructor(options: CatalogueIndexOptions = {}) {
    this.bpmScanMax = options.bpmScanMax ?? 0;
    this.bpmPathByCost = options.bpmScanMax === undefined;
    this.text = new TextMatcher(this.store, options.textCacheBytes ?? DEFAULT_TEXT_CACHE_BYTES);
    this.pager = new Pager(this.store, options.directSortMax ?? DEFAULT_DIRECT_SORT_MAX, options.directSortMax === undefined);
  }

  /**
   * Builds an index from every track at once; sort orders are built at the end. Ascending ids (ORDER BY id)
   * make every posting-list insert an append: an array out of order is sorted first, any other iterable is
   * consumed as it comes (so a database cursor is never materialised).
   */
  static build(tracks: Iterable<IndexedTrack>, options: CatalogueIndexOptions = {}): CatalogueIndex {
    const index = new CatalogueIndex(options);
    const store = index.store;
    let source = tracks;
    if (options.maxId !== undefined && options.maxId > 0) store.ensureCapacity(checkId(options.maxId) + 1);
    if (Array.isArray(tracks)) {
      const list = tracks as readonly IndexedTrack[];
      let maxId = 0;
      for (const t of list) maxId = Math.max(maxId, checkId(t.id));
      store.ensureCapacity(maxId + 1);
      if (!isAscending(list)) source = [...list].sort((a, b) => a.id - b.id);
    }
    store.beginBulk();
    const collect = options.collect;
    try {
      let n = 0;
      for (const t of source) {
        index.upsert(t);
        if (collect && ++n % BUILD_COLLECT_EVERY === 0) collect();
      }
    } finally {
      store.endBulk(collect);
    }
    store.settle(collect);
    return index;
  }

  get size(): number {
    return this.store.size;
  }

  /** The owner of an indexed track (null: none, or not indexed). */
  ownerOf(id: number): number | null {
    return this.store.ownerOf(id);
  }

  has(id: number): boolean {
    return this.store.has(id);
  }

  /** Settles every sort order now (after a bulk load), so the first queries do not pay for it. */
  prepare(collect?: () => void): void {
    this.store.prepare(collect);
  }

  /** Hits, misses and size of the text-match cache, for the metrics. */
  textCacheStats(): { hits: number; misses: number; admitted: number; entries: number; bytes: number } {
    return this.text.stats();
  }

  upsert(track: IndexedTrack): void {
    this.text.clear();
    this.store.upsert(track);
  }

  remove(id: number): void {
    if (!this.store.has(id)) return;
    this.text.clear();
    this.store.remove(id);
  }

  setPopularity(id: number, popularity: number): void {
    this.store.setPopularity(id, popularity);
  }

  search(query: IndexQuery): IndexResult {
    const mark = this.store.pool.mark();
    try {
      const parsed = query.q === null ? null : this.text.parse(query.q);
      const hasText = parsed !== null && parsed.compact !== '';
      // With text, a BPM range is applied last, to the text's matches: usually far fewer than the filter's
      // candidates, so it is checked per track instead of cut out of the BPM order.
      const bpmRange = query.bpmGte !== null || query.bpmLte !== null;
      const [filter, filterCount] = this.filterBits(query, !hasText);
      const sort: SortField = query.sort === 'relevance' && !hasText ? 'id' : query.sort;
      let matches = filter;
      let total = filterCount;
      let tiers: Tiers | null = null;
      let tierCount = 0;
      if (hasText) {
        let m = this.text.textMatches(parsed, filter, sort === 'relevance', false);
        matches = m.matches;
        total = m.count;
        if (bpmRange) total = this.filterBpm(matches, total, query.bpmGte ?? -Infinity, query.bpmLte ?? Infinity);
        if (total === 0 && forgivingTerms(parsed) !== null) {
          // Nothing matches the whole query here: the tracks matching some of its terms, more terms first.
          m = this.text.textMatches(parsed, filter, sort === 'relevance', true);
          matches = m.matches;
          total = m.count;
          if (bpmRange) total = this.filterBpm(matches, total, query.bpmGte ?? -Infinity, query.bpmLte ?? Infinity);
        }
        tiers = m.tiers === null ? null : this.text.tiersWithin(m.tiers, matches, bpmRange);
        tierCount = m.tiers === null ? 0 : m.tiers.length;
      }
      const offset = Math.max(0, Math.floor(query.offset) || 0);
      const limit = Math.max(0, Math.floor(query.limit) || 0);
      const ids =
        limit === 0 || offset >= total
          ? []
          : this.pager.page(matches, tiers, tierCount, sort, query.dir, offset, limit, query.scope, total);
      return { ids, total };
    } finally {
      this.store.pool.release(mark);
    }
  }

  /** Rough memory held by the index, in bytes (typed arrays and posting heaps; strings estimated). */
  memoryEstimate(): Record<string, number> {
    return this.store.memoryEstimate();
  }

  // ---- filters --------------------------------------------------------------------------------------------

  /**
   * Scope, visibility and filters, with how many tracks pass; the BPM range too unless `withBpm` is false
   * (the caller applies it).
   */
  private filterBits(q: IndexQuery, withBpm: boolean): [Bits, number] {
    // Every word is written by andAllInto; a condition that nothing meets returns it cleared.
    const f = this.store.pool.takeDirty();
    // The conditions as bitsets, ANDed in as few passes as possible.
    const ands: Bits[] = [];
    if (q.genre !== null) {
      // A genre, or a group (N00) for every genre of it (genresMatching); an unknown code matches nothing.
      const b = isGenreCode(q.genre)
        ? this.store.genreBits.get(q.genre)
        : isGenreGroupCode(q.genre)
          ? this.store.genreGroupBits.get(q.genre)
          : undefined;
      if (!b) return [f.fill(0), 0];
      ands.push(b);
    }
    for (const m of q.moods) {
      const b = this.store.moodBits.get(m);
      if (!b) return [f.fill(0), 0];
      ands.push(b);
    }
    if (q.speed !== null) {
      const b = this.store.speedBits.get(q.speed);
      if (!b) return [f.fill(0), 0];
      ands.push(b);
    }
    if (q.soundKey !== null) {
      const pitch = pitchOf(q.soundKey);
      if (pitch === null) return [f.fill(0), 0];
      ands.push(this.store.pitchBits[pitch]!);
    }
    if (q.keyMode !== null) {
      const b = this.store.modeBits.get(q.keyMode);
      if (!b) return [f.fill(0), 0];
      ands.push(b);
    }
    ands.push(this.scopeBits(q));
    let count = andAllInto(f, ands);
    if (withBpm && (q.bpmGte !== null || q.bpmLte !== null)) count = this.filterBpm(f, count, q.bpmGte ?? -Infinity, q.bpmLte ?? Infinity);
    return [f, count];
  }

  /** The tracks of the query's scope that the viewer may see (a pool bitset, or the published set itself). */
  private scopeBits(q: IndexQuery): Bits {
    const scope = q.scope;
    if (scope.kind === 'catalogue') {
      if (q.viewerId === null) return this.store.published;
      const f = this.store.pool.copy(this.store.published);
      this.store.ownerTracks.orInto(q.viewerId, f);
      return f;
    }
    const f = this.store.pool.take();
    if (scope.kind === 'owner') {
      this.store.ownerTracks.orInto(scope.ownerId, f);
      return f;
    }
    for (const id of scope.ids) if (this.store.has(id)) setBit(f, id);
    const visible = this.store.pool.copy(this.store.published);
    if (q.viewerId !== null) this.store.ownerTracks.orInto(q.viewerId, visible);
    andInto(f, visible);
    return f;
  }

  /**
   * Keeps in `f` (holding `candidates` tracks) those with a BPM in [lo, hi]; answers how many are left. Either
   * each candidate's BPM is checked, or the tracks in (or out of) the range are cut out of the BPM order into
   * a bitset and ANDed in: by default whichever touches fewer tracks (a BPM band often holds half the
   * catalogue while the text and moods leave a few thousand candidates); `bpmScanMax` forces the choice.
   */
  private filterBpm(f: Bits, candidates: number, lo: number, hi: number): number {
    if (!(lo <= hi)) {
      f.fill(0);
      return 0;
    }
    const order = this.store.numericOrders.bpm;
    const from = order.lowerBound((k) => k < lo);
    const to = order.lowerBound((k) => k <= hi);
    const ids = order.view();
    const inRange = to - from;
    const cut = Math.min(inRange, ids.length - inRange);
    if (candidates <= (this.bpmPathByCost ? cut : this.bpmScanMax)) {
      let left = candidates;
      const bpm = this.store.bpm;
      const listed = setBitIds(f);
      for (let i = 0; i < listed.length; i++) {
        const id = listed[i]!;
        const v = bpm[id]!;
        if (!(v >= lo && v <= hi)) {
          clearBit(f, id);
          left--;
        }
      }
      return left;
    }
    const r = this.store.pool.take();
    if (inRange === cut) {
      for (let i = from; i < to; i++) setBit(r, ids[i]!);
      return andIntoCount(f, r);
    }
    for (let i = 0; i < from; i++) setBit(r, ids[i]!);
    for (let i = to; i < ids.length; i++) setBit(r, ids[i]!);
    orInto(r, this.store.nullBpm);
    return andNotIntoCount(f, r);
  }
}

function isAscending(list: readonly IndexedTrack[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i]!.id <= list[i - 1]!.id) return false;
  return true;
}
