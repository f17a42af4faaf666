import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.

/**
 * A track's sound: the feature vector that "similar tracks" compares (timbre, harmony, rhythm,
 * loudness; `version` names the extractor, so a new one can be backfilled beside the old). A track's short
 * edits (15, 30 and 60 seconds): one row per length, 'pending' while it is made, then 'ready' with its
 * stored files, measured length and the plan it was cut by (JSON: the source spans, joins and fades). And
 * which edit a licence covers (null: the full track).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sound_features')
    .addColumn('track_id', 'integer', (c) => c.primaryKey().references('tracks.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('vector', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('track_edits')
    .addColumn('track_id', 'integer', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('audio_key', 'text')
    .addColumn('wave_key', 'text')
    .addColumn('peaks_key', 'text')
    .addColumn('duration_sec', 'real')
    .addColumn('stored_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sha256', 'text')
    .addColumn('plan', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('track_edits_pk', ['track_id', 'seconds'])
    .execute();

  await db.schema.alterTable('licences').addColumn('edit_seconds', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('licences').dropColumn('edit_seconds').execute();
  await db.schema.dropTable('track_edits').execute();
  await db.schema.dropTable('sound_features').execute();
}
