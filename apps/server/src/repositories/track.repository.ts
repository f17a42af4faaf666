import type Sqlite from 'better-sqlite3';
import type pg from 'pg';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, TracksTable } from '../db/schema';
import { nowIso } from '../lib/time';

export type TrackRow = Selectable<TracksTable>;
export type NewTrackRow = Omit<Insertable<TracksTable>, 'created_at' | 'updated_at'>;

/** What a track is (text, codes, values, owner and state): needed both by the index and on the wire. */
const TRACK_FACTS = [
  'id',
  'title',
  'artist',
  'genre',
  'moods',
  'sound_key',
  'bpm',
  'speed',
  'duration_sec',
  'owner_id',
  'published',
  'status',
] as const;

/** Columns the search index needs, read in bulk at boot. */
export const INDEX_COLUMNS = [...TRACK_FACTS, 'key_mode', 'play_count', 'like_count', 'download_count'] as const;
export type IndexRow = Pick<TrackRow, (typeof INDEX_COLUMNS)[number]>;

export function findTrack(db: Kysely<Database>, id: number): Promise<TrackRow | undefined> {
  return db.selectFrom('tracks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The columns a track's wire shape and its visibility need (toMusic, isVisible, downloads). */
export const WIRE_COLUMNS = [
  ...TRACK_FACTS,
  'original_key',
  'preview_key',
  'peaks_key',
  'wave_key',
  'cover_key',
  'file_name',
  'created_at',
  'updated_at',
  'key_mode',
  'estimated_bpm',
  'estimated_key',
  'estimated_key_mode',
] as const;
export type WireRow = Pick<TrackRow, (typeof WIRE_COLUMNS)[number]>;

/** Reads tracks by id: the rows of a result page, the hottest read of the server. */
export type TrackReader = (ids: readonly number[]) => WireRow[] | Promise<WireRow[]>;

/** Up to this many ids, a statement with one placeholder per id is prepared once and kept. */
const PREPARED_ID_LISTS = 100;

type RawWire = [
  number,
  string,
  string | null,
  number | null,
  string,
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
  string,
  string | null,
  number | null,
  string | null,
  string | null,
];

/**
 * Page rows without building or preparing a query per request. On the embedded SQLite, through statements
 * prepared once per list length, read as arrays (better-sqlite3 makes an object per row far more slowly
 * than this code does). On PostgreSQL, through one named prepared statement taking the ids as an array, so
 * the server parses and plans it once per connection.
 */
export function trackReader(db: Kysely<Database>, sqlite: Sqlite.Database | null | undefined, pgPool?: pg.Pool | null): TrackReader {
  const viaKysely = (ids: readonly number[]) =>
    ids.length === 0 ? Promise.resolve([]) : db.selectFrom('tracks').select(WIRE_COLUMNS).where('id', 'in', ids).execute();
  if (pgPool) {
    const text = `SELECT ${WIRE_COLUMNS.join(', ')} FROM tracks WHERE id = ANY($1::int[])`;
    return async (ids) => (ids.length === 0 ? [] : (await pgPool.query<WireRow>({ name: 'sori-tracks-by-ids', text, values: [ids] })).rows);
  }
  if (!sqlite) return viaKysely;
  const statements: (Sqlite.Statement<number[], RawWire> | undefined)[] = [];
  return (ids) => {
    if (ids.length === 0) return [];
    if (ids.length > PREPARED_ID_LISTS) return viaKysely(ids);
    let statement = statements[ids.length];
    if (!statement) {
      const marks = new Array<string>(ids.length).fill('?').join(',');
      statement = sqlite.prepare<number[], RawWire>(`SELECT ${WIRE_COLUMNS.join(', ')} FROM tracks WHERE id IN (${marks})`).raw(true);
      statements[ids.length] = statement;
    }
    return statement.all(...ids).map((r) => ({
      id: r[0],
      title: r[1],
      artist: r[2],
      genre: r[3],
      moods: r[4],
      sound_key: r[5],
      bpm: r[6],
      speed: r[7],
      duration_sec: r[8],
      owner_id: r[9],
      published: r[10],
      status: r[11],
      original_key: r[12],
      preview_key: r[13],
      peaks_key: r[14],
      wave_key: r[15],
      cover_key: r[16],
      file_name: r[17],
      created_at: r[18],
      updated_at: r[19],
      key_mode: r[20],
      estimated_bpm: r[21],
      estimated_key: r[22],
      estimated_key_mode: r[23],
    }));
  };
}

/** Streams index rows in id order, a batch at a time, so a million tracks never sit in one array. */
export async function* streamIndexRows(db: Kysely<Database>, batch = 5000, ids?: readonly number[]): AsyncGenerator<IndexRow[]> {
  if (ids) {
    for (let i = 0; i < ids.length; i += batch) {
      const slice = ids.slice(i, i + batch);
      yield await db.selectFrom('tracks').select(INDEX_COLUMNS).where('id', 'in', slice).execute();
    }
    return;
  }
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('tracks').select(INDEX_COLUMNS).where('id', '>', after).orderBy('id').limit(batch).execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Every index row in id order, one at a time, synchronously (SQLite only). Building the index from this
 * keeps each row short-lived: a million tracks never sit in memory as objects at once, which otherwise
 * left hundreds of MB of heap behind after boot.
 */
/** The largest track id (0 when there is none). */
export function maxTrackIdSync(sqlite: Sqlite.Database): number {
  return (sqlite.prepare('SELECT max(id) FROM tracks').pluck().get() as number | null) ?? 0;
}

export function iterateIndexRowsSync(sqlite: Sqlite.Database): IterableIterator<IndexRow> {
  return sqlite.prepare(`SELECT ${INDEX_COLUMNS.join(', ')} FROM tracks ORDER BY id`).iterate() as IterableIterator<IndexRow>;
}

/** Records that a track changed, in the same transaction as the change (see track_changes). */
async function recordChange(db: Kysely<Database>, trackId: number, at: string) {
  await db.insertInto('track_changes').values({ track_id: trackId, at }).execute();
}

/** Records a change to what is known of a track outside its row (its sound features), for every instance's index. */
export async function noteTrackChanged(db: Kysely<Database>, trackId: number): Promise<void> {
  await recordChange(db, trackId, nowIso());
}

/** A track's stored files and measured values before its ingest has run: none. */
export const NOT_INGESTED = {
  original_key: null,
  preview_key: null,
  peaks_key: null,
  wave_key: null,
  cover_key: null,
  cover_thumb_key: null,
  file_name: null,
  original_mime: null,
  original_size: null,
  estimated_bpm: null,
  estimated_key: null,
} as const satisfies Partial<NewTrackRow>;

export async function insertTrack(db: Kysely<Database>, row: NewTrackRow): Promise<TrackRow> {
  const now = nowIso();
  const inserted = await db
    .insertInto('tracks')
    .values({ ...row, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordChange(db, inserted.id, now);
  return inserted;
}

export async function updateTrack(db: Kysely<Database>, id: number, patch: Updateable<TracksTable>): Promise<TrackRow | undefined> {
  const now = nowIso();
  const row = await db
    .updateTable('tracks')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (row) await recordChange(db, id, now);
  return row;
}

/** The ids of every track a user uploaded. */
export async function trackIdsOfOwner(db: Kysely<Database>, ownerId: number): Promise<number[]> {
  return (await db.selectFrom('tracks').select('id').where('owner_id', '=', ownerId).execute()).map((r) => r.id);
}

export async function deleteTrack(db: Kysely<Database>, id: number): Promise<boolean> {
  const res = await db.deleteFrom('tracks').where('id', '=', id).executeTakeFirst();
  if (Number(res.numDeletedRows) > 0) {
    await recordChange(db, id, nowIso());
    return true;
  }
  return false;
}

export async function incrementCounter(
  db: Kysely<Database>,
  id: number,
  column: 'play_count' | 'like_count' | 'download_count',
  by: number,
): Promise<IndexRow | undefined> {
  return db
    .updateTable('tracks')
    .set((eb) => ({ [column]: eb(column, '+', by) }))
    .where('id', '=', id)
    .returning(INDEX_COLUMNS)
    .executeTakeFirst();
}

export async function changesSince(db: Kysely<Database>, seq: number, limit = 10_000) {
  return db.selectFrom('track_changes').select(['seq', 'track_id']).where('seq', '>', seq).orderBy('seq').limit(limit).execute();
}

export async function latestChangeSeq(db: Kysely<Database>): Promise<number> {
  const r = await db
    .selectFrom('track_changes')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(r?.seq ?? 0);
}

/** Titles and artists of the ready tracks that nobody uploaded (the operator's catalogue). */
export async function catalogueTitles(db: Kysely<Database>): Promise<{ title: string; artist: string | null }[]> {
  return db.selectFrom('tracks').select(['title', 'artist']).where('owner_id', 'is', null).where('status', '=', 'ready').execute();
}

/** The states of an upload whose ingest job has not (yet) made it ready. */
export const UNFINISHED_UPLOAD = ['queued', 'ingesting', 'failed'] as const;

/** A member's uploads that are not ready (queued, ingesting, failed), newest first. */
export function unfinishedUploadsOf(db: Kysely<Database>, ownerId: number, limit = 100): Promise<TrackRow[]> {
  return db
    .selectFrom('tracks')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('status', 'in', [...UNFINISHED_UPLOAD])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * One of an owner's tracks, other than a failed upload, whose original has these bytes (`original_sha256`):
 * the track an upload of the same file would copy.
 */
export function ownTrackWithOriginal(
  db: Kysely<Database>,
  ownerId: number,
  sha256: string,
): Promise<Pick<TrackRow, 'id' | 'title'> | undefined> {
  return db
    .selectFrom('tracks')
    .select(['id', 'title'])
    .where('owner_id', '=', ownerId)
    .where('original_sha256', '=', sha256)
    .where('status', '!=', 'failed')
    .orderBy('id')
    .executeTakeFirst();
}

export async function setOriginalSha256(db: Kysely<Database>, trackId: number, sha256: string): Promise<void> {
  await db.updateTable('tracks').set({ original_sha256: sha256 }).where('id', '=', trackId).execute();
}

export async function originalSha256(db: Kysely<Database>, trackId: number): Promise<string | null> {
  const row = await db.selectFrom('tracks').select('original_sha256').where('id', '=', trackId).executeTakeFirst();
  return row?.original_sha256 ?? null;
}

/**
 * An owner's stored originals of this many bytes that were never hashed (stored before uploads were), other
 * than failed uploads: the only tracks an upload of that size could copy without `ownTrackWithOriginal` seeing it.
 */
export function unhashedOriginalsOfSize(
  db: Kysely<Database>,
  ownerId: number,
  size: number,
): Promise<{ id: number; original_key: string }[]> {
  return db
    .selectFrom('tracks')
    .select(['id', 'original_key'])
    .where('owner_id', '=', ownerId)
    .where('original_sha256', 'is', null)
    .where('original_size', '=', size)
    .where('original_key', 'is not', null)
    .where('status', '!=', 'failed')
    .orderBy('id')
    .$narrowType<{ original_key: string }>()
    .execute();
}

/** Tracks whose ingest job was waiting or running, for a restarted single process to take up again. */
export async function queuedIngestIds(db: Kysely<Database>): Promise<number[]> {
  return (await db.selectFrom('tracks').select('id').where('status', 'in', ['queued', 'ingesting']).orderBy('id').execute()).map(
    (r) => r.id,
  );
}

/** An ingest's progress: not a change to what the track says, so no change is recorded for other instances. */
export async function setIngestProgress(db: Kysely<Database>, id: number, percent: number): Promise<void> {
  await db.updateTable('tracks').set({ ingest_progress: percent }).where('id', '=', id).where('status', '=', 'ingesting').execute();
}
