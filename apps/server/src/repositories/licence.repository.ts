import type { Kysely, Selectable } from 'kysely';
import type { Database, LicencesTable } from '../db/schema';

export type LicenceRow = Selectable<LicencesTable>;
export type NewLicenceRow = Omit<LicenceRow, 'status' | 'revoked_at' | 'revocation_reason'>;

/** Licences are kept as records: rows are inserted, revoked or pseudonymised, never deleted. */

export async function insertLicence(db: Kysely<Database>, row: NewLicenceRow): Promise<void> {
  await db
    .insertInto('licences')
    .values({ ...row, status: 'active', revoked_at: null, revocation_reason: null })
    .execute();
}

export async function findLicence(db: Kysely<Database>, id: string): Promise<LicenceRow | undefined> {
  return db.selectFrom('licences').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's active licence for this track and file, if any. */
export async function findActiveLicence(
  db: Kysely<Database>,
  userId: number,
  trackId: number,
  sha256: string,
): Promise<LicenceRow | undefined> {
  return db
    .selectFrom('licences')
    .selectAll()
    .where('user_id', '=', userId)
    .where('track_id', '=', trackId)
    .where('file_sha256', '=', sha256)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** A user's licences (active and revoked) among these tracks, oldest first. */
export async function licencesForTracks(
  db: Kysely<Database>,
  userId: number,
  trackIds: readonly number[],
): Promise<Pick<LicenceRow, 'id' | 'track_id' | 'issued_at' | 'status' | 'edit_seconds'>[]> {
  if (trackIds.length === 0) return [];
  return db
    .selectFrom('licences')
    .select(['id', 'track_id', 'issued_at', 'status', 'edit_seconds'])
    .where('user_id', '=', userId)
    .where('track_id', 'in', trackIds)
    .orderBy('issued_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function licencesOfUser(db: Kysely<Database>, userId: number): Promise<LicenceRow[]> {
  return db.selectFrom('licences').selectAll().where('user_id', '=', userId).orderBy('issued_at', 'desc').orderBy('id').execute();
}

/**
 * Active licences held by the uploader of their own track while it is out of the catalogue: what Sori issued
 * for unpublished uploads before it licensed only the catalogue (operators: `licence:list --own-unpublished`).
 */
export async function ownUnpublishedLicences(db: Kysely<Database>): Promise<LicenceRow[]> {
  return db
    .selectFrom('licences')
    .innerJoin('tracks', 'tracks.id', 'licences.track_id')
    .selectAll('licences')
    .where('licences.status', '=', 'active')
    .where('tracks.published', '=', 0)
    .whereRef('tracks.owner_id', '=', 'licences.user_id')
    .orderBy('licences.issued_at', 'desc')
    .orderBy('licences.id')
    .execute();
}

export async function revokeLicence(
  db: Kysely<Database>,
  id: string,
  change: { revoked_at: string; revocation_reason: string; signed_json: string },
): Promise<void> {
  await db
    .updateTable('licences')
    .set({ ...change, status: 'revoked' })
    .where('id', '=', id)
    .execute();
}

/** Re-signed rows of a user whose personal data is gone: the licence stays, the licensee becomes a pseudonym. */
export async function pseudonymiseLicence(
  db: Kysely<Database>,
  id: string,
  change: { licensee_name: string; licensee_email: string; signed_json: string },
): Promise<void> {
  await db
    .updateTable('licences')
    .set({ ...change, user_id: null })
    .where('id', '=', id)
    .execute();
}
