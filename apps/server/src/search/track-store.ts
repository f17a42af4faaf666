/**
 * The catalogue index's store: every track's filter values, sort keys and searchable text, by id (ids are
 * positions: positive and roughly dense, as autoincrement ids are; memory grows with the largest id).
 * - columns (typed arrays by id) for the values compared or sorted: bpm, duration, popularity, owner, artist;
 * - bitsets by id for every filter value (each genre, mood, pitch class, speed), for published/live and for
 *   null bpm/duration;
 * - title text in a TextField over track ids, artist text in a TextField over distinct artists (far fewer
 *   than tracks) with a posting list of tracks per artist; owners likewise;
 * - a SortedPerm per sort field (title, bpm, duration, popularity), settled lazily after writes.
 * The query parts (the index's filters, `TextMatcher`, `Pager`) read its fields directly: the search's inner
 * loops take a column or bitset once and index it, with no call per track. Only the store writes them.
 */
import { compactNormalized, genreOf, normalizeText, parseSoundKey, pitchClassOfKey, type KeyMode } from '@sori/contract';
import { BitsPool, bitsToIdArray, clearBit, grown, setBit, testBit, type Bits, wordsFor } from './bitset';
import type { Column, IndexedTrack, NumericField } from './index-types';
import { PostingStore } from './postings';
import { SortedPerm, type PermKeys } from './sorted-perm';
import { sortIdsByFloat32, sortIdsByNumber, sortIdsByString } from './sort-keys';
import { TextField } from './text-field';
import { TextStore } from './text-store';

/** Ids are bit positions; past 2^31 the bit arithmetic (and the memory) would not hold. */
export const MAX_TRACK_ID = 0x7fffffff;

const MIN_CAPACITY = 1024;

type ColumnName = NumericField | 'owner';

/** Stored values: NaN for null, and -0 as 0 (sorts must agree with comparisons). */
const stored = (v: number | null): number => (v === null || Number.isNaN(v) ? Number.NaN : v + 0);
const orNull = (v: number): number | null => (Number.isNaN(v) ? null : v);

export class TrackStore {
  capacity = 0;
  words = 0;
  count = 0;

  live: Bits = new Uint32Array(0);
  published: Bits = new Uint32Array(0);
  nullBpm: Bits = new Uint32Array(0);
  nullDuration: Bits = new Uint32Array(0);
  readonly genreBits = new Map<number, Bits>();
  /** Per genre group (N00): the tracks of any genre of the group, kept beside the genres' own bitsets. */
  readonly genreGroupBits = new Map<number, Bits>();
  readonly moodBits = new Map<number, Bits>();
  readonly speedBits = new Map<number, Bits>();
  pitchBits: Bits[] = [];
  /** The tracks whose key is major, and those whose key is minor. */
  readonly modeBits = new Map<KeyMode, Bits>();

  // Float32 while every value written fits it exactly (BPMs, seconds, counts, ids below 2^24 do), Float64
  // from the first one that does not: half the memory for the usual catalogue, exact values always.
  bpm: Column = new Float32Array(0);
  duration: Column = new Float32Array(0);
  popularity: Column = new Float32Array(0);
  owner: Column = new Float32Array(0);
  artistOf: Int32Array = new Int32Array(0);
  /** Normalised titles by id ('' when absent), in one arena rather than a million heap strings. */
  readonly titles = new TextStore();

  readonly titleField = new TextField(0);
  readonly artistField = new TextField(0);
  artistCapacity = 0;
  readonly artistNumbers = new Map<string, number>();
  readonly artistTexts: string[] = [];
  readonly artistRefs: number[] = [];
  readonly freeArtists: number[] = [];
  readonly artistTracks = new PostingStore<number>();
  readonly ownerTracks = new PostingStore<number>();

  readonly titleOrder: SortedPerm<string>;
  readonly numericOrders: Record<NumericField, SortedPerm<number>>;

  /** Scratch bitsets of one search, sized to the store (the query parts take and release them). */
  pool = new BitsPool(0);
  /** True while `build` loads tracks: sort orders are built once at the end, so writes skip them. */
  loading = false;
  /** Raw artist text → normalised, for the bulk load (a catalogue repeats each artist on many tracks). */
  readonly artistSpellings = new Map<string, string>();
  readonly artistPool = new BitsPool(0);
  readonly titleOf = (id: number): string => this.titles.get(id);
  readonly artistTextOf = (no: number): string => this.artistTexts[no]!;

  constructor() {
    this.titleOrder = new SortedPerm<string>(this.titleKeys());
    this.numericOrders = {
      bpm: new SortedPerm<number>(this.numericKeys(() => this.bpm)),
      duration: new SortedPerm<number>(this.numericKeys(() => this.duration)),
      popularity: new SortedPerm<number>(this.numericKeys(() => this.popularity)),
    };
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

  /** A bulk load starts: texts are packed once at its end, and artists' spellings normalised once each. */
  beginBulk(): void {
    this.loading = true;
    this.titleField.beginBulk();
    this.artistField.beginBulk();
  }

  /**
   * A bulk load ends (also when it failed). Each packing step copies a store into one of its exact size; the
   * garbage collector (`collect`) frees the old copy before the next step makes its own, so that at most one
   * store is held twice (a million tracks, these steps peaked at 287 MB of RSS without the collections in
   * between, 270 with them).
   */
  endBulk(collect?: () => void): void {
    collect?.();
    this.titleField.endBulk();
    collect?.();
    this.artistField.endBulk();
    this.loading = false;
    this.artistSpellings.clear();
  }

  /** After a bulk load: posting heaps and titles packed, every sort order settled. */
  settle(collect?: () => void): void {
    this.artistTracks.compact();
    this.ownerTracks.compact();
    collect?.();
    this.titles.trim();
    collect?.();
    this.prepare(collect);
  }

  upsert(track: IndexedTrack): void {
    const id = checkId(track.id);
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
    if (track.keyMode !== null) setBit(this.bitsFor(this.modeBits, track.keyMode), id);

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

  /** Rough memory held by the index, in bytes (typed arrays and posting heaps; strings estimated). */
  memoryEstimate(): Record<string, number> {
    const bitsets =
      (4 +
        this.genreBits.size +
        this.genreGroupBits.size +
        this.moodBits.size +
        this.speedBits.size +
        this.pitchBits.length +
        this.modeBits.size) *
      this.words *
      4;
    return {
      columns:
        this.bpm.byteLength + this.duration.byteLength + this.popularity.byteLength + this.owner.byteLength + this.artistOf.byteLength,
      bitsets,
      titlePostings: this.titleField.postings.heapBytes,
      titleTokens: this.titleField.vocabularySize,
      artistPostings: this.artistField.postings.heapBytes + this.artistTracks.heapBytes,
      ownerPostings: this.ownerTracks.heapBytes,
      sortOrders: 4 * 4 * this.count,
      titles: this.titles.byteSize,
    };
  }

  private keysOf(id: number): { title: string; bpm: number | null; duration: number | null; popularity: number } {
    return {
      title: compactNormalized(this.titles.get(id)),
      bpm: orNull(this.bpm[id]!),
      duration: orNull(this.duration[id]!),
      popularity: this.popularity[id]!,
    };
  }

  private ordersChanged(id: number, before: ReturnType<TrackStore['keysOf']> | null): void {
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
    for (const b of this.modeBits.values()) clearBit(b, id);
  }

  private bitsFor<K>(map: Map<K, Bits>, code: K): Bits {
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

  ensureCapacity(needed: number): void {
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
    for (const [k, b] of this.modeBits) this.modeBits.set(k, grown(b, words));
    this.pitchBits = Array.from({ length: 12 }, (_, i) => grown(this.pitchBits[i] ?? new Uint32Array(0), words));
    this.titleField.grow(capacity);
    this.pool = new BitsPool(words);
    this.capacity = capacity;
    this.words = words;
  }
}

const pitchBySpelling = new Map<string, number | null>();
/** Pitch class of a key as stored or queried ('D♭', 'Db', 'c#'); parsed once per spelling (a regex each). */
export function pitchOf(soundKey: string | null): number | null {
  if (soundKey === null) return null;
  let pitch = pitchBySpelling.get(soundKey);
  if (pitch === undefined) {
    const name = parseSoundKey(soundKey);
    pitch = name === null ? null : pitchClassOfKey(name);
    if (pitchBySpelling.size < 1024) pitchBySpelling.set(soundKey, pitch);
  }
  return pitch;
}

export function checkId(id: number): number {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_TRACK_ID)
    throw new RangeError(`track id must be an integer in 1..${MAX_TRACK_ID}: ${id}`);
  return id;
}
