import {
  isBlankText,
  MAX_PAGE_SIZE,
  pageFrom,
  playlistDescriptionText,
  playlistNameText,
  TEXT_LIMITS,
  tooLongDetails,
  type Page,
  type Playlist,
} from '@sori/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError, badRequest, notFound } from '../lib/app-error';
import * as repo from '../repositories/playlist.repository';
import type { PlaylistRow } from '../repositories/playlist.repository';
import type { Viewer } from './auth.service';
import type { CatalogueService } from './catalogue/catalogue.service';

/** Generous limits that keep one account from filling the database (PLAYLIST_MAX_PER_USER, PLAYLIST_MAX_TRACKS). */
export const MAX_PLAYLISTS_PER_USER = 500;
export const MAX_TRACKS_PER_PLAYLIST = 5000;

export interface PlaylistLimits {
  perUser: number;
  tracksPerPlaylist: number;
}

export function toPlaylist(r: PlaylistRow): Playlist {
  const p: Playlist = {
    id: r.id,
    name: r.name,
    title: r.name,
    description: r.description,
    musicCount: r.music_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
  if (r.has_music !== undefined) p.hasMusic = r.has_music;
  return p;
}

function cleanName(name: string): string {
  // NFC, control characters as spaces, trimmed (`playlistNameText`); the rest is kept as typed and shown as text.
  const n = playlistNameText(name);
  if (isBlankText(n)) throw badRequest('PLAYLIST_NAME_REQUIRED');
  if (n.length > TEXT_LIMITS.playlistName) throw badRequest('FIELD_TOO_LONG', tooLongDetails('playlistName'));
  return n;
}

function cleanDescription(d: string | null | undefined): string | null {
  // NFC; line breaks and tabs stay (a description may have paragraphs); other control characters go.
  const s = playlistDescriptionText(d ?? '');
  if (s.length > TEXT_LIMITS.playlistDescription) throw badRequest('FIELD_TOO_LONG', tooLongDetails('playlistDescription'));
  return s ? s : null;
}

export class PlaylistService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalogue: CatalogueService,
    private readonly limits: PlaylistLimits = { perUser: MAX_PLAYLISTS_PER_USER, tracksPerPlaylist: MAX_TRACKS_PER_PLAYLIST },
  ) {}

  /** The viewer's playlists; with a track id, each says whether it holds that track. */
  async list(viewer: Viewer, musicId?: number): Promise<Playlist[]> {
    const rows = await repo.listPlaylists(this.db, viewer.id);
    if (musicId === undefined) return rows.map(toPlaylist);
    const holding = new Set(await repo.playlistsHoldingTrack(this.db, viewer.id, musicId));
    return rows.map((r) => toPlaylist({ ...r, has_music: holding.has(r.id) }));
  }

  async page(viewer: Viewer, page: number, size: number): Promise<Page<Playlist>> {
    const s = Math.min(Math.max(size, 1), MAX_PAGE_SIZE);
    const [total, rows] = await Promise.all([
      repo.countPlaylists(this.db, viewer.id),
      repo.listPlaylists(this.db, viewer.id, { offset: page * s, limit: s }),
    ]);
    return pageFrom(rows.map(toPlaylist), page, s, total);
  }

  async get(viewer: Viewer, id: number): Promise<Playlist> {
    return toPlaylist(await this.owned(viewer, id));
  }

  async create(viewer: Viewer, name: string, description?: string | null): Promise<Playlist> {
    const clean = cleanName(name);
    const limit = this.limits.perUser;
    // Count and insert in one transaction holding the owner's row lock, so parallel creates cannot pass
    // the cap together (PostgreSQL); SQLite runs one write transaction at a time anyway.
    const row = await this.db.transaction().execute(async (trx) => {
      await repo.lockRow(trx, 'users', viewer.id);
      if ((await repo.countPlaylists(trx, viewer.id)) >= limit) throw new AppError(409, 'PLAYLIST_LIMIT', { limit });
      return repo.insertPlaylist(trx, viewer.id, clean, cleanDescription(description));
    });
    return toPlaylist(row);
  }

  async update(viewer: Viewer, id: number, name: string, description?: string | null): Promise<Playlist> {
    const clean = cleanName(name);
    if (!(await repo.updatePlaylist(this.db, viewer.id, id, clean, cleanDescription(description)))) {
      throw notFound('PLAYLIST_NOT_FOUND');
    }
    return this.get(viewer, id);
  }

  async delete(viewer: Viewer, id: number): Promise<{ id: number }> {
    if (!(await repo.deletePlaylist(this.db, viewer.id, id))) throw notFound('PLAYLIST_NOT_FOUND');
    return { id };
  }

  async addTrack(viewer: Viewer, playlistId: number, musicId: number) {
    await this.owned(viewer, playlistId);
    await this.catalogue.visibleTrack(musicId, viewer);
    const limit = this.limits.tracksPerPlaylist;
    // As for create: the playlist's row is locked while its tracks are counted and one is added.
    const added = await this.db.transaction().execute(async (trx) => {
      await repo.lockRow(trx, 'playlists', playlistId);
      const count = await repo.countPlaylistTracks(trx, playlistId);
      // Adding a track that is already there is not an error and does not duplicate it (DECISIONS 4).
      if (count >= limit && !(await repo.playlistHasTrack(trx, playlistId, musicId))) {
        // The advice to start a new playlist holds only while the owner is under the playlist cap.
        const canCreate = (await repo.countPlaylists(trx, viewer.id)) < this.limits.perUser;
        throw new AppError(409, 'PLAYLIST_FULL', { limit, canCreate });
      }
      return repo.addTrackToPlaylist(trx, playlistId, musicId);
    });
    return { playlistId, musicId, added, musicCount: await repo.countPlaylistTracks(this.db, playlistId) };
  }

  async removeTrack(viewer: Viewer, playlistId: number, musicId: number) {
    await this.owned(viewer, playlistId);
    const removed = await repo.removeTrackFromPlaylist(this.db, playlistId, musicId);
    return { playlistId, musicId, removed, musicCount: await repo.countPlaylistTracks(this.db, playlistId) };
  }

  private async owned(viewer: Viewer, id: number): Promise<PlaylistRow> {
    const p = await repo.findOwnedPlaylist(this.db, viewer.id, id);
    if (!p) throw notFound('PLAYLIST_NOT_FOUND');
    return p;
  }
}
