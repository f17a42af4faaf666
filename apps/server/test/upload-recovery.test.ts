import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { trackKeys } from '../src/media';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

/**
 * Uploads that the multipart parser cannot read get an answer, and what an interrupted upload leaves
 * behind (a track stuck in `processing`, its stored media, temporary folders) is recovered at start.
 */
describe.each(DIALECTS)('upload robustness (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let owner: { token: string; id: number };
  beforeAll(async () => {
    t = await createTestApp(dialect, { INGEST_LEASE_SECONDS: '2' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await t.user();
  });
  afterAll(async () => t.close());

  const tmpEntries = () => {
    try {
      return readdirSync(path.join(t.ctx.config.dataDir, 'tmp'));
    } catch {
      return [];
    }
  };

  /** A 5 MB upload over a real socket whose one part the parser skips; the answer or a time-out. */
  async function sendSkippedPart(disposition: string): Promise<{ status: number; body: { code?: string; message?: string } } | 'no answer'> {
    const boundary = 'sori-skip';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\n${disposition}\r\nContent-Type: audio/mpeg\r\n\r\n`),
      Buffer.alloc(5_000_000, 0x55),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 10_000);
    try {
      const res = await fetch(`${base}/api/my/musics`, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' },
        signal: abort.signal,
      });
      return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
    } catch {
      return 'no answer';
    } finally {
      clearTimeout(timer);
    }
  }

  it.each([
    ['a file name carrying a line break', `Content-Disposition: form-data; name="file"; filename*=UTF-8''a%0Ab.mp3`],
    ['an attachment part', 'Content-Disposition: attachment; name="file"; filename="a.mp3"'],
  ])('answers an upload whose part the parser skips (%s) with a 400, and keeps nothing', async (_name, disposition) => {
    const answer = await sendSkippedPart(disposition);
    expect(answer).not.toBe('no answer');
    if (answer === 'no answer') return;
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('UPLOAD_UNREADABLE');
    expect(answer.body.message).toMatch(/could not be read/u);
    const tracks = await t.ctx.db.kysely.selectFrom('tracks').select('id').execute();
    expect(tracks).toEqual([]);
    expect(tmpEntries()).toEqual([]);
  }, 30_000);

  it('removes, at start, a track an interrupted upload left in processing, its media and temporary folders', async () => {
    const { db, storage, config } = t.ctx;
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    const base = {
      title: 'Interrupted',
      artist: null,
      genre: null,
      moods: '',
      sound_key: null,
      bpm: null,
      speed: null,
      duration_sec: null,
      owner_id: owner.id,
      published: 0,
      status: 'processing',
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
    };
    // What a process killed mid-ingest leaves: the row (lease long lapsed), part of its media, its folders.
    const orphan = await db.kysely.insertInto('tracks').values({ ...base, created_at: long, updated_at: long }).returning('id').executeTakeFirstOrThrow();
    await storage.put(`${trackKeys.prefix(orphan.id)}preview.mp3`, Buffer.from('partial preview'));
    const tmp = path.join(config.dataDir, 'tmp');
    for (const name of ['upload-dead', 'sori-ingest-dead']) {
      mkdirSync(path.join(tmp, name), { recursive: true });
      writeFileSync(path.join(tmp, name, 'audio'), 'x');
      const old = new Date(Date.now() - 10 * 60_000);
      utimesSync(path.join(tmp, name, 'audio'), old, old);
      utimesSync(path.join(tmp, name), old, old);
    }
    // An ingest under way in another process: its lease is fresh, so it must be left alone.
    const now = new Date().toISOString();
    const live = await db.kysely.insertInto('tracks').values({ ...base, title: 'Live', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    mkdirSync(path.join(tmp, 'upload-live'), { recursive: true });
    await t.ctx.catalogue.refresh([orphan.id, live.id]);

    try {
      const listed = await t.call({ method: 'GET', url: '/api/my/musics', token: owner.token });
      expect(listed.json().body.totalElements).toBe(2);

      // The server starts again on the same data.
      const restarted = await buildApp(config, { logger: false });
      const rows = await db.kysely.selectFrom('tracks').select(['id', 'status']).orderBy('id').execute();
      expect(rows).toEqual([{ id: live.id, status: 'processing' }]);
      expect(await storage.stat(`${trackKeys.prefix(orphan.id)}preview.mp3`)).toBeNull();
      expect(tmpEntries()).toEqual(['upload-live']);
      const after = await restarted.app.inject({ method: 'GET', url: '/api/my/musics', headers: { authorization: `Bearer ${owner.token}` } });
      expect(after.json().body.totalElements).toBe(1);
      await restarted.app.close();
    } finally {
      await db.kysely.deleteFrom('tracks').where('id', 'in', [orphan.id, live.id]).execute();
    }
  }, 30_000);

  it('never takes an ingest that is alive: its lease is renewed while it waits and runs', async () => {
    const { media, db } = t.ctx;
    // Hold the only ingest slot, so the upload below waits (as behind a long ingest) past its lease.
    let release!: () => void;
    const held = media.withSlot(() => new Promise<void>((resolve) => (release = resolve)));
    const upload = media
      .createFromFile({ path: '/nonexistent/audio.wav', originalName: 'late.wav' }, { title: 'Waiting' }, { ownerId: owner.id, published: false })
      .catch((err: unknown) => err);
    await new Promise((r) => setTimeout(r, 3_500));
    const recovered = await media.recoverOrphans();
    expect(recovered.tracks).toBe(0);
    const waiting = await db.kysely.selectFrom('tracks').select('title').where('status', '=', 'processing').execute();
    expect(waiting).toEqual([{ title: 'Waiting' }]);
    release();
    await held;
    await upload;
    // The ingest failed (no such file) and removed its own row, as before.
    expect(await db.kysely.selectFrom('tracks').select('id').execute()).toEqual([]);
  }, 30_000);
});
