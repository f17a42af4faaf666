import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { NOT_INGESTED } from '../src/repositories/track.repository';
import { checkQuota, quotaUsage, withUserLock } from '../src/services/upload-quota';
import { distinctWav, ffmpegSync, makeAudio } from './helpers/audio';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';
import { multipart } from './helpers/multipart';

const MiB = 1024 * 1024;
const TRACK = {
  title: 'T',
  artist: null,
  genre: null,
  moods: '',
  sound_key: null,
  bpm: null,
  speed: null,
  duration_sec: 1,
  published: 0,
  status: 'ready',
  ...NOT_INGESTED,
  stored_bytes: 1000,
};

describe.each(DIALECTS)('upload quotas (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  let wav: Buffer;
  let flac: Buffer;
  beforeAll(async () => {
    t = await createTestApp(dialect, { UPLOAD_QUOTA_TRACKS: '3', UPLOAD_QUOTA_BYTES: String(2 * MiB) });
    dir = mkdtempSync(path.join(tmpdir(), 'sori-quota-test-'));
    wav = makeAudio(dir, 'chord', 2);
    // Two minutes of a quiet tone: a small FLAC whose 160 kbit/s preview alone is about 2.3 MB.
    const out = path.join(dir, 'long.flac');
    ffmpegSync(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=120', '-af', 'volume=0.05', '-ar', '8000', '-ac', '1', out]);
    flac = readFileSync(out);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (token: string, data: Buffer, name = 'a.wav', lang = 'en') => {
    const { payload, headers } = multipart([{ name: 'file', filename: name, contentType: 'audio/wav', data }]);
    return t.call({ method: 'POST', url: '/api/my/musics', payload, headers, token, lang });
  };
  const quota = async (token: string) => (await t.call({ method: 'GET', url: '/api/my/quota', token })).json().body;
  const storedBytesOnDisk = (ids: number[]) =>
    ids.reduce((sum, id) => {
      const d = path.join(t.ctx.config.dataDir, 'media', 'tracks', String(id));
      return sum + readdirSync(d).reduce((s, f) => s + statSync(path.join(d, f)).size, 0);
    }, 0);

  it('counts what is stored, every file of a track, and refuses the track past the limit in the caller’s language', async () => {
    const u = await t.user();
    expect(await quota(u.token)).toEqual({ tracks: 0, tracksLimit: 3, bytes: 0, bytesLimit: 2 * MiB });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(u.token, distinctWav(wav, i));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().body.id);
    }
    const q = await quota(u.token);
    expect(q.tracks).toBe(3);
    expect(q.bytes).toBe(storedBytesOnDisk(ids));
    expect(q.bytes).toBeGreaterThan(3 * wav.length);
    const ko = await upload(u.token, distinctWav(wav, 3), 'a.wav', 'ko');
    expect(ko.statusCode).toBe(403);
    expect(ko.json().code).toBe('QUOTA_TRACKS_EXCEEDED');
    expect(ko.json().message).toContain('사용 중: 3곡 / 한도: 3곡');
    const ja = await upload(u.token, distinctWav(wav, 3), 'a.wav', 'ja');
    expect(ja.json().message).toContain('使用中: 3曲 / 上限: 3曲');
    expect((await quota(u.token)).tracks).toBe(3);
    // Deleting one frees its place.
    expect((await t.call({ method: 'DELETE', url: `/api/my/musics/${ids[0]}`, token: u.token })).statusCode).toBe(200);
    expect((await upload(u.token, distinctWav(wav, 3))).statusCode).toBe(201);
  });

  it('refuses an upload whose stored files would go over the bytes limit, though the upload itself is small', async () => {
    const u = await t.user();
    expect(flac.length).toBeLessThan(MiB);
    const res = await upload(u.token, flac, 'long.flac');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().code).toBe('QUOTA_BYTES_EXCEEDED');
    expect(res.json().message).toContain('0 B used of 2 MB');
    expect(await quota(u.token)).toEqual({ tracks: 0, tracksLimit: 3, bytes: 0, bytesLimit: 2 * MiB });
    const left = await t.ctx.db.kysely.selectFrom('tracks').select('id').where('owner_id', '=', u.id).execute();
    expect(left).toEqual([]);
  });

  it('lets no parallel uploads past the track limit', async () => {
    const u = await t.user();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(u.token, distinctWav(wav, i))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 403, 403, 403]);
    expect((await quota(u.token)).tracks).toBe(3);
  });

  it('lets no concurrent ingests of one user past the limit (the check and the insert hold the user row)', async () => {
    const u = await t.user();
    const files = Array.from({ length: 8 }, (_, i) => {
      const file = path.join(dir, `chord-${i}.wav`);
      writeFileSync(file, distinctWav(wav, i));
      return file;
    });
    // Open the pool's connections first, so the transactions below really run side by side.
    await Promise.all(Array.from({ length: 10 }, () => t.ctx.db.kysely.selectFrom('users').select('id').execute()));
    const settled = await Promise.allSettled(
      files.map((file) => t.ctx.media.upload({ id: u.id, level: 1 }, { path: file, originalName: 'c.wav' }, {})),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(3);
    const refused = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    expect(refused.map((r) => (r.reason as { code?: string }).code)).toEqual(Array(5).fill('QUOTA_TRACKS_EXCEEDED'));
    expect((await quota(u.token)).tracks).toBe(3);
  });

  it('runs one user’s quota transactions one after the other, even when each takes a while', async () => {
    const u = await t.user();
    const limits = { tracks: 3, bytes: 2 * MiB };
    const attempt = () =>
      withUserLock(t.ctx.db.kysely, u.id, async (trx) => {
        checkQuota(await quotaUsage(trx, u.id, limits), { tracks: 1, bytes: 0 });
        await new Promise((r) => setTimeout(r, 50));
        await trx
          .insertInto('tracks')
          .values({ ...TRACK, owner_id: u.id, created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
          .execute();
      });
    const settled = await Promise.allSettled(Array.from({ length: 6 }, attempt));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(3);
    expect((await quota(u.token)).tracks).toBe(3);
  });

  it('answers the quota only to a signed-in caller', async () => {
    expect((await t.call({ method: 'GET', url: '/api/my/quota' })).statusCode).toBe(401);
  });
});

const SECRET = 'k'.repeat(32);

describe('upload limit settings', () => {
  // A folder of its own: the configuration writes a generated licence signing key into its data directory.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sori-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a bad quota or length setting with a message naming the variable', () => {
    for (const [name, value] of [
      ['UPLOAD_QUOTA_TRACKS', '0'],
      ['UPLOAD_QUOTA_BYTES', '1000'],
      ['UPLOAD_QUOTA_TRACKS', 'many'],
      ['UPLOAD_MAX_DURATION_SECONDS', '1'],
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, [name!]: value }), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, [name!]: value })).toThrow(name);
    }
    const c = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
    expect(c.uploadQuota).toEqual({ tracks: 200, bytes: 2 * 1024 ** 3 });
    expect(c.uploadMaxDurationSec).toBe(1800);
  });
});
