import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = pg ? 'serial' : 'integer';
  const ts = pg ? 'timestamptz' : 'text';
  const idCol = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('users')
    .addColumn('id', id, idCol)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('nick', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('team', 'text')
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tracks')
    .addColumn('id', id, idCol)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('artist', 'text')
    .addColumn('genre', 'integer')
    .addColumn('moods', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sound_key', 'text')
    .addColumn('bpm', 'real')
    .addColumn('speed', 'integer')
    .addColumn('duration_sec', 'real')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ready'))
    .addColumn('original_key', 'text')
    .addColumn('preview_key', 'text')
    .addColumn('peaks_key', 'text')
    .addColumn('wave_key', 'text')
    .addColumn('cover_key', 'text')
    .addColumn('cover_thumb_key', 'text')
    .addColumn('file_name', 'text')
    .addColumn('original_mime', 'text')
    .addColumn('original_size', 'bigint')
    .addColumn('estimated_bpm', 'real')
    .addColumn('estimated_key', 'text')
    .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tracks_owner_idx').on('tracks').columns(['owner_id', 'id']).execute();

  await db.schema
    .createTable('likes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('track_id', 'integer', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['user_id', 'track_id'])
    .execute();
  await db.schema.createIndex('likes_track_idx').on('likes').column('track_id').execute();

  await db.schema
    .createTable('downloads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('track_id', 'integer', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('first_at', ts, (c) => c.notNull())
    .addColumn('last_at', ts, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('downloads_pk', ['user_id', 'track_id'])
    .execute();

  await db.schema
    .createTable('playlists')
    .addColumn('id', id, idCol)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('playlists_user_idx').on('playlists').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('playlist_tracks')
    .addColumn('playlist_id', 'integer', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('track_id', 'integer', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('added_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_tracks_pk', ['playlist_id', 'track_id'])
    .execute();
  await db.schema.createIndex('playlist_tracks_track_idx').on('playlist_tracks').column('track_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('track_changes')
    .addColumn('seq', id, idCol)
    .addColumn('track_id', 'integer', (c) => c.notNull())
    .addColumn('at', ts, (c) => c.notNull())
    .execute();

  if (!pg) await sql`PRAGMA optimize`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['track_changes', 'password_resets', 'playlist_tracks', 'playlists', 'downloads', 'likes', 'tracks', 'users']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
