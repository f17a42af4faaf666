import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_MESSAGES } from '@sori/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAudio } from '../helpers/audio';
import { multipart } from '../helpers/multipart';
import { createTestApp, DIALECTS, type TestApp } from '../helpers/test-app';

/**
 * Text that the two databases cannot store alike (a NUL: a 500 on PostgreSQL, kept on SQLite; a lone surrogate:
 * stored differently by each) is refused at the door with 400 INVALID_CHARACTERS in the caller's language,
 * whatever part of the request it is in, and nothing is written. An uploaded file's name is cleaned instead,
 * since the uploader cannot choose it. Paths the router cannot read, or whose parameter is too long, get an
 * answer in the caller's language that does not echo the path.
 */
const audioDir = mkdtempSync(path.join(tmpdir(), 'sori-text-input-'));
const audio = makeAudio(audioDir, 'tone', 2);
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

describe.each(DIALECTS)('text the databases cannot store alike (%s)', (dialect) => {
  let t: TestApp;
  let member: { token: string; id: number; email: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    member = await t.user();
  });
  afterAll(async () => t?.close());

  const refused = (res: { statusCode: number; json: () => unknown }, field: string, lang: 'ko' | 'en' | 'ja' = 'ko') => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: ERROR_MESSAGES.INVALID_CHARACTERS[lang],
      code: 'INVALID_CHARACTERS',
      details: [{ field, problem: 'invalid_characters' }],
    });
  };

  it('refuses a NUL or a lone surrogate in a sign-up, a sign-in or a reset request, in the caller’s language, and creates no account', async () => {
    const signup = (email: string, name: string, lang: string) =>
      t.call({
        method: 'POST',
        url: '/api/signup',
        lang,
        payload: {
          email,
          password: 'secret123',
          confirmPassword: 'secret123',
          name,
          phone: '010-1234-5678',
          agreeTerms: true,
          agreePrivacy: true,
        },
        remoteAddress: '203.0.113.7',
      });
    refused(await signup('nu\u0000l@example.com', '이름', 'ko'), 'email', 'ko');
    refused(await signup('lone@example.com', 'a\ud800b', 'en'), 'name', 'en');
    refused(
      await t.call({ method: 'POST', url: '/api/signin', lang: 'ja', payload: { email: 'a\u0000@example.com', password: 'secret123' } }),
      'email',
      'ja',
    );
    refused(await t.call({ method: 'POST', url: '/api/findpw', payload: { email: 'a\u0000@example.com' } }), 'email');
    // Nothing was written: the clean address is still free, and the refusals took no sign-up slot.
    expect((await signup('lone@example.com', '이름', 'ko')).statusCode).toBe(201);
  });

  it('refuses such text in a profile, a playlist, a query or a key, and leaves what was there', async () => {
    const me = () => t.call({ method: 'GET', url: '/api/my/user', token: member.token });
    const before = (await me()).json();
    refused(
      await t.call({
        method: 'PATCH',
        url: '/api/my/user',
        token: member.token,
        payload: { nick: 'n\u0000', name: 'x', phone: '010-4821-7730' },
      }),
      'nick',
    );
    refused(
      await t.call({
        method: 'PATCH',
        url: '/api/my/user',
        token: member.token,
        payload: { nick: 'n', name: '\udc00', phone: '010-4821-7730' },
      }),
      'name',
    );
    expect((await me()).json()).toEqual(before);

    const lists = async () => (await t.call({ method: 'GET', url: '/api/playbox/list', token: member.token })).json();
    const listsBefore = await lists();
    refused(
      await t.call({ method: 'POST', url: '/api/playbox/create', token: member.token, payload: { name: 'n', description: 'd\u0000' } }),
      'description',
    );
    refused(
      await t.call({ method: 'PUT', url: '/api/playbox/999999', token: member.token, payload: { name: 'n', description: 'd\u0000' } }),
      'description',
    );
    expect(await lists()).toEqual(listsBefore);

    refused(await t.call({ method: 'GET', url: '/api/musics?q=a%00b' }), 'q');
    refused(
      await t.call({ method: 'POST', url: '/api/playbox/create', token: member.token, payload: { name: 'n', ['k\u0000']: 1 } }),
      'k\u0000',
    );
    // Emoji and Hangul are pairs and whole characters: they pass.
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/playbox/create',
          token: member.token,
          payload: { name: '새벽 😀', description: '설명 😀' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('keeps no control characters in names, and only line breaks and tabs in a playlist’s description', async () => {
    const res = await t.call({
      method: 'PATCH',
      url: '/api/my/user',
      token: member.token,
      payload: { nick: ' a\tb ', name: 'x\u0007\u0007y', phone: '010-4821-7730', team: 't\u001b[31m' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ nick: 'a b', name: 'x y', team: 't [31m' });
    const created = await t.call({
      method: 'POST',
      url: '/api/playbox/create',
      token: member.token,
      payload: { name: 'Lines', description: 'one\r\ntwo\u0007\tthree\u001b' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().body.description).toBe('one\ntwo\tthree');
  });

  it('refuses such text in an upload’s fields and stores nothing; cleans the file’s name into the title', async () => {
    const uploads = async () => (await t.call({ method: 'GET', url: '/api/my/uploads', token: member.token })).json().body;
    const send = (parts: Parameters<typeof multipart>[0]) => {
      const { payload, headers } = multipart(parts);
      return t.call({ method: 'POST', url: '/api/my/uploads', token: member.token, payload, headers });
    };
    const before = await uploads();
    refused(
      await send([
        { name: 'title', value: 'a\u0000b' },
        { name: 'file', filename: 'tone.wav', contentType: 'audio/wav', data: audio },
      ]),
      'title',
    );
    expect(await uploads()).toEqual(before);

    const res = await send([{ name: 'file', filename: `a\u0000b\u0007c${'가'.repeat(300)}.wav`, contentType: 'audio/wav', data: audio }]);
    expect(res.statusCode).toBe(202);
    const title = res.json().body.title as string;
    expect(title).toBe(`a b c${'가'.repeat(195)}`);
  });

  it('answers a path the router cannot read, or a parameter far too long, in the caller’s language without echoing it', async () => {
    const bad = await t.call({ method: 'GET', url: '/api/musics/%FF', lang: 'ja' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: ERROR_MESSAGES.MALFORMED_URL.ja, code: 'MALFORMED_URL' });

    // Past the default 100 characters a long id is still the route's own INVALID_ID.
    const longId = await t.call({ method: 'GET', url: `/api/musics/${'1'.repeat(101)}`, lang: 'en' });
    expect(longId.statusCode).toBe(400);
    expect(longId.json().code).toBe('INVALID_ID');

    const huge = await t.call({ method: 'DELETE', url: `/api/my/channels/${'1'.repeat(600)}`, token: member.token, lang: 'ko' });
    expect(huge.statusCode).toBe(414);
    expect(huge.json()).toEqual({ message: ERROR_MESSAGES.URL_TOO_LONG.ko, code: 'URL_TOO_LONG' });
  });
});
