import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { nowIso } from '../lib/time';

export type UserRow = Selectable<UsersTable>;

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export interface NewUser {
  email: string;
  passwordHash: string;
  name: string;
  phone: string;
  team: string | null;
  level: number;
  /** The language the account's mail is written in. */
  lang: string;
}

/** Inserts a user; answers undefined when the e-mail is taken (unique index), with nothing written. */
export async function insertUser(db: Kysely<Database>, u: NewUser): Promise<UserRow | undefined> {
  const now = nowIso();
  return db
    .insertInto('users')
    .values({
      email: u.email.toLowerCase(),
      password_hash: u.passwordHash,
      name: u.name,
      nick: u.name,
      phone: u.phone,
      team: u.team,
      level: u.level,
      lang: u.lang,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function setUserLevel(db: Kysely<Database>, email: string, level: number): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ level, updated_at: nowIso() })
    .where('email', '=', email.toLowerCase())
    .returningAll()
    .executeTakeFirst();
}

/** Turns the new-device sign-in mail on or off; answers the row, or undefined when the user is gone. */
export function setNewDeviceAlerts(db: Kysely<Database>, userId: number, on: boolean): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ new_device_alerts: on ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Sets a new password hash and bumps the token version, so every older token stops working. */
export async function setUserPassword(db: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: nowIso() }))
    .where('id', '=', userId)
    .execute();
}

export async function insertPasswordReset(db: Kysely<Database>, userId: number, tokenHash: string, expiresAt: string) {
  await db
    .insertInto('password_resets')
    .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, used_at: null, created_at: nowIso() })
    .execute();
}

/** Marks an unused, unexpired reset token used and answers its user, or undefined. */
export async function consumePasswordReset(db: Kysely<Database>, tokenHash: string, now: string) {
  return db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id'])
    .executeTakeFirst();
}

/**
 * Whether a reset token is unused, unexpired and its account still there, as `consumePasswordReset` would take
 * it; read only.
 */
export async function isPasswordResetUsable(db: Kysely<Database>, tokenHash: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select('password_resets.token_hash')
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends every outstanding reset link of a user (after one of them is used). */
export async function endPasswordResets(db: Kysely<Database>, userId: number, now: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function setUserLang(db: Kysely<Database>, userId: number, lang: string): Promise<void> {
  await db.updateTable('users').set({ lang }).where('id', '=', userId).where('lang', '<>', lang).execute();
}

export async function updateProfile(
  db: Kysely<Database>,
  userId: number,
  p: { nick: string; name: string; phone: string; team: string | null },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...p, updated_at: nowIso() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Sets a user's plan, the level that follows from it, and when it lapses (null: never). */
export async function setUserPlan(
  db: Kysely<Database>,
  userId: number,
  plan: { plan: string; level: number; expiresAt: string | null },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ plan: plan.plan, level: plan.level, plan_expires_at: plan.expiresAt, updated_at: nowIso() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Users whose paid plan has lapsed by `now` (their plan is still the paid one). */
export function usersWithLapsedPlans(db: Kysely<Database>, now: string): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('plan_expires_at', 'is not', null).where('plan_expires_at', '<=', now).execute();
}

/** Deletes a user; their likes, playlists, downloads, sessions, reset links, consents and channels go with them. */
export async function deleteUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
