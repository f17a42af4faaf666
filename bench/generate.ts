/**
 * Writes a synthetic catalogue into a database for the benchmarks.
 *   node --import tsx bench/generate.ts --tracks 100000 --data-dir bench/out/100k
 *   DATABASE_URL=postgres://… DATABASE_SCHEMA=bench_100k node --import tsx bench/generate.ts --tracks 100000
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/create-db';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { generateCatalogue } from '../apps/server/test/search/synthetic';

const { values } = parseArgs({
  options: { tracks: { type: 'string', default: '100000' }, 'data-dir': { type: 'string', default: 'bench/out/catalogue' } },
});
const count = Number(values.tracks);
const config = loadConfig({ ...process.env, DATA_DIR: values['data-dir'], SEED_DEMO: '0' });
const db = createDb(config);
const started = Date.now();

if (config.database.kind === 'postgres' && config.database.schema) {
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(config.database.schema)}`.execute(db.kysely);
}
await migrateToLatest(db);
const now = new Date().toISOString();
const BATCH = 1000;
let batch: Record<string, unknown>[] = [];
let written = 0;
const flush = async () => {
  if (batch.length === 0) return;
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('tracks')
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(batch as any)
      .execute();
  });
  written += batch.length;
  batch = [];
  if (written % 50_000 === 0) console.log(`${written.toLocaleString()} tracks…`);
};
for (const t of generateCatalogue(count)) {
  batch.push({
    title: t.title,
    artist: t.artist,
    genre: t.genre,
    moods: t.moods.join(','),
    sound_key: t.soundKey,
    bpm: t.bpm,
    speed: t.speed,
    duration_sec: t.durationSec,
    owner_id: null,
    published: 1,
    status: 'ready',
    play_count: t.playCount,
    like_count: t.likeCount,
    download_count: t.downloadCount,
    created_at: now,
    updated_at: now,
  });
  if (batch.length >= BATCH) await flush();
}
await flush();
await db.close();
console.log(`wrote ${written.toLocaleString()} tracks to ${config.database.kind} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
