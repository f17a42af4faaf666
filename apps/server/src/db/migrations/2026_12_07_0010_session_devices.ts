import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.

/**
 * What the account page's list of signed-in devices shows of each session: the browser, the operating system
 * and the kind of device, read from the User-Agent at sign-in (the header itself is not kept), and when the
 * session was last used. Sessions from before keep nulls: "a browser not recognised", last used unknown.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema.alterTable('sessions').addColumn('browser', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('os', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('platform', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', ts).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const col of ['last_seen_at', 'platform', 'os', 'browser']) {
    await db.schema.alterTable('sessions').dropColumn(col).execute();
  }
}
