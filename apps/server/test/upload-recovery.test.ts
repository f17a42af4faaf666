import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { trackKeys } from '../src/media';
import { LiveIngests, recoverInterruptedUploads } from '../src/services/upload-recovery';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

/** What a crash in the middle of an upload leaves, and a start of the app on the same data afterwards. */
describe.each(DIALECTS)('recovery from interrupted uploads at start (%s)', (dialect) => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>> | undefined;
  beforeAll(async () => {
    a = await createTestApp(dialect);
  });
  afterAll(async () => {
    await b?.app.close();
    await a.close();
  });

  it('removes stale processing tracks with their stored media and old scratch folders, and keeps a live instance’s', async () => {
    const owner = await a.user();
    const hourAgo = new Date(Date.now() - 3600_000);
    const ready = await a.track({ owner_id: owner.id, published: 0 });
    // The crashed upload: a row left in processing, part of its media already stored, its scratch folders.
    const orphan = await a.track({ owner_id: owner.id, published: 0, status: 'processing' });
    await a.ctx.db.kysely.updateTable('tracks').set({ updated_at: hourAgo.toISOString() }).where('id', '=', orphan).execute();
    await a.ctx.storage.put(trackKeys.original(orphan, 'mp3'), Buffer.alloc(1000, 1));
    await a.ctx.storage.put(trackKeys.preview(orphan), Buffer.alloc(500, 2));
    const tmp = path.join(a.ctx.config.dataDir, 'tmp');
    const oldUpload = path.join(tmp, 'upload-crashed');
    const oldIngest = path.join(tmp, 'ingest-crashed', 'sori-ingest-x');
    mkdirSync(oldUpload, { recursive: true });
    mkdirSync(oldIngest, { recursive: true });
    writeFileSync(path.join(oldUpload, 'audio'), Buffer.alloc(2000));
    writeFileSync(path.join(oldIngest, 'preview.mp3'), Buffer.alloc(2000));
    utimesSync(oldUpload, hourAgo, hourAgo);
    utimesSync(path.join(tmp, 'ingest-crashed'), hourAgo, hourAgo);
    // Another instance on the same data is uploading right now: its row and folder are fresh.
    const live = await a.track({ owner_id: owner.id, published: 0, status: 'processing' });
    const liveDir = path.join(tmp, 'upload-live');
    mkdirSync(liveDir, { recursive: true });

    const health = async (app: { inject: TestApp['app']['inject'] }) => (await app.inject({ method: 'GET', url: '/api/health' })).json().body.tracks as number;
    expect(await health(a.app)).toBe(3);

    const c = a.ctx.config;
    b = await buildApp(
      loadConfig({
        DATA_DIR: c.dataDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
        WEB_DIST: c.webDist,
        JWT_SECRET: c.jwtSecret,
        ...(c.database.kind === 'postgres' ? { DATABASE_URL: c.database.url, DATABASE_SCHEMA: c.database.schema ?? '' } : {}),
      }),
      { logger: false },
    );

    const ids = (await b.ctx.db.kysely.selectFrom('tracks').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual([ready, live]);
    expect(existsSync(path.join(c.dataDir, 'media', 'tracks', String(orphan)))).toBe(false);
    expect(existsSync(oldUpload)).toBe(false);
    expect(existsSync(path.join(tmp, 'ingest-crashed'))).toBe(false);
    expect(existsSync(liveDir)).toBe(true);
    expect(await health(b.app)).toBe(2);
    const mine = await b.app.inject({ method: 'GET', url: `/api/musics/${orphan}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(mine.statusCode).toBe(404);
  });

  it('keeps an ingest that its process still reports alive, however long it runs', async () => {
    const longAgo = new Date(Date.now() - 3600_000).toISOString();
    const held = await a.track({ status: 'processing' });
    const dropped = await a.track({ status: 'processing' });
    await a.ctx.db.kysely.updateTable('tracks').set({ updated_at: longAgo }).where('id', 'in', [held, dropped]).execute();
    const live = new LiveIngests(a.ctx.db.kysely);
    const release = live.hold({ row: held });
    await live.beat();
    const r = await recoverInterruptedUploads({ db: a.ctx.db.kysely, storage: a.ctx.storage, tmpDir: path.join(a.ctx.config.dataDir, 'tmp') });
    release();
    live.stop();
    expect(r.removedTracks).toEqual([dropped]);
    expect(await a.ctx.db.kysely.selectFrom('tracks').select('id').where('id', '=', held).executeTakeFirst()).toEqual({ id: held });
  });
});
