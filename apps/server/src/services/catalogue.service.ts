import { MIN_DOWNLOAD_LEVEL, type DownloadTicket, type Music, type MusicQuery, type Page } from '@sori/contract';
import type Sqlite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError, forbidden, notFound, unauthorized } from '../lib/app-error';
import type { Counters } from '../lib/counters';
import { Lru } from '../lib/lru';
import * as library from '../repositories/library.repository';
import * as playlists from '../repositories/playlist.repository';
import * as tracks from '../repositories/track.repository';
import type { IndexRow, TrackRow } from '../repositories/track.repository';
import { CatalogueIndex, type IndexedTrack, type IndexScope } from '../search/catalogue-index';
import type { Viewer } from './auth.service';
import { parseMoods, toMusic, type MediaUrls } from './music.mapper';

export interface CatalogueDeps {
  db: Kysely<Database>;
  /** The embedded SQLite handle when there is one: the index is then built by streaming rows. */
  sqlite?: Sqlite.Database | null;
  counters: Counters;
  urls: MediaUrls;
  hitWindowSeconds: number;
}

/**
 * Track rows kept in memory for building pages: the same popular tracks are on most pages, and reading
 * 20 rows by id was the largest cost of a search after the index itself. Any change to a track evicts it.
 */
const ROW_CACHE_SIZE = 5_000;

/** Serialized answers of anonymous catalogue searches; repeated queries (the landing list) skip all work. */
const RESPONSE_CACHE_SIZE = 2_000;

interface CachedTrack {
  row: TrackRow;
  /** The public wire object (no caller-specific fields), made on first use. */
  music: Music | null;
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

const isVisible = (row: TrackRow, viewer: Viewer | null) =>
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
  private readonly rows = new Lru<number, CachedTrack>(ROW_CACHE_SIZE);
  private readonly responses = new Lru<string, string>(RESPONSE_CACHE_SIZE);
  /** Bumped by any change to a track's content, and by any play/like/download count. */
  private contentVersion = 0;
  private popularityVersion = 0;
  /** Hits and misses of the response cache, for the benchmarks. */
  readonly responseCacheStats = { hits: 0, misses: 0 };

  constructor(private readonly deps: CatalogueDeps) {}

  get indexSize(): number {
    return this.index.size;
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
      );
    } else {
      const all: IndexedTrack[] = [];
      for await (const batch of tracks.streamIndexRows(this.deps.db)) for (const r of batch) all.push(toIndexed(r));
      this.index = CatalogueIndex.build(all);
    }
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
    for (const id of ids) this.rows.delete(id);
    for await (const batch of tracks.streamIndexRows(this.deps.db, 1000, ids)) {
      for (const r of batch) {
        seen.add(r.id);
        this.index.upsert(toIndexed(r));
      }
    }
    for (const id of ids) if (!seen.has(id)) this.index.remove(id);
  }

  async search(query: MusicQuery, viewer: Viewer | null): Promise<Page<Music>> {
    let scope: IndexScope = { kind: 'catalogue' };
    if (query.tempPlayListId !== null) {
      if (!viewer) throw unauthorized();
      scope = { kind: 'list', ids: await this.listIds(query.tempPlayListId, viewer) };
    }
    return this.runQuery(query, scope, viewer, query.tempPlayListId !== null ? viewer!.id : null);
  }

  /**
   * A signed-out catalogue search, answered as the JSON text of `{ body: page }`. The same query against
   * the same catalogue gives the same text, so it is kept; popularity order also depends on play counts.
   */
  async publicSearchJson(query: MusicQuery): Promise<string> {
    const key = JSON.stringify([
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
    const cached = this.responses.get(key);
    if (cached !== undefined) {
      this.responseCacheStats.hits += 1;
      return cached;
    }
    this.responseCacheStats.misses += 1;
    const json = JSON.stringify({ body: await this.runQuery(query, { kind: 'catalogue' }, null, null) });
    this.responses.set(key, json);
    return json;
  }

  /** The caller's own uploads, published or not (DECISIONS 13). */
  async myMusics(query: MusicQuery, viewer: Viewer): Promise<Page<Music>> {
    return this.runQuery(query, { kind: 'owner', ownerId: viewer.id }, viewer, viewer.id);
  }

  private async runQuery(query: MusicQuery, scope: IndexScope, viewer: Viewer | null, visibleTo: number | null) {
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
    const content = await this.musicsInOrder(result.ids, viewer);
    const totalPages = Math.ceil(result.total / query.size);
    return {
      content,
      totalPages,
      totalElements: result.total,
      size: query.size,
      number: query.page,
      first: query.page === 0,
      last: query.page >= totalPages - 1,
    };
  }

  private async listIds(listId: number, viewer: Viewer): Promise<number[]> {
    if (listId === 0) return library.likedTrackIds(this.deps.db, viewer.id);
    if (listId === -1) return library.downloadedTrackIds(this.deps.db, viewer.id);
    if (listId > 0 && (await playlists.findOwnedPlaylist(this.deps.db, viewer.id, listId))) {
      return playlists.playlistTrackIds(this.deps.db, listId);
    }
    throw notFound('PLAYLIST_NOT_FOUND');
  }

  /** Rows by id, from the cache where it has them and in one query for the rest. */
  private async rowsById(ids: readonly number[]): Promise<Map<number, CachedTrack>> {
    const out = new Map<number, CachedTrack>();
    const missing: number[] = [];
    for (const id of ids) {
      const hit = this.rows.get(id);
      if (hit) out.set(id, hit);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const row of await tracks.findTracks(this.deps.db, missing)) {
        const entry = { row, music: null };
        this.rows.set(row.id, entry);
        out.set(row.id, entry);
      }
    }
    return out;
  }

  private async musicsInOrder(ids: readonly number[], viewer: Viewer | null): Promise<Music[]> {
    if (ids.length === 0) return [];
    const [byId, liked] = await Promise.all([
      this.rowsById(ids),
      viewer ? library.likedAmong(this.deps.db, viewer.id, ids) : Promise.resolve(new Set<number>()),
    ]);
    const out: Music[] = [];
    for (const id of ids) {
      const entry = byId.get(id);
      if (!entry) continue;
      const { row } = entry;
      if (viewer !== null && row.owner_id === viewer.id) {
        // The owner's own track carries owner-only fields (signed links, published): made per caller.
        out.push(toMusic(row, liked.has(id), this.deps.urls, viewer.id));
        continue;
      }
      entry.music ??= toMusic(row, false, this.deps.urls, null);
      out.push(liked.has(id) ? { ...entry.music, liked: true } : entry.music);
    }
    return out;
  }

  /** A track the caller may see, or 404. */
  async visibleTrack(id: number, viewer: Viewer | null): Promise<TrackRow> {
    const row = (await this.rowsById([id])).get(id)?.row;
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
      fileName: row.file_name,
      expiresAt: new Date(s.exp * 1000).toISOString(),
    };
  }

  private async bump(id: number, column: 'play_count' | 'like_count' | 'download_count', by: number) {
    this.rows.delete(id);
    this.popularityVersion += 1;
    const r = await tracks.incrementCounter(this.deps.db, id, column, by);
    if (r) this.index.setPopularity(id, popularityOf(r));
  }
}
