import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctWav, ffmpegSync, makeAudio } from './helpers/audio';
import { sharedKeys } from './helpers/keys';
import { multipart } from './helpers/multipart';
import { startS3, type TestS3 } from './helpers/s3';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(DIALECTS)('uploads as jobs (%s, inline)', (dialect) => {
  let t: TestApp;
  let dir: string;
  let wav: Buffer;
  let owner: { token: string; id: number };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    dir = mkdtempSync(path.join(tmpdir(), 'sori-jobs-test-'));
    wav = makeAudio(dir, 'chord', 4);
    owner = await t.user({ level: 5 });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (token: string | undefined, data: Buffer, name = 'song.wav', lang = 'ko') => {
    const { payload, headers } = multipart([
      { name: 'title', value: '작업으로 올린 곡' },
      { name: 'file', filename: name, contentType: 'audio/wav', data },
    ]);
    return t.call({ method: 'POST', url: '/api/my/uploads', payload, headers, token, lang });
  };
  const statuses = async (token: string, lang = 'ko') =>
    (await t.call({ method: 'GET', url: '/api/my/uploads', token, lang })).json().body as {
      id: number;
      status: string;
      progress: number | null;
      error: { code: string; message: string } | null;
    }[];

  it('answers once the file is stored, shows the upload queued or ingesting, then the track is ready', async () => {
    const res = await send(owner.token, wav);
    expect(res.statusCode, res.body).toBe(202);
    const accepted = res.json().body;
    expect(accepted).toMatchObject({ title: '작업으로 올린 곡', error: null });
    expect(['queued', 'ingesting']).toContain(accepted.status);
    // The ingest marks the track ready in the database, then adds it to the catalogue index the library is
    // listed from. The index is made slow to take it here, so that a list answered in between would show:
    // the upload stays in the queue (at 100 %) until the library holds it.
    const catalogue = t.ctx.catalogue;
    const refresh = catalogue.refresh.bind(catalogue);
    const progressSeen: (number | null)[] = [];
    // Another member asking meanwhile never sees it.
    const stranger = await t.user({ level: 5 });
    const strangerSaw: number[] = [];
    catalogue.refresh = async (ids) => {
      await new Promise((r) => setTimeout(r, 600));
      return refresh(ids);
    };
    try {
      await until('the ingest', async () => {
        const mine = (await statuses(owner.token)).filter((u) => u.id === accepted.id);
        progressSeen.push(...mine.map((u) => u.progress));
        strangerSaw.push(...(await statuses(stranger.token)).map((u) => u.id));
        return mine.length === 0;
      });
    } finally {
      catalogue.refresh = refresh;
    }
    expect(progressSeen, 'the queue showed the upload while the index took it').toContain(100);
    expect(strangerSaw, 'another member’s list').toEqual([]);
    const track = (await t.call({ method: 'GET', url: '/api/my/musics', token: owner.token }))
      .json()
      .body.content.find((m: { id: number }) => m.id === accepted.id);
    expect(track).toMatchObject({ title: '작업으로 올린 곡', playTime: 4 });
    expect(track.filePath).toMatch(/^\/api\/musics\/\d+\/stream/u);
    // The upload as it arrived is not kept once the track is made.
    expect(await t.ctx.storage.stat(`tracks/${accepted.id}/upload-audio`)).toBeNull();
  });

  it('keeps an upload queued, not "ingesting", while it waits for a free ingest slot', async () => {
    // Another ingest holds the one slot (INGEST_CONCURRENCY 1) until released.
    let release!: () => void;
    let started!: () => void;
    const holding = new Promise<void>((r) => (started = r));
    const slot = t.ctx.media.withSlot(() => {
      started();
      return new Promise<void>((r) => (release = r));
    });
    await holding;
    try {
      const res = await send(owner.token, distinctWav(wav, 1), 'waiting.wav');
      expect(res.statusCode, res.body).toBe(202);
      const id = res.json().body.id as number;
      // Its job has started and waits for the slot: the upload says queued all the while.
      for (let i = 0; i < 8; i++) {
        await new Promise((r) => setTimeout(r, 100));
        expect((await statuses(owner.token)).find((u) => u.id === id)).toMatchObject({ status: 'queued' });
      }
      release();
      await slot;
      await until('the waiting upload to be ingested', async () => !(await statuses(owner.token)).some((u) => u.id === id));
    } finally {
      release();
    }
  });

  it('shows a file the ingest refuses as failed, with the reason in the caller’s language, and keeps none of it', async () => {
    const res = await send(owner.token, Buffer.from('this is not audio at all, just text '.repeat(100)), 'fake.wav');
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().body.id as number;
    const failed = await until('the failure', async () =>
      (await statuses(owner.token, 'en')).find((s) => s.id === id && s.status === 'failed'),
    );
    expect(failed.error?.code).toMatch(/^MEDIA_(UNSUPPORTED|CORRUPT)$/u);
    expect(failed.error?.message).toMatch(/[a-z]/u);
    const ko = (await statuses(owner.token, 'ko')).find((s) => s.id === id)!;
    expect(ko.error?.message).toMatch(/[가-힣]/u);
    const kept: string[] = [];
    for await (const k of t.ctx.storage.list(`tracks/${id}/`)) kept.push(k);
    expect(kept).toEqual([]);
    // It is not a track: not among the uploader's tracks, and it takes nothing of the quota.
    const mine = (await t.call({ method: 'GET', url: '/api/my/musics', token: owner.token })).json().body.content as { id: number }[];
    expect(mine.map((m) => m.id)).not.toContain(id);
    const quota = (await t.call({ method: 'GET', url: '/api/my/quota', token: owner.token })).json().body;
    expect(quota.tracks).toBe(mine.length);
    // The uploader clears it away.
    expect((await t.call({ method: 'DELETE', url: `/api/my/musics/${id}`, token: owner.token })).statusCode).toBe(200);
    expect((await statuses(owner.token)).find((s) => s.id === id)).toBeUndefined();
  });

  it('refuses a cover that is not a readable image at once, storing nothing, and takes the same audio with a good one', async () => {
    const withCover = (cover: Buffer, lang: string) => {
      const { payload, headers } = multipart([
        { name: 'title', value: '표지 있는 곡' },
        { name: 'file', filename: 'song.wav', contentType: 'audio/wav', data: distinctWav(wav, 2) },
        { name: 'cover', filename: 'cover.jpg', contentType: 'image/jpeg', data: cover },
      ]);
      return t.call({ method: 'POST', url: '/api/my/uploads', payload, headers, token: owner.token, lang });
    };
    const before = (await t.call({ method: 'GET', url: '/api/my/quota', token: owner.token })).json().body;
    // A JPEG header over nothing: it passes a look at its first bytes, not a decode.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]);
    const refused = await withCover(broken, 'en');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'MEDIA_COVER_INVALID',
      message: 'The cover image could not be read. Please upload a JPEG, PNG or WebP image.',
    });
    expect((await withCover(Buffer.from('not an image'), 'ko')).json().message).toBe(
      '커버 이미지를 읽을 수 없습니다. JPEG, PNG 또는 WebP 이미지를 올려주세요.',
    );
    // Nothing queued, nothing counted against the quota.
    expect((await statuses(owner.token)).filter((s) => s.status !== 'ingesting')).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/my/quota', token: owner.token })).json().body).toEqual(before);
    // The same audio with a real image goes through, with its cover.
    ffmpegSync(['-f', 'lavfi', '-i', 'color=c=0x3366cc:s=40x30', '-frames:v', '1', path.join(dir, 'cover.png')]);
    const png = readFileSync(path.join(dir, 'cover.png'));
    const taken = await withCover(png, 'ko');
    expect(taken.statusCode, taken.body).toBe(202);
    const id = taken.json().body.id as number;
    await until('the ingest', async () => !(await statuses(owner.token)).some((s) => s.id === id));
    const mine = (await t.call({ method: 'GET', url: '/api/my/musics', token: owner.token })).json().body.content as {
      id: number;
      cover: string | null;
    }[];
    expect(mine.find((m) => m.id === id)?.cover).toBeTruthy();
  });

  it('refuses a second upload of a file its uploader already has, naming that track, and stores nothing', async () => {
    const uploader = await t.user();
    const first = await send(uploader.token, distinctWav(wav, 4), 'first.wav');
    expect(first.statusCode, first.body).toBe(202);
    const id = first.json().body.id as number;
    // While the first is still queued or being analysed, and once it is in the library: the same bytes under
    // another name are the same file.
    const early = await send(uploader.token, distinctWav(wav, 4), 'again.wav', 'en');
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ code: 'DUPLICATE_UPLOAD', details: { trackId: id, title: '작업으로 올린 곡' } });
    expect(early.json().message).toBe(
      'You have already uploaded this file: it is ‘작업으로 올린 곡’ in your library, so it was not uploaded again.',
    );
    await until('the ingest', async () => (await statuses(uploader.token)).length === 0);
    const late = await send(uploader.token, distinctWav(wav, 4), 'again.wav', 'ko');
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe('이미 올린 파일입니다. 내 라이브러리의 ‘작업으로 올린 곡’ 곡과 같은 파일이라 다시 올리지 않았습니다.');
    const rows = await t.ctx.db.kysely.selectFrom('tracks').select('id').where('owner_id', '=', uploader.id).execute();
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect((await t.call({ method: 'GET', url: '/api/my/quota', token: uploader.token })).json().body.tracks).toBe(1);
    // A file that differs by one sample is another file.
    const other = await send(uploader.token, distinctWav(wav, 5), 'other.wav');
    expect(other.statusCode, other.body).toBe(202);
    // Another member may upload the same file, and so may its uploader once the first track is deleted.
    expect((await send((await t.user()).token, distinctWav(wav, 4))).statusCode).toBe(202);
    expect((await t.call({ method: 'DELETE', url: `/api/my/musics/${id}`, token: uploader.token })).statusCode).toBe(200);
    expect((await send(uploader.token, distinctWav(wav, 4), 'again.wav')).statusCode).toBe(202);
    await until('the ingests', async () => (await statuses(uploader.token)).length === 0);
  });

  it('refuses a copy of a track stored before uploads were hashed, hashing only the originals of its size', async () => {
    const uploader = await t.user();
    const first = await send(uploader.token, distinctWav(wav, 7), 'old.wav');
    const other = await send(uploader.token, makeAudio(dir, 'shorter', 3), 'shorter.wav');
    expect([first.statusCode, other.statusCode], first.body + other.body).toEqual([202, 202]);
    await until('the ingests', async () => (await statuses(uploader.token)).length === 0);
    const id = first.json().body.id as number;
    const otherId = other.json().body.id as number;
    // As tracks uploaded before hashing were stored: no hash on the row.
    const db = t.ctx.db.kysely;
    await db.updateTable('tracks').set({ original_sha256: null }).where('owner_id', '=', uploader.id).execute();
    const again = await send(uploader.token, distinctWav(wav, 7), 'again.wav');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DUPLICATE_UPLOAD', details: { trackId: id } });
    const hashes = new Map(
      (await db.selectFrom('tracks').select(['id', 'original_sha256']).where('owner_id', '=', uploader.id).execute()).map((r) => [
        r.id,
        r.original_sha256,
      ]),
    );
    // The same-sized original was hashed from storage and keeps its hash; the other was not read.
    expect(hashes.get(id)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashes.get(otherId)).toBeNull();
    expect([...hashes.keys()]).toEqual([id, otherId]);
  });

  it('takes a file again after its upload failed, and lets only one of two sent at once through', async () => {
    const uploader = await t.user();
    const sent = await Promise.all([send(uploader.token, distinctWav(wav, 6)), send(uploader.token, distinctWav(wav, 6))]);
    expect(sent.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    await until('the ingest', async () => (await statuses(uploader.token)).length === 0);
    // An upload that failed on our side keeps its file for a retry, and does not stand in the way of sending it again.
    const id = sent.find((r) => r.statusCode === 202)!.json().body.id as number;
    await t.ctx.db.kysely.updateTable('tracks').set({ status: 'failed' }).where('id', '=', id).execute();
    expect((await send(uploader.token, distinctWav(wav, 6))).statusCode).toBe(202);
    await until('the ingest', async () => (await statuses(uploader.token)).every((s) => s.status === 'failed'));
  });

  it('shows uploads to their uploader only, and to nobody signed out', async () => {
    const other = await t.user();
    const res = await send(owner.token, distinctWav(wav, 3));
    const id = res.json().body.id as number;
    expect((await statuses(other.token)).find((s) => s.id === id)).toBeUndefined();
    expect((await t.call({ method: 'GET', url: '/api/my/uploads' })).statusCode).toBe(401);
    expect((await send(undefined, wav)).statusCode).toBe(401);
    await until('the ingest', async () => (await statuses(owner.token)).length === 0);
  });

  it('is ready when its parts answer, and not while it drains', async () => {
    const ready = await t.call({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().body).toMatchObject({ ready: true, checks: { database: 'ok', storage: 'ok', index: 'ok', jobs: 'inline' } });
    const sibling = await t.sibling();
    try {
      sibling.ctx.health.drain();
      const draining = await sibling.app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'en' } });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ code: 'NOT_READY', details: { failures: { draining: 'shutting down' } } });
      // Liveness is another question: the draining process still answers.
      expect((await sibling.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await sibling.app.close();
    }
  });
});

describe('media in S3-compatible storage (s3rver)', () => {
  let s3: TestS3;
  let t: TestApp;
  let dir: string;
  let owner: { token: string; id: number };
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp('sqlite', { ...s3.env, ...sharedKeys() });
    dir = mkdtempSync(path.join(tmpdir(), 'sori-s3-app-'));
    owner = await t.user({ level: 5 });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores an upload in the bucket and serves it with Range and the same cache headers as local disk', async () => {
    const wav = makeAudio(dir, 's3', 3);
    const { payload, headers } = multipart([{ name: 'file', filename: 's3.wav', contentType: 'audio/wav', data: wav }]);
    const res = await t.call({ method: 'POST', url: '/api/my/musics', payload, headers, token: owner.token });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json().body;
    const keys: string[] = [];
    for await (const k of t.ctx.storage.list(`tracks/${m.id}/`)) keys.push(k);
    expect(keys.sort()).toEqual(
      [`tracks/${m.id}/original.wav`, `tracks/${m.id}/peaks.json`, `tracks/${m.id}/preview.mp3`, `tracks/${m.id}/wave_${m.id}.png`].sort(),
    );
    expect((await t.ctx.storage.stat(`tracks/${m.id}/preview.mp3`))?.size).toBeGreaterThan(1000);
    // Nothing of it on the local disk.
    expect(existsSync(path.join(t.ctx.config.dataDir, 'media', 'tracks'))).toBe(false);

    const full = await t.call({ method: 'GET', url: m.filePath });
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['cache-control']).toBe('private, max-age=3600');
    const part = await t.call({ method: 'GET', url: m.filePath, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${full.rawPayload.length}`);
    expect(part.rawPayload.equals(full.rawPayload.subarray(100, 200))).toBe(true);
    // Access rules as on local disk: the unpublished preview is refused without its signed link.
    expect((await t.call({ method: 'GET', url: `/api/musics/${m.id}/stream` })).statusCode).toBe(404);
    const ready = await t.call({ method: 'GET', url: '/api/ready' });
    expect(ready.json().body.checks.storage).toBe('ok');
  });

  it('is not ready when the bucket cannot be reached', async () => {
    const gone = await createTestApp('sqlite', { ...s3.env, STORAGE_URL: s3.url.replace('sori-test', 'no-such-bucket'), ...sharedKeys() });
    try {
      const res = await gone.call({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(Object.keys(res.json().details.failures)).toEqual(['storage']);
      // Anyone may ask: the answer names the part, never the host or the driver's message.
      expect(res.json().details.failures.storage).toBe('unreachable');
    } finally {
      await gone.close();
    }
  });
});
