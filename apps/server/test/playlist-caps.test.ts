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
});
