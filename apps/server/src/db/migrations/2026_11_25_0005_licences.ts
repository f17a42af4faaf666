import { sql, type Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.

/**
 * Licences: one per licensed download (user, track, exact file), kept as records whatever happens to the
 * track or the account later (an account's withdrawal pseudonymises the licensee, it does not delete the
 * licence). The signed public JSON is stored as it was signed, so an answer never depends on code that
 * changed since. And the SHA-256 of each track's original, which a licence names.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('licences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer')
    .addColumn('track_id', 'integer', (c) => c.notNull())
    .addColumn('track_title', 'text', (c) => c.notNull())
    .addColumn('track_artist', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_sha256', 'text', (c) => c.notNull())
    .addColumn('licensee_name', 'text', (c) => c.notNull())
    .addColumn('licensee_email', 'text', (c) => c.notNull())
    .addColumn('plan_name', 'text', (c) => c.notNull())
    .addColumn('plan_level', 'integer', (c) => c.notNull())
    .addColumn('terms_version', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('revoked_at', 'text')
    .addColumn('revocation_reason', 'text')
    .addColumn('kid', 'text', (c) => c.notNull())
    .addColumn('signed_json', 'text', (c) => c.notNull())
    .execute();
  // One active licence per user, track and file: a second download reuses it (and two at once cannot both
  // issue one).
  await db.schema
    .createIndex('licences_one_active')
    .on('licences')
    .columns(['user_id', 'track_id', 'file_sha256'])
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema.createIndex('licences_by_user').on('licences').columns(['user_id', 'issued_at']).execute();
  await db.schema.alterTable('tracks').addColumn('original_sha256', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracks').dropColumn('original_sha256').execute();
  await db.schema.dropTable('licences').execute();
}
