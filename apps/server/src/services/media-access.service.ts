import { MIN_DOWNLOAD_LEVEL } from '@sori/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden, notFound } from '../lib/app-error';
import type { SignedParams, TokenService } from '../lib/tokens';
import { trackDownloadName } from '../media/download-name';
import * as tracks from '../repositories/track.repository';
import { findUserById } from '../repositories/user.repository';
import { privateMediaResource } from './music.mapper';

/** A track's stored media that the routes serve. */
export type MediaKind = 'wave' | 'peaks' | 'cover' | 'cover-thumb' | 'preview';

/** A stored object the caller may fetch, and whether it may be cached publicly. */
export interface MediaObject {
  key: string;
  access: 'public' | 'private';
}

/** The licensed original: its storage key, type and the name it is saved under. */
export interface OriginalFile {
  key: string;
  mime: string;
  fileName: string;
}

/**
 * Who may fetch a track's media. Published ready tracks' media is public; an unpublished upload's is its
 * owner's only, by bearer token or by a link signed for that track and user (an audio element cannot send a
 * header). The licensed original is reached only through a short-lived signed link, and only while its
 * holder's level still allows downloads.
 */
export class MediaAccessService {
  constructor(private readonly deps: { db: Kysely<Database>; tokens: TokenService }) {}

  /** The stored object of this kind for a track the caller may fetch, or 404 (never 403: no existence leak). */
  async object(id: number, kind: MediaKind, viewerId: number | null, signed: SignedParams): Promise<MediaObject> {
    const row = await tracks.findTrack(this.deps.db, id);
    if (!row || row.status !== 'ready') throw notFound('TRACK_NOT_FOUND');
    let access: MediaObject['access'] = 'public';
    if (row.published !== 1) {
      const owner = row.owner_id;
      const signedUid = this.deps.tokens.checkUrlParams(privateMediaResource(id), signed);
      if (owner === null || (viewerId !== owner && signedUid !== owner)) throw notFound('TRACK_NOT_FOUND');
      access = 'private';
    }
    const key = {
      wave: row.wave_key,
      peaks: row.peaks_key,
      cover: row.cover_key,
      'cover-thumb': row.cover_thumb_key,
      preview: row.preview_key,
    }[kind];
    if (!key) throw notFound(kind === 'preview' ? 'NO_FILE' : 'NOT_FOUND');
    return { key, access };
  }

  /** The original behind a download link: the signature for this track, then the holder's level now. */
  async original(id: number, signed: SignedParams): Promise<OriginalFile> {
    const uid = this.deps.tokens.checkUrlParams(`original:${id}`, signed);
    if (uid === null) throw forbidden('FORBIDDEN');
    const user = await findUserById(this.deps.db, uid);
    if (!user || user.level < MIN_DOWNLOAD_LEVEL) throw forbidden('LEVEL_TOO_LOW');
    const row = await tracks.findTrack(this.deps.db, id);
    if (!row || !row.original_key || !row.file_name) throw notFound('NO_FILE');
    return {
      key: row.original_key,
      mime: row.original_mime ?? 'application/octet-stream',
      fileName: trackDownloadName(row.artist, row.title, row.file_name),
    };
  }
}
