import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

describe.each(DIALECTS)('playlists (%s)', (dialect) => {
  let t: TestApp;
  let a: number;
  let b: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    a = await t.track({ title: 'Alpha', bpm: 90 });
    b = await t.track({ title: 'Beta', bpm: 120 });
  });
  afterAll(() => t.close());

  it('creates, lists newest first, reads, renames and deletes, in both path families', async () => {
    const u = await t.user();
    const created = await t.call({
      method: 'POST',
      url: '/api/playbox/create',
      payload: { name: '  출근길  ', description: '아침' },
      token: u.token,
    });
    expect(created.statusCode).toBe(201);
    const p1 = created.json().body;
    expect(p1).toMatchObject({ name: '출근길', title: '출근길', description: '아침', musicCount: 0 });
    expect(p1.createdAt).toBeTruthy();

    const added = await t.call({ method: 'POST', url: '/api/playbox/add', payload: { title: 'Night drive' }, token: u.token });
    expect(added.statusCode).toBe(201);
    const p2 = added.json().body;

    const list = await t.call({ method: 'GET', url: '/api/playbox/list', token: u.token });
    expect(list.json().body.map((p: { id: number }) => p.id)).toEqual([p2.id, p1.id]);
    const paged = await t.call({ method: 'GET', url: '/api/playbox/list?page=0&size=1', token: u.token });
    expect(paged.json().body).toMatchObject({ totalElements: 2, totalPages: 2, number: 0, first: true, last: false });

    const renamed = await t.call({
      method: 'PUT',
      url: `/api/playbox/${p1.id}`,
      payload: { name: '퇴근길', description: null },
      token: u.token,
    });
    expect(renamed.json().body).toMatchObject({ id: p1.id, name: '퇴근길', title: '퇴근길', description: null });
    expect((await t.call({ method: 'GET', url: `/api/playbox/${p1.id}`, token: u.token })).json().body.name).toBe('퇴근길');

    expect((await t.call({ method: 'POST', url: '/api/playbox/remove', payload: { id: p2.id }, token: u.token })).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/api/playbox/${p1.id}`, token: u.token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/playbox/list', token: u.token })).json().body).toEqual([]);
    expect((await t.call({ method: 'DELETE', url: `/api/playbox/${p1.id}`, token: u.token })).statusCode).toBe(404);
  });

  it('validates names and ids', async () => {
    const u = await t.user();
    const blank = await t.call({ method: 'POST', url: '/api/playbox/create', payload: { name: '   ' }, token: u.token, lang: 'en' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'PLAYLIST_NAME_REQUIRED', message: 'Please enter a playlist name.' });
    // Characters that show nothing (zero-width space, the Hangul filler) make no name either.
    for (const name of ['\u200b\u200b', '\u3164', ' \ufeff ']) {
      const invisible = await t.call({ method: 'POST', url: '/api/playbox/create', payload: { name }, token: u.token });
      expect(invisible.json().code, JSON.stringify(name)).toBe('PLAYLIST_NAME_REQUIRED');
    }
    const long = await t.call({ method: 'POST', url: '/api/playbox/create', payload: { name: 'x'.repeat(101) }, token: u.token });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'FIELD_TOO_LONG', message: '플레이리스트 이름 항목은 100자까지 입력할 수 있습니다.' });
    expect((await t.call({ method: 'GET', url: '/api/playbox/abc', token: u.token })).json().code).toBe('INVALID_ID');
    expect((await t.call({ method: 'GET', url: '/api/playbox/1.5', token: u.token })).json().code).toBe('INVALID_ID');
    expect((await t.call({ method: 'GET', url: '/api/playbox/list' })).statusCode).toBe(401);
  });

  it('keeps names and descriptions in NFC and counts their limits on that form, however they were pasted', async () => {
    const u = await t.user();
    // As pasted from a macOS file name: decomposed Hangul, 160 characters as sent, 81 as kept.
    const name =
      '비 오는 날 창가에서 듣기 좋은 잔잔한 피아노와 어쿠스틱 기타 연주곡 모음 (2026년 가을, 브이로그와 카페 영상 배경음악으로 골라 담은 곡들)';
    const description = '영상 편집할 때 배경으로 깔기 좋은 곡들을 모았습니다. 브이로그, 여행 영상, 카페 분위기 영상에 잘 어울립니다.\n'
      .repeat(12)
      .trim();
    expect(name.normalize('NFD').length).toBeGreaterThan(100);
    expect(description.normalize('NFD').length).toBeGreaterThan(1000);
    expect(description.length).toBeLessThanOrEqual(1000);
    const created = await t.call({
      method: 'POST',
      url: '/api/playbox/create',
      payload: { name: name.normalize('NFD'), description: description.normalize('NFD') },
      token: u.token,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().body).toMatchObject({ name, title: name, description });
    // The same name typed (NFC) is stored as the same text, in both path families and on renaming.
    const typed = await t.call({ method: 'POST', url: '/api/playbox/add', payload: { title: name.normalize('NFD') }, token: u.token });
    expect(typed.json().body.name).toBe(name);
    const renamed = await t.call({
      method: 'PUT',
      url: `/api/playbox/${created.json().body.id}`,
      payload: { name: '새벽 작업용'.normalize('NFD'), description: '집중할 때'.normalize('NFD') },
      token: u.token,
    });
    expect(renamed.json().body).toMatchObject({ name: '새벽 작업용', description: '집중할 때' });
    const listed = (await t.call({ method: 'GET', url: '/api/playbox/list', token: u.token })).json().body as { name: string }[];
    expect(listed.map((p) => p.name)).toEqual([name, '새벽 작업용']);
    // Past the limit as kept, it is still refused, naming the limit.
    const over = await t.call({
      method: 'POST',
      url: '/api/playbox/create',
      payload: { name: `${name} — 편집본 둘째 판에 스무 곡을 더 담았습니다`.normalize('NFD') },
      token: u.token,
      lang: 'en',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'FIELD_TOO_LONG', message: 'Playlist name can be at most 100 characters.' });
  });

  it('adds and removes tracks idempotently and lists them newest first with filters', async () => {
    const u = await t.user();
    const p = (await t.call({ method: 'POST', url: '/api/playbox/create', payload: { name: 'Mix' }, token: u.token })).json().body;
    const add = (musicId: number) =>
      t.call({ method: 'POST', url: '/api/playlist/add', payload: { musicId, playlistId: p.id }, token: u.token });
    expect((await add(a)).json().body).toMatchObject({ added: true, musicCount: 1 });
    expect((await add(b)).json().body).toMatchObject({ added: true, musicCount: 2 });
    expect((await add(a)).json().body).toMatchObject({ added: false, musicCount: 2 });
    expect((await add(424242)).statusCode).toBe(404);

    const tracks = await t.call({ method: 'GET', url: `/api/musics?tempPlayListId=${p.id}&page=0&sort=id&sort=desc`, token: u.token });
    expect(tracks.json().body.content.map((m: { title: string }) => m.title)).toEqual(['Beta', 'Alpha']);
    const filtered = await t.call({ method: 'GET', url: `/api/musics?tempPlayListId=${p.id}&bpmLte=100`, token: u.token });
    expect(filtered.json().body.content.map((m: { title: string }) => m.title)).toEqual(['Alpha']);
    expect((await t.call({ method: 'GET', url: `/api/playbox/${p.id}`, token: u.token })).json().body.musicCount).toBe(2);

    // ?musicId= tells which playlists already hold the track; someone else's playlists are not listed.
    const other = (await t.call({ method: 'POST', url: '/api/playbox/create', payload: { name: 'Empty' }, token: u.token })).json().body;
    const stranger = await t.user();
    const theirs = (await t.call({ method: 'POST', url: '/api/playbox/create', payload: { name: 'Theirs' }, token: stranger.token })).json()
      .body;
    await t.call({ method: 'POST', url: '/api/playlist/add', payload: { musicId: a, playlistId: theirs.id }, token: stranger.token });
    const holding = async (musicId: number | string) =>
      (await t.call({ method: 'GET', url: `/api/playbox/list?musicId=${musicId}`, token: u.token }))
        .json()
        .body.map((x: { id: number; hasMusic: boolean }) => [x.id, x.hasMusic]);
    expect(await holding(a)).toEqual([
      [other.id, false],
      [p.id, true],
    ]);
    expect(await holding(424242)).toEqual([
      [other.id, false],
      [p.id, false],
    ]);
    const bad = await t.call({ method: 'GET', url: '/api/playbox/list?musicId=x', token: u.token, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_ID');
    expect((await t.call({ method: 'GET', url: '/api/playbox/list', token: u.token })).json().body[0]).not.toHaveProperty('hasMusic');

    const rm = await t.call({ method: 'POST', url: '/api/playlist/remove', payload: { musicId: a, playlistId: p.id }, token: u.token });
    expect(rm.json().body).toMatchObject({ removed: true, musicCount: 1 });
    const rm2 = await t.call({ method: 'POST', url: '/api/playlist/remove', payload: { musicId: a, playlistId: p.id }, token: u.token });
    expect(rm2.json().body).toMatchObject({ removed: false, musicCount: 1 });
    expect(await holding(a)).toEqual([
      [other.id, false],
      [p.id, false],
    ]);
  });

  it("answers someone else's playlist as not found, for every operation", async () => {
    const owner = await t.user();
    const intruder = await t.user();
    const p = (await t.call({ method: 'POST', url: '/api/playbox/create', payload: { name: 'Private' }, token: owner.token })).json().body;
    await t.call({ method: 'POST', url: '/api/playlist/add', payload: { musicId: a, playlistId: p.id }, token: owner.token });
    const tries = [
      t.call({ method: 'GET', url: `/api/playbox/${p.id}`, token: intruder.token }),
      t.call({ method: 'PUT', url: `/api/playbox/${p.id}`, payload: { name: 'mine now' }, token: intruder.token }),
      t.call({ method: 'DELETE', url: `/api/playbox/${p.id}`, token: intruder.token }),
      t.call({ method: 'POST', url: '/api/playbox/remove', payload: { id: p.id }, token: intruder.token }),
      t.call({ method: 'POST', url: '/api/playlist/add', payload: { musicId: b, playlistId: p.id }, token: intruder.token }),
      t.call({ method: 'POST', url: '/api/playlist/remove', payload: { musicId: a, playlistId: p.id }, token: intruder.token }),
      t.call({ method: 'GET', url: `/api/musics?tempPlayListId=${p.id}`, token: intruder.token }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PLAYLIST_NOT_FOUND');
    }
    const still = await t.call({ method: 'GET', url: `/api/playbox/${p.id}`, token: owner.token });
    expect(still.json().body).toMatchObject({ name: 'Private', musicCount: 1 });
  });
});
