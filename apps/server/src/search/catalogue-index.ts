/**
 * The in-memory catalogue index: every track's searchable text, filter values and sort keys, answering
 * `GET /musics`-style queries (text + filters + sort + page, exact total) without touching SQL.
 *
 * Layout (ids are used directly as positions, so ids must be positive and roughly dense, as autoincrement
 * ids are; memory grows with the largest id):
 * - columns (typed arrays by id) for the values compared or sorted: bpm, duration, popularity, owner, artist;
 * - bitsets by id for every filter value (each genre, mood, pitch class, speed), for published/live and for
 *   null bpm/duration; a filter is a few AND/OR passes over 32-bit words;
 * - title text in a TextField over track ids, artist text in a TextField over distinct artists (far fewer
 *   than tracks) with a posting list of tracks per artist; owners likewise;
 * - a SortedPerm per sort field (title, bpm, duration, popularity), settled lazily after writes.
 * README.md in this folder gives the query semantics and the measured cost.
 */
import {
  bpmOfTerm,
  compactNormalized,
  forgivingTerms,
  genreOf,
  isGenreCode,
  isGenreGroupCode,
  normalizeText,
  parseSearchQuery,
  parseSoundKey,
  pitchClassOfKey,
  type ParsedQuery,
  type SearchTerm,
  type SortDir,
  type SortField,
} from '@sori/contract';
import {
  addToCounter,
  andInto,
  andIntoCount,
  andNotInto,
  andNotIntoCount,
  BitsPool,
  bitsToIdArray,
  bitsToIds,
  clearBit,
  counterEqualsInto,
  forEachBit,
  grown,
  isEmpty,
  orInto,
  pageBits,
  popcount,
  setBit,
  testBit,
  type Bits,
  wordsFor,
} from './bitset';
import { resolveLabels } from './labels';
import { PostingStore } from './postings';
import { SortedPerm, type PermKeys } from './sorted-perm';
import { sortIdsByFloat32, sortIdsByNumber, sortIdsByString } from './sort-keys';
import { TextField } from './text-field';
import { TextStore } from './text-store';
import { andAllInto, setBitIds } from './kernels';
import { compactSet, intersectInto, TextMatchCache, type IdSet, type TextMatchSets } from './text-cache';

export interface IndexedTrack {
  /** Positive integer, roughly dense (autoincrement). */
  id: number;
  title: string;
  artist: string | null;
  genre: number | null;
  moods: readonly number[];
  soundKey: string | null;
  bpm: number | null;
  speed: number | null;
  durationSec: number | null;
  popularity: number;
  published: boolean;
  ownerId: number | null;
}

export type IndexScope =
  /** Every visible track. */
  | { kind: 'catalogue' }
  /** That owner's tracks, published or not. */
  | { kind: 'owner'; ownerId: number }
  /** An ordered list (likes / downloads / playlist), newest first; sort 'id' means this list order. */
  | { kind: 'list'; ids: readonly number[] };

export interface IndexQuery {
  q: string | null;
  genre: number | null;
  moods: readonly number[];
  soundKey: string | null;
  speed: number | null;
  bpmGte: number | null;
  bpmLte: number | null;
  sort: SortField;
  dir: SortDir;
  offset: number;
  limit: number;
  scope: IndexScope;
  viewerId: number | null;
}

export interface IndexResult {
  ids: number[];
  total: number;
}

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

/** Ids are bit positions; past 2^31 the bit arithmetic (and the memory) would not hold. */
export const MAX_TRACK_ID = 0x7fffffff;

const DEFAULT_DIRECT_SORT_MAX = 2048;
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
/** 16 MB: at a million tracks a broad text's sets take up to ~0.9 MB, at 100,000 a tenth of that. */
const DEFAULT_TEXT_CACHE_BYTES = 16 * 1024 * 1024;
/** Parsed search texts kept (a parse costs a normalisation and a tokenisation). */
const PARSED_QUERIES_MAX = 1024;
const MIN_CAPACITY = 1024;
/** Tracks between two calls of `collect` in a bulk build. */
const BUILD_COLLECT_EVERY = 100_000;

type NumericField = 'bpm' | 'duration' | 'popularity';
type Column = Float32Array | Float64Array;
type ColumnName = NumericField | 'owner';

/** Stored values: NaN for null, and -0 as 0 (sorts must agree with comparisons). */
const stored = (v: number | null): number => (v === null || Number.isNaN(v) ? Number.NaN : v + 0);
const orNull = (v: number): number | null => (Number.isNaN(v) ? null : v);

export class CatalogueIndex {
  private capacity = 0;
  private words = 0;
  private count = 0;
  private readonly directSortMax: number;
  private readonly sortPathByCost: boolean;
  private readonly bpmScanMax: number;
  private readonly bpmPathByCost: boolean;

  private live: Bits = new Uint32Array(0);
  private published: Bits = new Uint32Array(0);
  private nullBpm: Bits = new Uint32Array(0);
  private nullDuration: Bits = new Uint32Array(0);
  private readonly genreBits = new Map<number, Bits>();
  /** Per genre group (N00): the tracks of any genre of the group, kept beside the genres' own bitsets. */
  private readonly genreGroupBits = new Map<number, Bits>();
  private readonly moodBits = new Map<number, Bits>();
  private readonly speedBits = new Map<number, Bits>();
  private pitchBits: Bits[] = [];

  // Float32 while every value written fits it exactly (BPMs, seconds, counts, ids below 2^24 do), Float64
  // from the first one that does not: half the memory for the usual catalogue, exact values always.
  private bpm: Column = new Float32Array(0);
  private duration: Column = new Float32Array(0);
  private popularity: Column = new Float32Array(0);
  private owner: Column = new Float32Array(0);
  private artistOf: Int32Array = new Int32Array(0);
  /** Normalised titles by id ('' when absent), in one arena rather than a million heap strings. */
  private readonly titles = new TextStore();

  private readonly titleField = new TextField(0);
  private readonly artistField = new TextField(0);
  private artistCapacity = 0;
  private readonly artistNumbers = new Map<string, number>();
  private readonly artistTexts: string[] = [];
  private readonly artistRefs: number[] = [];
  private readonly freeArtists: number[] = [];
  private readonly artistTracks = new PostingStore<number>();
  private readonly ownerTracks = new PostingStore<number>();

  private readonly titleOrder: SortedPerm<string>;
  private readonly numericOrders: Record<NumericField, SortedPerm<number>>;

  private pool = new BitsPool(0);
  /** Scratch of `valuesAt`: counts of the matches by the top 16 bits of their values, all zero between calls. */
  private readonly bucketCounts = new Uint32Array(0x10000);
  private readonly textCache: TextMatchCache;
  private readonly parsedQueries = new Map<string, ParsedQuery>();
  /** True while `build` loads tracks: sort orders are built once at the end, so writes skip them. */
  private loading = false;
  /** Raw artist text → normalised, for the bulk load (a catalogue repeats each artist on many tracks). */
  private readonly artistSpellings = new Map<string, string>();
  private readonly artistPool = new BitsPool(0);
  private readonly titleOf = (id: number): string => this.titles.get(id);
  private readonly artistTextOf = (no: number): string => this.artistTexts[no]!;

  constructor(options: CatalogueIndexOptions = {}) {
    this.directSortMax = options.directSortMax ?? DEFAULT_DIRECT_SORT_MAX;
    this.sortPathByCost = options.directSortMax === undefined;
    this.bpmScanMax = options.bpmScanMax ?? 0;
    this.bpmPathByCost = options.bpmScanMax === undefined;
    this.textCache = new TextMatchCache(options.textCacheBytes ?? DEFAULT_TEXT_CACHE_BYTES);
    this.titleOrder = new SortedPerm<string>(this.titleKeys());
    this.numericOrders = {
      bpm: new SortedPerm<number>(this.numericKeys(() => this.bpm)),
      duration: new SortedPerm<number>(this.numericKeys(() => this.duration)),
      popularity: new SortedPerm<number>(this.numericKeys(() => this.popularity)),
    };
  }

  /**
   * Builds an index from every track at once; sort orders are built at the end. Ascending ids (ORDER BY id)
   * make every posting-list insert an append: an array out of order is sorted first, any other iterable is
   * consumed as it comes (so a database cursor is never materialised).
   */
  static build(tracks: Iterable<IndexedTrack>, options: CatalogueIndexOptions = {}): CatalogueIndex {
    const index = new CatalogueIndex(options);
    let source = tracks;
    if (options.maxId !== undefined && options.maxId > 0) index.ensureCapacity(checkId(options.maxId) + 1);
    if (Array.isArray(tracks)) {
      const list = tracks as readonly IndexedTrack[];
      let maxId = 0;
      for (const t of list) maxId = Math.max(maxId, checkId(t.id));
      index.ensureCapacity(maxId + 1);
      if (!isAscending(list)) source = [...list].sort((a, b) => a.id - b.id);
    }
    index.loading = true;
    index.titleField.beginBulk();
    index.artistField.beginBulk();
    const collect = options.collect;
    try {
      let n = 0;
      for (const t of source) {
        index.upsert(t);
        if (collect && ++n % BUILD_COLLECT_EVERY === 0) collect();
      }
    } finally {
      // Each packing step copies a store into one of its exact size; the garbage collector frees the old
      // copy before the next step makes its own, so that at most one store is held twice (a million
      // tracks, these steps peaked at 287 MB of RSS without the collections in between, 270 with them).
      collect?.();
      index.titleField.endBulk();
      collect?.();
      index.artistField.endBulk();
      index.loading = false;
      index.artistSpellings.clear();
    }
    index.artistTracks.compact();
    index.ownerTracks.compact();
    collect?.();
    index.titles.trim();
    collect?.();
    index.prepare(collect);
    return index;
  }

  get size(): number {
    return this.count;
  }

  /** The owner of an indexed track (null: none, or not indexed). */
  ownerOf(id: number): number | null {
    if (!this.has(id)) return null;
    const o = this.owner[id]!;
    return Number.isNaN(o) ? null : o;
  }

  has(id: number): boolean {
    return Number.isInteger(id) && id > 0 && id < this.capacity && testBit(this.live, id);
  }

  /** Settles every sort order now (after a bulk load), so the first queries do not pay for it. */
  prepare(collect?: () => void): void {
    void this.titleOrder.length;
    collect?.();
    for (const o of Object.values(this.numericOrders)) {
      void o.length;
      collect?.();
    }
  }

  /** Hits, misses and size of the text-match cache, for the metrics. */
  textCacheStats(): { hits: number; misses: number; admitted: number; entries: number; bytes: number } {
    return { ...this.textCache.stats, entries: this.textCache.size, bytes: this.textCache.byteSize };
  }

  upsert(track: IndexedTrack): void {
    const id = checkId(track.id);
    this.textCache.clear();
    this.ensureCapacity(id + 1);
    const exists = testBit(this.live, id);
    const before = exists && !this.loading ? this.keysOf(id) : null;

    const title = normalizeText(track.title);
    const oldTitle = exists ? this.titles.get(id) : null;
    if (oldTitle !== title) {
      if (oldTitle !== null) this.titleField.remove(id, oldTitle);
      this.titleField.add(id, title);
      this.titles.set(id, title);
    }

    const artist = track.artist === null ? '' : this.normalizeArtist(track.artist);
    const oldArtist = exists ? this.artistOf[id]! : -1;
    const oldArtistText = oldArtist >= 0 ? this.artistTexts[oldArtist]! : '';
    if (!exists || artist !== oldArtistText) {
      if (oldArtist >= 0) {
        this.artistTracks.delete(oldArtist, id);
        this.releaseArtist(oldArtist);
      }
      const no = artist === '' ? -1 : this.acquireArtist(artist);
      if (no >= 0) this.artistTracks.add(no, id);
      this.artistOf[id] = no;
    }

    const ownerId = track.ownerId === null ? Number.NaN : track.ownerId;
    const oldOwner = exists ? this.owner[id]! : Number.NaN;
    if (!exists || !Object.is(ownerId, oldOwner)) {
      if (!Number.isNaN(oldOwner)) this.ownerTracks.delete(oldOwner, id);
      if (!Number.isNaN(ownerId)) this.ownerTracks.add(ownerId, id);
      this.put('owner', id, ownerId);
    }

    if (exists) this.clearFilterBits(id);
    if (track.published) setBit(this.published, id);
    if (track.genre !== null) {
      setBit(this.bitsFor(this.genreBits, track.genre), id);
      const group = genreOf(track.genre)?.group;
      if (group !== undefined) setBit(this.bitsFor(this.genreGroupBits, group), id);
    }
    for (const m of track.moods) setBit(this.bitsFor(this.moodBits, m), id);
    if (track.speed !== null) setBit(this.bitsFor(this.speedBits, track.speed), id);
    const pitch = pitchOf(track.soundKey);
    if (pitch !== null) setBit(this.pitchBits[pitch]!, id);

    this.put('bpm', id, stored(track.bpm));
    this.put('duration', id, stored(track.durationSec));
    this.put('popularity', id, Number.isNaN(track.popularity) ? 0 : track.popularity + 0);
    if (Number.isNaN(this.bpm[id]!)) setBit(this.nullBpm, id);
    if (Number.isNaN(this.duration[id]!)) setBit(this.nullDuration, id);

    if (!exists) {
      setBit(this.live, id);
      this.count++;
    }
    if (!this.loading) this.ordersChanged(id, before);
  }

  private normalizeArtist(raw: string): string {
    if (!this.loading) return normalizeText(raw);
    let n = this.artistSpellings.get(raw);
    if (n === undefined) {
      n = normalizeText(raw);
      this.artistSpellings.set(raw, n);
    }
    return n;
  }

  remove(id: number): void {
    if (!this.has(id)) return;
    this.textCache.clear();
    const before = this.keysOf(id);
    this.titleField.remove(id, this.titles.get(id));
    this.titles.set(id, '');
    const artist = this.artistOf[id]!;
    if (artist >= 0) {
      this.artistTracks.delete(artist, id);
      this.releaseArtist(artist);
    }
    this.artistOf[id] = -1;
    if (!Number.isNaN(this.owner[id]!)) this.ownerTracks.delete(this.owner[id]!, id);
    this.owner[id] = Number.NaN;
    this.clearFilterBits(id);
    this.bpm[id] = Number.NaN;
    this.duration[id] = Number.NaN;
    this.popularity[id] = 0;
    clearBit(this.live, id);
    this.count--;
    this.ordersChanged(id, before);
  }

  setPopularity(id: number, popularity: number): void {
    if (!this.has(id)) return;
    const before = this.popularity[id]!;
    const after = Number.isNaN(popularity) ? 0 : popularity + 0;
    if (Object.is(before, after)) return;
    this.put('popularity', id, after);
    this.numericOrders.popularity.change(id, before);
  }

  search(query: IndexQuery): IndexResult {
    const mark = this.pool.mark();
    try {
      const parsed = query.q === null ? null : this.parse(query.q);
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
        let m = this.textMatches(parsed, filter, sort === 'relevance', false);
        matches = m.matches;
        total = m.count;
        if (bpmRange) total = this.filterBpm(matches, total, query.bpmGte ?? -Infinity, query.bpmLte ?? Infinity);
        if (total === 0 && forgivingTerms(parsed) !== null) {
          // Nothing matches the whole query here: the tracks matching some of its terms, more terms first.
          m = this.textMatches(parsed, filter, sort === 'relevance', true);
          matches = m.matches;
          total = m.count;
          if (bpmRange) total = this.filterBpm(matches, total, query.bpmGte ?? -Infinity, query.bpmLte ?? Infinity);
        }
        tiers = m.tiers === null ? null : this.tiersWithin(m.tiers, matches, bpmRange);
        tierCount = m.tiers === null ? 0 : m.tiers.length;
      }
      const offset = Math.max(0, Math.floor(query.offset) || 0);
      const limit = Math.max(0, Math.floor(query.limit) || 0);
      const ids =
        limit === 0 || offset >= total ? [] : this.page(matches, tiers, tierCount, sort, query.dir, offset, limit, query.scope, total);
      return { ids, total };
    } finally {
      this.pool.release(mark);
    }
  }

  /** Rough memory held by the index, in bytes (typed arrays and posting heaps; strings estimated). */
  memoryEstimate(): Record<string, number> {
    const bitsets =
      (4 + this.genreBits.size + this.genreGroupBits.size + this.moodBits.size + this.speedBits.size + this.pitchBits.length) * this.words * 4;
    return {
      columns: this.bpm.byteLength + this.duration.byteLength + this.popularity.byteLength + this.owner.byteLength + this.artistOf.byteLength,
      bitsets,
      titlePostings: this.titleField.postings.heapBytes,
      titleTokens: this.titleField.vocabularySize,
      artistPostings: this.artistField.postings.heapBytes + this.artistTracks.heapBytes,
      ownerPostings: this.ownerTracks.heapBytes,
      sortOrders: 4 * 4 * this.count,
      titles: this.titles.byteSize,
    };
  }

  // ---- filters --------------------------------------------------------------------------------------------

  /**
   * Scope, visibility and filters, with how many tracks pass; the BPM range too unless `withBpm` is false
   * (the caller applies it).
   */
  private filterBits(q: IndexQuery, withBpm: boolean): [Bits, number] {
    // Every word is written by andAllInto; a condition that nothing meets returns it cleared.
    const f = this.pool.takeDirty();
    // The conditions as bitsets, ANDed in as few passes as possible.
    const ands: Bits[] = [];
    if (q.genre !== null) {
      // A genre, or a group (N00) for every genre of it (genresMatching); an unknown code matches nothing.
      const b = isGenreCode(q.genre)
        ? this.genreBits.get(q.genre)
        : isGenreGroupCode(q.genre)
          ? this.genreGroupBits.get(q.genre)
          : undefined;
      if (!b) return [f.fill(0), 0];
      ands.push(b);
    }
    for (const m of q.moods) {
      const b = this.moodBits.get(m);
      if (!b) return [f.fill(0), 0];
      ands.push(b);
    }
    if (q.speed !== null) {
      const b = this.speedBits.get(q.speed);
      if (!b) return [f.fill(0), 0];
      ands.push(b);
    }
    if (q.soundKey !== null) {
      const pitch = pitchOf(q.soundKey);
      if (pitch === null) return [f.fill(0), 0];
      ands.push(this.pitchBits[pitch]!);
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
      if (q.viewerId === null) return this.published;
      const f = this.pool.copy(this.published);
      this.ownerTracks.orInto(q.viewerId, f);
      return f;
    }
    const f = this.pool.take();
    if (scope.kind === 'owner') {
      this.ownerTracks.orInto(scope.ownerId, f);
      return f;
    }
    for (const id of scope.ids) if (this.has(id)) setBit(f, id);
    const visible = this.pool.copy(this.published);
    if (q.viewerId !== null) this.ownerTracks.orInto(q.viewerId, visible);
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
    const order = this.numericOrders.bpm;
    const from = order.lowerBound((k) => k < lo);
    const to = order.lowerBound((k) => k <= hi);
    const ids = order.view();
    const inRange = to - from;
    const cut = Math.min(inRange, ids.length - inRange);
    if (candidates <= (this.bpmPathByCost ? cut : this.bpmScanMax)) {
      let left = candidates;
      const bpm = this.bpm;
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
    const r = this.pool.take();
    if (inRange === cut) {
      for (let i = from; i < to; i++) setBit(r, ids[i]!);
      return andIntoCount(f, r);
    }
    for (let i = 0; i < from; i++) setBit(r, ids[i]!);
    for (let i = to; i < ids.length; i++) setBit(r, ids[i]!);
    orInto(r, this.nullBpm);
    return andNotIntoCount(f, r);
  }

  // ---- text -----------------------------------------------------------------------------------------------

  private parse(q: string): ParsedQuery {
    let parsed = this.parsedQueries.get(q);
    if (parsed === undefined) {
      parsed = parseSearchQuery(q);
      if (this.parsedQueries.size >= PARSED_QUERIES_MAX) this.parsedQueries.clear();
      this.parsedQueries.set(q, parsed);
    }
    return parsed;
  }

  /**
   * matchText under `filter`, through the text-match cache: a text seen again is matched once against every
   * live track, and each query then ANDs those sets with its own filter.
   */
  private textMatches(
    parsed: ParsedQuery,
    filter: Bits,
    wantTiers: boolean,
    partial: boolean,
  ): { matches: Bits; count: number; tiers: readonly (Bits | IdSet)[] | null } {
    // The partial matches of a text are cached apart from its whole matches, under a key no normalised
    // text can be (a control character is never part of one).
    const key = partial ? `\u0001${parsed.normalized}` : parsed.normalized;
    let sets: TextMatchSets | undefined = this.textCache.get(key);
    if (!sets && this.textCache.admit(key)) {
      const mark = this.pool.mark();
      const all = partial ? this.matchPartial(parsed, this.live, true) : this.matchText(parsed, this.live, true);
      sets = { matches: compactSet(all.matches), tiers: all.tiers!.map(compactSet) };
      this.pool.release(mark);
      this.textCache.set(key, sets);
    }
    if (!sets) {
      const m = partial ? this.matchPartial(parsed, filter, wantTiers) : this.matchText(parsed, filter, wantTiers);
      return { ...m, count: popcount(m.matches) };
    }
    const matches = sets.matches.dense ? this.pool.takeDirty() : this.pool.take();
    const count = intersectInto(matches, sets.matches, filter);
    return { matches, count, tiers: wantTiers ? sets.tiers : null };
  }

  /**
   * The relevance classes as the page reads them, best first: a class is narrowed to the final matches
   * only when paging reaches it (a first page rarely reads past the best two). Classes matched under the
   * filter already are used as they are unless a BPM range narrowed the matches since.
   */
  private tiersWithin(classes: readonly (Bits | IdSet)[], matches: Bits, narrowed: boolean): Tiers {
    const done: Bits[] = [];
    return (k) => {
      let b = done[k];
      if (b === undefined) {
        const c = classes[k]!;
        if (c instanceof Uint32Array) {
          b = c;
          if (narrowed) andInto(b, matches);
        } else {
          b = c.dense ? this.pool.takeDirty() : this.pool.take();
          intersectInto(b, c, matches);
        }
        done[k] = b;
      }
      return b;
    };
  }

  /**
   * The tracks of `filter` matching the query, and, for a relevance sort, the six relevance classes (best
   * first) partitioning them.
   */
  private matchText(parsed: ParsedQuery, filter: Bits, wantTiers: boolean): { matches: Bits; tiers: Bits[] | null } {
    const pool = this.pool;
    // A query whose compact form begins a title's compact form matches it (and ranks as exact or prefix).
    const order = this.titleOrder;
    const q = parsed.compact;
    const from = order.lowerBound((k) => k < q);
    const exactTo = order.lowerBound((k) => k <= q);
    const prefixTo = order.lowerBound((k) => k < q || k.startsWith(q));
    const ids = order.view();
    const prefix = pool.take();
    for (let i = from; i < prefixTo; i++) setBit(prefix, ids[i]!);
    andInto(prefix, filter);
    const matches = pool.copy(prefix);

    const title4 = wantTiers ? pool.take() : null;
    const artist3 = wantTiers ? pool.take() : null;
    const label2 = wantTiers ? pool.take() : null;
    for (const reading of parsed.readings) {
      const all = pool.copy(filter);
      const inTitle = wantTiers ? pool.copy(filter) : null;
      const inArtist = wantTiers ? pool.copy(filter) : null;
      const inLabel = wantTiers ? pool.copy(filter) : null;
      for (const term of reading) {
        const mark = pool.mark();
        if (term.kind === 'choseong') {
          const c = pool.take();
          this.titleField.matchText(term, c, all, this.titleOf);
          this.artistTracksMatching(term, c);
          andInto(all, c);
          inTitle?.fill(0);
          inArtist?.fill(0);
          inLabel?.fill(0);
        } else {
          const t = pool.take();
          this.titleField.matchText(term, t, all, this.titleOf);
          const any = pool.copy(t);
          this.artistTracksMatching(term, any);
          if (inTitle && inArtist) {
            andInto(inTitle, t);
            andInto(inArtist, any);
          }
          this.labelTracks(term, any);
          this.bpmTracks(term, any);
          if (inLabel) andInto(inLabel, any);
          andInto(all, any);
        }
        pool.release(mark);
        if (isEmpty(all)) break;
      }
      orInto(matches, all);
      if (title4 && artist3 && label2 && inTitle && inArtist && inLabel) {
        andInto(inTitle, all);
        andInto(inArtist, all);
        andInto(inLabel, all);
        orInto(title4, inTitle);
        orInto(artist3, inArtist);
        orInto(label2, inLabel);
      }
    }
    if (!title4 || !artist3 || !label2) return { matches, tiers: null };

    const exact = pool.take();
    for (let i = from; i < exactTo; i++) setBit(exact, ids[i]!);
    andInto(exact, filter);
    // Cumulative classes (each contains the better ones), then differences: exact, prefix, title, artist,
    // label, 초성.
    orInto(title4, prefix);
    orInto(artist3, title4);
    orInto(label2, artist3);
    const cumulative = [exact, prefix, title4, artist3, label2, matches];
    const tiers: Bits[] = [];
    for (let k = 0; k < cumulative.length; k++) {
      const d = pool.copy(cumulative[k]!);
      if (k > 0) andNotInto(d, cumulative[k - 1]!);
      tiers.push(d);
    }
    return { matches, tiers };
  }

  /**
   * The tracks of `filter` matching some terms of a forgiven query (`forgivingTerms`), and, for a relevance
   * sort, the classes partitioning them best first: by how many terms a track matches (most first), then by
   * the worst way its matched terms match (title, artist, label or BPM, 초성). Each term's tracks are added
   * to a bit-sliced counter (four bitsets, for up to FORGIVING_TERMS_MAX terms), so each class is one pass
   * over the words. A track matching every term is found here only when the terms were cut at labels
   * (穏やか + ぴあの matches a peaceful ピアノ track, which 穏やかなぴあの does not).
   */
  private matchPartial(parsed: ParsedQuery, filter: Bits, wantTiers: boolean): { matches: Bits; tiers: Bits[] | null } {
    const pool = this.pool;
    const terms = forgivingTerms(parsed)!;
    const matches = pool.take();
    const counter = wantTiers ? [pool.take(), pool.take(), pool.take(), pool.take()] : null;
    // Tracks with a matched term outside the title (notTitle), outside title and artist (notArtist), and
    // with a term matched by 초성 (byChoseong): each includes the next.
    const notTitle = wantTiers ? pool.take() : null;
    const notArtist = wantTiers ? pool.take() : null;
    const byChoseong = wantTiers ? pool.take() : null;
    for (const term of terms) {
      const mark = pool.mark();
      const any = pool.take();
      if (term.kind === 'choseong') {
        this.titleField.matchText(term, any, filter, this.titleOf);
        this.artistTracksMatching(term, any);
        andInto(any, filter);
        if (notTitle && notArtist && byChoseong) {
          orInto(notTitle, any);
          orInto(notArtist, any);
          orInto(byChoseong, any);
        }
      } else {
        this.titleField.matchText(term, any, filter, this.titleOf);
        const inTitle = wantTiers ? pool.copy(any) : null;
        this.artistTracksMatching(term, any);
        const inArtist = wantTiers ? pool.copy(any) : null;
        this.labelTracks(term, any);
        this.bpmTracks(term, any);
        andInto(any, filter);
        if (notTitle && notArtist && inTitle && inArtist) {
          const outside = pool.copy(any);
          andNotInto(outside, inTitle);
          orInto(notTitle, outside);
          outside.set(any);
          andNotInto(outside, inArtist);
          orInto(notArtist, outside);
        }
      }
      orInto(matches, any);
      if (counter) addToCounter(counter, any);
      pool.release(mark);
    }
    if (!counter || !notTitle || !notArtist || !byChoseong) return { matches, tiers: null };
    const tiers: Bits[] = [];
    for (let k = terms.length; k >= 1; k--) {
      const exactly = pool.take();
      counterEqualsInto(exactly, counter, k);
      const title = pool.copy(exactly);
      andNotInto(title, notTitle);
      const artist = pool.copy(exactly);
      andInto(artist, notTitle);
      andNotInto(artist, notArtist);
      const label = pool.copy(exactly);
      andInto(label, notArtist);
      andNotInto(label, byChoseong);
      andInto(exactly, byChoseong);
      tiers.push(title, artist, label, exactly);
    }
    return { matches, tiers };
  }

  /** A bare number (40–250) names a tempo: the tracks whose BPM rounds to it, cut out of the BPM order. */
  private bpmTracks(term: SearchTerm, out: Bits): void {
    const n = bpmOfTerm(term);
    if (n === null) return;
    const order = this.numericOrders.bpm;
    const from = order.lowerBound((k) => k < n - 0.5);
    const to = order.lowerBound((k) => k < n + 0.5);
    const ids = order.view();
    for (let i = from; i < to; i++) setBit(out, ids[i]!);
  }

  private artistTracksMatching(term: SearchTerm, out: Bits): void {
    if (this.artistNumbers.size === 0) return;
    const mark = this.artistPool.mark();
    const artists = this.artistPool.take();
    this.artistField.matchText(term, artists, null, this.artistTextOf);
    forEachBit(artists, (no) => this.artistTracks.orInto(no, out));
    this.artistPool.release(mark);
  }

  private labelTracks(term: SearchTerm, out: Bits): void {
    const codes = resolveLabels(term);
    for (const g of codes.genres) {
      const b = this.genreBits.get(g);
      if (b) orInto(out, b);
    }
    for (const m of codes.moods) {
      const b = this.moodBits.get(m);
      if (b) orInto(out, b);
    }
  }

  // ---- ordering and paging --------------------------------------------------------------------------------

  private page(
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
    const comparison = sort !== 'title' && !(this[sort] instanceof Float32Array);
    const direct = this.sortPathByCost ? this.directCost(sort, total) : total <= this.directSortMax ? 0 : Infinity;
    const walk = this.walkCost(total, offset + limit);
    if (direct < Infinity && direct <= walk) {
      if (comparison) return this.pageByComparison(matches, this[sort as NumericField] as Float64Array, desc, offset, limit);
      return this.pageSelect(matches, sort, desc, offset, limit, total);
    }
    // The walk's estimate assumes the matches are spread evenly over the order. When they bunch at its far end
    // (slow tracks sorted by BPM descending, a text's matches by title), it gives up once it has cost what the
    // direct way would, and pages that way: never more than twice the cheaper of the two.
    return this.pageWalk(matches, sort, desc, offset, limit, total, this.sortPathByCost && !comparison ? direct : Infinity);
  }

  /** The matches with no value for a sort field (they come after the rest either way), and how many. */
  private nullsOf(matches: Bits, sort: 'title' | NumericField): [Bits | null, number] {
    const nulls = sort === 'bpm' ? this.nullBpm : sort === 'duration' ? this.nullDuration : null;
    if (!nulls) return [null, 0];
    const nullMatches = this.pool.copy(nulls);
    return [nullMatches, andIntoCount(nullMatches, matches)];
  }

  /**
   * A page by walking the field's sorted order and keeping the matches; after `steps` ids without the page
   * filled, the page is made by `pageSelect` instead.
   */
  private pageWalk(matches: Bits, sort: 'title' | NumericField, desc: boolean, offset: number, limit: number, total: number, steps: number): number[] {
    const [nullMatches, nullCount] = this.nullsOf(matches, sort);
    const valued = total - nullCount;
    const out: number[] = [];
    let skip = offset;
    if (skip < valued) {
      const ids = sort === 'title' ? this.titleOrder.view() : this.numericOrders[sort].view();
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
      const page = sort === 'title' ? this.titlesAt(matches, from, to) : this.valuesAt(matches, this[sort] as Float32Array, from, to);
      for (let k = 0; k < page.length; k++) out.push(page[desc ? page.length - 1 - k : k]!);
    }
    if (nullMatches && out.length < limit) pageBits(nullMatches, desc, Math.max(0, offset - valued), limit, out);
    return out;
  }

  /** The matches at places [from, to) of the title order, in order: each match marks its place, read off in order. */
  private titlesAt(matches: Bits, from: number, to: number): number[] {
    const ranks = this.titleOrder.ranks();
    const places = this.pool.take();
    const ids = setBitIds(matches);
    for (let i = 0; i < ids.length; i++) setBit(places, ranks[ids[i]!]!);
    const at: number[] = [];
    pageBits(places, false, from, to - from, at);
    const order = this.titleOrder.view();
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
    if (sort === 'title' || this[sort] instanceof Float32Array) return 3 * this.words + SELECT_STEP_COST * total;
    return total <= this.directSortMax ? this.words + SORT_COMPARE_COST * total * Math.log2(total + 1) : Infinity;
  }

  /** The estimated cost of the walk: it visits about `size × wanted / matches` ids of the order. */
  private walkCost(total: number, wanted: number): number {
    return (this.count * Math.min(wanted, total)) / total;
  }

  private pageList(matches: Bits, list: readonly number[], desc: boolean, offset: number, limit: number): number[] {
    const seen = this.pool.take();
    const ordered: number[] = [];
    for (const id of list) {
      if (!this.has(id) || testBit(seen, id)) continue;
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

  // ---- bookkeeping ----------------------------------------------------------------------------------------

  private keysOf(id: number): { title: string; bpm: number | null; duration: number | null; popularity: number } {
    return {
      title: compactNormalized(this.titles.get(id)),
      bpm: orNull(this.bpm[id]!),
      duration: orNull(this.duration[id]!),
      popularity: this.popularity[id]!,
    };
  }

  private ordersChanged(id: number, before: ReturnType<CatalogueIndex['keysOf']> | null): void {
    const now = this.has(id) ? this.keysOf(id) : null;
    if (before?.title !== now?.title) this.titleOrder.change(id, before?.title ?? null);
    for (const f of ['bpm', 'duration', 'popularity'] as const) {
      const b = before ? before[f] : null;
      const a = now ? now[f] : null;
      if (!Object.is(a, b)) this.numericOrders[f].change(id, b);
    }
  }

  private titleKeys(): PermKeys<string> {
    return {
      key: (id) => (this.has(id) ? compactNormalized(this.titles.get(id)) : null),
      compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
      sortAll: () => sortIdsByString(bitsToIdArray(this.live), (id) => compactNormalized(this.titles.get(id))),
    };
  }

  /** Writes a column value, moving the column to Float64 the first time a value needs it. */
  private put(name: ColumnName, id: number, value: number): void {
    let col = this[name];
    if (col instanceof Float32Array && Math.fround(value) !== value && !Number.isNaN(value)) {
      col = Float64Array.from(col);
      this[name] = col;
    }
    col[id] = value;
  }

  private numericKeys(column: () => Column): PermKeys<number> {
    return {
      key: (id) => (this.has(id) ? orNull(column()[id]!) : null),
      compare: (a, b) => a - b,
      sortAll: () => {
        const col = column();
        const live = bitsToIdArray(this.live);
        let n = 0;
        for (let i = 0; i < live.length; i++) if (!Number.isNaN(col[live[i]!]!)) live[n++] = live[i]!;
        const ids = live.subarray(0, n);
        // 32-bit keys when the column is Float32 (the usual case): half the scratch memory at boot.
        return col instanceof Float32Array ? sortIdsByFloat32(ids, col) : sortIdsByNumber(ids, col);
      },
    };
  }

  private clearFilterBits(id: number): void {
    clearBit(this.published, id);
    clearBit(this.nullBpm, id);
    clearBit(this.nullDuration, id);
    for (const b of this.genreBits.values()) clearBit(b, id);
    for (const b of this.genreGroupBits.values()) clearBit(b, id);
    for (const b of this.moodBits.values()) clearBit(b, id);
    for (const b of this.speedBits.values()) clearBit(b, id);
    for (const b of this.pitchBits) clearBit(b, id);
  }

  private bitsFor(map: Map<number, Bits>, code: number): Bits {
    let b = map.get(code);
    if (!b) map.set(code, (b = new Uint32Array(this.words)));
    return b;
  }

  private acquireArtist(text: string): number {
    let no = this.artistNumbers.get(text);
    if (no === undefined) {
      no = this.freeArtists.pop() ?? this.artistTexts.length;
      if (no >= this.artistCapacity) {
        this.artistCapacity = Math.max(64, Math.ceil((no + 1) * 1.5));
        this.artistField.grow(this.artistCapacity);
        this.artistPool.resize(wordsFor(this.artistCapacity));
      }
      this.artistNumbers.set(text, no);
      this.artistTexts[no] = text;
      this.artistRefs[no] = 0;
      this.artistField.add(no, text);
    }
    this.artistRefs[no]!++;
    return no;
  }

  private releaseArtist(no: number): void {
    if (--this.artistRefs[no]! > 0) return;
    const text = this.artistTexts[no]!;
    this.artistField.remove(no, text);
    this.artistNumbers.delete(text);
    this.artistTexts[no] = '';
    this.freeArtists.push(no);
  }

  private ensureCapacity(needed: number): void {
    if (needed <= this.capacity) return;
    const capacity = Math.max(needed, Math.ceil(this.capacity * 1.5), MIN_CAPACITY);
    const words = wordsFor(capacity);
    const growF = (a: Column, fill: number): Column => {
      const g = a instanceof Float32Array ? new Float32Array(capacity) : new Float64Array(capacity);
      g.fill(fill);
      g.set(a);
      return g;
    };
    this.bpm = growF(this.bpm, Number.NaN);
    this.duration = growF(this.duration, Number.NaN);
    this.popularity = growF(this.popularity, 0);
    this.owner = growF(this.owner, Number.NaN);
    const artistOf = new Int32Array(capacity).fill(-1);
    artistOf.set(this.artistOf);
    this.artistOf = artistOf;
    this.titles.grow(capacity);
    this.live = grown(this.live, words);
    this.published = grown(this.published, words);
    this.nullBpm = grown(this.nullBpm, words);
    this.nullDuration = grown(this.nullDuration, words);
    for (const map of [this.genreBits, this.genreGroupBits, this.moodBits, this.speedBits]) {
      for (const [k, b] of map) map.set(k, grown(b, words));
    }
    this.pitchBits = Array.from({ length: 12 }, (_, i) => grown(this.pitchBits[i] ?? new Uint32Array(0), words));
    this.titleField.grow(capacity);
    this.pool = new BitsPool(words);
    this.capacity = capacity;
    this.words = words;
  }
}

/**
 * The relevance classes by rank, best first, each made when first asked for: six for whole matches
 * (`matchText`), four per number of terms matched for partial ones (`matchPartial`).
 */
type Tiers = (k: number) => Bits;

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

const pitchBySpelling = new Map<string, number | null>();
/** Pitch class of a key as stored or queried ('D♭', 'Db', 'c#'); parsed once per spelling (a regex each). */
function pitchOf(soundKey: string | null): number | null {
  if (soundKey === null) return null;
  let pitch = pitchBySpelling.get(soundKey);
  if (pitch === undefined) {
    const name = parseSoundKey(soundKey);
    pitch = name === null ? null : pitchClassOfKey(name);
    if (pitchBySpelling.size < 1024) pitchBySpelling.set(soundKey, pitch);
  }
  return pitch;
}

/** A Float32's bits as an unsigned integer in the order of the values (-0 must have been stored as 0). */
function orderedBits(b: number): number {
  return b >>> 31 ? ~b >>> 0 : (b | 0x80000000) >>> 0;
}

function checkId(id: number): number {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_TRACK_ID) throw new RangeError(`track id must be an integer in 1..${MAX_TRACK_ID}: ${id}`);
  return id;
}

function isAscending(list: readonly IndexedTrack[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i]!.id <= list[i - 1]!.id) return false;
  return true;
}
