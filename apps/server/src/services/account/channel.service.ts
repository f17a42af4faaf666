import { normaliseChannel, PLAN_LABELS, PlanId, type Channel, type ClearedChannel, type PlanInfo } from '@sori/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import * as channels from '../../repositories/channel.repository';
import type { ChannelRow } from '../../repositories/channel.repository';
import { findUserById } from '../../repositories/user.repository';
import type { Viewer } from '../auth.service';
import { withUserLock } from '../upload-quota';

export interface ChannelDeps {
  db: Kysely<Database>;
  /** What each plan includes (site configuration). */
  plans: readonly PlanInfo[];
  /** Days a channel stays cleared after its plan lapses or shrinks. */
  graceDays: number;
}

export function toChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    platform: row.platform as Channel['platform'],
    externalId: row.external_id,
    url: row.url,
    clearedSince: row.created_at,
    endsAt: row.ends_at,
  };
}

/**
 * Channel clearance (docs/ACCOUNTS.md): the channels where a member publishes, within their plan's
 * allowance, one account per channel at a time; listed on the verify page of the member's active licences
 * and exported for the Content ID administrator.
 */
export class ChannelService {
  constructor(private readonly deps: ChannelDeps) {}

  allowanceOf(plan: string): number {
    return this.deps.plans.find((p) => p.id === plan)?.channels ?? 0;
  }

  async list(viewer: Viewer): Promise<Channel[]> {
    return (await channels.channelsOf(this.deps.db, viewer.id)).map(toChannel);
  }

  async add(viewer: Viewer, raw: unknown): Promise<Channel> {
    const normalised = normaliseChannel(raw);
    if ('code' in normalised) throw badRequest(normalised.code, 'details' in normalised ? normalised.details : undefined);
    return withUserLock(this.deps.db, viewer.id, async (trx) => {
      const user = await findUserById(trx, viewer.id);
      if (!user) throw unauthorized('TOKEN_INVALID');
      const now = nowIso();
      await channels.retireEndedChannels(trx, now);
      const owner = await channels.findOwnedChannel(trx, normalised.platform, normalised.externalId);
      if (owner) throw conflict(owner.user_id === viewer.id ? 'CHANNEL_ALREADY_ADDED' : 'CHANNEL_TAKEN');
      const plan = PlanId.catch('free').parse(user.plan);
      const limit = this.allowanceOf(plan);
      // Channels winding down (a lapsed or smaller plan) do not count: they are already outside the allowance.
      const holding = (await channels.channelsOf(trx, viewer.id)).filter((c) => c.ends_at === null).length;
      if (holding >= limit) throw new AppError(403, 'CHANNEL_LIMIT', { plan: PLAN_LABELS[plan], planId: plan, limit });
      const row = await channels.insertChannel(trx, { userId: viewer.id, ...normalised, now });
      // Another account took it between the check and the insert.
      if (!row) throw conflict('CHANNEL_TAKEN');
      return toChannel(row);
    });
  }

  async remove(viewer: Viewer, id: number): Promise<{ id: number }> {
    if (!(await channels.removeChannel(this.deps.db, viewer.id, id, nowIso()))) throw notFound('CHANNEL_NOT_FOUND');
    return { id };
  }

  /** The channels cleared now for an account (the public verify page). */
  async clearedFor(userId: number | null): Promise<ClearedChannel[]> {
    if (userId === null) return [];
    const now = nowIso();
    return (await channels.channelsOf(this.deps.db, userId))
      .filter((c) => c.ends_at === null || c.ends_at > now)
      .map((c) => ({ platform: c.platform as Channel['platform'], externalId: c.external_id, url: c.url, clearedSince: c.created_at }));
  }

  /**
   * A member's plan changed (or lapsed) to one that clears `plan`'s number of channels: the oldest that many
   * stay cleared (and any that were winding down are cleared again), the rest end after the grace period.
   */
  async applyPlan(db: Kysely<Database>, userId: number, plan: string, from = new Date()): Promise<void> {
    const rows = await channels.channelsOf(db, userId);
    const limit = this.allowanceOf(plan);
    const keep = rows.slice(0, limit);
    const end = rows.slice(limit).filter((c) => c.ends_at === null);
    const endsAt = new Date(from.getTime() + this.deps.graceDays * 86_400_000).toISOString();
    await channels.setChannelEnds(
      db,
      keep.filter((c) => c.ends_at !== null).map((c) => c.id),
      null,
    );
    await channels.setChannelEnds(
      db,
      end.map((c) => c.id),
      endsAt,
    );
  }

  /** Retires the clearances whose end has come (at start and every hour). */
  retireEnded(now = new Date()): Promise<number> {
    return channels.retireEndedChannels(this.deps.db, now.toISOString());
  }

  /**
   * The cleared channels registered since a time, as CSV for the Content ID administrator: channel id,
   * platform, cleared since, account id (RFC 4180 quoting).
   */
  async exportCsv(since: Date, now = new Date()): Promise<string> {
    const rows = await channels.clearedChannelsSince(this.deps.db, since.toISOString(), now.toISOString());
    const lines = [
      'channel_id,platform,cleared_since,account_id',
      ...rows.map((r) => [r.external_id, r.platform, r.created_at, String(r.user_id)].map(csvField).join(',')),
    ];
    return lines.join('\r\n') + '\r\n';
  }
}

/**
 * One CSV field, quoted when it holds a comma, quote or line break. Values are exact (an `@handle` keeps its
 * `@`): every one is normalised here first (letters, digits, `_.-@` or an https link), so none can be a
 * spreadsheet formula.
 */
function csvField(value: string): string {
  return /[",\r\n]/u.test(value) ? `"${value.replace(/"/gu, '""')}"` : value;
}
