import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import * as library from '../../repositories/library.repository';
import type { TrackReader, WireRow } from '../../repositories/track.repository';
import type { Viewer } from '../auth.service';
import { toMusic, type MediaUrls } from '../music.mapper';
import { WireCache } from './wire-cache';

/**
 * Bytes of tracks' wire JSON kept for building pages (300 to 400 bytes a track: 32 MB holds about 100,000).
 * Reading a page's rows from the database and making their objects cost more than the whole rest of a
 * search; a page is joined from these (wire-cache.ts). Any change to a track evicts it. The server keeps
 * within 300 MB (bench/RESULTS.md): past 250,000 tracks the index itself takes 30 MB and more of that
 * (111 MB at a million), so the ring is halved there: at a million tracks 29–39 % of a page's tracks are
 * found in it, 44 % with 32 MB.
 */
function wireCacheBytes(tracks: number): number {
  return (tracks > 250_000 ? 16 : 32) * 1024 * 1024;
}

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

/** Page metadata after the content, in the order of `Page` (docs/DECISIONS.md, "Pages"). */
function pageTail(total: number, size: number, page: number): Buffer {
  const totalPages = Math.ceil(total / size);
  return Buffer.from(
    `],"totalPages":${totalPages},"totalElements":${total},"size":${size},"number":${page},"first":${page === 0},"last":${page >= totalPages - 1}}}`,
  );
}

export interface PageWriterDeps {
  db: Kysely<Database>;
  urls: MediaUrls;
  readTracks: TrackReader;
  /** The owner of an indexed track (the index knows it without a read). */
  ownerOf: (id: number) => number | null;
}

/**
 * Writes a search's page, `{ body: page }`, as UTF-8 JSON bytes spliced from each track's cached wire JSON
 * rather than made as objects and serialised: the caller-specific parts (`"liked":true`, the caller's own
 * tracks' owner-only fields) are spliced in or made per caller. CONTRIBUTING.md, "Wire JSON", says what a
 * change to a track's wire shape must keep true.
 */
export class PageWriter {
  /** Made for the catalogue's size once it is loaded (wireCacheBytes); the smallest ring until then. */
  private wire = new WireCache(0);
  /** Tracks of pages found in the wire cache, and read from the database. */
  private readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly deps: PageWriterDeps) {}

  /** Sizes the wire cache for a catalogue of this many tracks (dropping what it held). */
  sizeFor(tracks: number): void {
    this.wire = new WireCache(wireCacheBytes(tracks));
  }

  /** Forgets these tracks' wire JSON (they changed). */
  evict(ids: readonly number[]): void {
    for (const id of ids) this.wire.delete(id);
  }

  cacheStats() {
    return { ...this.stats, entries: this.wire.size, bytes: this.wire.byteSize };
  }

  /**
   * The page of these tracks (in this order) out of `total`, for this caller; `extras` adds members (JSON
   * text, `"name":value,…`) to the tracks it names, for a signed-in caller's list.
   */
  async write(
    ids: readonly number[],
    total: number,
    size: number,
    page: number,
    viewer: Viewer | null,
    extras?: Map<number, string>,
  ): Promise<Buffer> {
    const tail = pageTail(total, size, page);
    const cached = viewer === null ? this.cachedPage(ids, tail) : null;
    if (cached) return cached;
    const content = await this.wireInOrder(ids, viewer, extras);
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
    this.stats.hits += ids.length;
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

  private wireOf(row: WireRow): WireJson {
    const json = Buffer.from(JSON.stringify(toMusic(row, false, this.deps.urls, null)));
    return { json, ownerId: row.owner_id };
  }

  /**
   * The wire JSON of these tracks in this order, each as the buffers to write: from the cache where it
   * has them, one read for the rest. A liked track gets `"liked":true`; the caller's own tracks carry
   * owner-only fields (signed links, published) and are made per caller. A track gone meanwhile is left out.
   */
  private async wireInOrder(ids: readonly number[], viewer: Viewer | null, extras?: Map<number, string>): Promise<Buffer[][]> {
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
      byId.set(id, { json, ownerId: this.deps.ownerOf(id) });
    }
    for (const id of byId.keys()) cache.refresh(id);
    this.stats.hits += byId.size;
    this.stats.misses += missing.length;
    const [rows, liked] = await Promise.all([
      missing.length > 0 ? this.deps.readTracks(missing) : [],
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
      if (ownCached.length > 0) for (const row of await this.deps.readTracks(ownCached)) own.set(row.id, row);
    }
    const out: Buffer[][] = [];
    for (const id of ids) {
      const w = byId.get(id);
      const parts = w ? this.itemParts(id, w, viewer, liked, own) : null;
      if (!parts) continue;
      const extra = extras?.get(id);
      if (extra !== undefined) {
        // The track's JSON ends with its closing brace: the extra members go just before it.
        const last = parts[parts.length - 1]!;
        parts[parts.length - 1] = last.subarray(0, last.length - 1);
        parts.push(Buffer.from(`,${extra}}`));
      }
      out.push(parts);
    }
    return out;
  }

  /**
   * One track's JSON as the buffers to write: the caller's own tracks made for them, a liked one with
   * `"liked":true` spliced in, else the cached public JSON; null when an own track is gone meanwhile.
   */
  private itemParts(id: number, w: WireJson, viewer: Viewer | null, liked: Set<number>, own: Map<number, WireRow>): Buffer[] | null {
    if (viewer !== null && w.ownerId === viewer.id) {
      const row = own.get(id);
      return row ? [Buffer.from(JSON.stringify(toMusic(row, liked.has(id), this.deps.urls, viewer.id)))] : null;
    }
    if (!liked.has(id)) return [w.json];
    // `"liked":false` → `"liked":true`, without parsing.
    const at = w.json.indexOf(LIKED_FALSE) + LIKED_FALSE.length - 5;
    return [w.json.subarray(0, at), JSON_TRUE, w.json.subarray(at + 5)];
  }
}
