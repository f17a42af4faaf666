import { API_ROUTES } from '@sori/contract';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';
import { metaOf, webDist } from './helpers/web-dist';

const SharedAnswer = API_ROUTES['GET /shared/playlists/:token'].body;

describe.each(DIALECTS)('playlist share links (%s)', (dialect) => {
  let t: TestApp;
  let dist: string;
  let pub: number[];
  const base = 'https://sori.example';

  beforeAll(async () => {
    dist = webDist();
    t = await createTestApp(dialect, { WEB_DIST: dist, PUBLIC_BASE_URL: base });
    pub = [];
    for (const title of ['첫 곡', 'Second', '三曲目']) pub.push(await t.track({ title }));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function playlistWith(token: string, name: string, tracks: number[], description?: string): Promise<number> {
    const r = await t.call({ method: 'POST', url: '/api/playbox/create', token, payload: { name, description } });
    const id = r.json().body.id as number;
    for (const musicId of tracks) {
      const add = await t.call({ method: 'POST', url: '/api/playlist/add', token, payload: { playlistId: id, musicId } });
      expect(add.statusCode).toBe(200);
    }
    return id;
  }
  const share = (token: string | undefined, id: number) => t.call({ method: 'POST', url: `/api/playbox/${id}/share`, token });
  const open = (shareToken: string, query = '', token?: string) =>
    t.call({ method: 'GET', url: `/api/shared/playlists/${shareToken}${query}`, token });

  it('the owner shares a playlist: the same link while shared, readable by anyone signed out, in the contract shape', async () => {
    const owner = await t.user();
    const id = await playlistWith(owner.token, '출근길', pub, '아침에 듣는 곡');
    expect((await t.call({ method: 'GET', url: `/api/playbox/${id}/share`, token: owner.token })).json().body).toBeNull();

    const first = await share(owner.token, id);
    expect(first.statusCode).toBe(200);
    const link = first.json().body;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/u);
    expect(link.url).toBe(`${base}/shared/${link.token}`);
    const again = await share(owner.token, id);
    expect(again.json().body).toEqual(link);
    expect((await t.call({ method: 'GET', url: `/api/playbox/${id}/share`, token: owner.token })).json().body).toEqual(link);

    const read = await open(link.token);
    expect(read.statusCode).toBe(200);
    const body = SharedAnswer.parse(read.json().body);
    expect(body.playlist).toMatchObject({
      name: '출근길',
      title: '출근길',
      description: '아침에 듣는 곡',
      musicCount: 3,
      token: link.token,
    });
    expect(read.json().body.playlist).not.toHaveProperty('id');
    expect(body.tracks.content.map((m) => m.id)).toEqual([...pub].reverse());
    expect(body.tracks.content.every((m) => m.liked === false)).toBe(true);
  });

  it('pages the tracks like GET /musics, and marks the likes of a signed-in reader', async () => {
    const owner = await t.user();
    const reader = await t.user();
    const id = await playlistWith(owner.token, 'paged', pub);
    const { token } = (await share(owner.token, id)).json().body;
    await t.call({ method: 'POST', url: '/api/my/like', token: reader.token, payload: { musicId: pub[0] } });

    const p0 = (await open(token, '?page=0&size=2&sort=id&sort=desc')).json().body.tracks;
    expect(p0).toMatchObject({ totalElements: 3, totalPages: 2, size: 2, number: 0, first: true, last: false });
    expect(p0.content.map((m: { id: number }) => m.id)).toEqual([pub[2], pub[1]]);
    const p1 = (await open(token, '?page=1&size=2&sort=id&sort=desc', reader.token)).json().body.tracks;
    expect(p1).toMatchObject({ number: 1, last: true });
    expect(p1.content).toEqual([expect.objectContaining({ id: pub[0], liked: true })]);
    expect((await open(token, '?page=x')).statusCode).toBe(400);
  });

  it('shows others only published tracks: an unpublished upload in a shared playlist is left out, for its owner too', async () => {
    const owner = await t.user();
    const draft = await t.track({ title: '비공개 초안', owner_id: owner.id, published: 0 });
    const id = await playlistWith(owner.token, 'mixed', [pub[0]!, draft]);
    const { token } = (await share(owner.token, id)).json().body;
    for (const caller of [undefined, owner.token, (await t.user()).token]) {
      const body = (await open(token, '', caller)).json().body;
      expect(body.tracks.content.map((m: { id: number }) => m.id)).toEqual([pub[0]]);
      expect(body.playlist.musicCount).toBe(1);
      expect(body.tracks.totalElements).toBe(1);
    }
    // The owner's own playlist screen still lists both.
    const own = await t.call({ method: 'GET', url: `/api/musics?tempPlayListId=${id}`, token: owner.token });
    expect(own.json().body.totalElements).toBe(2);
  });

  it('only the owner may share, see or end a share: another member gets 404, a visitor 401', async () => {
    const owner = await t.user();
    const other = await t.user();
    const id = await playlistWith(owner.token, 'mine', [pub[0]!]);
    expect((await share(other.token, id)).statusCode).toBe(404);
    expect((await share(other.token, id)).json().code).toBe('PLAYLIST_NOT_FOUND');
    expect((await share(undefined, id)).statusCode).toBe(401);
    // Nothing was shared by those attempts.
    expect((await t.call({ method: 'GET', url: `/api/playbox/${id}/share`, token: owner.token })).json().body).toBeNull();

    const { token } = (await share(owner.token, id)).json().body;
    expect((await t.call({ method: 'GET', url: `/api/playbox/${id}/share`, token: other.token })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/playbox/${id}/share` })).statusCode).toBe(401);
    const revokeByOther = await t.call({ method: 'DELETE', url: `/api/playbox/${id}/share`, token: other.token });
    expect(revokeByOther.statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/playbox/${id}/share` })).statusCode).toBe(401);
    // Still shared: the other member's revocation did nothing.
    expect((await open(token)).statusCode).toBe(200);
  });

  it('ending a share makes the link a 404 for good; sharing again gives a new link; deleting the playlist ends it', async () => {
    const owner = await t.user();
    const id = await playlistWith(owner.token, 'temporary', [pub[1]!]);
    const old = (await share(owner.token, id)).json().body.token as string;
    const revoked = await t.call({ method: 'DELETE', url: `/api/playbox/${id}/share`, token: owner.token });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().body).toEqual({ shared: false });
    const gone = await open(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('SHARE_NOT_FOUND');
    expect((await t.call({ method: 'GET', url: `/shared/${old}` })).statusCode).toBe(404);

    const fresh = (await share(owner.token, id)).json().body.token as string;
    expect(fresh).not.toBe(old);
    expect((await open(old)).statusCode).toBe(404);
    expect((await open(fresh)).statusCode).toBe(200);

    await t.call({ method: 'DELETE', url: `/api/playbox/${id}`, token: owner.token });
    expect((await open(fresh)).statusCode).toBe(404);
  });

  it('answers 404 for a token that is not one, without a lookup', async () => {
    for (const bad of ['short', 'x'.repeat(22).replace(/x$/u, '!'), 'A'.repeat(22)]) {
      const r = await open(encodeURIComponent(bad));
      expect(r.statusCode, bad).toBe(404);
    }
  });

  it("serves /track/{id} with escaped Open Graph and Twitter tags, under the SPA's CSP", async () => {
    const title = `<script>alert("x")</script> & 'quoted'`;
    const id = await t.track({
      title,
      artist: 'Ari "A" <b>',
      genre: 301,
      moods: '1302',
      sound_key: 'A',
      key_mode: 'minor',
      cover_key: 'c',
    });
    const res = await t.call({ method: 'GET', url: `/track/${id}`, lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;';
    expect(metaOf(html, 'og:title')).toBe(`${escaped} · Ari &quot;A&quot; &lt;b&gt;`);
    expect(html).toContain(`<title>${escaped} · Ari &quot;A&quot; &lt;b&gt; · Sori</title>`);
    expect(metaOf(html, 'og:type')).toBe('music.song');
    expect(metaOf(html, 'og:url')).toBe(`${base}/track/${id}`);
    expect(metaOf(html, 'og:image')).toMatch(new RegExp(`^${base}/api/media/cover/${id}\\.jpg\\?v=`, 'u'));
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'og:description')).toContain('Jazz');
    expect(metaOf(html, 'og:description')).toContain('A minor');
    expect(metaOf(html, 'og:description')).toContain('100 BPM');
    expect(metaOf(html, 'og:locale')).toBe('en_US');
    // One description only: the page's own was replaced.
    expect(html.match(/name="description"/gu)).toHaveLength(1);
    const home = await t.call({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toBe(home.headers['content-security-policy']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['vary']).toContain('Accept-Language');
    expect(res.headers['cache-control']).toBe('no-cache');

    // Korean by default (a crawler sends no language).
    const ko = (await t.call({ method: 'GET', url: `/track/${id}` })).body;
    expect(metaOf(ko, 'og:description')).toContain('A 단조');
    expect(metaOf(ko, 'og:locale')).toBe('ko_KR');
  });

  it('previews a track or a shared playlist without a cover with the brand card, described as Sori', async () => {
    const res = await t.call({ method: 'GET', url: `/track/${pub[1]}`, lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(metaOf(res.body, 'og:image')).toBe(`${base}/og-card.png`);
    expect(metaOf(res.body, 'og:image:alt')).toBe('Sori');
    expect(metaOf(res.body, 'twitter:image')).toBe(`${base}/og-card.png`);
    expect(metaOf(res.body, 'twitter:card')).toBe('summary_large_image');
    const owner = await t.user();
    const id = await playlistWith(owner.token, 'no covers', [pub[1]!, pub[2]!]);
    const { token } = (await share(owner.token, id)).json().body;
    const shared = await t.call({ method: 'GET', url: `/shared/${token}` });
    expect(metaOf(shared.body, 'og:image')).toBe(`${base}/og-card.png`);
  });

  it('answers an unknown, unpublished or malformed track id with the app and a 404 status, without preview tags', async () => {
    const owner = await t.user();
    const draft = await t.track({ title: 'draft', owner_id: owner.id, published: 0 });
    for (const url of ['/track/999999', `/track/${draft}`, '/track/abc', '/track/0']) {
      const res = await t.call({ method: 'GET', url, token: owner.token });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
      expect(metaOf(res.body, 'og:title'), url).toBeUndefined();
    }
  });

  it("serves /shared/{token} with the playlist's escaped tags, and a 404 once the share ends", async () => {
    const owner = await t.user();
    const cover = await t.track({ title: 'with cover', cover_key: 'c' });
    const id = await playlistWith(owner.token, `"Mix" <i>night</i>`, [pub[0]!, cover]);
    const { token } = (await share(owner.token, id)).json().body;
    const res = await t.call({ method: 'GET', url: `/shared/${token}`, lang: 'ja' });
    expect(res.statusCode).toBe(200);
    expect(metaOf(res.body, 'og:title')).toBe('&quot;Mix&quot; &lt;i&gt;night&lt;/i&gt;');
    expect(metaOf(res.body, 'og:type')).toBe('music.playlist');
    expect(metaOf(res.body, 'og:url')).toBe(`${base}/shared/${token}`);
    expect(metaOf(res.body, 'og:description')).toBe('2曲のプレイリストです。Soriですぐに聴けます。');
    expect(metaOf(res.body, 'og:image')).toMatch(new RegExp(`^${base}/api/media/cover/${cover}\\.jpg`, 'u'));
    expect(res.body).not.toContain('<i>');

    await t.call({ method: 'DELETE', url: `/api/playbox/${id}/share`, token: owner.token });
    const gone = await t.call({ method: 'GET', url: `/shared/${token}` });
    expect(gone.statusCode).toBe(404);
    expect(metaOf(gone.body, 'og:title')).toBeUndefined();
    expect((await t.call({ method: 'GET', url: '/shared/not-a-token' })).statusCode).toBe(404);
  });
});

describe('shared playlist opens are rate limited', () => {
  it('answers 429 past the per-minute limit of an address, from the API', async () => {
    const t = await createTestApp('sqlite', { SHARE_OPENS_PER_MINUTE: '3' });
    try {
      const token = 'A'.repeat(22);
      const codes: number[] = [];
      for (const url of [`/api/shared/playlists/${token}`, `/api/shared/playlists/${token}`, `/api/shared/playlists/${token}`]) {
        codes.push((await t.call({ method: 'GET', url })).statusCode);
      }
      const limited = await t.call({ method: 'GET', url: `/api/shared/playlists/${token}` });
      codes.push(limited.statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
      expect(limited.json().code).toBe('RATE_LIMITED');
      // Another address is counted on its own.
      expect((await t.call({ method: 'GET', url: `/api/shared/playlists/${token}`, remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
