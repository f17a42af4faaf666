import { MIN_DOWNLOAD_LEVEL } from '@sori/contract';
import { SignJWT } from 'jose';
import { TokenService } from '../../src/lib/tokens';
import { findUserById } from '../../src/repositories/user.repository';
import { privateMediaResource } from '../../src/services/music.mapper';
import type { TestApp } from '../helpers/test-app';

/** Callers of the permission table and the fuzz: one of each kind of credential the API meets. */
export interface Actors {
  bad: string;
  expired: string;
  level1: { token: string; id: number };
  level5: { token: string; id: number };
  owner: { token: string; id: number };
  other: { token: string; id: number };
}

export interface World extends Actors {
  /** A published track with a stored preview and original. */
  pub: number;
  /** The owner's unpublished track with a stored preview, waveform, peaks and cover. */
  priv: number;
  /** The owner's playlist holding `pub`. */
  playlist: number;
  signMedia(trackId: number, userId: number, ttlSeconds?: number): string;
  signOriginal(trackId: number, userId: number, ttlSeconds?: number): string;
}

const TINY = Buffer.from('sori-test-bytes');

/** Users, tracks (with media objects in storage) and a playlist, created through the app's own parts. */
export async function buildWorld(t: TestApp): Promise<World> {
  const [level1, level5, owner, other] = await Promise.all([
    t.user(),
    t.user({ level: MIN_DOWNLOAD_LEVEL }),
    t.user(),
    t.user({ level: MIN_DOWNLOAD_LEVEL }),
  ]);
  const keys = (p: string) => ({
    preview_key: `${p}/preview.mp3`,
    original_key: `${p}/original.wav`,
    wave_key: `${p}/wave.png`,
    peaks_key: `${p}/peaks.json`,
    cover_key: `${p}/cover.jpg`,
    cover_thumb_key: `${p}/cover-64.jpg`,
  });
  const pubKeys = keys('sec/pub');
  const privKeys = keys('sec/priv');
  for (const k of [...Object.values(pubKeys), ...Object.values(privKeys)]) await t.ctx.storage.put(k, TINY);
  const pub = await t.track({ ...pubKeys, file_name: 'pub.wav', original_mime: 'audio/wav', original_size: TINY.length });
  const priv = await t.track({ ...privKeys, published: 0, owner_id: owner.id, file_name: 'priv.wav', original_mime: 'audio/wav' });
  const pl = await t.call({ method: 'POST', url: '/api/playbox/create', token: owner.token, payload: { name: 'mine' } });
  const playlist = pl.json().body.id as number;
  await t.call({ method: 'POST', url: '/api/playlist/add', token: owner.token, payload: { playlistId: playlist, musicId: pub } });

  // A token signed with the right key but long expired, and one the server never issued.
  const key = new TextEncoder().encode(t.ctx.config.jwtSecret);
  const ver = (await findUserById(t.ctx.db.kysely, level5.id))!.token_version;
  // The level-5 user's own session, so the expired token is refused for its expiry alone.
  const sid = (JSON.parse(Buffer.from(level5.token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
  const expired = await new SignJWT({ ver, sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(level5.id))
    .setIssuer('sori')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
    .sign(key);
  const bad = await new TokenService('x'.repeat(48), 3600).issue({ userId: level5.id, tokenVersion: ver, sessionId: sid });

  const sign = (resource: string, userId: number, ttl: number) => {
    const s = t.ctx.tokens.signUrlParams(resource, userId, ttl);
    return `exp=${s.exp}&uid=${s.uid}&sig=${s.sig}`;
  };
  return {
    bad,
    expired,
    level1,
    level5,
    owner,
    other,
    pub,
    priv,
    playlist,
    signMedia: (trackId, userId, ttl = 600) => sign(privateMediaResource(trackId), userId, ttl),
    signOriginal: (trackId, userId, ttl = 600) => sign(`original:${trackId}`, userId, ttl),
  };
}
