import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.

/**
 * Accounts: a user's plan (the level follows from it; a paid plan may lapse at a time), the language their
 * mail is written in, the consents given at sign-up (one row per kind, with the document version and time),
 * and the channels they clear for their licences. A channel belongs to one account at a time: the unique
 * index covers the rows not removed. Existing users get the plan their level implies.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('users')
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('free'))
    .execute();
  await db.schema.alterTable('users').addColumn('plan_expires_at', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('ko'))
    .execute();
  await db.updateTable('users').set({ plan: 'premium' }).where('level', '>=', 5).execute();

  await db.schema
    .createTable('consents')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('agreed_at', 'text')
    .addColumn('withdrawn_at', 'text')
    .addPrimaryKeyConstraint('consents_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('channels')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text')
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema
    .createIndex('channels_one_owner')
    .on('channels')
    .columns(['platform', 'external_id'])
    .unique()
    .where(sql.ref('removed_at'), 'is', null)
    .execute();
  await db.schema.createIndex('channels_by_user').on('channels').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('channels').execute();
  await db.schema.dropTable('consents').execute();
  for (const col of ['lang', 'plan_expires_at', 'plan']) await db.schema.alterTable('users').dropColumn(col).execute();
}
