import { randomBytes } from 'node:crypto';
import {
  parseMusicQuery,
  SHARE_TOKEN_PATTERN,
  type Music,
  type MusicQuery,
  type Page,
  type PlaylistShare,
  type SharedPlaylist,
} from '@sori/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError, notFound } from '../lib/app-error';
import type { Counters } from '../lib/counters';
import { nowIso } from '../lib/time';
import * as playlists from '../repositories/playlist.repository';
import * as shares from '../repositories/share.repository';
import type { ShareRow } from '../repositories/share.repository';
import type { Viewer } from './auth.service';
import type { CatalogueService } from './catalogue/catalogue.service';

export interface ShareDeps {
  db: Kysely<Database>;
  catalogue: CatalogueService;
  counters: Counters;
  /** The web app's origin: links point there. */
  publicBaseUrl: string;
  /** Opens of shared playlists (API and page) per address and minute. */
  opensPerMinute: number;
}

/** A new share token: 128 random bits, base64url (22 characters). */
export const newShareToken = (): string => randomBytes(16).toString('base64url');

const JSON_BODY_HEAD = '{"body":'.length;

/** The first page of a shared playlist in its own order (last added first), as its screen shows it. */
const PREVIEW_QUERY: MusicQuery = (() => {
  const parsed = parseMusicQuery({ sort: ['id', 'desc'] });
  if (!parsed.ok) throw new Error('the preview query does not parse');
  return parsed.value;
})();

/** What a shared page's preview (Open Graph tags) says about a shared playlist. */
export interface SharedPlaylistPreview {
  playlist: SharedPlaylist;
  /** The cover of its most recently added published track that has one, else null. */
  cover: string | null;
}

/**
 * Share links of playlists (PRODUCT §16): only the owner shares and ends a share (someone else's playlist is
 * answered as not found, as every playlist route does); anyone holding the link reads the playlist and its
 * published tracks, signed out too, until the share ends.
 */
export class ShareService {
  constructor(private readonly deps: ShareDeps) {}

  /** The owner's current link, or null when the playlist is not shared. */
  async state(viewer: Viewer, playlistId: number): Promise<PlaylistShare | null> {
    await this.owned(viewer, playlistId);
    const row = await shares.findShareOfPlaylist(this.deps.db, playlistId);
    return row ? this.toShare(row) : null;
  }

  /** Shares the playlist; while it stays shared, the same link is answered again. */
  async share(viewer: Viewer, playlistId: number): Promise<PlaylistShare> {
    await this.owned(viewer, playlistId);
    const existing = await shares.findShareOfPlaylist(this.deps.db, playlistId);
    if (existing) return this.toShare(existing);
    return this.toShare(await shares.insertShare(this.deps.db, playlistId, newShareToken(), nowIso()));
  }

  /** Ends the share (nothing to do when it is not shared); a later share gets a new link. */
  async revoke(viewer: Viewer, playlistId: number): Promise<{ shared: false }> {
    await this.owned(viewer, playlistId);
    await shares.deleteShare(this.deps.db, playlistId);
    return { shared: false };
  }

  /**
   * A shared playlist and a page of its published tracks, as the JSON of `{ body: { playlist, tracks } }`;
   * the tracks' page is spliced from the catalogue's page bytes (CONTRIBUTING, "Wire-JSON splicing").
   */
  async open(token: string, query: MusicQuery, viewer: Viewer | null, address: string): Promise<Buffer> {
    const { playlist, ids } = await this.find(token, address);
    const page = await this.deps.catalogue.sharedList(ids, query, viewer);
    // The count shown is of the tracks shown. A quote inside a title is escaped, so the last unescaped
    // "totalElements" is the page's own, in its tail.
    const at = page.lastIndexOf('"totalElements":');
    const musicCount = Number(/^"totalElements":(\d+)/u.exec(page.subarray(at, at + 40).toString('latin1'))?.[1] ?? 0);
    const head = Buffer.from(`{"body":{"playlist":${JSON.stringify({ ...playlist, musicCount })},"tracks":`);
    return Buffer.concat([head, page.subarray(JSON_BODY_HEAD, page.length - 1), Buffer.from('}}')]);
  }

  /** The playlist behind a link for the page's preview tags; 404 when the link is not shared. */
  async preview(token: string, address: string): Promise<SharedPlaylistPreview> {
    const { playlist, ids } = await this.find(token, address);
    const page = await this.deps.catalogue.sharedList(ids, PREVIEW_QUERY, null);
    const tracks = (JSON.parse(page.toString('utf8')) as { body: Page<Music> }).body;
    const withCover = tracks.content.find((m) => m.cover !== null);
    return { playlist: { ...playlist, musicCount: tracks.totalElements }, cover: withCover?.cover ?? null };
  }

  private async find(token: string, address: string): Promise<{ playlist: SharedPlaylist; ids: number[] }> {
    const { count } = await this.deps.counters.hit(`shared:ip:${address}`, 60_000);
    if (count > this.deps.opensPerMinute) throw new AppError(429, 'RATE_LIMITED');
    // A token that cannot be one is not looked up.
    if (!SHARE_TOKEN_PATTERN.test(token)) throw notFound('SHARE_NOT_FOUND');
    const row = await shares.findSharedPlaylist(this.deps.db, token);
    if (!row) throw notFound('SHARE_NOT_FOUND');
    const ids = await playlists.playlistTrackIds(this.deps.db, row.id);
    return {
      playlist: {
        name: row.name,
        title: row.name,
        description: row.description,
        musicCount: 0,
        updatedAt: row.updated_at,
        token: row.token,
      },
      ids,
    };
  }

  private toShare(row: ShareRow): PlaylistShare {
    return { url: `${this.deps.publicBaseUrl}/shared/${row.token}`, token: row.token, sharedAt: row.created_at };
  }

  private async owned(viewer: Viewer, id: number): Promise<void> {
    if (!(await playlists.findOwnedPlaylist(this.deps.db, viewer.id, id))) throw notFound('PLAYLIST_NOT_FOUND');
  }
}
