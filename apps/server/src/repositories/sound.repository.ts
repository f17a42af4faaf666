import type { Kysely, Selectable } from 'kysely';
import type { Database, TrackEditsTable } from '../db/schema';
import { nowIso } from '../lib/time';
import { noteTrackChanged } from './track.repository';

export type TrackEditRow = Selectable<TrackEditsTable>;

/** Stores a track's feature vector (replacing an older one) and records the change for every instance. */
export async function upsertFeatures(db: Kysely<Database>, trackId: number, version: number, vector: readonly number[]): Promise<void> {
  const row = { track_id: trackId, version, vector: JSON.stringify(vector), computed_at: nowIso() };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sound_features')
      .values(row)
      .onConflict((oc) => oc.column('track_id').doUpdateSet({ version: row.version, vector: row.vector, computed_at: row.computed_at }))
      .execute();
    await noteTrackChanged(trx, trackId);
  });
}

/** The vectors of these tracks (of this version). */
export async function featuresOf(
  db: Kysely<Database>,
  ids: readonly number[],
  version: number,
): Promise<{ track_id: number; vector: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('sound_features')
    .select(['track_id', 'vector'])
    .where('track_id', 'in', [...ids])
    .where('version', '=', version)
    .execute();
}

/** Every vector of this version, in batches by track id (the index load at boot). */
export async function* streamFeatures(
  db: Kysely<Database>,
  version: number,
  batch = 5000,
): AsyncGenerator<{ track_id: number; vector: string }[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('sound_features')
      .select(['track_id', 'vector'])
      .where('version', '=', version)
      .where('track_id', '>', after)
      .orderBy('track_id')
      .limit(batch)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.track_id;
  }
}

/**
 * Ready tracks with no vector of this version, lowest id first, after `afterId`: what the backfill still
 * has to do. The state of a backfill is the table itself, so a stopped one resumes where it was.
 */
export async function tracksWithoutFeatures(db: Kysely<Database>, version: number, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tracks')
    .leftJoin('sound_features', (j) => j.onRef('sound_features.track_id', '=', 'tracks.id').on('sound_features.version', '=', version))
    .select('tracks.id')
    .where('tracks.status', '=', 'ready')
    .where('tracks.original_key', 'is not', null)
    .where('sound_features.track_id', 'is', null)
    .where('tracks.id', '>', afterId)
    .orderBy('tracks.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function countTracksWithoutFeatures(db: Kysely<Database>, version: number): Promise<number> {
  const r = await db
    .selectFrom('tracks')
    .leftJoin('sound_features', (j) => j.onRef('sound_features.track_id', '=', 'tracks.id').on('sound_features.version', '=', version))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tracks.status', '=', 'ready')
    .where('tracks.original_key', 'is not', null)
    .where('sound_features.track_id', 'is', null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function editsOf(db: Kysely<Database>, trackId: number): Promise<TrackEditRow[]> {
  return db.selectFrom('track_edits').selectAll().where('track_id', '=', trackId).orderBy('seconds').execute();
}

export async function findEdit(db: Kysely<Database>, trackId: number, seconds: number): Promise<TrackEditRow | undefined> {
  return db.selectFrom('track_edits').selectAll().where('track_id', '=', trackId).where('seconds', '=', seconds).executeTakeFirst();
}

/**
 * Claims an edit for making: inserts it as pending, or takes over a failed one or a pending one whose claim
 * is older than `staleBefore` (its maker died). False when it is ready or someone else is making it.
 */
export async function claimEdit(db: Kysely<Database>, trackId: number, seconds: number, by: string, staleBefore: string): Promise<boolean> {
  const now = nowIso();
  const inserted = await db
    .insertInto('track_edits')
    .values({ track_id: trackId, seconds, status: 'pending', claimed_by: by, updated_at: now })
    .onConflict((oc) => oc.columns(['track_id', 'seconds']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const taken = await db
    .updateTable('track_edits')
    .set({ status: 'pending', claimed_by: by, updated_at: now })
    .where('track_id', '=', trackId)
    .where('seconds', '=', seconds)
    .where((eb) => eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'pending'), eb('updated_at', '<', staleBefore)])]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

export async function finishEdit(
  db: Kysely<Database>,
  trackId: number,
  seconds: number,
  done: Pick<TrackEditRow, 'audio_key' | 'wave_key' | 'peaks_key' | 'duration_sec' | 'stored_bytes' | 'sha256' | 'plan'>,
): Promise<void> {
  await db
    .updateTable('track_edits')
    .set({ ...done, status: 'ready', claimed_by: null, updated_at: nowIso() })
    .where('track_id', '=', trackId)
    .where('seconds', '=', seconds)
    .execute();
}

export async function failEdit(db: Kysely<Database>, trackId: number, seconds: number): Promise<void> {
  await db
    .updateTable('track_edits')
    .set({ status: 'failed', claimed_by: null, updated_at: nowIso() })
    .where('track_id', '=', trackId)
    .where('seconds', '=', seconds)
    .execute();
}
