import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cadence } from './fixtures/audio';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';
import { multipart } from './helpers/multipart';

describe.each(DIALECTS)('uploads, streaming and downloads (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  let wav: Buffer;
  let owner: { token: string; id: number };
  let uploaded: { id: number; filePath: string; waveUrl: string; peaksUrl: string; fileName: string };
  beforeAll(async () => {
    t = await createTestApp(dialect, { UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) });
    dir = mkdtempSync(path.join(tmpdir(), 'sori-media-test-'));
    // I–IV–V–I in C: a key the analyser is sure of (confidence 0.99), so it is published on the upload.
    wav = readFileSync(await cadence(path.join(dir, 'cadence.wav'), 0, 'major', 4));
    owner = await t.user({ level: 5 });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (token: string | undefined, parts: Parameters<typeof multipart>[0], lang = 'ko') => {
    const { payload, headers } = multipart(parts);
    return t.call({ method: 'POST', url: '/api/my/musics', payload, headers, token, lang });
  };
  const storedFiles = () => {
    const root = path.join(t.ctx.config.dataDir, 'media', 'tracks');
    try {
      return readdirSync(root);
    } catch {
      return [];
    }
  };
  const trackCount = async () =>
    Number(
      (
        await t.ctx.db.kysely
          .selectFrom('tracks')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('ingests an upload as the owner’s unpublished track, with their metadata over the measured values', async () => {
    const res = await upload(owner.token, [
      { name: 'title', value: '<script>alert(1)</script> 내 곡' },
      { name: 'artist', value: '아이유' },
      { name: 'genre', value: '602' },
      { name: 'moods', value: '1302' },
      { name: 'moods', value: '1301' },
      { name: 'file', filename: '나의 노래.wav', contentType: 'audio/wav', data: wav },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json().body;
    expect(m).toMatchObject({
      title: '<script>alert(1)</script> 내 곡',
      genre: 602,
      moods: [1302, 1301],
      published: false,
      fileName: '아이유 - _script_alert(1)__script_ 내 곡.wav',
      duration: '0:04',
    });
    expect(m.filePath).toMatch(/\/stream\?v=\w+&exp=\d+&uid=\d+&sig=/);
    expect(m.soundkey).not.toBeNull();
    uploaded = m;
    // Not in the public catalogue; in the owner's list.
    expect((await t.call({ method: 'GET', url: '/api/musics' })).json().body.totalElements).toBe(0);
    const mine = await t.call({ method: 'GET', url: '/api/my/musics', token: owner.token });
    expect(mine.json().body.content.map((x: { id: number }) => x.id)).toEqual([m.id]);
  });

  it('streams with Range: start, middle, suffix, beyond the end; ETag revalidation; HEAD', async () => {
    const url = uploaded.filePath;
    const full = await t.call({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/mpeg');
    expect(full.headers['accept-ranges']).toBe('bytes');
    const size = full.rawPayload.length;
    expect(Number(full.headers['content-length'])).toBe(size);
    expect(size).toBeGreaterThan(10_000);

    const start = await t.call({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(start.statusCode).toBe(206);
    expect(start.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(start.rawPayload).toEqual(full.rawPayload.subarray(0, 100));

    const middle = await t.call({ method: 'GET', url, headers: { range: 'bytes=1000-1999' } });
    expect(middle.rawPayload).toEqual(full.rawPayload.subarray(1000, 2000));
    const suffix = await t.call({ method: 'GET', url, headers: { range: 'bytes=-500' } });
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(suffix.rawPayload).toEqual(full.rawPayload.subarray(size - 500));

    const beyond = await t.call({ method: 'GET', url, headers: { range: `bytes=${size}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);

    const again = await t.call({ method: 'GET', url, headers: { 'if-none-match': String(full.headers['etag']) } });
    expect(again.statusCode).toBe(304);
    const head = await t.call({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });

  it('serves an unpublished upload only to its owner', async () => {
    const bare = `/api/musics/${uploaded.id}/stream`;
    expect((await t.call({ method: 'GET', url: bare })).statusCode).toBe(404);
    const other = await t.user();
    expect((await t.call({ method: 'GET', url: bare, token: other.token })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: bare, token: owner.token })).statusCode).toBe(200);
    const forged = uploaded.filePath.replace(/uid=\d+/, `uid=${other.id}`);
    expect((await t.call({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/musics/${uploaded.id}`, token: other.token })).statusCode).toBe(404);

    const wave = await t.call({ method: 'GET', url: uploaded.waveUrl });
    expect(wave.statusCode).toBe(200);
    expect(wave.headers['content-type']).toBe('image/png');
    const peaks = await t.call({ method: 'GET', url: uploaded.peaksUrl });
    expect(peaks.statusCode).toBe(200);
    expect(Array.isArray(peaks.json().peaks)).toBe(true);
    expect((await t.call({ method: 'GET', url: `/api/media/wave/wave_${uploaded.id}.png` })).statusCode).toBe(404);
  });

  it('lets the owner correct metadata, and nobody else', async () => {
    const other = await t.user();
    const put = (token: string, payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: `/api/my/musics/${uploaded.id}`, payload, token });
    const res = await put(owner.token, { bpm: 128, soundKey: 'F#', artist: '나' });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ bpm: 128, soundkey: 'F♯', artist: '나', speed: 3 });
    expect((await put(owner.token, { genre: 999 })).json().code).toBe('INVALID_FILTER');
    expect((await put(owner.token, { moods: [1] })).statusCode).toBe(400);
    expect((await put(owner.token, { bpm: 5000 })).statusCode).toBe(400);
    expect((await put(owner.token, { title: '가'.repeat(201) })).json()).toMatchObject({
      code: 'FIELD_TOO_LONG',
      message: '곡 제목 항목은 200자까지 입력할 수 있습니다.',
      details: { field: 'title', max: 200 },
    });
    expect((await put(other.token, { title: 'mine' })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/my/musics/${uploaded.id}`, token: other.token })).statusCode).toBe(404);
  });

  it('refuses bad files with a clear 4xx and leaves nothing behind', async () => {
    const before = { rows: await trackCount(), files: storedFiles().length };
    const cases: [string, Buffer, number, string][] = [
      ['empty.wav', Buffer.alloc(0), 400, 'MEDIA_EMPTY'],
      ['notes.mp3', Buffer.from('this is plain text, not audio at all'.repeat(50)), 415, 'MEDIA_UNSUPPORTED'],
      ['truncated.wav', wav.subarray(0, 60), 422, 'MEDIA_CORRUPT'],
      ['huge.wav', Buffer.alloc(3 * 1024 * 1024, 1), 413, 'MEDIA_TOO_LARGE'],
    ];
    for (const [name, data, status, code] of cases) {
      const res = await upload(owner.token, [{ name: 'file', filename: name, contentType: 'audio/wav', data }], 'en');
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().code, name).toBe(code);
      expect(res.json().message.length).toBeGreaterThan(10);
    }
    const badMeta = await upload(owner.token, [
      { name: 'genre', value: '12345' },
      { name: 'file', filename: 'ok.wav', contentType: 'audio/wav', data: wav },
    ]);
    expect(badMeta.statusCode).toBe(400);
    const noFile = await upload(owner.token, [{ name: 'title', value: 'x' }]);
    expect(noFile.statusCode).toBe(400);
    expect((await upload(undefined, [{ name: 'file', filename: 'a.wav', contentType: 'audio/wav', data: wav }])).statusCode).toBe(401);
    expect({ rows: await trackCount(), files: storedFiles().length }).toEqual(before);
  });

  it('downloads the licensed original through the signed link, saved as "Artist - Title.ext"', async () => {
    await t.ctx.media.setPublished(uploaded.id, true);
    const ticket = (await t.call({ method: 'GET', url: `/api/download/download?musicId=${uploaded.id}`, token: owner.token })).json().body;
    const res = await t.call({ method: 'GET', url: ticket.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(wav)).toBe(true);
    // The artist was corrected to '나' above: the name follows the track's current metadata.
    const name = '나 - _script_alert(1)__script_ 내 곡.wav';
    expect(ticket.fileName).toBe(name);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_ - _script_alert(1)__script_ _ _.wav"; filename*=UTF-8''%EB%82%98%20-%20_script_alert%281%29__script_%20%EB%82%B4%20%EA%B3%A1.wav`,
    );
    expect((await t.call({ method: 'GET', url: ticket.url.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/musics/${uploaded.id}/original` })).statusCode).toBe(403);
    // Published now: anyone may stream it, with long-lived caching.
    const stream = await t.call({ method: 'GET', url: `/api/musics/${uploaded.id}/stream?v=1` });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['cache-control']).toContain('immutable');
  });

  it('deletes the owner’s track with all its media', async () => {
    const res = await t.call({ method: 'DELETE', url: `/api/my/musics/${uploaded.id}`, token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(storedFiles()).not.toContain(String(uploaded.id));
    expect((await t.call({ method: 'GET', url: `/api/musics/${uploaded.id}` })).statusCode).toBe(404);
  });
});
