import { MIN_DOWNLOAD_LEVEL, type DownloadTicket, type Music, type MusicQuery } from '@sori/contract';
import type Sqlite from 'better-sqlite3';
import type pg from 'pg';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError, forbidden, notFound, unauthorized } from '../lib/app-error';
import type { Counters } from '../lib/counters';
import { Lru } from '../lib/lru';
import { SeenFilter } from '../lib/seen-filter';
import { Turns } from '../lib/turns';
import { WireCache } from '../lib/wire-cache';
import * as library from '../repositories/library.repository';
import * as playlists from '../repositories/playlist.repository';
import * as tracks from '../repositories/track.repository';
import type { IndexRow, WireRow } from '../repositories/track.repository';
import { CatalogueIndex, type IndexedTrack, type IndexScope } from '../search/catalogue-index';
import type { Viewer } from './auth.service';
import { parseMoods, toMusic, type MediaUrls } from './music.mapper';
import { trackDownloadName } from '../media/download-name';

export interface CatalogueDeps {
  db: Kysely<Database>;
  /** The embedded SQLite handle when there is one: the index is then built by streaming rows. */
  sqlite?: Sqlite.Database | null;
  /** The PostgreSQL pool when there is one: page rows are then read through a named prepared statement. */
  pg?: pg.Pool | null;
  counters: Counters;
  urls: MediaUrls;
  hitWindowSeconds: number;
}

/**
 * Bytes of tracks' wire JSON kept for building pages (300 to 400 bytes a track: 32 MB holds about 100,000).
 * Reading a page's rows from the database and making their objects cost more than the whole rest of a
 * search; a page is joined from these (lib/wire-cache.ts). Any change to a track evicts it. The server
 * keeps within 300 MB (bench/RESULTS.md): past 250,000 tracks the index itself takes 30 MB and more of that
 * (111 MB at a million), so the ring is halved there: at a million tracks 29–39 % of a page's tracks are found in it, 44 % with 32 MB.
 */
function wireCacheBytes(tracks: number): number {
  return (tracks > 250_000 ? 16 : 32) * 1024 * 1024;
}
/** What a cached response costs beyond its bytes (the Buffer object and the map entry). */
const RESPONSE_ENTRY_OVERHEAD = 160;

/**
 * Bytes of serialized answers of anonymous catalogue searches; repeated queries (the landing list) skip all
 * work. A query's answer is kept from its second coming among the recent ones (lib/seen-filter.ts), so the
 * 4 MB (some 500 pages) hold what repeats: the landing list, popular texts. Keeping every answer in 8 MB
 * answered 30–32.5 % of the benchmark's searches; this answers 33.7–34 %, at 100,000 and a million tracks.
 */
const RESPONSE_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * How long searches may hold the event loop in one turn before the rest wait for turns of their own
 * (lib/turns.ts): a burst of searches then delays timers and other routes by about this, not by all of them.
 */
const SEARCH_SLICE_MS = 2;

/** V8's full garbage collection when Node runs with --expose-gc (`bin/sori-serve` does), for the boot build. */
const fullCollection = (globalThis as { gc?: () => void }).gc;

/** A track's public wire JSON (no caller-specific fields), UTF-8, as pages are written. */
interface WireJson {
  json: Buffer;
  ownerId: number | null;
}

const LIKED_FALSE = Buffer.from('"liked":false');
const JSON_TRUE = Buffer.from('true');
const COMMA = Buffer.from(',');
const COMMA_BYTE = 0x2c;
const PAGE_HEAD = Buffer.from('{"body":{"content":[');

/** Page metadata after the content, in the order of `Page` (DECISIONS 7). */
function pageTail(total: number, size: number, page: number): Buffer {
  const totalPages = Math.ceil(total / size);
  return Buffer.from(
    `],"totalPages":${totalPages},"totalElements":${total},"size":${size},"number":${page},"first":${page === 0},"last":${page >= totalPages - 1}}}`,
  );
}

/** How long a signed download link stays valid (DECISIONS 9). */
export const DOWNLOAD_LINK_TTL_SECONDS = 300;

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
    bpm: r.bpm,
    speed: r.speed,
    durationSec: r.duration_sec,
    popularity: popularityOf(r),
    // A track still being ingested (or failed) is in nobody's catalogue until it is ready.
    published: r.published === 1 && r.status === 'ready',
    ownerId: r.owner_id,
  };
}

const isVisible = (row: WireRow, viewer: Viewer | null) =>
  (row.published === 1 && row.status === 'ready') || (viewer !== null && row.owner_id === viewer.id);

/**
 * The catalogue: search, lists, likes, plays and downloads. Search runs on an in-memory index of every
 * track (see search/README.md) kept in step with the database: writes through this service update it at
 * once, and every instance also follows the track_changes feed for writes made elsewhere.
 */
export class CatalogueService {
  private index = CatalogueIndex.build([]);
  private changeSeq = 0;
  private syncing: Promise<void> | null = null;
  /** Made for the catalogue's size once it is loaded (wireCacheBytes); the smallest ring until then. */
  private wire = new WireCache(0);
  private readonly responses = new Lru<string, Buffer>(RESPONSE_CACHE_BYTES, (b) => b.length + RESPONSE_ENTRY_OVERHEAD);
  private readonly responsesSeen = new SeenFilter();
  /** Bumped by any change to a track's content, and by any play/like/download count. */
  private contentVersion = 0;
  private popularityVersion = 0;
  /** Hits and misses of the response cache, for the benchmarks. */
  readonly responseCacheStats = { hits: 0, misses: 0 };
  /** Tracks of pages found in the wire cache, and read from the database. */
  private readonly wireStats = { hits: 0, misses: 0 };

  private readonly readTracks: tracks.TrackReader;
  /** Searches take turns at the CPU when they arrive together. */
  private readonly turns = new Turns(SEARCH_SLICE_MS);

  constructor(private readonly deps: CatalogueDeps) {
    this.readTracks = tracks.trackReader(deps.db, deps.sqlite, deps.pg);
  }

  get indexSize(): number {
    return this.index.size;
  }

  textCacheStats() {
    return this.index.textCacheStats();
  }

  wireCacheStats() {
    return { ...this.wireStats, entries: this.wire.size, bytes: this.wire.byteSize };
  }

  /** Builds the index from the database (at boot). */
  async load(): Promise<void> {
    const seq = await tracks.latestChangeSeq(this.deps.db);
    if (this.deps.sqlite) {
      const rows = tracks.iterateIndexRowsSync(this.deps.sqlite);
      this.index = CatalogueIndex.build(
        (function* () {
          for (const r of rows) yield toIndexed(r);
        })(),
        { maxId: tracks.maxTrackIdSync(this.deps.sqlite), collect: fullCollection },
      );
    } else {
      const all: IndexedTrack[] = [];
      for await (const batch of tracks.streamIndexRows(this.deps.db)) for (const r of batch) all.push(toIndexed(r));
      this.index = CatalogueIndex.build(all, { collect: fullCollection });
    }
    this.wire = new WireCache(wireCacheBytes(this.index.size));
    this.changeSeq = seq;
  }

  /** Applies track changes made by any instance since the last sync. */
  syncChanges(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        for (;;) {
          const changes = await tracks.changesSince(this.deps.db, this.changeSeq);
          if (changes.length === 0) return;
          await this.refresh([...new Set(changes.map((c) => c.track_id))]);
          this.changeSeq = changes[changes.length - 1]!.seq;
        }
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  /** Re-reads these tracks into the index (removing those that are gone). */
  async refresh(ids: readonly number[]): Promise<void> {
    const seen = new Set<number>();
    this.contentVersion += 1;
    for (const id of ids) this.wire.delete(id);
    for await (const batch of tracks.streamIndexRows(this.deps.db, 1000, ids)) {
      for (const r of batch) {
        seen.add(r.id);
        this.index.upsert(toIndexed(r));
      }
    }
    for (const id of ids) if (!seen.has(id)) this.index.remove(id);
  }

  /** A catalogue or list search, as the JSON of `{ body: page }`. */
  async search(query: MusicQuery, viewer: Viewer | null): Promise<Buffer> {
    let scope: IndexScope = { kind: 'catalogue' };
    if (query.tempPlayListId !== null) {
      if (!viewer) throw unauthorized();
      scope = { kind: 'list', ids: await this.listIds(query.tempPlayListId, viewer) };
    }
    return this.runQuery(query, scope, viewer, query.tempPlayListId !== null ? viewer!.id : null);
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

  /** The caller's own uploads, published or not (DECISIONS 13), as the JSON of `{ body: page }`. */
  async myMusics(query: MusicQuery, viewer: Viewer): Promise<Buffer> {
    return this.runQuery(query, { kind: 'owner', ownerId: viewer.id }, viewer, viewer.id);
  }

  /** A search that waits for its turn first: from there to the page's bytes it runs without yielding on SQLite. */
  private async runQuery(query: MusicQuery, scope: IndexScope, viewer: Viewer | null, visibleTo: number | null) {
    const turn = this.turns.wait();
    if (turn) await turn;
    try {
      return await this.runQueryNow(query, scope, viewer, visibleTo);
    } finally {
      this.turns.done();
    }
  }

  private async runQueryNow(query: MusicQuery, scope: IndexScope, viewer: Viewer | null, visibleTo: number | null) {
    const offset = query.page * query.size;
    const result = this.index.search({
      q: query.q,
      genre: query.genre,
      moods: query.moods,
      soundKey: query.soundKey,
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
    const tail = pageTail(result.total, query.size, query.page);
    const cached = viewer === null ? this.cachedPage(result.ids, tail) : null;
    if (cached) return cached;
    const content = await this.wireInOrder(result.ids, viewer);
    const parts: Buffer[] = [PAGE_HEAD];
    content.forEach((item, i) => {
      if (i > 0) parts.push(COMMA);
      parts.push(...item);
    });
    parts.push(tail);
    return Buffer.concat(parts);
  }

  /**
   * A signed-out page whose tracks are all in the wire cache, copied straight out of it into one buffer;
   * null when some track is not cached.
   */
  private cachedPage(ids: readonly number[], tail: Buffer): Buffer | null {
    const cache = this.wire;
    let bytes = PAGE_HEAD.length + Math.max(0, ids.length - 1) + tail.length;
    for (const id of ids) {
      const n = cache.lengthOf(id);
      if (n < 0) return null;
      bytes += n;
    }
    this.wireStats.hits += ids.length;
    const out = Buffer.allocUnsafe(bytes);
    let at = PAGE_HEAD.copy(out, 0);
    for (let i = 0; i < ids.length; i++) {
      if (i > 0) out[at++] = COMMA_BYTE;
      at += cache.copyInto(ids[i]!, out, at);
    }
    tail.copy(out, at);
    for (const id of ids) cache.refresh(id);
    return out;
  }

  private async listIds(listId: number, viewer: Viewer): Promise<number[]> {
    if (listId === 0) return library.likedTrackIds(this.deps.db, viewer.id);
    if (listId === -1) return library.downloadedTrackIds(this.deps.db, viewer.id);
    if (listId > 0 && (await playlists.findOwnedPlaylist(this.deps.db, viewer.id, listId))) {
      return playlists.playlistTrackIds(this.deps.db, listId);
    }
    throw notFound('PLAYLIST_NOT_FOUND');
  }

  private wireOf(row: WireRow): WireJson {
    const json = Buffer.from(JSON.stringify(toMusic(row, false, this.deps.urls, null)));
    return { json, ownerId: row.owner_id };
  }

  /**
   * The wire JSON of these tracks in this order, each as the buffers to write: from the cache where it
   * has them, one read for the rest. A liked track gets `"liked":true`; the caller's own tracks carry
   * owner-only fields (signed links, published) and are made per caller. A track gone meanwhile is left out.
   */
  private async wireInOrder(ids: readonly number[], viewer: Viewer | null): Promise<Buffer[][]> {
    if (ids.length === 0) return [];
    const cache = this.wire;
    const byId = new Map<number, WireJson>();
    const missing: number[] = [];
    // Cached tracks are copied out now: the cache's ring may be overwritten while the database answers.
    for (const id of ids) {
      const n = cache.lengthOf(id);
      if (n < 0) {
        missing.push(id);
        continue;
      }
      const json = Buffer.allocUnsafe(n);
      cache.copyInto(id, json, 0);
      byId.set(id, { json, ownerId: this.index.ownerOf(id) });
    }
    for (const id of byId.keys()) cache.refresh(id);
    this.wireStats.hits += byId.size;
    this.wireStats.misses += missing.length;
    const [rows, liked] = await Promise.all([
      missing.length > 0 ? this.readTracks(missing) : [],
      viewer ? library.likedAmong(this.deps.db, viewer.id, ids) : new Set<number>(),
    ]);
    const own = new Map<number, WireRow>();
    for (const row of rows) {
      const w = this.wireOf(row);
      cache.set(row.id, w.json);
      byId.set(row.id, w);
      if (viewer !== null && row.owner_id === viewer.id) own.set(row.id, row);
    }
    if (viewer !== null) {
      const ownCached = ids.filter((id) => byId.get(id)?.ownerId === viewer.id && !own.has(id));
      if (ownCached.length > 0) for (const row of await this.readTracks(ownCached)) own.set(row.id, row);
    }
    const out: Buffer[][] = [];
    for (const id of ids) {
      const w = byId.get(id);
      if (!w) continue;
      if (viewer !== null && w.ownerId === viewer.id) {
        const row = own.get(id);
        if (row) out.push([Buffer.from(JSON.stringify(toMusic(row, liked.has(id), this.deps.urls, viewer.id)))]);
        continue;
      }
      if (!liked.has(id)) {
        out.push([w.json]);
        continue;
      }
      // `"liked":false` → `"liked":true`, without parsing.
      const at = w.json.indexOf(LIKED_FALSE) + LIKED_FALSE.length - 5;
      out.push([w.json.subarray(0, at), JSON_TRUE, w.json.subarray(at + 5)]);
    }
    return out;
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
    return toMusic(row, liked, this.deps.urls, viewer?.id ?? null);
  }

  async setLiked(viewer: Viewer, id: number, liked: boolean): Promise<{ musicId: number; liked: boolean }> {
    await this.visibleTrack(id, viewer);
    const changed = liked
      ? await library.addLike(this.deps.db, viewer.id, id)
      : await library.removeLike(this.deps.db, viewer.id, id);
    if (changed) await this.bump(id, 'like_count', liked ? 1 : -1);
    return { musicId: id, liked };
  }

  /** Counts a play once per client and track within the hit window (DECISIONS 12). */
  async recordHit(id: number, viewer: Viewer | null, clientKey: string): Promise<{ counted: boolean }> {
    await this.visibleTrack(id, viewer);
    const who = viewer ? `u${viewer.id}` : `a${clientKey}`;
    const first = await this.deps.counters.firstWithin(`hit:${who}:${id}`, this.deps.hitWindowSeconds * 1000);
    if (first) await this.bump(id, 'play_count', 1);
    return { counted: first };
  }

  /** Checks sign-in and level, records the download and answers a short-lived link to the original. */
  async download(id: number, viewer: Viewer | null): Promise<DownloadTicket> {
    if (!viewer) throw unauthorized();
    if (viewer.level < MIN_DOWNLOAD_LEVEL) throw forbidden('LEVEL_TOO_LOW');
    const row = await this.visibleTrack(id, viewer);
    if (!row.original_key || !row.file_name || row.status !== 'ready') throw new AppError(409, 'NO_FILE');
    await library.recordDownload(this.deps.db, viewer.id, id);
    await this.bump(id, 'download_count', 1);
    const s = this.deps.urls.tokens.signUrlParams(`original:${id}`, viewer.id, DOWNLOAD_LINK_TTL_SECONDS);
    return {
      musicId: id,
      url: `/api/musics/${id}/original?exp=${s.exp}&uid=${s.uid}&sig=${s.sig}`,
      fileName: trackDownloadName(row.artist, row.title, row.file_name),
      expiresAt: new Date(s.exp * 1000).toISOString(),
    };
  }

  /** Counts are not part of a track's wire JSON: only the popularity order changes. */
  private async bump(id: number, column: 'play_count' | 'like_count' | 'download_count', by: number) {
    this.popularityVersion += 1;
    const r = await tracks.incrementCounter(this.deps.db, id, column, by);
    if (r) this.index.setPopularity(id, popularityOf(r));
  }
}
