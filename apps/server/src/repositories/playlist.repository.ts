import { PostgresAdapter, type Kysely, type Selectable } from 'kysely';
import type { Database, PlaylistsTable } from '../db/schema';
import { nowIso } from '../lib/time';

export type PlaylistRow = Selectable<PlaylistsTable> & { music_count: number; has_music?: boolean };

function withCount(db: Kysely<Database>) {
  return db
    .selectFrom('playlists')
    .selectAll('playlists')
    .select((eb) =>
      eb
        .selectFrom('playlist_tracks')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('playlist_tracks.playlist_id', '=', 'playlists.id')
        .as('music_count'),
    );
}

const normalise = (r: Selectable<PlaylistsTable> & { music_count: number | string | null }): PlaylistRow => ({
  ...r,
  music_count: Number(r.music_count ?? 0),
});

/** A playlist of this owner, or undefined (someone else's is answered the same as a missing one). */
export async function findOwnedPlaylist(db: Kysely<Database>, userId: number, id: number): Promise<PlaylistRow | undefined> {
  const r = await withCount(db).where('playlists.id', '=', id).where('playlists.user_id', '=', userId).executeTakeFirst();
  return r ? normalise(r) : undefined;
}

export async function listPlaylists(
  db: Kysely<Database>,
  userId: number,
  page?: { offset: number; limit: number },
): Promise<PlaylistRow[]> {
  let q = withCount(db).where('playlists.user_id', '=', userId).orderBy('playlists.created_at', 'desc').orderBy('playlists.id', 'desc');
  if (page) q = q.offset(page.offset).limit(page.limit);
  return (await q.execute()).map(normalise);
}

export async function countPlaylists(db: Kysely<Database>, userId: number): Promise<number> {
  const r = await db
    .selectFrom('playlists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertPlaylist(db: Kysely<Database>, userId: number, name: string, description: string | null) {
  const now = nowIso();
  const row = await db
    .insertInto('playlists')
    .values({ user_id: userId, name, description, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return normalise({ ...row, music_count: 0 });
}

export async function updatePlaylist(db: Kysely<Database>, userId: number, id: number, name: string, description: string | null) {
  const res = await db
    .updateTable('playlists')
    .set({ name, description, updated_at: nowIso() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deletePlaylist(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('playlists').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function addTrackToPlaylist(db: Kysely<Database>, playlistId: number, trackId: number): Promise<boolean> {
  const now = nowIso();
  const res = await db
    .insertInto('playlist_tracks')
    .values({ playlist_id: playlistId, track_id: trackId, added_at: now })
    .onConflict((oc) => oc.columns(['playlist_id', 'track_id']).doNothing())
    .executeTakeFirst();
  const added = Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  if (added) await db.updateTable('playlists').set({ updated_at: now }).where('id', '=', playlistId).execute();
  return added;
}

export async function removeTrackFromPlaylist(db: Kysely<Database>, playlistId: number, trackId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('playlist_tracks')
    .where('playlist_id', '=', playlistId)
    .where('track_id', '=', trackId)
    .executeTakeFirst();
  const removed = Number(res.numDeletedRows) > 0;
  if (removed) await db.updateTable('playlists').set({ updated_at: nowIso() }).where('id', '=', playlistId).execute();
  return removed;
}

/** The playlist's track ids, most recently added first. */
export async function playlistTrackIds(db: Kysely<Database>, playlistId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('playlist_tracks')
    .select('track_id')
    .where('playlist_id', '=', playlistId)
    .orderBy('added_at', 'desc')
    .orderBy('track_id', 'desc')
    .execute();
  return rows.map((r) => r.track_id);
}

export async function countPlaylistTracks(db: Kysely<Database>, playlistId: number): Promise<number> {
  const r = await db
    .selectFrom('playlist_tracks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('playlist_id', '=', playlistId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Locks one row until the end of the transaction (SELECT … FOR UPDATE) on PostgreSQL, so that a count
 * and the insert it allows happen as one step. SQLite has no row locks and needs none: it runs one write
 * transaction at a time (and this app's connection runs one transaction at a time).
 */
export async function lockRow(trx: Kysely<Database>, table: 'users' | 'playlists', id: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
}

export async function playlistHasTrack(db: Kysely<Database>, playlistId: number, trackId: number): Promise<boolean> {
  const r = await db
    .selectFrom('playlist_tracks')
    .select('track_id')
    .where('playlist_id', '=', playlistId)
    .where('track_id', '=', trackId)
    .executeTakeFirst();
  return r !== undefined;
}

/** Which of this owner's playlists hold the track (through the playlist_tracks track index). */
export async function playlistsHoldingTrack(db: Kysely<Database>, userId: number, trackId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('playlist_tracks')
    .innerJoin('playlists', 'playlists.id', 'playlist_tracks.playlist_id')
    .select('playlist_tracks.playlist_id')
    .where('playlists.user_id', '=', userId)
    .where('playlist_tracks.track_id', '=', trackId)
    .execute();
  return rows.map((r) => r.playlist_id);
}
