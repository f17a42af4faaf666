import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

describe.each(DIALECTS)('auth (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      SIGNIN_MAX_PER_ACCOUNT: '8',
      SIGNIN_MAX_PER_PAIR: '5',
      SIGNIN_MAX_PER_ADDRESS: '12',
      TOKEN_TTL_SECONDS: '600',
    });
  });
  afterAll(() => t.close());

  const signup = (payload: Record<string, unknown>, lang = 'ko') => t.call({ method: 'POST', url: '/api/signup', payload, lang });
  const valid = {
    email: 'kim@example.com',
    password: 'secret1',
    confirmPassword: 'secret1',
    name: '김소리',
    phone: '010-1234-5678',
    agreeTerms: true,
    agreePrivacy: true,
  };

  describe('POST /signup', () => {
    it('checks the PRODUCT §5 rules in order, with their Korean messages', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...valid, phone: '' }, 'SIGNUP_REQUIRED_FIELDS', '필수 항목을 모두 입력해주세요.'],
        [
          { ...valid, password: '12345', confirmPassword: 'x', email: 'bad' },
          'PASSWORD_TOO_SHORT',
          '비밀번호는 최소 6자 이상이어야 합니다.',
        ],
        [{ ...valid, confirmPassword: 'secret2', email: 'bad' }, 'PASSWORD_MISMATCH', '비밀번호가 일치하지 않습니다.'],
        [{ ...valid, email: 'not-an-email', phone: 'abc' }, 'INVALID_EMAIL', '올바른 이메일 형식을 입력해주세요.'],
        [
          { ...valid, phone: '010-CALL-ME' },
          'INVALID_PHONE',
          '올바른 휴대전화 번호를 입력해주세요. 해외 번호는 국가번호부터 입력해주세요(예: +81 90-1234-5678).',
        ],
        // The right characters, but no number: too short, a Korean number missing digits, a plus without enough.
        [
          { ...valid, phone: '12' },
          'INVALID_PHONE',
          '올바른 휴대전화 번호를 입력해주세요. 해외 번호는 국가번호부터 입력해주세요(예: +81 90-1234-5678).',
        ],
        [
          { ...valid, phone: '010-1234-567' },
          'INVALID_PHONE',
          '올바른 휴대전화 번호를 입력해주세요. 해외 번호는 국가번호부터 입력해주세요(예: +81 90-1234-5678).',
        ],
        [
          { ...valid, phone: '+44 1234' },
          'INVALID_PHONE',
          '올바른 휴대전화 번호를 입력해주세요. 해외 번호는 국가번호부터 입력해주세요(예: +81 90-1234-5678).',
        ],
      ];
      for (const [payload, code, message] of cases) {
        const res = await signup(payload);
        expect(res.statusCode, code).toBe(400);
        expect(res.json()).toMatchObject({ code, message });
      }
    });

    it("answers in the caller's language", async () => {
      const en = await signup({ ...valid, phone: '' }, 'en-US,en;q=0.9');
      expect(en.json().message).toBe('Please fill in all required fields.');
      const ja = await signup({ ...valid, phone: '' }, 'ja');
      expect(ja.json().message).toBe('必須項目をすべて入力してください。');
      const short = await signup({ ...valid, email: 'short-phone@example.com', phone: '12' }, 'en');
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        code: 'INVALID_PHONE',
        message: 'Please enter a valid mobile number. For a number outside Korea, start with its country code (e.g. +81 90-1234-5678).',
      });
      expect((await signup({ ...valid, email: 'short-phone@example.com', phone: '12' }, 'ja')).json().message).toBe(
        '正しい携帯電話番号を入力してください。韓国以外の番号は国番号から入力してください（例：+81 90-1234-5678）。',
      );
    });

    it('creates a level 1 user with team optional, e-mail unique without regard to case', async () => {
      const res = await signup({ ...valid, phone: '+82 (10) 1234.5678' });
      expect(res.statusCode).toBe(201);
      // The number is kept in one form: a Korean one as Koreans write it, whichever way it was typed.
      expect(res.json().body.user).toMatchObject({
        email: 'kim@example.com',
        name: '김소리',
        nick: '김소리',
        phone: '010-1234-5678',
        level: 1,
        team: null,
      });
      expect(JSON.stringify(res.json())).not.toContain('password');
      const again = await signup({ ...valid, email: 'KIM@Example.com' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('EMAIL_TAKEN');
    });

    it('rejects over-long fields and wrong types without writing anything', async () => {
      const long = await signup({ ...valid, email: 'long@example.com', name: 'x'.repeat(51) });
      expect(long.statusCode).toBe(400);
      // The message names the field and its limit (it was "too long", which left the member guessing which).
      expect(long.json()).toMatchObject({
        code: 'FIELD_TOO_LONG',
        message: '이름 항목은 50자까지 입력할 수 있습니다.',
        details: { field: 'name', max: 50 },
      });
      const typed = await signup({ ...valid, email: 12345 });
      expect(typed.statusCode).toBe(400);
      expect(typed.json().code).toBe('VALIDATION_FAILED');
      const si = await t.call({ method: 'POST', url: '/api/signin', payload: { email: 'long@example.com', password: 'secret1' } });
      expect(si.statusCode).toBe(401);
    });
  });

  describe('POST /signin and GET /my/user', () => {
    it('requires both fields, then signs in and returns a token that reads the user', async () => {
      const empty = await t.call({ method: 'POST', url: '/api/signin', payload: { email: 'kim@example.com' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'LOGIN_REQUIRED_FIELDS', message: '이메일과 비밀번호를 모두 입력해주세요.' });
      // An address of no e-mail's shape is a typing slip, said as such, not a failed login.
      const slip = await t.call({ method: 'POST', url: '/api/signin', payload: { email: 'kim@example', password: 'secret1' }, lang: 'en' });
      expect(slip.statusCode).toBe(400);
      expect(slip.json()).toMatchObject({ code: 'INVALID_EMAIL', message: 'Please enter a valid email address.' });

      const res = await t.call({ method: 'POST', url: '/api/signin', payload: { email: 'Kim@example.com', password: 'secret1' } });
      expect(res.statusCode).toBe(200);
      const { token, user, expiresIn } = res.json().body;
      expect(typeof token).toBe('string');
      expect(expiresIn).toBe(600);
      expect(user.nick).toBe('김소리');

      const me = await t.call({ method: 'GET', url: '/api/my/user', token });
      expect(me.statusCode).toBe(200);
      expect(me.json().body).toMatchObject({ email: 'kim@example.com', level: 1, nick: '김소리' });

      const refreshed = await t.call({ method: 'POST', url: '/api/token/refresh', token });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().body.user.id).toBe(user.id);
    });

    it('refuses a wrong password and an unknown account alike', async () => {
      const wrong = await t.call({ method: 'POST', url: '/api/signin', payload: { email: 'kim@example.com', password: 'nope123' } });
      const unknown = await t.call({ method: 'POST', url: '/api/signin', payload: { email: 'who@example.com', password: 'nope123' } });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().message).toBe('로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.');
    });

    it('answers 401 without a token, with a bad one, an expired one or one signed with another algorithm', async () => {
      expect((await t.call({ method: 'GET', url: '/api/my/user' })).json().code).toBe('UNAUTHORIZED');
      const bad = await t.call({ method: 'GET', url: '/api/my/user', token: 'abc.def.ghi' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().code).toBe('TOKEN_INVALID');

      const key = new TextEncoder().encode(t.ctx.config.jwtSecret);
      const expired = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('sori')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(key);
      expect((await t.call({ method: 'GET', url: '/api/my/user', token: expired })).statusCode).toBe(401);

      const otherAlg = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject('1')
        .setIssuer('sori')
        .setExpirationTime('1h')
        .sign(key);
      expect((await t.call({ method: 'GET', url: '/api/my/user', token: otherAlg })).statusCode).toBe(401);

      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(JSON.stringify({ sub: '1', ver: 0, iss: 'sori', exp: 9999999999 })).toString('base64url');
      expect((await t.call({ method: 'GET', url: '/api/my/user', token: `${header}.${payload}.` })).statusCode).toBe(401);
    });

    it('limits attempts per account and address, then per address, with Retry-After', async () => {
      const u = await t.user({ password: 'rightpass' });
      const attempt = (email: string, password: string) =>
        t.call({ method: 'POST', url: '/api/signin', payload: { email, password }, remoteAddress: '10.0.0.7' });
      for (let i = 0; i < 5; i++) expect((await attempt(u.email, 'wrong!!')).statusCode).toBe(401);
      const limited = await attempt(u.email, 'rightpass');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      // Spraying other accounts from the same address hits the per-address limit.
      let last = 0;
      for (let i = 0; i < 8; i++) last = (await attempt(`spray${i}@example.com`, 'whatever')).statusCode;
      expect(last).toBe(429);
      // Another address can still sign in to an account that is not locked.
      const other = await t.user({ password: 'fine1234' });
      const ok = await t.call({
        method: 'POST',
        url: '/api/signin',
        payload: { email: other.email, password: 'fine1234' },
        remoteAddress: '10.0.0.8',
      });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    it('answers 202 whether or not the account exists, and a reset link sets a new password once', async () => {
      const u = await t.user({ password: 'oldpass1' });
      const unknown = await t.call({ method: 'POST', url: '/api/findpw', payload: { email: 'nobody@example.com' } });
      expect(unknown.statusCode).toBe(202);
      const known = await t.call({ method: 'POST', url: '/api/findpw', payload: { email: u.email.toUpperCase() } });
      expect(known.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      const token = new URL(await t.resetLink(u.email)).searchParams.get('token')!;
      expect(t.mailbox!.messages.filter((m) => m.text?.includes('nobody@example.com'))).toHaveLength(0);

      const short = await t.call({ method: 'POST', url: '/api/resetpw', payload: { token, password: '123', confirmPassword: '123' } });
      expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
      const done = await t.call({
        method: 'POST',
        url: '/api/resetpw',
        payload: { token, password: 'newpass1', confirmPassword: 'newpass1' },
      });
      expect(done.statusCode).toBe(200);
      const reuse = await t.call({
        method: 'POST',
        url: '/api/resetpw',
        payload: { token, password: 'newpass2', confirmPassword: 'newpass2' },
      });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().code).toBe('RESET_TOKEN_INVALID');

      // The old token stops working and the new password signs in.
      expect((await t.call({ method: 'GET', url: '/api/my/user', token: u.token })).statusCode).toBe(401);
      const si = await t.call({
        method: 'POST',
        url: '/api/signin',
        payload: { email: u.email, password: 'newpass1' },
        remoteAddress: '10.9.9.9',
      });
      expect(si.statusCode).toBe(200);
    });
  });

  describe('GET /resetpw (is a reset link still usable)', () => {
    let asked = 0;
    /** A reset link for `email`, asked from an address of its own (the requests are limited per address). */
    const linkFor = async (email: string) => {
      asked += 1;
      await t.call({ method: 'POST', url: '/api/findpw', payload: { email }, remoteAddress: `10.8.0.${asked}` });
      return new URL(await t.resetLink(email)).searchParams.get('token')!;
    };
    const check = (token: string | undefined, remoteAddress = '10.7.0.1') =>
      t.call({
        method: 'GET',
        url: token === undefined ? '/api/resetpw' : `/api/resetpw?token=${encodeURIComponent(token)}`,
        remoteAddress,
      });

    it('says whether a link can be used without using it, and nothing of the account', async () => {
      const u = await t.user({ password: 'oldpass1' });
      const token = await linkFor(u.email);
      for (let i = 0; i < 2; i++) {
        const usable = await check(token);
        expect(usable.statusCode).toBe(200);
        expect(usable.json()).toEqual({ body: { usable: true } });
      }
      // A token that was never issued gets the same kind of answer, and nothing more.
      const unknown = await check('k3VqT9mZ0aXcB1dE2fGh4wk3VqT9mZ0aXcB1dE2fG');
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ body: { usable: false } });
      // Asking did not use it: the link still sets the password, and is used up then.
      const done = await t.call({
        method: 'POST',
        url: '/api/resetpw',
        payload: { token, password: 'newpass1', confirmPassword: 'newpass1' },
      });
      expect(done.statusCode).toBe(200);
      expect((await check(token)).json()).toEqual({ body: { usable: false } });
    });

    it('says no for an expired link, and for one whose account has been deleted', async () => {
      const expiring = await t.user();
      const expired = await linkFor(expiring.email);
      expect((await check(expired)).json().body.usable).toBe(true);
      await t.ctx.db.kysely
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', expiring.id)
        .execute();
      expect((await check(expired)).json().body.usable).toBe(false);

      const leaving = await t.user({ password: 'leave123' });
      const orphan = await linkFor(leaving.email);
      expect((await check(orphan)).json().body.usable).toBe(true);
      const gone = await t.call({ method: 'POST', url: '/api/my/withdrawal', token: leaving.token, payload: { password: 'leave123' } });
      expect(gone.statusCode).toBe(200);
      expect((await check(orphan)).json().body.usable).toBe(false);
    });

    it('answers a clear 400 for a missing, empty, repeated or overlong token', async () => {
      for (const url of ['/api/resetpw', '/api/resetpw?token=', '/api/resetpw?token=a&token=b', `/api/resetpw?token=${'a'.repeat(201)}`]) {
        const res = await t.call({ method: 'GET', url, remoteAddress: '10.7.0.2', lang: 'en' });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code, url).toBe('VALIDATION_FAILED');
      }
    });

    it('is limited per address (429 with Retry-After), not per link', async () => {
      const address = '10.7.0.3';
      for (let i = 0; i < 30; i++) expect((await check(`never-issued-${i}`, address)).statusCode).toBe(200);
      const refused = await check('never-issued-31', address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not held back.
      expect((await check('never-issued-32', '10.7.0.4')).statusCode).toBe(200);
    });
  });

  it('sets a level from the operator command path', async () => {
    const u = await t.user();
    const updated = await t.ctx.auth.setLevel(u.email, 5);
    expect(updated?.level).toBe(5);
    expect(await t.ctx.auth.setLevel('missing@example.com', 5)).toBeNull();
    await expect(t.ctx.auth.setLevel(u.email, 0)).rejects.toMatchObject({ status: 400 });
  });
});
