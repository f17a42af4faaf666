import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../lib/time';

/** Per-user annotations of tracks: likes and download history (rows, not columns on the track). */

export async function addLike(db: Kysely<Database>, userId: number, trackId: number): Promise<boolean> {
  const res = await db
    .insertInto('likes')
    .values({ user_id: userId, track_id: trackId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'track_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeLike(db: Kysely<Database>, userId: number, trackId: number): Promise<boolean> {
  const res = await db.deleteFrom('likes').where('user_id', '=', userId).where('track_id', '=', trackId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The ids among trackIds that the user likes. */
export async function likedAmong(db: Kysely<Database>, userId: number, trackIds: readonly number[]): Promise<Set<number>> {
  if (trackIds.length === 0) return new Set();
  const rows = await db.selectFrom('likes').select('track_id').where('user_id', '=', userId).where('track_id', 'in', trackIds).execute();
  return new Set(rows.map((r) => r.track_id));
}

/** The user's liked track ids, most recently liked first. */
export async function likedTrackIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('likes')
    .select('track_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('track_id', 'desc')
    .execute();
  return rows.map((r) => r.track_id);
}

export async function recordDownload(db: Kysely<Database>, userId: number, trackId: number): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('downloads')
    .values({ user_id: userId, track_id: trackId, first_at: now, last_at: now, count: 1 })
    .onConflict((oc) => oc.columns(['user_id', 'track_id']).doUpdateSet((eb) => ({ last_at: now, count: eb('downloads.count', '+', 1) })))
    .execute();
}

/** The user's downloaded track ids, most recently downloaded first. */
export async function downloadedTrackIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('downloads')
    .select('track_id')
    .where('user_id', '=', userId)
    .orderBy('last_at', 'desc')
    .orderBy('track_id', 'desc')
    .execute();
  return rows.map((r) => r.track_id);
}
