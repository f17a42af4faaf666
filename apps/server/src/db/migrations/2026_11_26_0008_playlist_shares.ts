import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.

/**
 * Share links of playlists: at most one per playlist, holding its token (128 random bits, base64url) so that
 * the owner gets the same link back while the playlist stays shared (docs/DECISIONS.md, "Share links").
 * Ending the share deletes the row; deleting the playlist deletes it too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('playlist_shares')
    .addColumn('playlist_id', 'integer', (c) => c.primaryKey().references('playlists.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('playlist_shares').execute();
}
