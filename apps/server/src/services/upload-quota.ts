import { formatBytes, type UploadQuota } from '@sori/contract';
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../lib/app-error';

export interface QuotaLimits {
  tracks: number;
  bytes: number;
}

/** What the user's tracks take, counting every track they own (ready or still processing; a refused one keeps nothing). */
export async function quotaUsage(db: Kysely<Database>, userId: number, limits: QuotaLimits, exceptTrack?: number): Promise<UploadQuota> {
  let q = db
    .selectFrom('tracks')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>('stored_bytes').as('bytes')])
    .where('owner_id', '=', userId)
    .where('status', '!=', 'failed');
  if (exceptTrack !== undefined) q = q.where('id', '!=', exceptTrack);
  const r = await q.executeTakeFirstOrThrow();
  return { tracks: Number(r.n), tracksLimit: limits.tracks, bytes: Number(r.bytes ?? 0), bytesLimit: limits.bytes };
}

/**
 * Runs fn in a transaction that holds the user's row, so two uploads of one user check and take their
 * quota one after the other (SELECT … FOR UPDATE on PostgreSQL; SQLite runs one write transaction at a time).
 */
export async function withUserLock<T>(db: Kysely<Database>, userId: number, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    let lock = trx.selectFrom('users').select('id').where('id', '=', userId);
    if (pg) lock = lock.forUpdate();
    await lock.executeTakeFirst();
    return fn(trx);
  });
}

/** Throws the quota error when `adding` more tracks and bytes would go over the limits. */
export function checkQuota(used: UploadQuota, adding: { tracks: number; bytes: number }): void {
  if (used.tracks + adding.tracks > used.tracksLimit) {
    throw new AppError(403, 'QUOTA_TRACKS_EXCEEDED', { ...used, used: used.tracks, limit: used.tracksLimit });
  }
  if (used.bytes + adding.bytes > used.bytesLimit) {
    throw new AppError(413, 'QUOTA_BYTES_EXCEEDED', { ...used, used: formatBytes(used.bytes), limit: formatBytes(used.bytesLimit) });
  }
}
