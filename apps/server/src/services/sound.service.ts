import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { writeToFile } from '../lib/files';
import { probeFile, type MediaStorage, type ProbeResult } from '../media';
import { analyseSound, SOUND_FEATURES_VERSION, type SoundAnalysis } from '../media/sound';
import * as sound from '../repositories/sound.repository';
import * as tracks from '../repositories/track.repository';
import type { TrackRow } from '../repositories/track.repository';
import type { CatalogueService } from './catalogue/catalogue.service';

export interface SoundDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  catalogue: CatalogueService;
  /** Parent of the scratch folders (the OS temp folder when unset). */
  workDir?: string;
  /** Runs heavy work when an ingest slot is free (MediaService.withSlot), so it never takes more cores than allowed. */
  withSlot?: <T>(fn: () => Promise<T>) => Promise<T>;
}

/** A track's stored original, copied to a scratch file, probed and analysed. */
export interface TrackSound {
  row: TrackRow;
  file: string;
  probe: ProbeResult;
  analysis: SoundAnalysis;
}

export interface BackfillProgress {
  done: number;
  failed: number;
  total: number;
  trackId: number | null;
}

/**
 * A track's sound features ("similar tracks"): computed from the stored original after an ingest, or by the
 * backfill for tracks that predate them, stored, and handed to the catalogue's similarity index (through
 * `refresh` here, through the track_changes feed on other instances).
 */
export class SoundService {
  constructor(private readonly deps: SoundDeps) {}

  /**
   * Copies the track's original out of storage, analyses it, stores its vector, and runs `use` on it while
   * the scratch copy exists. Null when the track is not ready or has no original.
   */
  async withSound<T>(trackId: number, use: (s: TrackSound) => Promise<T>): Promise<T | null> {
    const { db, storage } = this.deps;
    const row = await tracks.findTrack(db, trackId);
    if (!row || row.status !== 'ready' || !row.original_key) return null;
    const parent = this.deps.workDir ?? tmpdir();
    await mkdir(parent, { recursive: true });
    const dir = await mkdtemp(path.join(parent, 'sori-sound-'));
    try {
      const file = path.join(dir, 'original');
      await writeToFile(await storage.get(row.original_key), file);
      const run = async () => {
        const probe = await probeFile(file);
        const analysis = await analyseSound(file, probe);
        await sound.upsertFeatures(db, trackId, SOUND_FEATURES_VERSION, analysis.vector);
        await this.deps.catalogue.vectorsChanged([trackId]);
        return use({ row, file, probe, analysis });
      };
      return await (this.deps.withSlot ? this.deps.withSlot(run) : run());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Computes and stores one track's vector; false when the track has nothing to analyse. */
  async computeFeatures(trackId: number): Promise<boolean> {
    return (await this.withSound(trackId, async () => true)) === true;
  }

  /** Ready tracks still without a vector of the current version. */
  remaining(): Promise<number> {
    return sound.countTracksWithoutFeatures(this.deps.db, SOUND_FEATURES_VERSION);
  }

  /**
   * Gives every ready track without a vector of the current version one, lowest id first. Resumable: what is
   * left to do is read from the database, so a stopped backfill (or one on another machine) goes on from
   * there; a track that fails is reported and skipped for this run.
   */
  async backfill(opts: { limit?: number; onProgress?: (p: BackfillProgress) => void; onError?: (id: number, e: unknown) => void } = {}) {
    const total = Math.min(await this.remaining(), opts.limit ?? Number.MAX_SAFE_INTEGER);
    let done = 0;
    let failed = 0;
    let after = 0;
    opts.onProgress?.({ done, failed, total, trackId: null });
    while (done + failed < total) {
      const ids = await sound.tracksWithoutFeatures(this.deps.db, SOUND_FEATURES_VERSION, after, Math.min(100, total - done - failed));
      if (ids.length === 0) break;
      for (const id of ids) {
        after = id;
        try {
          if (await this.computeFeatures(id)) done++;
          else failed++;
        } catch (e) {
          failed++;
          opts.onError?.(id, e);
        }
        opts.onProgress?.({ done, failed, total, trackId: id });
      }
    }
    return { done, failed, total };
  }
}
