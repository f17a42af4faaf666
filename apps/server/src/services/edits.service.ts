import type { EditSeconds, TrackEdit } from '@sori/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { trackKeys, type MediaStorage } from '../media';
import { renderEdit } from '../media/edit-render';
import { editLengthsFor, planEdit } from '../media/edits';
import * as sound from '../repositories/sound.repository';
import type { Viewer } from './auth.service';
import type { CatalogueService } from './catalogue/catalogue.service';
import { toTrackEdit, type MediaUrls } from './music.mapper';
import type { SoundService } from './sound.service';
import { THIS_PROCESS } from './upload-recovery';

export interface EditsDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  catalogue: CatalogueService;
  sound: SoundService;
  urls: MediaUrls;
  /** Told when making a track's edits failed (the server logs it). */
  onError?: (trackId: number, err: unknown) => void;
  /** Asks for a track's edits to be made by the job queue; made here when unset. */
  request?: (trackId: number) => void;
}

/** A pending edit whose maker has said nothing for this long is taken to have died, and is made again. */
const EDIT_CLAIM_STALE_MS = 10 * 60_000;

/**
 * A track's short edits (15, 30 and 60 seconds, those its length allows): planned from its sound
 * (media/edits.ts), rendered from the stored original (media/edit-render.ts) and stored beside its other
 * media with their own peaks and waveform. `makeEdits` is the one entry: idempotent (ready edits are left
 * alone), and one run per track at a time, in this process (a map of runs) and across instances (each
 * length is claimed in the database before it is made).
 */
export class EditsService {
  private readonly running = new Map<number, Promise<EditSeconds[]>>();
  private readonly others = new Set<Promise<unknown>>();

  constructor(private readonly deps: EditsDeps) {}

  /** Makes whichever of the track's edits are missing; answers the lengths made now. */
  makeEdits(trackId: number): Promise<EditSeconds[]> {
    const current = this.running.get(trackId);
    if (current) return current;
    const run = this.run(trackId).finally(() => this.running.delete(trackId));
    this.running.set(trackId, run);
    return run;
  }

  /** Other background work of a track (its sound features alone), waited for by `idle` too. */
  track<T>(work: Promise<T>): Promise<T> {
    this.others.add(work);
    void work.finally(() => this.others.delete(work)).catch(() => undefined);
    return work;
  }

  /** Waits for every run in progress (the server's close, operator commands, tests). */
  async idle(): Promise<void> {
    while (this.running.size + this.others.size > 0) await Promise.allSettled([...this.running.values(), ...this.others]);
  }

  /**
   * The track's edits as the caller may see them; lengths not made yet are 'pending', and asking starts
   * making them (once: a run in progress, here or elsewhere, is not started again).
   */
  async list(trackId: number, viewer: Viewer | null): Promise<TrackEdit[]> {
    const row = await this.deps.catalogue.visibleTrack(trackId, viewer);
    const lengths = row.status === 'ready' && row.original_key ? editLengthsFor(row.duration_sec) : [];
    const rows = new Map((await sound.editsOf(this.deps.db, trackId)).map((e) => [e.seconds, e]));
    const out = lengths.map((s) => toTrackEdit(row, s, rows.get(s), this.deps.urls, viewer?.id ?? null));
    if (out.some((e) => e.status === 'pending') && !this.running.has(trackId)) {
      if (this.deps.request) this.deps.request(trackId);
      else this.makeEdits(trackId).catch((err: unknown) => this.deps.onError?.(trackId, err));
    }
    return out;
  }

  private async run(trackId: number): Promise<EditSeconds[]> {
    const { db, storage } = this.deps;
    const track = await db
      .selectFrom('tracks')
      .select(['duration_sec', 'status', 'original_key'])
      .where('id', '=', trackId)
      .executeTakeFirst();
    if (!track || track.status !== 'ready' || !track.original_key) return [];
    const existing = new Map((await sound.editsOf(db, trackId)).map((e) => [e.seconds, e.status]));
    const staleBefore = new Date(Date.now() - EDIT_CLAIM_STALE_MS).toISOString();
    const claimed: EditSeconds[] = [];
    for (const s of editLengthsFor(track.duration_sec)) {
      if (existing.get(s) === 'ready') continue;
      if (await sound.claimEdit(db, trackId, s, THIS_PROCESS, staleBefore)) claimed.push(s);
    }
    if (claimed.length === 0) return [];
    const made: EditSeconds[] = [];
    try {
      await this.deps.sound.withSound(trackId, async ({ file, probe, analysis }) => {
        const work = await mkdtemp(path.join(tmpdir(), 'sori-edit-'));
        try {
          for (const s of claimed) {
            const plan = planEdit(analysis, s);
            if (!plan) {
              await sound.failEdit(db, trackId, s);
              continue;
            }
            const out = path.join(work, `edit-${s}.mp3`);
            const r = await renderEdit(file, probe, plan, out);
            const keys = {
              audio: trackKeys.edit(trackId, s),
              wave: trackKeys.editWave(trackId, s),
              peaks: trackKeys.editPeaks(trackId, s),
            };
            const sizes = [
              (await storage.put(keys.audio, { path: out })).size,
              (await storage.put(keys.wave, r.wavePng)).size,
              (await storage.put(keys.peaks, Buffer.from(JSON.stringify(r.peaks)))).size,
            ];
            await sound.finishEdit(db, trackId, s, {
              audio_key: keys.audio,
              wave_key: keys.wave,
              peaks_key: keys.peaks,
              duration_sec: r.durationSec,
              stored_bytes: sizes.reduce((a, b) => a + b, 0),
              sha256: r.sha256,
              plan: JSON.stringify(plan),
            });
            made.push(s);
          }
        } finally {
          await rm(work, { recursive: true, force: true });
        }
      });
    } finally {
      // Whatever was claimed and not made is failed, so the next ask (or another instance) makes it again.
      for (const s of claimed) if (!made.includes(s)) await sound.failEdit(db, trackId, s).catch(() => undefined);
    }
    return made;
  }
}
