import { readdir, rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { trackKeys, type MediaStorage } from '../media';
import { deleteTrack } from '../repositories/track.repository';

/** How often a running ingest says it is alive: its row's updated_at and its scratch folders are touched. */
export const INGEST_HEARTBEAT_MS = 60_000;
/** An ingest not heard of for this long died with its process (a crash, a kill -9, a power cut). */
export const INGEST_STALE_MS = 5 * 60_000;

/** This process, as `tracks.ingest_by` names it. */
export const THIS_PROCESS = `${hostname()}:${process.pid}`;
const HOST_TAG = hostname().replace(/[^A-Za-z0-9.-]/gu, '_');

/** Prefix of a scratch folder this process makes (`upload-myhost_1234-`), so a later start can tell whose it was. */
export const scratchPrefix = (kind: 'upload' | 'ingest'): string => `${kind}-${HOST_TAG}_${process.pid}-`;

/**
 * Whether the process named by host and pid is known to be gone: it ran on this host and no process has its
 * pid. Anything else (another host, a pid reused, our own pid: a restarted container often gets the same
 * one, and tests run several apps in one process) is left to the heartbeat's staleness.
 */
function goneFromThisHost(host: string, pid: number): boolean {
  if (host !== hostname() && host !== HOST_TAG) return false;
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function ownerOfRow(by: string | null): [string, number] | null {
  if (!by) return null;
  const at = by.lastIndexOf(':');
  return at > 0 ? [by.slice(0, at), Number(by.slice(at + 1))] : null;
}

function ownerOfScratch(name: string): [string, number] | null {
  const m = /^(?:upload|ingest)-(.+)_(\d{1,10})-/u.exec(name);
  return m ? [m[1]!, Number(m[2])] : null;
}

/**
 * What this process is ingesting right now. Several instances may share DATA_DIR and the database, so
 * nothing is recovered by being 'processing' alone: only what no live process has touched for
 * INGEST_STALE_MS.
 */
export class LiveIngests {
  private readonly rows = new Set<number>();
  private readonly dirs = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** Marks a row or a scratch folder as in use until the returned function is called. */
  hold(what: { row: number } | { dir: string }): () => void {
    if ('row' in what) this.rows.add(what.row);
    else this.dirs.add(what.dir);
    this.start();
    return () => {
      if ('row' in what) this.rows.delete(what.row);
      else this.dirs.delete(what.dir);
    };
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.beat().catch(() => undefined), INGEST_HEARTBEAT_MS);
    this.timer.unref();
  }

  async beat(now = new Date()): Promise<void> {
    if (this.rows.size > 0) {
      await this.db
        .updateTable('tracks')
        .set({ updated_at: now.toISOString() })
        .where('id', 'in', [...this.rows])
        .where('status', '=', 'processing')
        .execute();
    }
    await Promise.all([...this.dirs].map((d) => utimes(d, now, now).catch(() => undefined)));
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

export interface RecoveryReport {
  removedTracks: number[];
  removedScratch: string[];
}

/**
 * Clears what interrupted uploads left: tracks still 'processing' whose process is gone from this host, or
 * that no live process has touched for staleMs, are removed with whatever media they had stored, and scratch folders in tmpDir as old are
 * deleted (at once when the folder's process is gone from this host). A half-ingested upload is removed rather than resumed: its uploader never got an answer and
 * will send it again, the metadata they typed was only in the request, and the original only reaches
 * storage in the last stage, so there is usually nothing to resume from.
 */
export async function recoverInterruptedUploads(deps: {
  db: Kysely<Database>;
  storage: MediaStorage;
  tmpDir: string;
  staleMs?: number;
  now?: Date;
}): Promise<RecoveryReport> {
  const gone = (owner: [string, number] | null) => owner !== null && goneFromThisHost(owner[0], owner[1]);
  const staleMs = deps.staleMs ?? INGEST_STALE_MS;
  const cutoff = new Date((deps.now ?? new Date()).getTime() - staleMs);
  const processing = await deps.db
    .selectFrom('tracks')
    .select(['id', 'updated_at', 'ingest_by'])
    .where('status', '=', 'processing')
    .execute();
  const stale = processing.filter((r) => new Date(r.updated_at) < cutoff || gone(ownerOfRow(r.ingest_by)));
  const removedTracks: number[] = [];
  for (const { id } of stale) {
    await deps.storage.deletePrefix(trackKeys.prefix(id));
    if (await deleteTrack(deps.db, id)) removedTracks.push(id);
  }
  const removedScratch: string[] = [];
  let entries: string[] = [];
  try {
    entries = await readdir(deps.tmpDir);
  } catch {
    entries = [];
  }
  for (const name of entries) {
    const p = path.join(deps.tmpDir, name);
    const st = await stat(p).catch(() => null);
    if (st && (st.mtime < cutoff || gone(ownerOfScratch(name)))) {
      await rm(p, { recursive: true, force: true });
      removedScratch.push(name);
    }
  }
  return { removedTracks, removedScratch };
}
