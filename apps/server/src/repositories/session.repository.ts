import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../db/schema';
import type { Device } from '../lib/device';
import type { UserRow } from './user.repository';

export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(
  db: Kysely<Database>,
  s: { id: string; userId: number; createdAt: string; expiresAt: string; device: Device },
) {
  await db
    .insertInto('sessions')
    .values({
      id: s.id,
      user_id: s.userId,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      revoked_at: null,
      last_seen_at: s.createdAt,
      browser: s.device.browser,
      os: s.device.os,
      platform: s.device.platform,
    })
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
): Promise<(UserRow & { session_created_at: string; session_expires_at: string; session_last_seen_at: string | null }) | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.created_at as session_created_at',
      'sessions.expires_at as session_expires_at',
      'sessions.last_seen_at as session_last_seen_at',
    ])
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

/** A user's live sessions (not signed out, not past their end), the newest first. */
export async function listLiveSessions(db: Kysely<Database>, userId: number, now: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The devices of every session of a user still on record (live, signed out, or past its end but not yet dropped). */
export async function devicesOnRecord(db: Kysely<Database>, userId: number): Promise<Device[]> {
  const rows = await db.selectFrom('sessions').select(['browser', 'os', 'platform']).where('user_id', '=', userId).execute();
  return rows.map((r) => ({ browser: r.browser, os: r.os, platform: r.platform as Device['platform'] }));
}

/** Records that a request used the session (at most once per `SESSION_SEEN_EVERY_MS`, by the caller). */
export async function touchSession(db: Kysely<Database>, sessionId: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

/**
 * Ends every session of a user (password reset), or every one but `keep` (a password change on this device,
 * "sign out everywhere else"); answers how many live sessions it ended.
 */
export async function revokeUserSessions(db: Kysely<Database>, userId: number, now: string, keep?: string): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (keep) q = q.where('id', '<>', keep);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Drops sessions past their absolute end (revoked or not); answers how many. */
export async function deleteExpiredSessions(db: Kysely<Database>, now: string): Promise<number> {
  const res = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}
