import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../db/schema';
import type { UserRow } from './user.repository';

export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Kysely<Database>, s: { id: string; userId: number; createdAt: string; expiresAt: string }) {
  await db
    .insertInto('sessions')
    .values({ id: s.id, user_id: s.userId, created_at: s.createdAt, expires_at: s.expiresAt, revoked_at: null })
    .execute();
}

/**
 * The user behind a live session, in one query (the sessions primary key joined to the users primary key):
 * this runs on every signed-in request.
 */
export async function findSessionUser(
  db: Kysely<Database>,
  sessionId: string,
  userId: number,
  now: string,
): Promise<(UserRow & { session_created_at: string; session_expires_at: string }) | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.created_at as session_created_at', 'sessions.expires_at as session_expires_at'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, userId: number, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (password reset), or every one but `keep` (a password change on this device). */
export async function revokeUserSessions(db: Kysely<Database>, userId: number, now: string, keep?: string): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keep) q = q.where('id', '<>', keep);
  await q.execute();
}

/** Drops sessions past their absolute end (revoked or not); answers how many. */
export async function deleteExpiredSessions(db: Kysely<Database>, now: string): Promise<number> {
  const res = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}
