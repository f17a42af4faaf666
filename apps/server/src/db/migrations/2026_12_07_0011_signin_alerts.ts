import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.

/**
 * The account's choice of sign-in alerts: 1 (the default, and every account's until now) when a sign-in from a
 * device none of its sessions came from is told by mail, 0 when the member turned it off on the account page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('new_device_alerts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('new_device_alerts').execute();
}
