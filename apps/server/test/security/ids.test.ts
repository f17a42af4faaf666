import { MAX_ID, parseIdText, parseIdValue, parseListIdText } from '@sori/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { buildWorld, type World } from './fixture';

/** Ids that break the one id rule (packages/contract/src/ids.ts), as text. */
const BAD_TEXT = [
  '3000000000',
  '2147483648',
  '99999999999999999999',
  '0',
  '-1',
  '-0',
  '01',
  '0x41',
  '+1',
  ' 1',
  '1 ',
  '1.0',
  '1e3',
  '１',
  'abc',
  '',
];
/** Ids that break it in a JSON body. */
const BAD_JSON: unknown[] = [
  3000000000,
  2147483648,
  0,
  -1,
  1.5,
  1e300,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  null,
  [],
  {},
  '0x41',
  ' 1',
  '1e3',
  '+1',
  '3000000000',
];

describe('the id rule (contract)', () => {
  it('accepts plain digits from 1 to 2147483647 only', () => {
    expect(parseIdText('1')).toBe(1);
    expect(parseIdText(String(MAX_ID))).toBe(MAX_ID);
    for (const raw of BAD_TEXT) expect(parseIdText(raw), raw).toBeNull();
    expect(parseIdValue(42)).toBe(42);
    expect(parseIdValue('42')).toBe(42);
    for (const raw of BAD_JSON) expect(parseIdValue(raw), JSON.stringify(raw)).toBeNull();
    expect(parseListIdText('0')).toBe(0);
    expect(parseListIdText('-1')).toBe(-1);
    expect(parseListIdText('-2')).toBeNull();
  });
});

describe.each(DIALECTS)('the id rule on every route (%s)', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
  });
  afterAll(async () => t?.close());

  type Req = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; multipartBody?: boolean };
  const pathRoutes = (id: string): Req[] => [
    { method: 'GET', url: `/api/musics/${id}` },
    { method: 'GET', url: `/api/musics/${id}/stream` },
    { method: 'GET', url: `/api/musics/${id}/original` },
    { method: 'GET', url: `/api/playbox/${id}` },
    { method: 'PUT', url: `/api/playbox/${id}`, payload: { name: 'x' } },
    { method: 'DELETE', url: `/api/playbox/${id}` },
    { method: 'PUT', url: `/api/my/musics/${id}`, payload: { title: 'x' } },
    { method: 'DELETE', url: `/api/my/musics/${id}` },
    { method: 'GET', url: `/api/log/hit?musicId=${id}` },
    { method: 'GET', url: `/api/download/download?musicId=${id}` },
    { method: 'GET', url: `/api/musics?tempPlayListId=${id}` },
    { method: 'GET', url: `/api/my/musics?tempPlayListId=${id}` },
  ];
  const bodyRoutes = (id: unknown): Req[] => [
    { method: 'POST', url: '/api/my/like', payload: { musicId: id } },
    { method: 'POST', url: '/api/my/unlike', payload: { musicId: id } },
    { method: 'POST', url: '/api/playbox/remove', payload: { id } },
    { method: 'POST', url: '/api/playlist/add', payload: { playlistId: id, musicId: w.pub } },
    { method: 'POST', url: '/api/playlist/remove', payload: { playlistId: w.playlist, musicId: id } },
  ];
  const send = (r: Req) =>
    t.call({
      method: r.method,
      url: r.url,
      token: w.level5.token,
      lang: 'ja',
      ...(r.payload !== undefined ? { payload: r.payload as object } : {}),
    });

  it("answers 400 INVALID_ID, in the caller's language, for a bad id in a path or query", async () => {
    for (const raw of BAD_TEXT) {
      for (const r of pathRoutes(encodeURIComponent(raw))) {
        if (r.url.includes('tempPlayListId=&') || (raw === '' && r.url.includes('tempPlayListId'))) continue; // empty means "no list"
        const res = await send(r);
        const what = `${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (raw === '' && !r.url.includes('?')) {
          // An empty path segment is another route (or none): never a 5xx.
          expect(res.statusCode, what).toBeLessThan(500);
          continue;
        }
        if (raw === '-1' && r.url.includes('tempPlayListId')) continue; // -1 is the downloads list
        if (raw === '0' && r.url.includes('tempPlayListId')) continue; // 0 is the likes list
        expect(res.statusCode, what).toBe(400);
        expect(res.json(), what).toMatchObject({ code: 'INVALID_ID', message: 'IDが正しくありません。' });
      }
    }
  });

  it('answers 400 INVALID_ID for a bad id in a JSON body', async () => {
    for (const raw of BAD_JSON) {
      for (const r of bodyRoutes(raw)) {
        const res = await send(r);
        const what = `${r.url} ${JSON.stringify(r.payload)} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        expect(res.statusCode, what).toBe(400);
        expect(res.json().code, what).toBe('INVALID_ID');
      }
    }
  });

  it('answers 404 for the largest id, which is in range but absent, and accepts digit strings in bodies', async () => {
    for (const r of [...pathRoutes(String(MAX_ID)), ...bodyRoutes(MAX_ID), ...bodyRoutes(String(MAX_ID))]) {
      if (r.url.endsWith('/original')) continue; // no signed link: 403 before the id is looked up
      if (r.url.startsWith('/api/my/musics?')) continue; // the uploads list has no list filter
      const res = await send(r);
      expect(res.statusCode, `${r.method} ${r.url} ${JSON.stringify(r.payload)} → ${res.body.slice(0, 120)}`).toBe(404);
    }
    expect((await send({ method: 'POST', url: '/api/my/like', payload: { musicId: String(w.pub) } })).statusCode).toBe(200);
  });

  it('checks ids in media file names the same way', async () => {
    for (const url of [
      `/api/media/wave/wave_3000000000.png`,
      `/api/media/peaks/3000000000.json`,
      `/api/media/cover/3000000000-64.jpg`,
      `/api/media/cover/01.jpg`,
    ]) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('INVALID_ID');
    }
  });

  it("answers a malformed multipart upload with 400 MALFORMED_MULTIPART in the caller's language", async () => {
    const cut = multipart([{ name: 'file', filename: 'a.mp3', contentType: 'audio/mpeg', data: Buffer.alloc(64, 1) }]);
    const cases: { contentType: string; body: string | Buffer }[] = [
      { contentType: 'multipart/form-data; boundary=b', body: '{"title":"json, not a form"}' },
      { contentType: 'multipart/form-data', body: '{"title":"no boundary"}' },
      { contentType: 'multipart/form-data; boundary=', body: 'x' },
      {
        contentType: 'multipart/form-data; boundary=b',
        body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n\r\nabc',
      },
      { contentType: cut.headers['content-type']!, body: cut.payload.subarray(0, cut.payload.length - 20) },
      { contentType: 'multipart/form-data; boundary=' + 'x'.repeat(300), body: 'garbage' },
    ];
    for (const c of cases) {
      for (const [method, url] of [['POST', '/api/my/musics']] as const) {
        const res = await t.call({
          method,
          url,
          token: w.owner.token,
          lang: 'en',
          headers: { 'content-type': c.contentType },
          payload: c.body,
        });
        const what = `${c.contentType.slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        expect(res.statusCode, what).toBe(400);
        expect(res.json(), what).toMatchObject({
          code: 'MALFORMED_MULTIPART',
          message: 'The upload form could not be read. Please choose the file again and resend it.',
        });
      }
    }
  });
});
