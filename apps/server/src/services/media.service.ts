import {
  BPM_RANGE,
  KEY_MODES,
  isGenreCode,
  isMoodCode,
  LIMITED_FIELDS,
  parseSoundKey,
  speedFromBpm,
  tooLongDetails,
  type ErrorCode,
  type Music,
  type UploadQuota,
} from '@sori/contract';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely, Updateable } from 'kysely';
import type { Database, TracksTable } from '../db/schema';
import { AppError, badRequest, notFound } from '../lib/app-error';
import { sha256Of, writeToFile } from '../lib/files';
import { PermanentJobError, type JobContext, type JobQueue } from '../lib/job-queue';
import { nowIso } from '../lib/time';
import { publishableEstimate } from '../media/confidence';
import {
  checkCoverImage,
  ingest,
  isMediaError,
  MEDIA_ERROR_MESSAGES,
  MediaError,
  type MediaErrorCode,
  titleFromFileName,
  trackKeys,
  type IngestOverrides,
  type IngestResult,
  type MediaLimits,
  type MediaStorage,
} from '../media';
import * as tracks from '../repositories/track.repository';
import type { NewTrackRow, TrackRow } from '../repositories/track.repository';
import type { Viewer } from './auth.service';
import type { CatalogueService } from './catalogue/catalogue.service';
import { hashOriginalsOfSize } from './original-hash';
import { scratchPrefix, THIS_PROCESS, type LiveIngests } from './upload-recovery';
import { checkQuota, quotaUsage, withUserLock, type QuotaLimits } from './upload-quota';

/** What an uploader may say about a track; anything not given is read from tags or measured. */
export interface TrackMetadataInput {
  title?: string | null;
  artist?: string | null;
  genre?: number | null;
  moods?: number[] | null;
  soundKey?: string | null;
  keyMode?: 'major' | 'minor' | null;
  bpm?: number | null;
}

/**
 * Checks metadata as the uploader sent it (multipart fields or JSON): known genre and mood codes, one of
 * the 17 keys, a BPM in range, bounded text. Control characters are stripped; markup stays text.
 */
export function parseTrackMetadata(raw: Record<string, unknown>): TrackMetadataInput {
  const out: TrackMetadataInput = {};
  const text = (v: unknown, field: 'title' | 'artist'): string | null => {
    if (v === null || v === undefined) return null;
    if (typeof v !== 'string') throw badRequest('VALIDATION_FAILED', { field });
    const s = v
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/gu, ' ')
      .replace(/\s+/gu, ' ')
      .trim();
    if (s.length > LIMITED_FIELDS[field].max) throw badRequest('FIELD_TOO_LONG', tooLongDetails(field));
    return s || null;
  };
  const int = (v: unknown, field: string): number | null => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,6}(\.\d+)?$/u.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isFinite(n)) throw badRequest('INVALID_FILTER', { field });
    return n;
  };
  if ('title' in raw) out.title = text(raw['title'], 'title');
  if ('artist' in raw) out.artist = text(raw['artist'], 'artist');
  if ('genre' in raw) {
    const g = int(raw['genre'], 'genre');
    if (g !== null && !isGenreCode(g)) throw badRequest('INVALID_FILTER', { field: 'genre' });
    out.genre = g;
  }
  if ('moods' in raw) {
    const v = raw['moods'];
    const list = v === null || v === undefined || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',');
    const moods: number[] = [];
    for (const m of list) {
      const n = int(typeof m === 'string' ? m.trim() : m, 'moods');
      if (n === null || !isMoodCode(n)) throw badRequest('INVALID_FILTER', { field: 'moods' });
      if (!moods.includes(n)) moods.push(n);
    }
    if (moods.length > 10) throw badRequest('INVALID_FILTER', { field: 'moods' });
    out.moods = moods;
  }
  if ('soundKey' in raw) {
    const v = raw['soundKey'];
    if (v === null || v === undefined || v === '') out.soundKey = null;
    else {
      const k = typeof v === 'string' ? parseSoundKey(v) : null;
      if (!k) throw badRequest('INVALID_FILTER', { field: 'soundKey' });
      out.soundKey = k;
    }
  }
  if ('keyMode' in raw) {
    const v = raw['keyMode'];
    if (v === null || v === undefined || v === '') out.keyMode = null;
    else if (typeof v === 'string' && (KEY_MODES as readonly string[]).includes(v)) out.keyMode = v as 'major' | 'minor';
    else throw badRequest('INVALID_FILTER', { field: 'keyMode' });
  }
  if ('bpm' in raw) {
    const b = int(raw['bpm'], 'bpm');
    if (b !== null && (b < BPM_RANGE.min || b > BPM_RANGE.max)) throw badRequest('INVALID_FILTER', { field: 'bpm' });
    out.bpm = b === null ? null : Math.round(b * 10) / 10;
  }
  return out;
}

export interface MediaServiceDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  catalogue: CatalogueService;
  limits: Partial<MediaLimits>;
  /** Parent of each ingest's scratch folder (DATA_DIR/tmp, cleared at start); the OS temp folder when unset. */
  workDir?: string;
  /** Keeps rows and scratch folders of running ingests from being taken for a crash's leftovers. */
  live?: LiveIngests;
  /** Per-user upload quota; uploads are refused past it (the CLI and the demo catalogue are not counted). */
  quota?: QuotaLimits;
  /** How many ingests may run at once (each takes about one core). */
  concurrency: number;
  /** Where upload ingests go: run here, or queued for workers. */
  jobs: JobQueue;
  /** Called (not awaited) once a track's ingest has made it ready: its sound features and edits follow. */
  afterReady?: (trackId: number, published: boolean) => void;
}

/** What an upload's ingest job needs that only the upload knew (tracks.ingest_request). */
interface IngestRequest {
  meta: TrackMetadataInput;
  originalName: string;
  cover: boolean;
}

/** Ingest failures no retry can mend: the file itself is the problem. */
const FILE_FAULTS = new Set([
  'MEDIA_EMPTY',
  'MEDIA_TOO_LARGE',
  'MEDIA_UNSUPPORTED',
  'MEDIA_CORRUPT',
  'MEDIA_TOO_SHORT',
  'MEDIA_TOO_LONG',
  'MEDIA_SILENT',
  'MEDIA_COVER_INVALID',
]);

/** How long POST /my/musics waits for the ingest it queued before answering that it is still running. */
const SYNC_UPLOAD_WAIT_MS = 15 * 60_000;

export const ingestJobId = (trackId: number): string => `ingest-${trackId}`;

/**
 * The row columns an ingest result fills in. With `confirmUnsure` (uploads: there is an uploader to ask),
 * a measured tempo or key below the confidence threshold is kept only as the estimate, for the uploader to
 * confirm, instead of being published; what the uploader typed always stands.
 */
export function rowFromIngest(r: IngestResult, opts: { confirmUnsure?: boolean } = {}): Updateable<TracksTable> {
  const sure = opts.confirmUnsure ? publishableEstimate(r.estimated) : { bpm: true, key: true };
  const bpm = r.overridden.bpm || sure.bpm ? r.bpm : null;
  const keyInForce = r.overridden.soundKey || sure.key;
  return {
    title: r.title,
    artist: r.artist,
    genre: r.genre,
    moods: r.moods.join(','),
    sound_key: keyInForce ? r.soundKey : null,
    key_mode: keyInForce ? r.keyMode : null,
    bpm,
    speed: bpm === null ? null : r.speed,
    duration_sec: r.durationSec,
    original_key: r.files.original.key,
    preview_key: r.files.preview.key,
    peaks_key: r.files.peaks.key,
    wave_key: r.files.wave.key,
    cover_key: r.files.cover?.key ?? null,
    cover_thumb_key: r.files.coverSmall?.key ?? null,
    file_name: r.fileName,
    original_mime: r.mimeType,
    original_size: r.files.original.size,
    stored_bytes: Object.values(r.files).reduce((sum, f) => sum + (f?.size ?? 0), 0),
    estimated_bpm: r.estimated.bpmExact ?? r.estimated.bpm,
    estimated_key: r.estimated.soundKey,
    estimated_key_mode: r.estimated.keyMode,
    bpm_confidence: r.estimated.bpmConfidence,
    key_confidence: r.estimated.keyConfidence,
    status: 'ready',
    ingest_by: null,
  };
}

/** How long the ingest slots must have been idle before background work takes one, and how often it looks. */
const BACKGROUND_IDLE_MS = 1000;
const BACKGROUND_POLL_MS = 200;

/** Uploads, corrections and deletion of a user's own tracks, through the one ingest pipeline. */
export class MediaService {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** When an ingest last gave its slot back. */
  private lastRelease = 0;
  /**
   * Uploads whose row is ready while this process is still adding them to its catalogue index, which the
   * owner's library is listed from. GET /my/uploads keeps them (ingesting, 100 %) until then, so a client
   * that waits for its upload to leave that list and then reads the library always finds the track. Track id
   * → owner id.
   */
  private readonly settling = new Map<number, number | null>();

  constructor(private readonly deps: MediaServiceDeps) {}

  get storage(): MediaStorage {
    return this.deps.storage;
  }

  /** What the viewer's uploads take against their quota. */
  async quotaOf(viewer: Viewer): Promise<UploadQuota> {
    const limits = this.deps.quota ?? { tracks: Number.MAX_SAFE_INTEGER, bytes: Number.MAX_SAFE_INTEGER };
    return quotaUsage(this.deps.db, viewer.id, limits);
  }

  /** Marks a scratch folder (an upload's parts) as in use until the returned function is called. */
  holdScratch(dir: string): () => void {
    return this.deps.live?.hold({ dir }) ?? (() => undefined);
  }

  /**
   * Runs fn when an ingest slot is free, so uploads never take more cores than allowed. Background work
   * (sound features, edits) only takes a slot that has been idle for BACKGROUND_IDLE_MS with no ingest
   * waiting: a batch of ingests (the demo catalogue, `sori ingest`) runs first, its edits after.
   */
  async withSlot<T>(fn: () => Promise<T>, opts: { background?: boolean } = {}): Promise<T> {
    if (opts.background) {
      while (this.running >= this.deps.concurrency || this.waiting.length > 0 || Date.now() - this.lastRelease < BACKGROUND_IDLE_MS) {
        await new Promise((resolve) => setTimeout(resolve, BACKGROUND_POLL_MS));
      }
    } else if (this.running >= this.deps.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await fn();
    } finally {
      this.running -= 1;
      if (!opts.background) this.lastRelease = Date.now();
      this.waiting.shift()?.();
    }
  }

  /**
   * Stores an upload as the viewer's own unpublished track and queues its ingest: answered once the file is
   * stored (POST /my/uploads). The track is 'queued', then 'ingesting', then 'ready' or 'failed' with why.
   */
  async enqueueUpload(
    viewer: Viewer,
    file: { path: string; originalName: string },
    meta: TrackMetadataInput,
    coverPath?: string,
  ): Promise<TrackRow> {
    const { db, storage } = this.deps;
    const limits = this.deps.quota;
    // A cover that makes no thumbnails is refused now, with nothing stored: the uploader picks another
    // image (or none) and sends again, instead of finding the whole upload refused after its ingest.
    if (coverPath) await checkCoverImage(coverPath, path.dirname(coverPath));
    const size = (await stat(file.path)).size;
    const reserved = size + (coverPath ? (await stat(coverPath)).size : 0);
    // The ingest stores the upload as the original byte for byte, so this is also the hash its licences name.
    const sha256 = await sha256Of(file.path);
    // Outside the lock: reading stored files is slow, and the hashes it keeps hold whoever else is uploading.
    await hashOriginalsOfSize(db, storage, viewer.id, size);
    const request: IngestRequest = { meta, originalName: file.originalName, cover: Boolean(coverPath) };
    const row: NewTrackRow = {
      ...notYetIngested(meta, file.originalName, viewer.id, false),
      status: 'queued',
      stored_bytes: reserved,
      original_sha256: sha256,
      ingest_request: JSON.stringify(request),
    };
    const insert = async (trx: Kysely<Database>) => {
      await refuseDuplicate(trx, viewer.id, sha256);
      if (limits) checkQuota(await quotaUsage(trx, viewer.id, limits), { tracks: 1, bytes: reserved });
      return tracks.insertTrack(trx, row);
    };
    // Under the user's lock when there is a quota, so that two uploads of one file at once do not both pass.
    const queued = limits ? await withUserLock(db, viewer.id, insert) : await insert(db);
    const id = queued.id;
    try {
      await storage.put(trackKeys.upload(id, 'audio'), { path: file.path });
      if (coverPath) await storage.put(trackKeys.upload(id, 'cover'), { path: coverPath });
      await this.deps.jobs.add('ingest', { trackId: id }, { jobId: ingestJobId(id) });
    } catch (err) {
      await tracks.deleteTrack(db, id).catch(() => undefined);
      await storage.deletePrefix(trackKeys.prefix(id)).catch(() => undefined);
      throw err;
    }
    return queued;
  }

  /**
   * POST /my/musics: the upload in one step, answered with the ready track. Its ingest is the same job
   * (run here, or by a worker); a file the ingest refuses is answered with the same error as ever and
   * leaves nothing behind.
   */
  async upload(viewer: Viewer, file: { path: string; originalName: string }, meta: TrackMetadataInput, coverPath?: string): Promise<Music> {
    const { id } = await this.enqueueUpload(viewer, file, meta, coverPath);
    await this.deps.jobs.settled(ingestJobId(id), SYNC_UPLOAD_WAIT_MS).catch(() => undefined);
    const row = await tracks.findTrack(this.deps.db, id);
    if (row?.status === 'failed') {
      const failure = parseFailure(row.ingest_error);
      await tracks.deleteTrack(this.deps.db, id);
      await this.deps.storage.deletePrefix(trackKeys.prefix(id)).catch(() => undefined);
      throw failureError(failure);
    }
    return this.deps.catalogue.getMusic(id, viewer);
  }

  /** The viewer's uploads that are not (yet) in the library: queued, ingesting, or failed with why. */
  async unfinishedUploads(viewer: Viewer): Promise<TrackRow[]> {
    const rows = await tracks.unfinishedUploadsOf(this.deps.db, viewer.id);
    const listed = new Set(rows.map((r) => r.id));
    const arriving: TrackRow[] = [];
    for (const [id, owner] of this.settling) {
      if (owner !== viewer.id || listed.has(id)) continue;
      const row = await tracks.findTrack(this.deps.db, id);
      // Checked again after the read: once settled, the library lists it and this list need not.
      if (row?.status === 'ready' && this.settling.has(id)) {
        arriving.push({ ...row, status: 'ingesting', ingest_progress: 100 });
      }
    }
    return arriving.length === 0 ? rows : [...arriving, ...rows].sort((a, b) => b.id - a.id);
  }

  /** One of the viewer's uploads, whatever its state. */
  async uploadOf(viewer: Viewer, id: number): Promise<TrackRow> {
    return this.owned(viewer, id);
  }

  /**
   * The ingest job of an upload. Idempotent: a track already ready, or deleted meanwhile, is left alone; a
   * run cut short leaves the track queued with its upload stored, for the next try. What the file itself
   * makes impossible fails at once; anything else is retried, and fails for good on the last try.
   */
  async runIngestJob(trackId: number, ctx: JobContext): Promise<void> {
    const { db, storage, catalogue } = this.deps;
    const row = await tracks.findTrack(db, trackId);
    if (!row || row.status === 'ready' || !row.ingest_request) return;
    const request = JSON.parse(row.ingest_request) as IngestRequest;
    // Queued until an ingest slot is free: an upload waiting its turn behind others says so rather than
    // "being analysed, 0 %" (a run cut short before leaves it 'ingesting', so this also puts it back).
    await tracks.updateTrack(db, trackId, { status: 'queued', ingest_progress: 0, ingest_error: null });
    const base = this.deps.workDir ?? tmpdir();
    await mkdir(base, { recursive: true });
    const work = await mkdtemp(path.join(base, scratchPrefix('ingest')));
    const releaseWork = this.holdScratch(work);
    try {
      const audioPath = path.join(work, 'upload-audio');
      await writeToFile(await storage.get(trackKeys.upload(trackId, 'audio')), audioPath);
      let coverPath: string | undefined;
      if (request.cover) {
        coverPath = path.join(work, 'upload-cover');
        await writeToFile(await storage.get(trackKeys.upload(trackId, 'cover')), coverPath);
      }
      let shown = 0;
      const result = await this.withSlot(async () => {
        await tracks.updateTrack(db, trackId, { status: 'ingesting', ingest_progress: 0 });
        return ingest(
          { path: audioPath, originalName: request.originalName, ...(coverPath ? { coverPath } : {}) },
          {
            trackId,
            storage,
            overrides: overridesOf(request.meta),
            limits: this.deps.limits,
            signal: ctx.signal,
            workDir: work,
            onProgress: (p) => {
              const percent = Math.round(p.fraction * 100);
              if (percent < shown + 5 && percent < 100) return;
              shown = percent;
              void ctx.progress(percent).catch(() => undefined);
              void tracks.setIngestProgress(db, trackId, percent).catch(() => undefined);
            },
          },
        );
      });
      const patch = { ...rowFromIngest(result, { confirmUnsure: true }), ingest_request: null, ingest_progress: null, ingest_error: null };
      const owner = row.owner_id;
      this.settling.set(trackId, owner);
      const limits = this.deps.quota;
      const done =
        limits && owner !== null
          ? await withUserLock(db, owner, async (trx) => {
              checkQuota(await quotaUsage(trx, owner, limits, trackId), { tracks: 1, bytes: Number(patch.stored_bytes) });
              return tracks.updateTrack(trx, trackId, patch);
            })
          : await tracks.updateTrack(db, trackId, patch);
      if (!done) {
        // Deleted while it was being ingested: what the ingest stored goes too.
        await storage.deletePrefix(trackKeys.prefix(trackId));
        return;
      }
      await storage.delete(trackKeys.upload(trackId, 'audio'));
      await storage.delete(trackKeys.upload(trackId, 'cover'));
      await catalogue.refresh([trackId]);
      this.deps.afterReady?.(trackId, done.published === 1);
    } catch (err) {
      const fileFault = (isMediaError(err) && FILE_FAULTS.has(err.code)) || (err instanceof AppError && err.status < 500);
      if (ctx.signal.aborted && !fileFault) {
        await tracks.updateTrack(db, trackId, { status: 'queued', ingest_progress: null });
        throw err;
      }
      if (fileFault || ctx.lastAttempt) {
        const code = isMediaError(err) ? err.code : err instanceof AppError ? err.code : 'MEDIA_PROCESSING_FAILED';
        const details = isMediaError(err) ? err.details : err instanceof AppError ? err.details : undefined;
        const status = isMediaError(err) ? err.status : err instanceof AppError ? err.status : 500;
        // A bad file is not kept; an upload that failed on our side keeps its file for an operator's retry.
        if (fileFault) await storage.deletePrefix(trackKeys.prefix(trackId)).catch(() => undefined);
        await tracks.updateTrack(db, trackId, {
          status: 'failed',
          ingest_progress: null,
          ingest_error: JSON.stringify({ code, status, ...(details ? { details } : {}) }),
          ...(fileFault ? { stored_bytes: 0, ingest_request: null } : {}),
        });
        // The index drops it from its uploader's tracks now, not at the next change-feed read.
        await catalogue.refresh([trackId]).catch(() => undefined);
        if (fileFault) throw new PermanentJobError(`${code}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
        throw err;
      }
      await tracks.updateTrack(db, trackId, { status: 'queued', ingest_progress: null });
      throw err;
    } finally {
      this.settling.delete(trackId);
      releaseWork();
      await rm(work, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** Queues again the ingests a stopped process left waiting or running (inline jobs live in memory only). */
  async resumeQueuedIngests(): Promise<number> {
    const ids = await tracks.queuedIngestIds(this.deps.db);
    for (const id of ids) {
      await tracks.updateTrack(this.deps.db, id, { status: 'queued', ingest_progress: null });
      await this.deps.jobs.add('ingest', { trackId: id }, { jobId: ingestJobId(id) });
    }
    return ids.length;
  }

  /** The shared path of uploads, the ingest command and the demo catalogue. */
  async createFromFile(
    input: { path: string; originalName?: string; coverPath?: string },
    meta: TrackMetadataInput,
    opts: { ownerId: number | null; published: boolean; quota?: boolean },
  ): Promise<TrackRow> {
    const { db, storage, catalogue } = this.deps;
    const quota = opts.quota && opts.ownerId !== null && this.deps.quota ? { owner: opts.ownerId, limits: this.deps.quota } : null;
    // Until the ingest has measured what it stores, the track holds its upload's size against the quota.
    const reserved = quota ? (await stat(input.path)).size : 0;
    const placeholderRow: NewTrackRow = {
      ...notYetIngested(meta, input.originalName, opts.ownerId, opts.published),
      status: 'processing',
      stored_bytes: reserved,
      ingest_by: THIS_PROCESS,
    };
    const placeholder = quota
      ? await withUserLock(db, quota.owner, async (trx) => {
          checkQuota(await quotaUsage(trx, quota.owner, quota.limits), { tracks: 1, bytes: reserved });
          return tracks.insertTrack(trx, placeholderRow);
        })
      : await tracks.insertTrack(db, placeholderRow);
    const id = placeholder.id;
    const release = this.deps.live?.hold({ row: id });
    let work: string | undefined;
    try {
      const overrides = overridesOf(meta);
      if (this.deps.workDir) {
        await mkdir(this.deps.workDir, { recursive: true });
        work = await mkdtemp(path.join(this.deps.workDir, scratchPrefix('ingest')));
      }
      const releaseWork = work ? this.holdScratch(work) : () => undefined;
      const result = await this.withSlot(() =>
        ingest(
          {
            path: input.path,
            ...(input.originalName ? { originalName: input.originalName } : {}),
            ...(input.coverPath ? { coverPath: input.coverPath } : {}),
          },
          { trackId: id, storage, overrides, limits: this.deps.limits, ...(work ? { workDir: work } : {}) },
        ),
      ).finally(releaseWork);
      const patch = rowFromIngest(result, { confirmUnsure: opts.ownerId !== null });
      // What the ingest stored can be far more than the upload (a tiny FLAC of silence makes a large
      // preview): checked again, under the same lock, against the other tracks of the owner.
      const row = quota
        ? await withUserLock(db, quota.owner, async (trx) => {
            checkQuota(await quotaUsage(trx, quota.owner, quota.limits, id), { tracks: 1, bytes: Number(patch.stored_bytes) });
            return tracks.updateTrack(trx, id, patch);
          })
        : await tracks.updateTrack(db, id, patch);
      if (!row) throw new AppError(500, 'INTERNAL');
      await catalogue.refresh([id]);
      this.deps.afterReady?.(id, row.published === 1);
      return row;
    } catch (err) {
      await tracks.deleteTrack(db, id).catch(() => undefined);
      await storage.deletePrefix(trackKeys.prefix(id)).catch(() => undefined);
      await catalogue.refresh([id]).catch(() => undefined);
      throw err;
    } finally {
      release?.();
      if (work) await rm(work, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /**
   * Corrects the metadata of the viewer's own track; the measured values stay as suggestions. An emptied
   * BPM or key goes back to the measurement as the upload left it: in force when it was sure enough to
   * publish, else offered again as a suggestion to confirm (emptying a box is not confirming a guess).
   */
  async update(viewer: Viewer, id: number, meta: TrackMetadataInput): Promise<Music> {
    const row = await this.owned(viewer, id);
    // A row measured before confidences were kept (null) had its measurement published: it stays so.
    const sure = publishableEstimate({
      bpm: row.estimated_bpm,
      bpmConfidence: row.bpm_confidence ?? 1,
      soundKey: row.estimated_key,
      keyMode: null,
      keyConfidence: row.key_confidence ?? 1,
    });
    const patch: Updateable<TracksTable> = {};
    if (meta.title !== undefined) {
      if (!meta.title) throw badRequest('VALIDATION_FAILED', { field: 'title' });
      patch.title = meta.title;
    }
    if (meta.artist !== undefined) patch.artist = meta.artist;
    if (meta.genre !== undefined) patch.genre = meta.genre;
    if (meta.moods !== undefined) patch.moods = (meta.moods ?? []).join(',');
    if (meta.soundKey !== undefined) {
      patch.sound_key = meta.soundKey ?? (sure.key ? row.estimated_key : null);
      // A key typed without its mode keeps the measured mode when the tonic is the measured one.
      patch.key_mode =
        meta.soundKey === null
          ? sure.key
            ? row.estimated_key_mode
            : null
          : (meta.keyMode ?? (meta.soundKey === row.estimated_key ? row.estimated_key_mode : null));
    } else if (meta.keyMode !== undefined) patch.key_mode = row.sound_key === null ? null : meta.keyMode;
    if (meta.bpm !== undefined) {
      const bpm = meta.bpm ?? (sure.bpm && row.estimated_bpm !== null ? Math.round(row.estimated_bpm) : null);
      patch.bpm = bpm;
      patch.speed = bpm === null ? null : speedFromBpm(bpm);
    }
    if (Object.keys(patch).length > 0) {
      await tracks.updateTrack(this.deps.db, id, patch);
      await this.deps.catalogue.refresh([id]);
    }
    return this.deps.catalogue.getMusic(id, viewer);
  }

  async remove(viewer: Viewer, id: number): Promise<{ id: number }> {
    await this.owned(viewer, id);
    await tracks.deleteTrack(this.deps.db, id);
    await this.deps.storage.deletePrefix(trackKeys.prefix(id));
    await this.deps.catalogue.refresh([id]);
    return { id };
  }

  /**
   * A withdrawing member's uploads: their rows go inside the withdrawal's transaction (`trx`), and the
   * answer deletes their files and takes them out of the catalogue, to be called once that has committed.
   */
  async forgetUploads(trx: Kysely<Database>, ownerId: number): Promise<() => Promise<void>> {
    const ids = await tracks.trackIdsOfOwner(trx, ownerId);
    for (const id of ids) await tracks.deleteTrack(trx, id);
    return async () => {
      for (const id of ids) await this.deps.storage.deletePrefix(trackKeys.prefix(id));
      if (ids.length > 0) await this.deps.catalogue.refresh(ids);
    };
  }

  /** Titles and artists of the ready tracks that nobody uploaded (the demo seed checks what is there). */
  catalogueTitles(): Promise<{ title: string; artist: string | null }[]> {
    return tracks.catalogueTitles(this.deps.db);
  }

  /** Publishes a track into the catalogue (operator command). */
  async setPublished(id: number, published: boolean): Promise<TrackRow | undefined> {
    const row = await tracks.updateTrack(this.deps.db, id, { published: published ? 1 : 0, updated_at: nowIso() });
    await this.deps.catalogue.refresh([id]);
    // A track entering the catalogue gets its short edits (those already made are left alone).
    if (row && published && row.status === 'ready') this.deps.afterReady?.(id, true);
    return row;
  }

  private async owned(viewer: Viewer, id: number): Promise<TrackRow> {
    const row = await tracks.findTrack(this.deps.db, id);
    if (!row || row.owner_id !== viewer.id) throw notFound('TRACK_NOT_FOUND');
    return row;
  }
}

/**
 * An upload of a file its owner already has as a track (queued, being analysed or in their library) is refused
 * before anything is stored, naming that track: a double drop or a second try would otherwise make two copies
 * of one song. A failed upload does not count, so the same file can be sent again after a failure.
 */
async function refuseDuplicate(db: Kysely<Database>, ownerId: number, sha256: string): Promise<void> {
  const same = await tracks.ownTrackWithOriginal(db, ownerId, sha256);
  if (same) throw new AppError(409, 'DUPLICATE_UPLOAD', { trackId: same.id, title: same.title });
}

/**
 * A track's row before its ingest: what the uploader typed, nothing measured, no media. Without a typed title it
 * is named as the ingest names it when the file has no title tag: by the file's name without its extension.
 */
function notYetIngested(meta: TrackMetadataInput, originalName: string | undefined, ownerId: number | null, published: boolean) {
  return {
    title: meta.title ?? (originalName ? titleFromFileName(originalName) : null) ?? 'Untitled',
    artist: meta.artist ?? null,
    genre: meta.genre ?? null,
    moods: (meta.moods ?? []).join(','),
    sound_key: null,
    bpm: null,
    speed: null,
    duration_sec: null,
    owner_id: ownerId,
    published: published ? 1 : 0,
    ...tracks.NOT_INGESTED,
  };
}

/** What the uploader typed, as the pipeline takes it: each value given wins over the file and the analysis. */
function overridesOf(meta: TrackMetadataInput): IngestOverrides {
  const overrides: IngestOverrides = {};
  if (meta.title != null) overrides.title = meta.title;
  if (meta.artist != null) overrides.artist = meta.artist;
  if (meta.genre != null) overrides.genre = meta.genre;
  if (meta.moods != null) overrides.moods = meta.moods;
  if (meta.soundKey != null) overrides.soundKey = meta.soundKey;
  if (meta.keyMode != null) overrides.keyMode = meta.keyMode;
  if (meta.bpm != null) overrides.bpm = meta.bpm;
  return overrides;
}

export interface IngestFailure {
  code: string;
  status: number;
  details?: Record<string, unknown>;
}

/** tracks.ingest_error as stored: `{ code, status, details }`. */
export function parseFailure(stored: string | null): IngestFailure {
  try {
    const v = JSON.parse(stored ?? '') as { code?: unknown; status?: unknown; details?: unknown };
    if (typeof v.code === 'string') {
      return {
        code: v.code,
        status: typeof v.status === 'number' ? v.status : 500,
        ...(v.details && typeof v.details === 'object' ? { details: v.details as Record<string, unknown> } : {}),
      };
    }
  } catch {
    // fall through
  }
  return { code: 'MEDIA_PROCESSING_FAILED', status: 500 };
}

/** The error an ingest failed with, to answer as the one-step upload always answered it. */
function failureError(f: IngestFailure): Error {
  if (f.code in MEDIA_ERROR_MESSAGES) return new MediaError(f.code as MediaErrorCode, undefined, f.details);
  return new AppError(f.status, f.code as ErrorCode, f.details);
}
