import { MIN_DOWNLOAD_LEVEL, parseLicenceId, type Lang } from '@sori/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden, notFound } from '../lib/app-error';
import type { SignedParams, TokenService } from '../lib/tokens';
import { editDownloadName, trackDownloadName } from '../media/download-name';
import { findLicence } from '../repositories/licence.repository';
import * as sound from '../repositories/sound.repository';
import { downloadResource } from './library.service';
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
    const { row, access } = await this.reachable(id, viewerId, signed);
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

  /** One of a track's short edits (its audio, peaks or waveform), under the same rule as the track's media. */
  async edit(
    id: number,
    seconds: number,
    part: 'audio' | 'peaks' | 'wave',
    viewerId: number | null,
    signed: SignedParams,
  ): Promise<MediaObject> {
    const { access } = await this.reachable(id, viewerId, signed);
    const edit = await sound.findEdit(this.deps.db, id, seconds);
    const key = edit?.status === 'ready' ? { audio: edit.audio_key, peaks: edit.peaks_key, wave: edit.wave_key }[part] : null;
    if (!key) throw notFound(part === 'audio' ? 'NO_FILE' : 'NOT_FOUND');
    return { key, access };
  }

  /** A ready track the caller may fetch the media of, and whether that media may be cached publicly. */
  private async reachable(id: number, viewerId: number | null, signed: SignedParams) {
    const row = await tracks.findTrack(this.deps.db, id);
    if (!row || row.status !== 'ready') throw notFound('TRACK_NOT_FOUND');
    let access: MediaObject['access'] = 'public';
    if (row.published !== 1) {
      const owner = row.owner_id;
      const signedUid = this.deps.tokens.checkUrlParams(privateMediaResource(id), signed);
      if (owner === null || (viewerId !== owner && signedUid !== owner)) throw notFound('TRACK_NOT_FOUND');
      access = 'private';
    }
    return { row, access };
  }

  /**
   * The original (or, with `edit`, that short edit) behind a download link: the signature for this track and
   * file, then the holder's level now.
   */
  async original(
    id: number,
    signed: SignedParams,
    edit: number | null = null,
    lang: Lang = 'en',
    licenceId?: string,
  ): Promise<OriginalFile> {
    const uid = this.deps.tokens.checkUrlParams(downloadResource(id, edit), signed);
    if (uid === null) throw forbidden('FORBIDDEN');
    const user = await findUserById(this.deps.db, uid);
    if (!user || user.level < MIN_DOWNLOAD_LEVEL) throw forbidden('LEVEL_TOO_LOW');
    const row = await tracks.findTrack(this.deps.db, id);
    if (!row || !row.original_key || !row.file_name) throw notFound('NO_FILE');
    const licensedName = await this.licensedName(licenceId, uid, id, edit);
    if (edit !== null) {
      const made = await sound.findEdit(this.deps.db, id, edit);
      if (!made || made.status !== 'ready' || !made.audio_key) throw notFound('NO_FILE');
      return { key: made.audio_key, mime: 'audio/mpeg', fileName: licensedName ?? editDownloadName(row.artist, row.title, edit, lang) };
    }
    return {
      key: row.original_key,
      mime: row.original_mime ?? 'application/octet-stream',
      fileName: licensedName ?? trackDownloadName(row.artist, row.title, row.file_name),
    };
  }

  /**
   * The file name the download link's licence gives the file, when that licence is the link holder's for this
   * track and this file (the full track, or this edit); null otherwise, and the name is made as at issue.
   */
  private async licensedName(rawId: string | undefined, uid: number, trackId: number, edit: number | null): Promise<string | null> {
    const id = rawId === undefined ? null : parseLicenceId(rawId);
    if (!id) return null;
    const licence = await findLicence(this.deps.db, id);
    if (!licence || licence.user_id !== uid || licence.track_id !== trackId || (licence.edit_seconds ?? null) !== edit) return null;
    return licence.file_name;
  }
}
