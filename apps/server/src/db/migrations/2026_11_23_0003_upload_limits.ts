import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.

/**
 * tracks.stored_bytes: what a track takes in storage (original, preview, peaks, waveform, covers), the
 * figure upload quotas count. Tracks stored before this migration count their original's size.
 * tracks.ingest_by: the process ingesting a 'processing' track ("host:pid"), so the next start on that host
 * can tell a crash's leftovers from another instance's work.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('tracks')
    .addColumn('stored_bytes', pg ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('tracks').addColumn('ingest_by', 'text').execute();
  await sql`UPDATE tracks SET stored_bytes = COALESCE(original_size, 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracks').dropColumn('ingest_by').execute();
  await db.schema.alterTable('tracks').dropColumn('stored_bytes').execute();
}
