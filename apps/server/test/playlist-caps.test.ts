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
    expect(refused.every((r) => r.statusCode === 409 && r.json().details?.limit === 20)).toBe(true);
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
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(55);
    const got = await t.call({ method: 'GET', url: `/api/playbox/${p.id}`, token: u.token });
    expect(got.json().body.musicCount).toBe(10);
  });
});
