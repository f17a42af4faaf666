import { MIN_DOWNLOAD_LEVEL, type DownloadTicket, type EditSeconds, type Lang } from '@sori/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../lib/app-error';
import type { Counters } from '../lib/counters';
import { editDownloadName, trackDownloadName } from '../media/download-name';
import * as library from '../repositories/library.repository';
import * as sound from '../repositories/sound.repository';
import * as tracks from '../repositories/track.repository';
import type { Viewer } from './auth.service';
import type { CatalogueService } from './catalogue/catalogue.service';
import type { LicenceService } from './licences/licence.service';
import type { MediaUrls } from './music.mapper';

export interface LibraryDeps {
  db: Kysely<Database>;
  catalogue: CatalogueService;
  licences: LicenceService;
  counters: Counters;
  urls: MediaUrls;
  hitWindowSeconds: number;
}

/** What a download link is signed for: the original, or one short edit of the track. */
export const downloadResource = (id: number, edit: number | null) => (edit === null ? `original:${id}` : `original:${id}:edit-${edit}`);

/** How long a signed download link stays valid (docs/DECISIONS.md, settled rules). */
export const DOWNLOAD_LINK_TTL_SECONDS = 300;

/**
 * What a listener does with tracks: likes, plays and licensed downloads. Each counts towards a track's
 * popularity, which the catalogue's search order follows at once.
 */
export class LibraryService {
  constructor(private readonly deps: LibraryDeps) {}

  async setLiked(viewer: Viewer, id: number, liked: boolean): Promise<{ musicId: number; liked: boolean }> {
    await this.deps.catalogue.visibleTrack(id, viewer);
    const changed = liked ? await library.addLike(this.deps.db, viewer.id, id) : await library.removeLike(this.deps.db, viewer.id, id);
    if (changed) await this.bump(id, 'like_count', liked ? 1 : -1);
    return { musicId: id, liked };
  }

  /** Counts a play once per client and track within the hit window (docs/DECISIONS.md, settled rules). */
  async recordHit(id: number, viewer: Viewer | null, clientKey: string): Promise<{ counted: boolean }> {
    await this.deps.catalogue.visibleTrack(id, viewer);
    const who = viewer ? `u${viewer.id}` : `a${clientKey}`;
    const first = await this.deps.counters.firstWithin(`hit:${who}:${id}`, this.deps.hitWindowSeconds * 1000);
    if (first) await this.bump(id, 'play_count', 1);
    return { counted: first };
  }

  /**
   * Checks sign-in and level, issues the licence (or reuses the caller's active one for this file), records
   * the download and answers a short-lived link to the original with the licence's id. With `edit`, the
   * same rules give the track's short edit of that length instead (it must have been made), under a licence
   * of its own that names it.
   *
   * Sori licenses only what it publishes. An owner's own unpublished upload downloads under the same rules
   * but with no licence: nobody has reviewed whose music it is, so Sori's signature cannot say it may be used
   * (docs/DECISIONS.md, "Licences only for the catalogue").
   */
  async download(id: number, viewer: Viewer | null, edit: EditSeconds | null = null, lang: Lang = 'ko'): Promise<DownloadTicket> {
    if (!viewer) throw unauthorized();
    if (viewer.level < MIN_DOWNLOAD_LEVEL) throw forbidden('LEVEL_TOO_LOW');
    const row = await this.deps.catalogue.visibleTrack(id, viewer);
    if (!row.original_key || !row.file_name || row.status !== 'ready') throw new AppError(409, 'NO_FILE');
    let fileName = trackDownloadName(row.artist, row.title, row.file_name);
    let licensed: { seconds: number; fileName: string; sha256: string } | undefined;
    if (edit !== null) {
      const made = await sound.findEdit(this.deps.db, id, edit);
      if (!made || made.status !== 'ready' || !made.sha256) throw new AppError(409, 'NO_FILE');
      fileName = editDownloadName(row.artist, row.title, edit, lang);
      licensed = { seconds: edit, fileName, sha256: made.sha256 };
    }
    const licence = row.published === 1 ? (await this.deps.licences.issue(viewer, row, licensed)).licence : null;
    // The file is saved under the name its licence gives it, so the two agree when a licence is reused after
    // a language switch (an edit's name is in the language of its first download) or a retitling.
    if (licence) fileName = licence.file.name;
    await library.recordDownload(this.deps.db, viewer.id, id);
    await this.bump(id, 'download_count', 1);
    const s = this.deps.urls.tokens.signUrlParams(downloadResource(id, edit), viewer.id, DOWNLOAD_LINK_TTL_SECONDS);
    return {
      musicId: id,
      // The link names the licence, whose file name the response saves the file under, and an edit's language
      // (the name only: neither is signed, and the licence's name is used only when the licence is the link
      // holder's for this track and file).
      url: `/api/musics/${id}/original?${licence ? `licence=${licence.id}&` : ''}${edit === null ? '' : `edit=${edit}&lang=${lang}&`}exp=${s.exp}&uid=${s.uid}&sig=${s.sig}`,
      fileName,
      expiresAt: new Date(s.exp * 1000).toISOString(),
      ...(licence ? { licenceId: licence.id } : {}),
      ...(edit === null ? {} : { edit }),
    };
  }

  private async bump(id: number, column: 'play_count' | 'like_count' | 'download_count', by: number) {
    const counts = await tracks.incrementCounter(this.deps.db, id, column, by);
    if (counts) this.deps.catalogue.countsChanged(id, counts);
  }
}
