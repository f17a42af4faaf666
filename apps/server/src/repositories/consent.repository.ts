import type { Kysely, Selectable } from 'kysely';
import type { ConsentsTable, Database } from '../db/schema';

export type ConsentRow = Selectable<ConsentsTable>;

/** Records a consent given (or, for an optional one, refused) at a time and document version. */
export async function upsertConsent(db: Kysely<Database>, row: ConsentRow): Promise<ConsentRow> {
  return db
    .insertInto('consents')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet({ version: row.version, agreed_at: row.agreed_at, withdrawn_at: row.withdrawn_at }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function consentsOf(db: Kysely<Database>, userId: number): Promise<ConsentRow[]> {
  return db.selectFrom('consents').selectAll().where('user_id', '=', userId).execute();
}
