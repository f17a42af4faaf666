import type { HeldLicence, Music, MusicQuery } from '@sori/contract';
import type Sqlite from 'better-sqlite3';
import type pg from 'pg';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound, unauthorized } from '../../lib/app-error';
import type { ChangeSignal } from '../../lib/change-signal';
import * as library from '../../repositories/library.repository';
import * as playlists from '../../repositories/playlist.repository';
import * as tracks from '../../repositories/track.repository';
import type { IndexRow, WireRow } from '../../repositories/track.repository';
import { pitchClassOfKey } from '@sori/contract';
import { featureWeights, SOUND_FEATURES_VERSION } from '../../media/sound';
import * as sound from '../../repositories/sound.repository';
import { CatalogueIndex, type IndexedTrack, type IndexScope } from '../../search/catalogue-index';
import { BLEND, SIMILAR_CUTOFF, SIMILAR_MAX, SimilarityIndex, type SimilarMeta } from '../../search/similarity';
import type { Viewer } from '../auth.service';
import { parseMoods, toMusic, type MediaUrls } from '../music.mapper';
import { Lru } from './lru';
import { PageWriter } from './page-writer';
import { SeenFilter } from './seen-filter';
import { Turns } from './turns';

export interface CatalogueDeps {
  db: Kysely<Database>;
  /** The embedded SQLite handle when there is one: the index is then built by streaming rows. */
  sqlite?: Sqlite.Database | null;
  /** The PostgreSQL pool when there is one: page rows are then read through a named prepared statement. */
  pg?: pg.Pool | null;
  urls: MediaUrls;
  /** The caller's licences of listed tracks: the downloads list (-1) carries each one's id and date. */
  licences?: {
    heldForTracks(userId: number, trackIds: readonly number[]): Promise<Map<number, HeldLicence[]>>;
  };
  /** Told when this instance has changed tracks, so that the others read the change feed at once. */
  changes?: Pick<ChangeSignal, 'announce'>;
}

/** What a cached response costs beyond its bytes (the Buffer object and the map entry). */
const RESPONSE_ENTRY_OVERHEAD = 160;

/**
 * Bytes of serialized answers of anonymous catalogue searches; repeated queries (the landing list) skip all
 * work. A query's answer is kept from its second coming among the recent ones (seen-filter.ts), so the
 * 4 MB (some 500 pages) hold what repeats: the landing list, popular texts. Keeping every answer in 8 MB
 * answered 30–32.5 % of the benchmark's searches; this answers 33.7–34 %, at 100,000 and a million tracks.
 */
const RESPONSE_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * How long searches may hold the event loop in one turn before the rest wait for turns of their own
 * (turns.ts): a burst of searches then delays timers and other routes by about this, not by all of them.
 */
const SEARCH_SLICE_MS = 2;

/** V8's full garbage collection when Node runs with --expose-gc (`bin/sori-serve` does), for the boot build. */
const fullCollection = (globalThis as { gc?: () => void }).gc;

/** Plays count once, likes three times and licensed downloads five times towards popularity. */
export const popularityOf = (r: Pick<IndexRow, 'play_count' | 'like_count' | 'download_count'>) =>
  r.play_count + 3 * r.like_count + 5 * r.download_count;

function toIndexed(r: IndexRow): IndexedTrack {
  return {
    id: r.id,
    title: r.title,
    artist: r.artist,
    genre: r.genre,
    moods: parseMoods(r.moods),
    soundKey: r.sound_key,
    keyMode: r.sound_key !== null && (r.key_mode === 'major' || r.key_mode === 'minor') ? r.key_mode : null,
    bpm: r.bpm,
    speed: r.speed,
    durationSec: r.duration_sec,
    popularity: popularityOf(r),
    // A track still being ingested (or failed) is in nobody's catalogue until it is ready.
    published: r.published === 1 && r.status === 'ready',
    // A refused upload is not a track of its uploader's either: the upload card says why (GET /my/uploads)
    // until it is dismissed, and the track lists do not show it as a track that cannot play.
    ownerId: r.status === 'failed' ? null : r.owner_id,
  };
}

function toSimilarMeta(t: IndexedTrack): SimilarMeta {
  return {
    id: t.id,
    genre: t.genre,
    moods: t.moods,
    bpm: t.bpm,
    keyPc: t.soundKey === null ? null : pitchClassOfKey(t.soundKey),
    published: t.published,
  };
}

/** Vectors the standardisation of the similarity index is fitted on at load (a sample of the first ones). */
const SCALE_SAMPLE = 20_000;

const isVisible = (row: WireRow, viewer: Viewer | null) =>
  (row.published === 1 && row.status === 'ready') || (viewer !== null && row.owner_id === viewer.id);

/**
 * The catalogue as callers read it: search, the caller's lists and uploads, one track. Search runs on an
 * in-memory index of every track (see search/README.md) kept in step with the database: writes through the
 * services update it at once (`refresh`, `countsChanged`), and every instance also follows the
 * track_changes feed for writes made elsewhere. Pages are written as bytes by `PageWriter`; anonymous
 * answers are kept whole in a response cache; searches take turns at the CPU (`Turns`).
 */
export class CatalogueService {
  private index = CatalogueIndex.build([]);
  /** Sound vectors and tags for "similar tracks", kept in step with the index (same loads and refreshes). */
  private similarity = new SimilarityIndex(featureWeights());
  private changeSeq = 0;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  private readonly responses = new Lru<string, Buffer>(RESPONSE_CACHE_BYTES, (b) => b.length + RESPONSE_ENTRY_OVERHEAD);
  private readonly responsesSeen = new SeenFilter();
  /** Bumped by any change to a track's content, and by any play/like/download count. */
  private contentVersion = 0;
  private popularityVersion = 0;
  /** Hits and misses of the response cache, for the benchmarks. */
  readonly responseCacheStats = { hits: 0, misses: 0 };
  private readonly readTracks: tracks.TrackReader;
  private readonly pages: PageWriter;
  /** Searches take turns at the CPU when they arrive together. */
  private readonly turns = new Turns(SEARCH_SLICE_MS);
  /** A refit of the similarity index's scale is under way (`refitIfSparse`). */
  private refitting = false;

  constructor(private readonly deps: CatalogueDeps) {
    this.readTracks = tracks.trackReader(deps.db, deps.sqlite, deps.pg);
    this.pages = new PageWriter({ db: deps.db, urls: deps.urls, readTracks: this.readTracks, ownerOf: (id) => this.index.ownerOf(id) });
  }

  get indexSize(): number {
    return this.index.size;
  }

  textCacheStats() {
    return this.index.textCacheStats();
  }

  wireCacheStats() {
    return this.pages.cacheStats();
  }

  /** Builds the index from the database (at boot). */
  async load(): Promise<void> {
    const seq = await tracks.latestChangeSeq(this.deps.db);
    const similarity = new SimilarityIndex(featureWeights());
    if (this.deps.sqlite) {
      const rows = tracks.iterateIndexRowsSync(this.deps.sqlite);
      this.index = CatalogueIndex.build(
        (function* () {
          for (const r of rows) {
            const t = toIndexed(r);
            similarity.upsert(toSimilarMeta(t));
            yield t;
          }
        })(),
        { maxId: tracks.maxTrackIdSync(this.deps.sqlite), collect: fullCollection },
      );
    } else {
      const all: IndexedTrack[] = [];
      for await (const batch of tracks.streamIndexRows(this.deps.db)) for (const r of batch) all.push(toIndexed(r));
      for (const t of all) similarity.upsert(toSimilarMeta(t));
      this.index = CatalogueIndex.build(all, { collect: fullCollection });
    }
    await this.loadVectors(similarity);
    this.similarity = similarity;
    this.pages.sizeFor(this.index.size);
    this.changeSeq = seq;
  }

  /** Reads every stored sound vector into `into`, standardised on a sample of them. */
  private async loadVectors(into: SimilarityIndex): Promise<void> {
    const sample: number[][] = [];
    for await (const batch of sound.streamFeatures(this.deps.db, SOUND_FEATURES_VERSION)) {
      for (const r of batch) {
        if (sample.length >= SCALE_SAMPLE) break;
        sample.push(JSON.parse(r.vector) as number[]);
      }
      if (sample.length >= SCALE_SAMPLE) break;
    }
    into.fitScale(sample);
    for await (const batch of sound.streamFeatures(this.deps.db, SOUND_FEATURES_VERSION)) {
      for (const r of batch) into.setVector(r.track_id, JSON.parse(r.vector) as number[]);
    }
  }

  /**
   * A catalogue that had few vectors when it loaded (a new one: the demo tracks' sound is analysed after the
   * server starts) was standardised on too few, or on none, and its closeness means little. Each time the
   * vectors held reach twice the sample the scale was fitted on, it is fitted again on all of them and every
   * vector re-read, all at once (read first, then applied without a pause), so no query sees two scales.
   * At most about log2(SCALE_SAMPLE) times in a catalogue's life, each time reading fewer than
   * 2 × SCALE_SAMPLE vectors.
   */
  private async refitIfSparse(): Promise<void> {
    const index = this.similarity;
    if (this.refitting || index.fittedOn >= SCALE_SAMPLE || index.vectorCount < Math.max(2, 2 * index.fittedOn)) return;
    this.refitting = true;
    try {
      const rows: { id: number; v: number[] }[] = [];
      for await (const batch of sound.streamFeatures(this.deps.db, SOUND_FEATURES_VERSION))
        for (const r of batch) rows.push({ id: r.track_id, v: JSON.parse(r.vector) as number[] });
      if (index !== this.similarity) return;
      index.fitScale(rows.slice(0, SCALE_SAMPLE).map((r) => r.v));
      const read = new Set<number>();
      for (const r of rows) {
        index.setVector(r.id, r.v);
        read.add(r.id);
      }
      // A vector set while the rows were read was quantised on the old scale: read it again.
      const late = index.idsWithVector().filter((id) => !read.has(id));
      if (late.length > 0) await this.applyVectors(late);
    } finally {
      this.refitting = false;
    }
  }

  /**
   * Applies track changes made by any instance since the last sync. Called while a sync runs (another
   * instance's signal came in the meantime), it reads the feed once more before it resolves, so a change
   * committed after the running sync's last read is not left for the next poll.
   */
  syncChanges(): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      try {
        for (;;) {
          this.syncAgain = false;
          const changes = await tracks.changesSince(this.deps.db, this.changeSeq);
          if (changes.length > 0) {
            await this.apply([...new Set(changes.map((c) => c.track_id))]);
            this.changeSeq = changes[changes.length - 1]!.seq;
          } else if (!this.syncAgain) return;
        }
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  /** Re-reads these tracks, just changed by this instance, into the index and tells the other instances. */
  async refresh(ids: readonly number[]): Promise<void> {
    await this.apply(ids);
    this.deps.changes?.announce();
  }

  /** Re-reads these tracks into the index (removing those that are gone). */
  private async apply(ids: readonly number[]): Promise<void> {
    const seen = new Set<number>();
    this.contentVersion += 1;
    this.pages.evict(ids);
    for await (const batch of tracks.streamIndexRows(this.deps.db, 1000, ids)) {
      for (const r of batch) {
        seen.add(r.id);
        const t = toIndexed(r);
        this.index.upsert(t);
        this.similarity.upsert(toSimilarMeta(t));
      }
    }
    for (const id of ids) {
      if (!seen.has(id)) {
        this.index.remove(id);
        this.similarity.remove(id);
      }
    }
    await this.applyVectors(ids.filter((id) => seen.has(id)));
  }

  /** Re-reads these tracks' sound vectors, just changed by this instance, and tells the other instances. */
  async vectorsChanged(ids: readonly number[]): Promise<void> {
    await this.applyVectors(ids);
    this.deps.changes?.announce();
  }

  /** Re-reads these tracks' sound vectors (nothing a page shows changes: no cache is touched). */
  private async applyVectors(ids: readonly number[]): Promise<void> {
    const vectors = new Map((await sound.featuresOf(this.deps.db, ids, SOUND_FEATURES_VERSION)).map((r) => [r.track_id, r.vector]));
    for (const id of ids) {
      const v = vectors.get(id);
      this.similarity.setVector(id, v === undefined ? null : (JSON.parse(v) as number[]));
    }
    await this.refitIfSparse();
  }

  /**
   * Published tracks that sound like this one (the track itself left out), a page at a time, as the JSON of
   * `{ body: page }`: the same page writer and cached track JSON as searches. Only tracks close enough
   * (`SIMILAR_CUTOFF`) are listed or counted, at most `SIMILAR_MAX`. Unknown or invisible: 404.
   */
  async similar(id: number, query: Pick<MusicQuery, 'page' | 'size'>, viewer: Viewer | null): Promise<Buffer> {
    await this.visibleTrack(id, viewer);
    const turn = this.turns.wait();
    if (turn) await turn;
    try {
      const result = this.similarity.similar(id, query.page * query.size, query.size, BLEND, SIMILAR_CUTOFF, SIMILAR_MAX);
      return await this.pages.write(result.ids, result.total, query.size, query.page, viewer);
    } finally {
      this.turns.done();
    }
  }

  /** The similarity index's memory and size (benchmarks). */
  similarityStats(): { tracks: number; bytes: number } {
    return { tracks: this.similarity.size, bytes: this.similarity.bytes };
  }

  /** A catalogue or list search, as the JSON of `{ body: page }`. */
  async search(query: MusicQuery, viewer: Viewer | null): Promise<Buffer> {
    let scope: IndexScope = { kind: 'catalogue' };
    if (query.tempPlayListId !== null) {
      if (!viewer) throw unauthorized();
      scope = { kind: 'list', ids: await this.listIds(query.tempPlayListId, viewer) };
    }
    const licensed = query.tempPlayListId === -1 && viewer !== null;
    return this.runQuery(query, scope, viewer, query.tempPlayListId !== null ? viewer!.id : null, licensed);
  }

  /**
   * A signed-out catalogue search, as the JSON of `{ body: page }`. The same query against the same
   * catalogue gives the same bytes, so they are kept; popularity order also depends on play counts.
   */
  async publicSearch(query: MusicQuery): Promise<Buffer> {
    let key = this.responseKey(query);
    const cached = this.responses.get(key);
    if (cached !== undefined) {
      this.responseCacheStats.hits += 1;
      return cached;
    }
    this.responseCacheStats.misses += 1;
    const turn = this.turns.wait();
    if (turn) await turn;
    try {
      if (turn) {
        // The same query often arrives many times in one burst (the landing list): the first to get its
        // turn answers the rest. The key is made again: the catalogue may have changed meanwhile.
        key = this.responseKey(query);
        const answered = this.responses.get(key);
        if (answered !== undefined) return answered;
      }
      const json = await this.runQueryNow(query, { kind: 'catalogue' }, null, null);
      // Kept from the second time the query comes among the recent ones (lib/seen-filter.ts).
      if (this.responsesSeen.check(key)) this.responses.set(key, json);
      return json;
    } finally {
      this.turns.done();
    }
  }

  /** The response cache's key: the query and what its answer depends on. */
  private responseKey(query: MusicQuery): string {
    return JSON.stringify([
      query.q,
      query.genre,
      [...query.moods].sort((a, b) => a - b),
      query.soundKey,
      query.keyMode,
      query.speed,
      query.bpmGte,
      query.bpmLte,
      query.sort,
      query.dir,
      query.page,
      query.size,
      this.contentVersion,
      query.sort === 'popularity' ? this.popularityVersion : 0,
    ]);
  }

  /**
   * A page of a shared playlist's tracks (the share service found the playlist), as the JSON of
   * `{ body: page }`: published tracks only, whoever asks, the caller's likes marked.
   */
  async sharedList(ids: readonly number[], query: MusicQuery, viewer: Viewer | null): Promise<Buffer> {
    return this.runQuery(query, { kind: 'list', ids }, viewer, null);
  }

  /** The caller's own uploads, published or not (DECISIONS 13), as the JSON of `{ body: page }`. */
  async myMusics(query: MusicQuery, viewer: Viewer): Promise<Buffer> {
    return this.runQuery(query, { kind: 'owner', ownerId: viewer.id }, viewer, viewer.id);
  }

  /** A search that waits for its turn first: from there to the page's bytes it runs without yielding on SQLite. */
  private async runQuery(query: MusicQuery, scope: IndexScope, viewer: Viewer | null, visibleTo: number | null, licensed = false) {
    const turn = this.turns.wait();
    if (turn) await turn;
    try {
      return await this.runQueryNow(query, scope, viewer, visibleTo, licensed);
    } finally {
      this.turns.done();
    }
  }

  private async runQueryNow(query: MusicQuery, scope: IndexScope, viewer: Viewer | null, visibleTo: number | null, licensed = false) {
    const offset = query.page * query.size;
    const result = this.index.search({
      q: query.q,
      genre: query.genre,
      moods: query.moods,
      soundKey: query.soundKey,
      keyMode: query.keyMode,
      speed: query.speed,
      bpmGte: query.bpmGte,
      bpmLte: query.bpmLte,
      sort: query.sort,
      dir: query.dir,
      offset,
      limit: query.size,
      scope,
      viewerId: visibleTo,
    });
    let extras: Map<number, string> | undefined;
    if (licensed && viewer && this.deps.licences) {
      // The downloads list is the licence history: each track carries the licences it was downloaded under
      // (`licences`: the full track's, then each short edit's), and the first of them in the fields before it.
      const held = await this.deps.licences.heldForTracks(viewer.id, result.ids);
      extras = new Map(
        [...held].map(([id, list]) => {
          const l = list[0]!;
          const first = `"licenceId":${JSON.stringify(l.licenceId)},"licensedAt":${JSON.stringify(l.licensedAt)},"licenceStatus":${JSON.stringify(l.status)}`;
          return [id, `${first}${l.edit === undefined ? '' : `,"licenceEdit":${l.edit}`},"licences":${JSON.stringify(list)}`];
        }),
      );
    }
    return this.pages.write(result.ids, result.total, query.size, query.page, viewer, extras);
  }

  private async listIds(listId: number, viewer: Viewer): Promise<number[]> {
    if (listId === 0) return library.likedTrackIds(this.deps.db, viewer.id);
    if (listId === -1) return library.downloadedTrackIds(this.deps.db, viewer.id);
    if (listId > 0 && (await playlists.findOwnedPlaylist(this.deps.db, viewer.id, listId))) {
      return playlists.playlistTrackIds(this.deps.db, listId);
    }
    throw notFound('PLAYLIST_NOT_FOUND');
  }

  /** A track the caller may see, or 404. */
  async visibleTrack(id: number, viewer: Viewer | null): Promise<WireRow> {
    const [row] = await this.readTracks([id]);
    if (!row || !isVisible(row, viewer)) throw notFound('TRACK_NOT_FOUND');
    return row;
  }

  async getMusic(id: number, viewer: Viewer | null): Promise<Music> {
    const row = await this.visibleTrack(id, viewer);
    const liked = viewer ? (await library.likedAmong(this.deps.db, viewer.id, [id])).has(id) : false;
    const music = toMusic(row, liked, this.deps.urls, viewer?.id ?? null);
    if (!viewer || !this.deps.licences) return music;
    // The track page tells a member the licences they hold for it (as the downloads list does), with their
    // certificates and verify pages: one for each file downloaded.
    const held = (await this.deps.licences.heldForTracks(viewer.id, [id])).get(id);
    return held?.length ? { ...music, licences: held } : music;
  }

  /** A play, like or download count changed: the popularity order follows (page bytes do not hold counts). */
  countsChanged(id: number, counts: Pick<IndexRow, 'play_count' | 'like_count' | 'download_count'>): void {
    this.popularityVersion += 1;
    this.index.setPopularity(id, popularityOf(counts));
  }
}
