import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface ShareRow {
  playlist_id: number;
  token: string;
  created_at: string;
}

/** The share of a playlist, if it is shared. */
export async function findShareOfPlaylist(db: Kysely<Database>, playlistId: number): Promise<ShareRow | undefined> {
  return db.selectFrom('playlist_shares').selectAll().where('playlist_id', '=', playlistId).executeTakeFirst();
}

/**
 * Shares a playlist under this token unless it is shared already; answers the share that holds afterwards
 * (the existing one when two requests raced).
 */
export async function insertShare(db: Kysely<Database>, playlistId: number, token: string, now: string): Promise<ShareRow> {
  await db
    .insertInto('playlist_shares')
    .values({ playlist_id: playlistId, token, created_at: now })
    .onConflict((oc) => oc.column('playlist_id').doNothing())
    .execute();
  const row = await findShareOfPlaylist(db, playlistId);
  if (!row) throw new Error(`share of playlist ${playlistId} vanished`);
  return row;
}

export async function deleteShare(db: Kysely<Database>, playlistId: number): Promise<boolean> {
  const res = await db.deleteFrom('playlist_shares').where('playlist_id', '=', playlistId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The playlist shared under a token, with the share's token; undefined when none is. */
export async function findSharedPlaylist(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('playlist_shares')
    .innerJoin('playlists', 'playlists.id', 'playlist_shares.playlist_id')
    .select([
      'playlists.id',
      'playlists.name',
      'playlists.description',
      'playlists.updated_at',
      'playlist_shares.token',
      'playlist_shares.created_at as shared_at',
    ])
    .where('playlist_shares.token', '=', token)
    .executeTakeFirst();
}
