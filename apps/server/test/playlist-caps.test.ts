import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTrackToPlaylist, insertPlaylist } from '../src/repositories/playlist.repository';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

/** Caps made small (PLAYLIST_MAX_PER_USER, PLAYLIST_MAX_TRACKS) and then raced with 60 parallel requests. */
describe.each(DIALECTS)('per-user caps under parallel requests (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { PLAYLIST_MAX_PER_USER: '20', PLAYLIST_MAX_TRACKS: '10' });
  });
  afterAll(() => t.close());

  it('60 parallel creates starting 5 under the playlist cap end exactly at the cap', async () => {
    const u = await t.user();
    for (let i = 0; i < 15; i++) await insertPlaylist(t.ctx.db.kysely, u.id, `p${i}`, null);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.call({ method: 'POST', url: '/api/playbox/create', payload: { name: `race ${i}` }, token: u.token }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(55);
    expect(refused.every((r) => r.statusCode === 409 && r.json().code === 'PLAYLIST_LIMIT' && r.json().details?.limit === 20)).toBe(true);
    // The refusal says the limit and what to do, in the caller's language.
    expect(refused[0]!.json().message).toBe(
      '플레이리스트는 20개까지 만들 수 있습니다. 쓰지 않는 플레이리스트를 삭제한 뒤 다시 만들어주세요.',
    );
    const list = await t.call({ method: 'GET', url: '/api/playbox/list', token: u.token });
    expect(list.json().body).toHaveLength(20);
  });

  it('60 parallel adds of different tracks starting 5 under the track cap end exactly at the cap', async () => {
    const u = await t.user();
    const p = (await t.call({ method: 'POST', url: '/api/playbox/create', payload: { name: 'full' }, token: u.token })).json().body;
    const tracks: number[] = [];
    for (let i = 0; i < 65; i++) tracks.push(await t.track({ title: `cap ${i}` }));
    for (const id of tracks.slice(0, 5)) await addTrackToPlaylist(t.ctx.db.kysely, p.id, id);
    const results = await Promise.all(
      tracks
        .slice(5)
        .map((musicId) => t.call({ method: 'POST', url: '/api/playlist/add', payload: { musicId, playlistId: p.id }, token: u.token })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const full = results.filter((r) => r.statusCode === 409);
    expect(full).toHaveLength(55);
    expect(full.every((r) => r.json().code === 'PLAYLIST_FULL' && r.json().details?.limit === 10)).toBe(true);
    expect(full[0]!.json().details?.canCreate).toBe(true);
    const again = await t.call({
      method: 'POST',
      url: '/api/playlist/add',
      payload: { musicId: tracks[64], playlistId: p.id },
      token: u.token,
      lang: 'ja',
    });
    expect(again.json().message).toBe(
      '1つのプレイリストに追加できるのは10曲までです。別のプレイリストに追加するか、新しいプレイリストを作成してください。',
    );
    const got = await t.call({ method: 'GET', url: `/api/playbox/${p.id}`, token: u.token });
    expect(got.json().body.musicCount).toBe(10);
  });

  it('a full playlist of an owner at the playlist cap does not suggest a new playlist', async () => {
    const u = await t.user();
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await insertPlaylist(t.ctx.db.kysely, u.id, `cap ${i}`, null)).id);
    const tracks: number[] = [];
    for (let i = 0; i < 11; i++) tracks.push(await t.track({ title: `both caps ${i}` }));
    for (const id of tracks.slice(0, 10)) await addTrackToPlaylist(t.ctx.db.kysely, ids[0]!, id);
    const add = (lang: 'ko' | 'en' | 'ja') =>
      t.call({ method: 'POST', url: '/api/playlist/add', payload: { musicId: tracks[10], playlistId: ids[0] }, token: u.token, lang });
    const ko = await add('ko');
    expect(ko.statusCode).toBe(409);
    expect(ko.json()).toMatchObject({ code: 'PLAYLIST_FULL', details: { limit: 10, canCreate: false } });
    expect(ko.json().message).toBe('플레이리스트 하나에는 10곡까지 담을 수 있습니다. 다른 플레이리스트에 담아주세요.');
    expect((await add('en')).json().message).toBe('A playlist can hold at most 10 tracks. Add this track to another playlist.');
    expect((await add('ja')).json().message).toBe('1つのプレイリストに追加できるのは10曲までです。別のプレイリストに追加してください。');
    // One playlist deleted, the advice to start a new one comes back.
    await t.call({ method: 'DELETE', url: `/api/playbox/${ids[19]}`, token: u.token });
    const again = await add('en');
    expect(again.json().details?.canCreate).toBe(true);
    expect(again.json().message).toContain('or create a new one');
  });
});
