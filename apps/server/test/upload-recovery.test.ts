import { spawn, spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
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
    // A process of this host that was killed a moment ago (kill -9): fresh, but its pid is gone.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
    const killed = await a.track({ owner_id: owner.id, published: 0, status: 'processing', ingest_by: `${hostname()}:${deadPid}` });
    await a.ctx.storage.put(trackKeys.original(killed, 'wav'), Buffer.alloc(1000, 1));
    const killedDir = path.join(tmp, `upload-${hostname().replace(/[^A-Za-z0-9.-]/gu, '_')}_${deadPid}-abc123`);
    mkdirSync(killedDir, { recursive: true });
    // This test process is alive: its rows are kept whatever their age says.
    const mineAlive = await a.track({ owner_id: owner.id, published: 0, status: 'processing', ingest_by: `${hostname()}:${process.pid}` });

    const health = async (app: { inject: TestApp['app']['inject'] }) =>
      (await app.inject({ method: 'GET', url: '/api/health' })).json().body.tracks as number;
    expect(await health(a.app)).toBe(5);

    const c = a.ctx.config;
    b = await a.sibling();

    const ids = (await b.ctx.db.kysely.selectFrom('tracks').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual([ready, live, mineAlive]);
    expect(existsSync(path.join(c.dataDir, 'media', 'tracks', String(killed)))).toBe(false);
    expect(existsSync(killedDir)).toBe(false);
    expect(existsSync(path.join(c.dataDir, 'media', 'tracks', String(orphan)))).toBe(false);
    expect(existsSync(oldUpload)).toBe(false);
    expect(existsSync(path.join(tmp, 'ingest-crashed'))).toBe(false);
    expect(existsSync(liveDir)).toBe(true);
    expect(await health(b.app)).toBe(3);
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
    const r = await recoverInterruptedUploads({
      db: a.ctx.db.kysely,
      storage: a.ctx.storage,
      tmpDir: path.join(a.ctx.config.dataDir, 'tmp'),
    });
    release();
    live.stop();
    expect(r.removedTracks).toEqual([dropped]);
    expect(await a.ctx.db.kysely.selectFrom('tracks').select('id').where('id', '=', held).executeTakeFirst()).toEqual({ id: held });
  });
});

describe('a server killed with SIGKILL in the middle of an upload (sqlite)', () => {
  it('leaves nothing behind once the app starts again on the same data', async () => {
    const a = await createTestApp('sqlite');
    const c = a.ctx.config;
    const { token } = await a.user();
    const env = { ...process.env, DATA_DIR: c.dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', WEB_DIST: c.webDist, JWT_SECRET: c.jwtSecret };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'child-server.ts')], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /PORT (\d+)/u.exec(out);
          if (m) resolve(Number(m[1]));
        });
        child.on('exit', () => reject(new Error('the child server exited')));
      });
      // Half an upload: the headers and the first part of the file, then nothing more.
      const boundary = 'kill-9-boundary';
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/my/musics',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': '10000000',
        },
      });
      req.on('error', () => undefined);
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
      req.write(Buffer.alloc(200_000, 1));
      const tmp = path.join(c.dataDir, 'tmp');
      const scratch = () => (existsSync(tmp) ? readdirSync(tmp).filter((n) => n.startsWith('upload-')) : []);
      for (let i = 0; i < 200 && scratch().length === 0; i++) await new Promise((r) => setTimeout(r, 25));
      expect(scratch()).toHaveLength(1);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      req.destroy();
      expect(scratch()).toHaveLength(1);

      const b = await buildApp(
        loadConfig({ DATA_DIR: c.dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', WEB_DIST: c.webDist, JWT_SECRET: c.jwtSecret }),
        { logger: false },
      );
      expect(scratch()).toEqual([]);
      await b.app.close();
    } finally {
      child.kill('SIGKILL');
      await a.close();
    }
  }, 60_000);
});
