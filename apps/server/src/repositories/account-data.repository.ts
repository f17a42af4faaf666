import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The rows of a member's own data that the account page's download gathers (`AccountService.exportData`),
 * each list in a stable order. Tracks are named as they are now; a licence names its track as licensed.
 * One query after another: a member's download takes one pooled connection at a time, not the pool.
 */
export async function accountDataRows(db: Kysely<Database>, userId: number) {
  const channels = await db
    .selectFrom('channels')
    .select(['platform', 'external_id', 'url', 'created_at', 'ends_at', 'removed_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const likes = await db
    .selectFrom('likes')
    .innerJoin('tracks', 'tracks.id', 'likes.track_id')
    .select(['tracks.id', 'tracks.title', 'tracks.artist', 'likes.created_at'])
    .where('likes.user_id', '=', userId)
    .orderBy('likes.created_at')
    .orderBy('tracks.id')
    .execute();
  const downloads = await db
    .selectFrom('downloads')
    .innerJoin('tracks', 'tracks.id', 'downloads.track_id')
    .select(['tracks.id', 'tracks.title', 'tracks.artist', 'downloads.first_at', 'downloads.last_at', 'downloads.count'])
    .where('downloads.user_id', '=', userId)
    .orderBy('downloads.first_at')
    .orderBy('tracks.id')
    .execute();
  const playlists = await db
    .selectFrom('playlists')
    .leftJoin('playlist_shares', 'playlist_shares.playlist_id', 'playlists.id')
    .select([
      'playlists.id',
      'playlists.name',
      'playlists.description',
      'playlists.created_at',
      'playlists.updated_at',
      'playlist_shares.token',
    ])
    .where('playlists.user_id', '=', userId)
    .orderBy('playlists.created_at')
    .orderBy('playlists.id')
    .execute();
  const playlistTracks = await db
    .selectFrom('playlist_tracks')
    .innerJoin('playlists', 'playlists.id', 'playlist_tracks.playlist_id')
    .innerJoin('tracks', 'tracks.id', 'playlist_tracks.track_id')
    .select(['playlist_tracks.playlist_id', 'tracks.id', 'tracks.title', 'tracks.artist', 'playlist_tracks.added_at'])
    .where('playlists.user_id', '=', userId)
    .orderBy('playlist_tracks.added_at')
    .orderBy('tracks.id')
    .execute();
  const uploads = await db
    .selectFrom('tracks')
    .select(['id', 'title', 'artist', 'file_name', 'published', 'created_at'])
    .where('owner_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const sessions = await db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at', 'revoked_at', 'last_seen_at', 'browser', 'os', 'platform'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return { channels, likes, downloads, playlists, playlistTracks, uploads, sessions };
}
