import type { Kysely, Selectable } from 'kysely';
import type { ChannelsTable, Database } from '../db/schema';

export type ChannelRow = Selectable<ChannelsTable>;

/**
 * A channel is the member's while not removed; it is cleared while, in addition, its end (a lapsed or
 * smaller plan's grace period) has not come.
 */
export function channelsOf(db: Kysely<Database>, userId: number): Promise<ChannelRow[]> {
  return db
    .selectFrom('channels')
    .selectAll()
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Retires the channels whose clearance has ended (so that another account may register them). */
export async function retireEndedChannels(db: Kysely<Database>, now: string): Promise<number> {
  const res = await db
    .updateTable('channels')
    .set((eb) => ({ removed_at: eb.ref('ends_at') }))
    .where('removed_at', 'is', null)
    .where('ends_at', 'is not', null)
    .where('ends_at', '<=', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export function findOwnedChannel(db: Kysely<Database>, platform: string, externalId: string): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('channels')
    .selectAll()
    .where('platform', '=', platform)
    .where('external_id', '=', externalId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

export async function insertChannel(
  db: Kysely<Database>,
  row: { userId: number; platform: string; externalId: string; url: string; now: string },
): Promise<ChannelRow | undefined> {
  return db
    .insertInto('channels')
    .values({
      user_id: row.userId,
      platform: row.platform,
      external_id: row.externalId,
      url: row.url,
      created_at: row.now,
      ends_at: null,
      removed_at: null,
    })
    .onConflict((oc) => oc.columns(['platform', 'external_id']).where('removed_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function removeChannel(db: Kysely<Database>, userId: number, id: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('channels')
    .set({ removed_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Sets (or clears, with null) the end of some of a member's channels. */
export async function setChannelEnds(db: Kysely<Database>, ids: readonly number[], endsAt: string | null): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('channels').set({ ends_at: endsAt }).where('id', 'in', ids).execute();
}

/** Every cleared channel registered at or after `since`, oldest first (the Content ID export). */
export function clearedChannelsSince(db: Kysely<Database>, since: string, now: string): Promise<ChannelRow[]> {
  return db
    .selectFrom('channels')
    .selectAll()
    .where('removed_at', 'is', null)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
