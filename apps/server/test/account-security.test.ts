import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const redisUrl = process.env['TEST_REDIS_URL'];
/** Counters in process, and in Redis when TEST_REDIS_URL is set (global-setup says when it is not). */
const COUNTERS: ('memory' | 'redis')[] = redisUrl ? ['memory', 'redis'] : ['memory'];
const CASES = DIALECTS.flatMap((d) => COUNTERS.map((c) => [d, c] as const));

/** A fresh address per test: Redis counters outlive a test run. */
const addr = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describe.each(CASES)('sign-in throttling (%s, %s counters)', (dialect, counters) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      SIGNIN_MAX_PER_PAIR: '5',
      SIGNIN_MAX_PER_ACCOUNT: '10',
      SIGNIN_MAX_PER_ADDRESS: '100',
      ...(counters === 'redis' ? { REDIS_URL: redisUrl! } : {}),
    });
  });
  afterAll(() => t.close());

  const signin = (email: string, password: string, remoteAddress: string) =>
    t.call({ method: 'POST', url: '/api/signin', payload: { email, password }, remoteAddress });

  it('locks the attacking address out of the account while the owner still signs in from another', async () => {
    const owner = await t.user({ password: 'rightpass' });
    const attacker = addr();
    const codes: number[] = [];
    for (let i = 0; i < 15; i++) codes.push((await signin(owner.email, 'guess' + i, attacker)).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    // Even the right password is refused to the locked-out address.
    const locked = await signin(owner.email, 'rightpass', attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    const home = await signin(owner.email, 'rightpass', addr());
    expect(home.statusCode).toBe(200);
  });

  it('counts an IPv6 attacker by the /64, so stepping through its addresses does not reset the lockout', async () => {
    const owner = await t.user({ password: 'rightpass' });
    const net = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    const codes: number[] = [];
    for (let i = 1; i <= 8; i++) codes.push((await signin(owner.email, 'guess' + i, `${net}::${i.toString(16)}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect((await signin(owner.email, 'rightpass', `2001:db8:ffff:${randomBytes(2).toString('hex')}::1`)).statusCode).toBe(200);
  });

  it('past the per-account soft limit, each further address gets one guess per window', async () => {
    const owner = await t.user({ password: 'rightpass' });
    // Eleven addresses, one guess each: the account passes its soft limit (10) without any pair limit.
    for (let i = 0; i < 11; i++) expect((await signin(owner.email, 'guess' + i, addr())).statusCode).toBe(401);
    const fresh = addr();
    expect((await signin(owner.email, 'another', fresh)).statusCode).toBe(401);
    expect((await signin(owner.email, 'andanother', fresh)).statusCode).toBe(429);
    // The owner, from an address with no recent attempt, still signs in; parallel guesses do not slip by.
    expect((await signin(owner.email, 'rightpass', addr())).statusCode).toBe(200);
    const burst = addr();
    const parallel = await Promise.all(Array.from({ length: 8 }, (_, i) => signin(owner.email, 'p' + i, burst)));
    expect(parallel.filter((r) => r.statusCode === 401)).toHaveLength(1);
  });
});

describe.each(DIALECTS)('accounts and sessions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { SIGNUP_MAX_PER_ADDRESS: '3', TOKEN_TTL_SECONDS: '600', SESSION_MAX_AGE_SECONDS: '300' });
  });
  afterAll(() => t.close());

  const form = (email: string) => ({
    email,
    password: 'secret1',
    confirmPassword: 'secret1',
    name: '가입자',
    phone: '010-1234-5678',
    agreeTerms: true,
    agreePrivacy: true,
  });

  it('limits sign-ups per address, with Retry-After and a message in the caller’s language', async () => {
    const a = addr();
    const signup = (lang: string) =>
      t.call({
        method: 'POST',
        url: '/api/signup',
        payload: form(`s${randomBytes(4).toString('hex')}@example.com`),
        remoteAddress: a,
        lang,
      });
    for (let i = 0; i < 3; i++) expect((await signup('ko')).statusCode).toBe(201);
    const limited = await signup('ja');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'TOO_MANY_SIGNUPS',
      message: '会員登録のリクエストが多すぎます。しばらくしてからもう一度お試しください。',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await t.call({ method: 'POST', url: '/api/signup', payload: form('other-addr@example.com'), remoteAddress: addr() })).statusCode,
    ).toBe(201);
  });

  it('using one reset link ends every other outstanding link', async () => {
    const u = await t.user({ password: 'oldpass1' });
    for (let i = 0; i < 2; i++) await t.call({ method: 'POST', url: '/api/findpw', payload: { email: u.email }, remoteAddress: addr() });
    const links = [await t.resetLink(u.email), await t.resetLink(u.email)];
    const [first, second] = links.map((l) => new URL(l).searchParams.get('token')!);
    const reset = (token: string, password: string) =>
      t.call({ method: 'POST', url: '/api/resetpw', payload: { token, password, confirmPassword: password }, lang: 'en' });
    expect((await reset(second!, 'newpass1')).statusCode).toBe(200);
    const older = await reset(first!, 'newpass2');
    expect(older.statusCode).toBe(400);
    expect(older.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID', message: 'This password reset link is invalid or has expired.' });
    expect(
      (await t.call({ method: 'POST', url: '/api/signin', payload: { email: u.email, password: 'newpass1' }, remoteAddress: addr() }))
        .statusCode,
    ).toBe(200);
  });

  it('sign-out revokes this session on the server and leaves the others', async () => {
    const u = await t.user({ password: 'pass1234' });
    const other = (
      await t.call({ method: 'POST', url: '/api/signin', payload: { email: u.email, password: 'pass1234' }, remoteAddress: addr() })
    ).json().body.token;
    expect((await t.call({ method: 'POST', url: '/api/signout' })).statusCode).toBe(401);
    const out = await t.call({ method: 'POST', url: '/api/signout', token: u.token });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    for (const url of ['/api/my/user', '/api/token/refresh']) {
      const res = await t.call({ method: url.includes('refresh') ? 'POST' : 'GET', url, token: u.token });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('TOKEN_INVALID');
    }
    expect((await t.call({ method: 'GET', url: '/api/my/user', token: other })).statusCode).toBe(200);
    const docs = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    expect(docs.paths['/api/signout'].post.tags).toEqual(['auth']);
  });

  it('a session has an absolute end that refresh never extends', async () => {
    const u = await t.user();
    const claims = decodeJwt(u.token);
    // SESSION_MAX_AGE_SECONDS=300 is shorter than the token TTL (600): the token ends with the session.
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(300);
    const refreshed = await t.call({ method: 'POST', url: '/api/token/refresh', token: u.token });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().body.expiresIn).toBeLessThanOrEqual(300);
    expect(decodeJwt(refreshed.json().body.token).exp).toBeLessThanOrEqual(claims.exp!);
    // Once the session's start is older than its maximum age, refresh is refused and the user signs in again.
    await t.ctx.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', u.id)
      .execute();
    const late = await t.call({ method: 'POST', url: '/api/token/refresh', token: refreshed.json().body.token });
    expect(late.statusCode).toBe(401);
  });

  it('refuses a token without an expiry even when signed with the real secret', async () => {
    const u = await t.user();
    const { sid, ver } = decodeJwt(u.token);
    const key = new TextEncoder().encode(t.ctx.config.jwtSecret);
    const sign = (withExp: boolean) => {
      const jwt = new SignJWT({ ver, sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(u.id)).setIssuer('sori').setIssuedAt();
      return (withExp ? jwt.setExpirationTime('5m') : jwt).sign(key);
    };
    expect((await t.call({ method: 'GET', url: '/api/my/user', token: await sign(true) })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/my/user', token: await sign(false) })).statusCode).toBe(401);
  });
});

describe('reset links and the log', () => {
  it('with no mailer, says once at start that mail is off and never logs a reset link', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sori-mail-'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', WEB_DIST: path.join(dataDir, 'none'), LOG_LEVEL: 'trace' });
    const { app } = await buildApp(config, { logger: { level: 'trace', stream } });
    try {
      const email = 'reset-me@example.com';
      const payload = {
        email,
        password: 'secret1',
        confirmPassword: 'secret1',
        name: '리셋',
        phone: '010-1111-2222',
        agreeTerms: true,
        agreePrivacy: true,
      };
      expect((await app.inject({ method: 'POST', url: '/api/signup', payload })).statusCode).toBe(201);
      expect((await app.inject({ method: 'POST', url: '/api/findpw', payload: { email } })).statusCode).toBe(202);
      const log = lines.join('');
      expect(lines.filter((l) => l.includes('mail is off'))).toHaveLength(1);
      expect(log).not.toMatch(/reset-password|token=/u);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
