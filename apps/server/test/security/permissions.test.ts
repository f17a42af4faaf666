import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../helpers/test-app';
import { insertChannel } from '../../src/repositories/channel.repository';
import { buildWorld, type World } from './fixture';

/**
 * Every permission rule of the API in one table: route × caller → status. A rule that is removed or
 * loosened turns a row red (see docs/SECURITY.md; mutation checks are recorded in the report).
 */
type Caller = 'anon' | 'bad' | 'expired' | 'level1' | 'level5' | 'owner' | 'other';
interface Row {
  rule: string;
  caller: Caller;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (w: World, t: TestApp) => string | Promise<string>;
  payload?: (w: World, t: TestApp) => unknown;
  status: number;
  code?: string;
}

const signedIn: Caller[] = ['level1', 'level5', 'owner', 'other'];
const rejected: Caller[] = ['anon', 'bad', 'expired'];

/** A fresh playlist of the owner, for rows that delete one. */
async function ownersPlaylist(w: World, t: TestApp): Promise<number> {
  const r = await t.call({ method: 'POST', url: '/api/playbox/create', token: w.owner.token, payload: { name: 'x' } });
  return r.json().body.id as number;
}
/** The owner's channel (inserted directly: the owner's plan clears none), made once per world. */
const ownedChannels = new WeakMap<World, Promise<number>>();
function owned(w: World, t: TestApp): Promise<number> {
  if (!ownedChannels.has(w)) {
    ownedChannels.set(
      w,
      insertChannel(t.ctx.db.kysely, {
        userId: w.owner.id,
        platform: 'youtube',
        externalId: 'UC' + 'o'.repeat(22),
        url: 'u',
        now: new Date().toISOString(),
      }).then((row) => row!.id),
    );
  }
  return ownedChannels.get(w)!;
}
/** The owner's playlist shared now: its token (the same one while it stays shared). */
async function ownersShare(w: World, t: TestApp): Promise<string> {
  const r = await t.call({ method: 'POST', url: `/api/playbox/${w.playlist}/share`, token: w.owner.token });
  return r.json().body.token as string;
}
/** The handle of the owner's own signed-in session (the device list's id). */
async function ownersSession(w: World, t: TestApp): Promise<string> {
  const r = await t.call({ method: 'GET', url: '/api/my/sessions', token: w.owner.token });
  return (r.json().body as { id: string; current: boolean }[]).find((s) => s.current)!.id;
}
async function ownersTrack(w: World, t: TestApp): Promise<number> {
  return t.track({ published: 0, owner_id: w.owner.id });
}

const rows: Row[] = [
  // Signed-in only: no, bad or expired token → 401.
  ...rejected.flatMap((caller): Row[] => [
    { rule: 'my/user needs a caller', caller, method: 'GET', url: () => '/api/my/user', status: 401 },
    { rule: 'token/refresh needs a caller', caller, method: 'POST', url: () => '/api/token/refresh', status: 401 },
    { rule: 'my/musics needs a caller', caller, method: 'GET', url: () => '/api/my/musics', status: 401 },
    { rule: 'upload needs a caller', caller, method: 'POST', url: () => '/api/my/musics', status: 401 },
    { rule: 'like needs a caller', caller, method: 'POST', url: () => '/api/my/like', payload: (w) => ({ musicId: w.pub }), status: 401 },
    {
      rule: 'unlike needs a caller',
      caller,
      method: 'POST',
      url: () => '/api/my/unlike',
      payload: (w) => ({ musicId: w.pub }),
      status: 401,
    },
    { rule: 'download needs a caller', caller, method: 'GET', url: (w) => `/api/download/download?musicId=${w.pub}`, status: 401 },
    {
      rule: 'edit download needs a caller',
      caller,
      method: 'GET',
      url: (w) => `/api/download/download?musicId=${w.pub}&edit=30`,
      status: 401,
    },
    { rule: 'playlists need a caller', caller, method: 'GET', url: () => '/api/playbox/list', status: 401 },
    {
      rule: 'playlist create needs a caller',
      caller,
      method: 'POST',
      url: () => '/api/playbox/create',
      payload: () => ({ name: 'x' }),
      status: 401,
    },
    {
      rule: 'playbox/add needs a caller',
      caller,
      method: 'POST',
      url: () => '/api/playbox/add',
      payload: () => ({ title: 'x' }),
      status: 401,
    },
    { rule: 'playlist detail needs a caller', caller, method: 'GET', url: (w) => `/api/playbox/${w.playlist}`, status: 401 },
    {
      rule: 'playlist update needs a caller',
      caller,
      method: 'PUT',
      url: (w) => `/api/playbox/${w.playlist}`,
      payload: () => ({ name: 'y' }),
      status: 401,
    },
    { rule: 'playlist delete needs a caller', caller, method: 'DELETE', url: (w) => `/api/playbox/${w.playlist}`, status: 401 },
    { rule: 'share state needs a caller', caller, method: 'GET', url: (w) => `/api/playbox/${w.playlist}/share`, status: 401 },
    { rule: 'sharing needs a caller', caller, method: 'POST', url: (w) => `/api/playbox/${w.playlist}/share`, status: 401 },
    { rule: 'ending a share needs a caller', caller, method: 'DELETE', url: (w) => `/api/playbox/${w.playlist}/share`, status: 401 },
    {
      rule: 'playbox/remove needs a caller',
      caller,
      method: 'POST',
      url: () => '/api/playbox/remove',
      payload: (w) => ({ id: w.playlist }),
      status: 401,
    },
    {
      rule: 'playlist add needs a caller',
      caller,
      method: 'POST',
      url: () => '/api/playlist/add',
      payload: (w) => ({ playlistId: w.playlist, musicId: w.pub }),
      status: 401,
    },
    {
      rule: 'playlist remove needs a caller',
      caller,
      method: 'POST',
      url: () => '/api/playlist/remove',
      payload: (w) => ({ playlistId: w.playlist, musicId: w.pub }),
      status: 401,
    },
    {
      rule: 'track update needs a caller',
      caller,
      method: 'PUT',
      url: (w) => `/api/my/musics/${w.priv}`,
      payload: () => ({ title: 'x' }),
      status: 401,
    },
    { rule: 'track delete needs a caller', caller, method: 'DELETE', url: (w) => `/api/my/musics/${w.priv}`, status: 401 },
    { rule: 'liked list needs a caller', caller, method: 'GET', url: () => '/api/musics?tempPlayListId=0', status: 401 },
    { rule: 'playlist tracks need a caller', caller, method: 'GET', url: (w) => `/api/musics?tempPlayListId=${w.playlist}`, status: 401 },
    // The account page's calls are about the caller alone.
    { rule: 'profile needs a caller', caller, method: 'PATCH', url: () => '/api/my/user', payload: () => ({ nick: 'x' }), status: 401 },
    { rule: 'password change needs a caller', caller, method: 'POST', url: () => '/api/my/password', payload: () => ({}), status: 401 },
    {
      rule: 'withdrawal needs a caller',
      caller,
      method: 'POST',
      url: () => '/api/my/withdrawal',
      payload: () => ({ password: 'x' }),
      status: 401,
    },
    { rule: 'consents need a caller', caller, method: 'GET', url: () => '/api/my/consents', status: 401 },
    {
      rule: 'marketing consent needs a caller',
      caller,
      method: 'PUT',
      url: () => '/api/my/consents/marketing',
      payload: () => ({ agreed: true }),
      status: 401,
    },
    { rule: 'my licences need a caller', caller, method: 'GET', url: () => '/api/my/licences', status: 401 },
    { rule: 'channels need a caller', caller, method: 'GET', url: () => '/api/my/channels', status: 401 },
    {
      rule: 'adding a channel needs a caller',
      caller,
      method: 'POST',
      url: () => '/api/my/channels',
      payload: () => ({ url: 'UC' + 'a'.repeat(22) }),
      status: 401,
    },
    {
      rule: 'removing a channel needs a caller',
      caller,
      method: 'DELETE',
      url: async (w, t) => `/api/my/channels/${await owned(w, t)}`,
      status: 401,
    },
    { rule: 'the device list needs a caller', caller, method: 'GET', url: () => '/api/my/sessions', status: 401 },
    {
      rule: 'signing a device out needs a caller',
      caller,
      method: 'DELETE',
      url: async (w, t) => `/api/my/sessions/${await ownersSession(w, t)}`,
      status: 401,
    },
    { rule: 'signing the other devices out needs a caller', caller, method: 'DELETE', url: () => '/api/my/sessions', status: 401 },
    { rule: 'the sign-in alerts need a caller', caller, method: 'GET', url: () => '/api/my/alerts', status: 401 },
    {
      rule: 'turning the sign-in alerts off needs a caller',
      caller,
      method: 'PUT',
      url: () => '/api/my/alerts',
      payload: () => ({ newDevice: false }),
      status: 401,
    },
    // Public reads stay public for every caller (a rejected token reads as signed out).
    { rule: 'catalogue is public', caller, method: 'GET', url: () => '/api/musics', status: 200 },
    { rule: 'published track is public', caller, method: 'GET', url: (w) => `/api/musics/${w.pub}`, status: 200 },
    { rule: 'published stream is public', caller, method: 'GET', url: (w) => `/api/musics/${w.pub}/stream`, status: 200 },
  ]),
  ...signedIn.flatMap((caller): Row[] => [
    { rule: 'my/user for a caller', caller, method: 'GET', url: () => '/api/my/user', status: 200 },
    { rule: 'published track for a caller', caller, method: 'GET', url: (w) => `/api/musics/${w.pub}`, status: 200 },
  ]),

  // Channels: within the plan's allowance (free: none), and only one's own.
  {
    rule: 'a free plan clears no channel',
    caller: 'level1',
    method: 'POST',
    url: () => '/api/my/channels',
    payload: () => ({ url: 'UC' + 'b'.repeat(22) }),
    status: 403,
    code: 'CHANNEL_LIMIT',
  },
  {
    rule: "another member's channel",
    caller: 'other',
    method: 'DELETE',
    url: async (w, t) => `/api/my/channels/${await owned(w, t)}`,
    status: 404,
  },
  {
    rule: "another member's device",
    caller: 'other',
    method: 'DELETE',
    url: async (w, t) => `/api/my/sessions/${await ownersSession(w, t)}`,
    status: 404,
    code: 'SESSION_NOT_FOUND',
  },

  // Download level: below MIN_DOWNLOAD_LEVEL → 403 LEVEL_TOO_LOW.
  {
    rule: 'download needs level 5',
    caller: 'level1',
    method: 'GET',
    url: (w) => `/api/download/download?musicId=${w.pub}`,
    status: 403,
    code: 'LEVEL_TOO_LOW',
  },
  { rule: 'download at level 5', caller: 'level5', method: 'GET', url: (w) => `/api/download/download?musicId=${w.pub}`, status: 200 },
  // A short edit is downloaded under the same rules (the world's tracks have no edits made: 409 once allowed).
  {
    rule: 'edit download needs level 5',
    caller: 'level1',
    method: 'GET',
    url: (w) => `/api/download/download?musicId=${w.pub}&edit=30`,
    status: 403,
    code: 'LEVEL_TOO_LOW',
  },
  {
    rule: 'edit download of an unpublished track',
    caller: 'level5',
    method: 'GET',
    url: (w) => `/api/download/download?musicId=${w.priv}&edit=30`,
    status: 404,
  },
  {
    rule: 'edit download at level 5, edit not made',
    caller: 'level5',
    method: 'GET',
    url: (w) => `/api/download/download?musicId=${w.pub}&edit=30`,
    status: 409,
  },
  {
    rule: 'a link to the original does not open an edit',
    caller: 'anon',
    method: 'GET',
    url: (w) => `/api/musics/${w.pub}/original?edit=30&${w.signOriginal(w.pub, w.level5.id)}`,
    status: 403,
  },

  // The original file: only through a valid signed link of a user who may download.
  { rule: 'original without a link', caller: 'level5', method: 'GET', url: (w) => `/api/musics/${w.pub}/original`, status: 403 },
  {
    rule: 'original with a valid link',
    caller: 'anon',
    method: 'GET',
    url: (w) => `/api/musics/${w.pub}/original?${w.signOriginal(w.pub, w.level5.id)}`,
    status: 200,
  },
  {
    rule: 'original link re-checks the level',
    caller: 'anon',
    method: 'GET',
    url: (w) => `/api/musics/${w.pub}/original?${w.signOriginal(w.pub, w.level1.id)}`,
    status: 403,
    code: 'LEVEL_TOO_LOW',
  },
  {
    rule: 'original link of another track',
    caller: 'anon',
    method: 'GET',
    url: (w) => `/api/musics/${w.pub}/original?${w.signOriginal(w.priv, w.level5.id)}`,
    status: 403,
  },
  {
    rule: 'original link expired',
    caller: 'anon',
    method: 'GET',
    url: (w) => `/api/musics/${w.pub}/original?${w.signOriginal(w.pub, w.level5.id, -5)}`,
    status: 403,
  },
  {
    rule: 'original link with another uid',
    caller: 'anon',
    method: 'GET',
    url: (w) => `/api/musics/${w.pub}/original?${w.signOriginal(w.pub, w.level5.id).replace(/uid=\d+/u, `uid=${w.other.id}`)}`,
    status: 403,
  },

  // An unpublished track and its media: the owner only (bearer, or a signed link for the owner).
  ...(['anon', 'bad', 'level5', 'other'] as Caller[]).flatMap((caller): Row[] => [
    { rule: 'unpublished track hidden', caller, method: 'GET', url: (w) => `/api/musics/${w.priv}`, status: 404 },
    { rule: 'unpublished stream hidden', caller, method: 'GET', url: (w) => `/api/musics/${w.priv}/stream`, status: 404 },
    { rule: 'unpublished waveform hidden', caller, method: 'GET', url: (w) => `/api/media/wave/wave_${w.priv}.png`, status: 404 },
    { rule: 'unpublished peaks hidden', caller, method: 'GET', url: (w) => `/api/media/peaks/${w.priv}.json`, status: 404 },
    { rule: 'unpublished cover hidden', caller, method: 'GET', url: (w) => `/api/media/cover/${w.priv}.jpg`, status: 404 },
    {
      rule: 'unpublished like refused',
      caller,
      method: 'POST',
      url: () => '/api/my/like',
      payload: (w) => ({ musicId: w.priv }),
      status: caller === 'anon' || caller === 'bad' ? 401 : 404,
    },
  ]),
  { rule: 'owner reads unpublished track', caller: 'owner', method: 'GET', url: (w) => `/api/musics/${w.priv}`, status: 200 },
  { rule: 'owner streams unpublished track', caller: 'owner', method: 'GET', url: (w) => `/api/musics/${w.priv}/stream`, status: 200 },
  { rule: 'owner reads unpublished cover', caller: 'owner', method: 'GET', url: (w) => `/api/media/cover/${w.priv}-64.jpg`, status: 200 },
  {
    rule: 'signed link streams unpublished track',
    caller: 'anon',
    method: 'GET',
    url: (w) => `/api/musics/${w.priv}/stream?${w.signMedia(w.priv, w.owner.id)}`,
    status: 200,
  },
  {
    rule: 'signed link reads unpublished peaks',
    caller: 'anon',
    method: 'GET',
    url: (w) => `/api/media/peaks/${w.priv}.json?${w.signMedia(w.priv, w.owner.id)}`,
    status: 200,
  },
  {
    rule: 'signed link for a non-owner',
    caller: 'anon',
    method: 'GET',
    url: (w) => `/api/musics/${w.priv}/stream?${w.signMedia(w.priv, w.other.id)}`,
    status: 404,
  },
  {
    rule: 'signed link for another track',
    caller: 'anon',
    method: 'GET',
    url: (w) => `/api/musics/${w.priv}/stream?${w.signMedia(w.pub, w.owner.id)}`,
    status: 404,
  },
  {
    rule: 'signed link expired',
    caller: 'anon',
    method: 'GET',
    url: (w) => `/api/musics/${w.priv}/stream?${w.signMedia(w.priv, w.owner.id, -5)}`,
    status: 404,
  },
  {
    rule: 'signed link with a swapped uid',
    caller: 'anon',
    method: 'GET',
    url: (w) => `/api/media/wave/wave_${w.priv}.png?${w.signMedia(w.priv, w.owner.id).replace(/uid=\d+/u, `uid=${w.other.id}`)}`,
    status: 404,
  },

  // Uploads: only the owner may change or delete one.
  {
    rule: 'another user cannot edit an upload',
    caller: 'other',
    method: 'PUT',
    url: (w) => `/api/my/musics/${w.priv}`,
    payload: () => ({ title: 'x' }),
    status: 404,
  },
  { rule: 'another user cannot delete an upload', caller: 'other', method: 'DELETE', url: (w) => `/api/my/musics/${w.priv}`, status: 404 },
  {
    rule: 'owner edits an upload',
    caller: 'owner',
    method: 'PUT',
    url: (w) => `/api/my/musics/${w.priv}`,
    payload: () => ({ title: 'mine' }),
    status: 200,
  },
  {
    rule: 'owner deletes an upload',
    caller: 'owner',
    method: 'DELETE',
    url: async (w, t) => `/api/my/musics/${await ownersTrack(w, t)}`,
    status: 200,
  },
  {
    rule: "catalogue tracks are nobody's to edit",
    caller: 'level5',
    method: 'PUT',
    url: (w) => `/api/my/musics/${w.pub}`,
    payload: () => ({ title: 'x' }),
    status: 404,
  },

  // Playlists: only the owner may see or change one.
  { rule: 'another user cannot read a playlist', caller: 'other', method: 'GET', url: (w) => `/api/playbox/${w.playlist}`, status: 404 },
  {
    rule: 'another user cannot list its tracks',
    caller: 'other',
    method: 'GET',
    url: (w) => `/api/musics?tempPlayListId=${w.playlist}`,
    status: 404,
  },
  {
    rule: 'another user cannot rename a playlist',
    caller: 'other',
    method: 'PUT',
    url: (w) => `/api/playbox/${w.playlist}`,
    payload: () => ({ name: 'y' }),
    status: 404,
  },
  {
    rule: 'another user cannot delete a playlist',
    caller: 'other',
    method: 'DELETE',
    url: (w) => `/api/playbox/${w.playlist}`,
    status: 404,
  },
  {
    rule: 'another user cannot playbox/remove',
    caller: 'other',
    method: 'POST',
    url: () => '/api/playbox/remove',
    payload: (w) => ({ id: w.playlist }),
    status: 404,
  },
  {
    rule: 'another user cannot add to a playlist',
    caller: 'other',
    method: 'POST',
    url: () => '/api/playlist/add',
    payload: (w) => ({ playlistId: w.playlist, musicId: w.pub }),
    status: 404,
  },
  {
    rule: 'another user cannot remove from a playlist',
    caller: 'other',
    method: 'POST',
    url: () => '/api/playlist/remove',
    payload: (w) => ({ playlistId: w.playlist, musicId: w.pub }),
    status: 404,
  },
  // Share links: only the owner shares or ends a share; anyone reads a shared playlist, until it ends.
  { rule: 'another user cannot see a share', caller: 'other', method: 'GET', url: (w) => `/api/playbox/${w.playlist}/share`, status: 404 },
  { rule: 'another user cannot share', caller: 'other', method: 'POST', url: (w) => `/api/playbox/${w.playlist}/share`, status: 404 },
  {
    rule: 'another user cannot end a share',
    caller: 'other',
    method: 'DELETE',
    url: (w) => `/api/playbox/${w.playlist}/share`,
    status: 404,
  },
  { rule: 'owner sees its share', caller: 'owner', method: 'GET', url: (w) => `/api/playbox/${w.playlist}/share`, status: 200 },
  { rule: 'owner shares a playlist', caller: 'owner', method: 'POST', url: (w) => `/api/playbox/${w.playlist}/share`, status: 200 },
  ...(['anon', 'bad', 'other'] as Caller[]).map((caller): Row => ({
    rule: 'anyone reads a shared playlist',
    caller,
    method: 'GET',
    url: async (w, t) => `/api/shared/playlists/${await ownersShare(w, t)}`,
    status: 200,
  })),
  {
    rule: 'an ended share is not found',
    caller: 'anon',
    method: 'GET',
    url: async (w, t) => {
      const token = await ownersShare(w, t);
      await t.call({ method: 'DELETE', url: `/api/playbox/${w.playlist}/share`, token: w.owner.token });
      return `/api/shared/playlists/${token}`;
    },
    status: 404,
    code: 'SHARE_NOT_FOUND',
  },
  { rule: 'owner reads a playlist', caller: 'owner', method: 'GET', url: (w) => `/api/playbox/${w.playlist}`, status: 200 },
  { rule: 'owner lists its tracks', caller: 'owner', method: 'GET', url: (w) => `/api/musics?tempPlayListId=${w.playlist}`, status: 200 },
  {
    rule: 'owner renames a playlist',
    caller: 'owner',
    method: 'PUT',
    url: (w) => `/api/playbox/${w.playlist}`,
    payload: () => ({ name: 'renamed' }),
    status: 200,
  },
  {
    rule: 'owner adds to a playlist',
    caller: 'owner',
    method: 'POST',
    url: () => '/api/playlist/add',
    payload: (w) => ({ playlistId: w.playlist, musicId: w.pub }),
    status: 200,
  },
  {
    rule: 'owner deletes a playlist',
    caller: 'owner',
    method: 'DELETE',
    url: async (w, t) => `/api/playbox/${await ownersPlaylist(w, t)}`,
    status: 200,
  },
  {
    rule: 'owner playbox/removes a playlist',
    caller: 'owner',
    method: 'POST',
    url: () => '/api/playbox/remove',
    payload: () => null,
    status: 200,
  },
];

describe.each(DIALECTS)('permission table (%s)', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
  });
  afterAll(async () => t?.close());

  const tokenOf = (c: Caller): string | undefined =>
    c === 'anon' ? undefined : c === 'bad' ? w.bad : c === 'expired' ? w.expired : w[c].token;

  it.each(rows.map((r) => [`${r.method} ${r.rule} as ${r.caller} → ${r.status}`, r] as const))('%s', async (_name, row) => {
    let payload = row.payload?.(w, t);
    if (row.rule === 'owner playbox/removes a playlist') payload = { id: await ownersPlaylist(w, t) };
    const res = await t.call({
      method: row.method,
      url: await row.url(w, t),
      token: tokenOf(row.caller),
      lang: 'en',
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(row.status);
    if (row.code) expect(res.json().code).toBe(row.code);
    if (row.status >= 400) expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  });
});
