import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.

/**
 * The mode of a track's key ('major' | 'minor'), in force and as measured, and how sure the analysers were
 * of the tempo and the key (0..1). Existing rows keep nulls: their mode is unknown until re-ingested.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracks').addColumn('key_mode', 'text').execute();
  await db.schema.alterTable('tracks').addColumn('estimated_key_mode', 'text').execute();
  await db.schema.alterTable('tracks').addColumn('bpm_confidence', 'real').execute();
  await db.schema.alterTable('tracks').addColumn('key_confidence', 'real').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const col of ['key_confidence', 'bpm_confidence', 'estimated_key_mode', 'key_mode']) {
    await db.schema.alterTable('tracks').dropColumn(col).execute();
  }
}
