import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.

/**
 * Uploads ingested by jobs: a track is 'queued', then 'ingesting', then 'ready' or 'failed'.
 * tracks.ingest_request: what the ingest job needs that only the upload knew (JSON: the uploader's metadata,
 * the file's name, whether a cover came with it); cleared once ready.
 * tracks.ingest_progress: 0–100 while ingesting. tracks.ingest_error: why it failed (JSON: code and details).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracks').addColumn('ingest_request', 'text').execute();
  await db.schema.alterTable('tracks').addColumn('ingest_progress', 'integer').execute();
  await db.schema.alterTable('tracks').addColumn('ingest_error', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracks').dropColumn('ingest_error').execute();
  await db.schema.alterTable('tracks').dropColumn('ingest_progress').execute();
  await db.schema.alterTable('tracks').dropColumn('ingest_request').execute();
}
