import {
  errorMessage,
  formatDuration,
  messageForCode,
  UPLOAD_STATES,
  type EditSeconds,
  type KeyMode,
  type Lang,
  type Music,
  type TrackEdit,
  type UploadState,
  type UploadStatus,
} from '@sori/contract';
import type { WireRow } from '../repositories/track.repository';
import type { TokenService } from '../lib/tokens';
import { trackDownloadName } from '../media/download-name';

export interface MediaUrls {
  /** Absolute base of media on a CDN, or null (same origin). */
  publicBase: string | null;
  tokens: TokenService;
}

/** How long the signed stream link of an unpublished upload stays valid. */
export const PRIVATE_STREAM_TTL_SECONDS = 6 * 3600;

export const parseMoods = (moods: string): number[] =>
  moods
    ? moods
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];

/** What a signed media link of an unpublished track grants: its preview, waveform, peaks and cover. */
export const privateMediaResource = (trackId: number) => `media:${trackId}`;

/** A cache-busting token per version of a track's media, so media URLs can be cached for a year. */
const version = (row: WireRow) => Date.parse(row.updated_at).toString(36);

const asKeyMode = (v: string | null): KeyMode | null => (v === 'major' || v === 'minor' ? v : null);

/** The wire shape of a track (DECISIONS 8). The only producer of Music objects. */
/** The query of a track's media URLs: the version, and for the owner of an unpublished upload a signature. */
function mediaQuery(row: Pick<WireRow, 'id' | 'published' | 'owner_id'>, v: string, urls: MediaUrls, viewerId: number | null): string {
  let q = `?v=${v}`;
  if (!row.published && viewerId !== null && row.owner_id === viewerId) {
    // <audio> and <img> cannot send a bearer header: an unpublished upload's media goes through signed links.
    const s = urls.tokens.signUrlParams(privateMediaResource(row.id), viewerId, PRIVATE_STREAM_TTL_SECONDS);
    q += `&exp=${s.exp}&uid=${s.uid}&sig=${s.sig}`;
  }
  return q;
}

/** One short edit as `GET /musics/{id}/edits` lists it: its URLs are formed like the track's own. */
export function toTrackEdit(
  row: Pick<WireRow, 'id' | 'published' | 'owner_id'>,
  seconds: EditSeconds,
  edit: { status: string; duration_sec: number | null; updated_at: string } | undefined,
  urls: MediaUrls,
  viewerId: number | null,
): TrackEdit {
  if (!edit || edit.status !== 'ready')
    return { seconds, playTime: null, filePath: null, waveUrl: null, peaksUrl: null, status: 'pending' };
  const q = mediaQuery(row, Date.parse(edit.updated_at).toString(36), urls, viewerId);
  return {
    seconds,
    playTime: edit.duration_sec,
    filePath: `/api/musics/${row.id}/stream${q}&edit=${seconds}`,
    waveUrl: `/api/media/wave/wave_${row.id}-${seconds}.png${q}`,
    peaksUrl: `/api/media/peaks/${row.id}-${seconds}.json${q}`,
    status: 'ready',
  };
}

export function toMusic(row: WireRow, liked: boolean, urls: MediaUrls, viewerId: number | null): Music {
  const ready = row.status === 'ready';
  const q = mediaQuery(row, version(row), urls, viewerId);
  const filePath = ready && row.preview_key ? `/api/musics/${row.id}/stream${q}` : null;
  const music: Music = {
    id: row.id,
    title: row.title,
    artist: row.artist,
    cover: ready && row.cover_key ? `/api/media/cover/${row.id}.jpg${q}` : null,
    duration: formatDuration(row.duration_sec),
    playTime: row.duration_sec === null ? null : Math.round(row.duration_sec * 1000) / 1000,
    soundkey: row.sound_key,
    keyMode: row.sound_key === null ? null : asKeyMode(row.key_mode),
    bpm: row.bpm === null ? null : Math.round(row.bpm),
    genre: row.genre,
    moods: parseMoods(row.moods),
    speed: row.speed,
    filePath,
    fileUrl: urls.publicBase && row.published && ready && row.preview_key ? `${urls.publicBase}/${row.preview_key}` : null,
    fileName: row.original_key && row.file_name ? trackDownloadName(row.artist, row.title, row.file_name) : null,
    liked,
    waveUrl: ready && row.wave_key ? `/api/media/wave/wave_${row.id}.png${q}` : null,
    peaksUrl: ready && row.peaks_key ? `/api/media/peaks/${row.id}.json${q}` : null,
    createdAt: row.created_at,
  };
  if (viewerId !== null && row.owner_id === viewerId) {
    music.published = row.published === 1;
    // Measured values not in force (below the confidence threshold) wait for the uploader's confirmation.
    const bpm = row.bpm === null && row.estimated_bpm !== null ? Math.round(row.estimated_bpm) : null;
    const soundkey = row.sound_key === null ? row.estimated_key : null;
    if (bpm !== null || soundkey !== null) {
      music.suggested = { bpm, soundkey, keyMode: soundkey === null ? null : asKeyMode(row.estimated_key_mode) };
    }
  }
  return music;
}

/** An upload as its uploader follows it; the reason of a failure in the caller's language. */
export function toUploadStatus(
  row: { id: number; title: string; status: string; ingest_progress: number | null; ingest_error: string | null; created_at: string },
  lang: Lang,
): UploadStatus {
  const status: UploadState = (UPLOAD_STATES as readonly string[]).includes(row.status) ? (row.status as UploadState) : 'ingesting';
  let error: UploadStatus['error'] = null;
  if (status === 'failed') {
    let code = 'MEDIA_PROCESSING_FAILED';
    let details: unknown;
    try {
      const v = JSON.parse(row.ingest_error ?? '{}') as { code?: string; details?: unknown };
      if (v.code) code = v.code;
      details = v.details;
    } catch {
      // the stored reason is ours; an unreadable one reads as a processing failure
    }
    error = { code, message: messageForCode(code, lang, details) ?? errorMessage('INTERNAL', lang) };
  }
  return {
    id: row.id,
    title: row.title,
    status,
    progress: status === 'ingesting' ? (row.ingest_progress ?? 0) : null,
    error,
    createdAt: row.created_at,
  };
}
