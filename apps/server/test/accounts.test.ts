import { AccountData, CONSENT_VERSIONS, type Channel } from '@sori/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateTrack } from '../src/repositories/track.repository';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

/** A fresh address per call, under every per-address limit. */
const addr = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const UC = (c: string) => `UC${c.repeat(22)}`;
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(DIALECTS)('accounts (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_BASE_URL: 'https://sori.test' });
  });
  afterAll(() => t.close());

  const form = (over: Record<string, unknown> = {}) => ({
    email: `c${randomBytes(4).toString('hex')}@example.com`,
    password: 'secret1',
    confirmPassword: 'secret1',
    name: '동의자',
    phone: '010-1234-5678',
    agreeTerms: true,
    agreePrivacy: true,
    ...over,
  });
  const signup = (payload: Record<string, unknown>, lang = 'ko') =>
    t.call({ method: 'POST', url: '/api/signup', payload, lang, remoteAddress: addr() });
  const signin = (email: string, password: string, lang?: string) =>
    t.call({ method: 'POST', url: '/api/signin', payload: { email, password }, lang, remoteAddress: addr() });
  /** A published track with a stored original, downloaded by the member: the track and the licence issued. */
  const licensedTo = async (token: string, title: string, fileName: string): Promise<{ track: number; licenceId: string }> => {
    const track = await t.track({ title });
    const key = `tracks/${track}/original.wav`;
    await t.ctx.storage.put(key, Buffer.from(`RIFF-${fileName}`));
    await updateTrack(t.ctx.db.kysely, track, { original_key: key, file_name: fileName, original_mime: 'audio/wav' });
    const licenceId = (await t.call({ method: 'GET', url: `/api/download/download?musicId=${track}`, token })).json().body
      .licenceId as string;
    return { track, licenceId };
  };

  describe('consent at sign-up', () => {
    it('refuses a missing required consent in the caller’s language, after the form’s own rules', async () => {
      const noTerms = await signup(form({ agreeTerms: false }));
      expect(noTerms.statusCode).toBe(400);
      expect(noTerms.json()).toMatchObject({
        code: 'TERMS_NOT_AGREED',
        message: '만 14세 이상인지 확인하고 서비스 이용약관에 동의해주세요. 만 14세 미만은 가입할 수 없습니다.',
      });
      const noPrivacy = await signup(form({ agreePrivacy: undefined }), 'en');
      expect(noPrivacy.json()).toMatchObject({
        code: 'PRIVACY_NOT_AGREED',
        message: 'Please agree to the collection and use of your personal information.',
      });
      expect((await signup(form({ agreeTerms: undefined }), 'ja')).json()).toMatchObject({
        code: 'TERMS_NOT_AGREED',
        message: '14歳以上であることを確認し、利用規約に同意してください。14歳未満の方は登録できません。',
      });
      // A consent is a boolean, not a word for one.
      expect((await signup(form({ agreeTerms: 'yes' }))).json().code).toBe('VALIDATION_FAILED');
      // The five rules of the form come first.
      expect((await signup(form({ phone: '', agreeTerms: false }))).json().code).toBe('SIGNUP_REQUIRED_FIELDS');
      expect((await signup(form({ email: 'bad', agreePrivacy: false }))).json().code).toBe('INVALID_EMAIL');
      // Nothing was written: the address is still free.
      const payload = form({ agreeTerms: false });
      await signup(payload);
      expect((await signup({ ...payload, agreeTerms: true })).statusCode).toBe(201);
    });

    it('records each consent with its document version and time; marketing is optional and revocable', async () => {
      const before = new Date().toISOString();
      const payload = form({ agreeMarketing: true });
      expect((await signup(payload)).statusCode).toBe(201);
      const { token } = (await signin(payload.email, 'secret1')).json().body;
      const consents = (await t.call({ method: 'GET', url: '/api/my/consents', token })).json().body;
      expect(consents).toHaveLength(3);
      for (const c of consents) {
        expect(c).toMatchObject({ agreed: true, version: CONSENT_VERSIONS[c.kind as keyof typeof CONSENT_VERSIONS], withdrawnAt: null });
        expect(c.agreedAt >= before).toBe(true);
      }
      const off = await t.call({ method: 'PUT', url: '/api/my/consents/marketing', token, payload: { agreed: false } });
      expect(off.json().body).toMatchObject({ kind: 'marketing', agreed: false });
      expect(off.json().body.withdrawnAt).not.toBeNull();
      const on = await t.call({ method: 'PUT', url: '/api/my/consents/marketing', token, payload: { agreed: true } });
      expect(on.json().body).toMatchObject({ kind: 'marketing', agreed: true, withdrawnAt: null });

      const quiet = form();
      await signup(quiet);
      const quietToken = (await signin(quiet.email, 'secret1')).json().body.token;
      const marketing = (await t.call({ method: 'GET', url: '/api/my/consents', token: quietToken }))
        .json()
        .body.find((c: { kind: string }) => c.kind === 'marketing');
      expect(marketing).toMatchObject({ agreed: false, agreedAt: null });
      expect((await t.call({ method: 'GET', url: '/api/my/consents' })).statusCode).toBe(401);
    });
  });

  describe('the notice of a marketing consent (Network Act art. 50(8))', () => {
    it('mails who sends, the day and what was done, at sign-up and on each change, and nothing when nothing changes', async () => {
      const payload = form({ agreeMarketing: true });
      expect((await signup(payload)).statusCode).toBe(201);
      const given = await t.mailbox!.next(payload.email);
      expect(given.subject).toBe('[소리] 광고성 정보 수신 동의 처리 결과 안내');
      expect(given.text).toContain('처리 내용: 수신 동의');
      expect(given.text).toMatch(/전송자: \S/u);
      expect(given.text).toMatch(/처리 일자: \d{4}년 \d{1,2}월 \d{1,2}일/u);
      const { token } = (await signin(payload.email, 'secret1')).json().body;
      const marketing = (agreed: boolean, lang = 'ko') =>
        t.call({ method: 'PUT', url: '/api/my/consents/marketing', token, payload: { agreed }, lang });
      expect((await marketing(false)).statusCode).toBe(200);
      const withdrawn = await t.mailbox!.next(payload.email);
      expect(withdrawn.subject).toBe('[소리] 광고성 정보 수신 동의 철회 처리 결과 안내');
      expect(withdrawn.text).toContain('수신 동의 철회');
      // Withdrawn again: nothing changes, no mail. The next mail is the consent given again, in English.
      expect((await marketing(false)).json().body).toMatchObject({ agreed: false });
      expect((await marketing(true, 'en')).statusCode).toBe(200);
      const again = await t.mailbox!.next(payload.email);
      expect(again.subject).toBe('[Sori] Your consent to event and offer e-mails is recorded');
      // A sign-up without the consent gets no such mail.
      const quiet = form();
      expect((await signup(quiet)).statusCode).toBe(201);
      await expect(t.mailbox!.next(quiet.email, 1500)).rejects.toThrow(/no mail/u);
    });
  });

  describe('password reset by e-mail', () => {
    it('mails a link to the web app’s reset screen in the member’s language; the link sets the password and signs in', async () => {
      const payload = form();
      expect((await signup(payload, 'ja')).statusCode).toBe(201);
      expect(
        (await t.call({ method: 'POST', url: '/api/findpw', payload: { email: payload.email }, remoteAddress: addr() })).statusCode,
      ).toBe(202);
      const mail = await t.mailbox!.next(payload.email);
      expect(mail.subject).toBe('【Sori】パスワード再設定のご案内');
      expect(mail.from?.text).toContain('no-reply@sori.example');
      const link = new URL(/https:\/\/sori\.test\/reset-password\?token=\S+/u.exec(mail.text ?? '')![0]);
      expect(mail.html).toContain(link.searchParams.get('token'));
      const done = await t.call({
        method: 'POST',
        url: '/api/resetpw',
        payload: { token: link.searchParams.get('token'), password: 'brandnew1', confirmPassword: 'brandnew1' },
      });
      expect(done.statusCode).toBe(200);
      const me = await t.call({ method: 'GET', url: '/api/my/user', token: done.json().body.token });
      expect(me.json().body.email).toBe(payload.email);
      expect((await signin(payload.email, 'brandnew1')).statusCode).toBe(200);
    });

    it('writes to a member in the language they last signed in with', async () => {
      const payload = form();
      await signup(payload, 'ko');
      await signin(payload.email, 'secret1', 'en-GB,en;q=0.9');
      await t.call({ method: 'POST', url: '/api/findpw', payload: { email: payload.email }, remoteAddress: addr() });
      expect((await t.mailbox!.next(payload.email)).subject).toBe('[Sori] Reset your password');
    });

    it('writes in the language the reset is asked in; the reset, which signs in, keeps that language for later mail', async () => {
      const payload = form();
      await signup(payload, 'ko');
      // Asked from the Japanese screen: the reader reads Japanese now, whatever the account last used.
      await t.call({ method: 'POST', url: '/api/findpw', payload: { email: payload.email }, lang: 'ja', remoteAddress: addr() });
      const mail = await t.mailbox!.next(payload.email);
      expect(mail.subject).toBe('【Sori】パスワード再設定のご案内');
      const token = new URL(/https:\/\/sori\.test\/reset-password\?token=\S+/u.exec(mail.text ?? '')![0]).searchParams.get('token');
      // Asking is open to anyone, so it does not change the member's language: a request naming none is in Korean.
      await t.call({ method: 'POST', url: '/api/findpw', payload: { email: payload.email }, remoteAddress: addr() });
      expect((await t.mailbox!.next(payload.email)).subject).toBe('[소리] 비밀번호 재설정 안내');
      const done = await t.call({
        method: 'POST',
        url: '/api/resetpw',
        payload: { token, password: 'brandnew1', confirmPassword: 'brandnew1' },
        lang: 'en-US,en;q=0.9',
      });
      expect(done.statusCode).toBe(200);
      // The member is told the password changed, in the language of the reset.
      expect((await t.mailbox!.next(payload.email)).subject).toBe('[Sori] Your password was changed');
      await t.call({ method: 'POST', url: '/api/findpw', payload: { email: payload.email }, remoteAddress: addr() });
      expect((await t.mailbox!.next(payload.email)).subject).toBe('[Sori] Reset your password');
    });
  });

  describe('profile and password', () => {
    it('changes nick, name, phone and team by the signup rules', async () => {
      const u = await t.user();
      const patch = (payload: Record<string, unknown>, lang = 'ko') =>
        t.call({ method: 'PATCH', url: '/api/my/user', token: u.token, payload, lang });
      const base = { nick: '새별', name: '김새별', phone: '010-9999-0000', team: '영상팀' };
      expect((await patch({ ...base, phone: 'call me' })).json()).toMatchObject({ code: 'INVALID_PHONE' });
      for (const phone of ['12', '02-12', '010-1234', '+1 555']) {
        const res = await patch({ ...base, phone }, 'en');
        expect(res.statusCode, phone).toBe(400);
        expect(res.json(), phone).toMatchObject({
          code: 'INVALID_PHONE',
          message: 'Please enter a valid mobile number. For a number outside Korea, start with its country code (e.g. +81 90-1234-5678).',
        });
      }
      // Kept in one form: Korean numbers hyphenated as written at home, others as E.164.
      for (const [phone, kept] of [
        ['02 123 4567', '02-123-4567'],
        ['+82 (0)31-8765-4321', '031-8765-4321'],
        ['+44 20 7946 0958', '+442079460958'],
        ['０１０－９８７６－５４３２', '010-9876-5432'],
      ] as const) {
        const res = await patch({ ...base, phone });
        expect(res.statusCode, phone).toBe(200);
        expect(res.json().body.phone, phone).toBe(kept);
      }
      expect((await patch({ ...base, nick: ' ' }, 'en')).json()).toMatchObject({
        code: 'NICK_REQUIRED',
        message: 'Please enter a nickname.',
      });
      expect((await patch({ ...base, name: '' })).json().code).toBe('SIGNUP_REQUIRED_FIELDS');
      expect((await patch({ ...base, team: 'x'.repeat(500) }, 'ja')).json()).toMatchObject({
        code: 'FIELD_TOO_LONG',
        message: 'チーム・所属は100文字以内で入力してください。',
      });
      const done = await patch(base);
      expect(done.statusCode).toBe(200);
      expect(done.json().body).toMatchObject({ ...base, email: u.email });
      expect((await t.call({ method: 'GET', url: '/api/my/user', token: u.token })).json().body.nick).toBe('새별');
      expect((await t.call({ method: 'PATCH', url: '/api/my/user', payload: base })).statusCode).toBe(401);
    });

    it('reads a phone number stored before numbers were checked: in the kept form when it is one, else as it was', async () => {
      const u = await t.user();
      const me = async () => (await t.call({ method: 'GET', url: '/api/my/user', token: u.token })).json().body;
      const store = (phone: string) => t.ctx.db.kysely.updateTable('users').set({ phone }).where('id', '=', u.id).execute();
      await store('01098765432');
      expect((await me()).phone).toBe('010-9876-5432');
      await store('12');
      expect((await me()).phone).toBe('12');
      // Saving the profile again asks for a real number, and the account page marks the field for it.
      const again = await t.call({
        method: 'PATCH',
        url: '/api/my/user',
        token: u.token,
        payload: { nick: '별', name: '김별', phone: '12' },
      });
      expect(again.json()).toMatchObject({
        code: 'INVALID_PHONE',
        message: '올바른 휴대전화 번호를 입력해주세요. 해외 번호는 국가번호부터 입력해주세요(예: +81 90-1234-5678).',
      });
    });

    it('needs the current password, then ends every other session and keeps this one on a new token', async () => {
      const u = await t.user({ password: 'firstpass' });
      const other = (await signin(u.email, 'firstpass')).json().body.token;
      const change = (payload: Record<string, unknown>) =>
        t.call({ method: 'POST', url: '/api/my/password', token: u.token, payload, lang: 'en' });
      const wrong = await change({ currentPassword: 'nope', password: 'secondpass', confirmPassword: 'secondpass' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', message: 'Your current password is not correct.' });
      expect((await change({ currentPassword: 'firstpass', password: '123', confirmPassword: '123' })).json().code).toBe(
        'PASSWORD_TOO_SHORT',
      );
      expect((await change({ currentPassword: 'firstpass', password: 'secondpass', confirmPassword: 'other' })).json().code).toBe(
        'PASSWORD_MISMATCH',
      );
      // Nothing changed yet, and nothing told.
      await expect(t.mailbox!.next(u.email, 1000)).rejects.toThrow(/no mail/u);
      const done = await t.call({
        method: 'POST',
        url: '/api/my/password',
        token: u.token,
        payload: { currentPassword: 'firstpass', password: 'secondpass', confirmPassword: 'secondpass' },
        lang: 'ko',
        headers: { 'user-agent': SAFARI_IPHONE },
        remoteAddress: '203.0.113.21',
      });
      expect(done.statusCode).toBe(200);
      // The member is told by mail, whatever their alert settings: when, where, and the way back in if it was not them.
      const told = await t.mailbox!.next(u.email);
      expect(told.subject).toBe('[소리] 비밀번호가 변경되었습니다');
      expect(told.text).toContain('기기: Safari · iOS (휴대폰)');
      expect(told.text).toContain('IP 주소: 203.0.113.21');
      expect(told.text).toMatch(/일시: \d{4}년 \d{1,2}월 \d{1,2}일 \d{2}:\d{2} \(KST\)/u);
      expect(told.text).toContain('‘비밀번호를 잊으셨나요?’');
      expect(told.html).toContain('href="https://sori.test/"');
      const fresh = done.json().body.token as string;
      expect((await t.call({ method: 'GET', url: '/api/my/user', token: fresh })).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: '/api/my/user', token: other })).statusCode).toBe(401);
      expect((await t.call({ method: 'GET', url: '/api/my/user', token: u.token })).statusCode).toBe(401);
      expect((await signin(u.email, 'firstpass')).statusCode).toBe(401);
      expect((await signin(u.email, 'secondpass')).statusCode).toBe(200);
    });
  });

  describe('plans', () => {
    it('the level follows the plan; /api/my/user carries it; /api/site lists what each plan includes', async () => {
      const u = await t.user();
      const me = () => t.call({ method: 'GET', url: '/api/my/user', token: u.token }).then((r) => r.json().body);
      expect(await me()).toMatchObject({ plan: 'free', level: 1, planExpiresAt: null });
      await t.ctx.accounts.setPlan(u.email, 'family', null);
      expect(await me()).toMatchObject({ plan: 'family', level: 5 });
      await t.ctx.accounts.setPlan(u.email, 'free', null);
      expect(await me()).toMatchObject({ plan: 'free', level: 1 });
      await expect(t.ctx.accounts.setPlan(u.email, 'gold', null)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      const site = (await t.call({ method: 'GET', url: '/api/site' })).json().body;
      expect(site.plans.map((p: { id: string }) => p.id)).toEqual(['free', 'premium', 'family']);
      expect(site.plans[1]).toMatchObject({ downloads: true, channels: 1 });
      expect(site.mailEnabled).toBe(true);
    });

    it('a paid plan lapses to free at its end, and its channels end after the grace period', async () => {
      const u = await t.user({ plan: 'premium' });
      const added = await t.call({
        method: 'POST',
        url: '/api/my/channels',
        token: u.token,
        payload: { url: `https://youtube.com/channel/${UC('L')}` },
      });
      expect(added.statusCode).toBe(201);
      const end = new Date(Date.now() - 1000);
      await t.ctx.accounts.setPlan(u.email, 'premium', end);
      expect(await t.ctx.accounts.lapsePlans()).toBeGreaterThanOrEqual(1);
      const me = (await t.call({ method: 'GET', url: '/api/my/user', token: u.token })).json().body;
      expect(me).toMatchObject({ plan: 'free', level: 1, planExpiresAt: null });
      const [channel] = (await t.call({ method: 'GET', url: '/api/my/channels', token: u.token })).json().body as Channel[];
      expect(Date.parse(channel!.endsAt!) - end.getTime()).toBe(t.ctx.config.site.clearanceGraceDays * 86_400_000);
      // Still cleared during the grace period; retired after it, and free for another account.
      expect(t.cli('clearance:export').stdout).toContain(UC('L'));
      await t.ctx.accounts.lapsePlans(new Date(Date.parse(channel!.endsAt!) + 1));
      expect(t.cli('clearance:export').stdout).not.toContain(UC('L'));
      const next = await t.user({ plan: 'premium' });
      expect((await t.call({ method: 'POST', url: '/api/my/channels', token: next.token, payload: { url: UC('L') } })).statusCode).toBe(
        201,
      );
    });
  });

  describe('channel clearance', () => {
    const add = (token: string, url: unknown, lang = 'ko') =>
      t.call({ method: 'POST', url: '/api/my/channels', token, payload: { url }, lang });

    it('normalises a YouTube channel and refuses what is not one', async () => {
      const u = await t.user({ plan: 'family' });
      const byLink = await add(u.token, `https://www.youtube.com/channel/${UC('a')}/videos?view=0`);
      expect(byLink.statusCode).toBe(201);
      expect(byLink.json().body).toMatchObject({
        platform: 'youtube',
        externalId: UC('a'),
        url: `https://www.youtube.com/channel/${UC('a')}`,
        endsAt: null,
      });
      const again = await add(u.token, UC('a'), 'en');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'CHANNEL_ALREADY_ADDED', message: 'You have already registered this channel.' });
      expect((await add(u.token, 'https://youtu.be/dQw4w9WgXcQ')).json().code).toBe('CHANNEL_VIDEO_LINK');
      expect((await add(u.token, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).json().code).toBe('CHANNEL_VIDEO_LINK');
      // The last: a path that is not valid percent-encoding (kept, it was stored encoded twice).
      for (const bad of ['', 'not a url', 'UCshort', 'ftp://youtube.com/@x', 42, 'https://example.com/%C3%28']) {
        const res = await add(u.token, bad);
        expect(res.statusCode, String(bad)).toBe(400);
      }
      const handle = await add(u.token, 'm.youtube.com/@SoriMusic');
      expect(handle.json().body).toMatchObject({ platform: 'youtube', externalId: '@sorimusic' });
      expect((await add(u.token, '@sorimusic')).json().code).toBe('CHANNEL_ALREADY_ADDED');
    });

    it('says which limit a too-long handle, account name or address is past, in the caller’s language', async () => {
      const u = await t.user({ plan: 'family' });
      const handle = await add(u.token, `@${'a'.repeat(31)}`);
      expect(handle.statusCode).toBe(400);
      expect(handle.json()).toMatchObject({
        code: 'CHANNEL_NAME_TOO_LONG',
        message: 'YouTube 핸들은 30자까지 입력할 수 있습니다(현재 31자).',
        details: { platform: 'youtube', max: 30, length: 31 },
      });
      const linked = await add(u.token, `https://www.youtube.com/@${'소리'.repeat(20)}`, 'en');
      expect(linked.json()).toMatchObject({
        code: 'CHANNEL_NAME_TOO_LONG',
        message: 'YouTube handles can be at most 30 characters long; this one has 40.',
      });
      const tiktok = await add(u.token, `https://www.tiktok.com/@${'b'.repeat(65)}`, 'ja');
      expect(tiktok.statusCode).toBe(400);
      expect(tiktok.json().message).toBe('TikTokのアカウント名は64文字以内で入力してください（現在65文字）。');
      // The whole address: as sent, and as kept (a Korean path, percent-encoded, is about nine times as long,
      // which PostgreSQL's unique index on it could not take: that was a 500 there).
      const sent = await add(u.token, `https://example.com/${'c'.repeat(2030)}`, 'en');
      expect(sent.statusCode).toBe(400);
      expect(sent.json()).toMatchObject({
        code: 'FIELD_TOO_LONG',
        message: 'Channel address can be at most 2,048 characters.',
        details: { field: 'channel', max: 2048 },
      });
      const hangul = Array.from({ length: 1000 }, (_, i) => String.fromCharCode(0xac00 + ((i * 7919) % 11172))).join('');
      const kept = await add(u.token, `https://example.com/${hangul}`);
      expect(kept.statusCode).toBe(400);
      expect(kept.json()).toMatchObject({ code: 'FIELD_TOO_LONG', message: '채널 주소 항목은 2,048자까지 입력할 수 있습니다.' });
      // At the limits, channels are taken.
      expect((await add(u.token, `@${'d'.repeat(30)}`)).statusCode).toBe(201);
      expect((await add(u.token, `tiktok.com/@${'e'.repeat(64)}`)).statusCode).toBe(201);
      // Not a handle at all is still "check the address".
      expect((await add(u.token, `@${'f'.repeat(31)}!`)).json().code).toBe('INVALID_CHANNEL');
    });

    it('says a YouTube handle under 3 characters is too short, in the caller’s language, and takes one of 3', async () => {
      const u = await t.user({ plan: 'family' });
      const bare = await add(u.token, '@sr');
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toMatchObject({
        code: 'CHANNEL_NAME_TOO_SHORT',
        message: 'YouTube 핸들은 3자 이상이어야 합니다(현재 2자). 빠진 글자가 없는지 확인해주세요.',
        details: { platform: 'youtube', min: 3, length: 2 },
      });
      const linked = await add(u.token, 'https://www.youtube.com/@소리', 'en');
      expect(linked.statusCode).toBe(400);
      expect(linked.json()).toMatchObject({
        code: 'CHANNEL_NAME_TOO_SHORT',
        message: 'YouTube handles are at least 3 characters long; this one has 2. Please check that nothing is missing.',
      });
      const one = await add(u.token, 'youtube.com/@k', 'ja');
      expect(one.json().message).toBe('YouTubeのハンドルは3文字以上です（現在1文字）。抜けている文字がないかご確認ください。');
      // Not a handle at all is still "check the address"; three characters are a handle.
      expect((await add(u.token, '@s!')).json().code).toBe('INVALID_CHANNEL');
      expect((await add(u.token, '@')).json().code).toBe('INVALID_CHANNEL');
      const three = await add(u.token, 'youtube.com/@소리샘');
      expect(three.statusCode).toBe(201);
      expect(three.json().body).toMatchObject({ platform: 'youtube', externalId: '@소리샘' });
    });

    it('keeps within the plan’s allowance with a 403 that names the plan', async () => {
      const free = await t.user();
      const none = await add(free.token, UC('f'));
      expect(none.statusCode).toBe(403);
      expect(none.json()).toMatchObject({
        code: 'CHANNEL_LIMIT',
        message: expect.stringContaining('무료'),
        details: { planId: 'free', limit: 0 },
      });
      const premium = await t.user({ plan: 'premium' });
      expect((await add(premium.token, UC('p'))).statusCode).toBe(201);
      const over = await add(premium.token, 'https://www.tiktok.com/@sori.beats', 'ja');
      expect(over.statusCode).toBe(403);
      expect(over.json().message).toContain('プレミアム');
      expect(over.json().message).toContain('1');
    });

    it('gives a channel to one account at a time; removing it frees it', async () => {
      const a = await t.user({ plan: 'premium' });
      const b = await t.user({ plan: 'premium' });
      const mine = await add(a.token, `youtube.com/channel/${UC('s')}`);
      expect(mine.statusCode).toBe(201);
      const taken = await add(b.token, UC('s'));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'CHANNEL_TAKEN', message: expect.stringContaining('다른 계정') });
      const id = mine.json().body.id;
      expect((await t.call({ method: 'DELETE', url: `/api/my/channels/${id}`, token: b.token })).statusCode).toBe(404);
      expect((await t.call({ method: 'DELETE', url: `/api/my/channels/${id}`, token: a.token })).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: '/api/my/channels', token: a.token })).json().body).toEqual([]);
      expect((await add(b.token, UC('s'))).statusCode).toBe(201);
      expect((await t.call({ method: 'GET', url: '/api/my/channels' })).statusCode).toBe(401);
    });

    it('parallel registrations end exactly at the allowance, and one channel goes to one account', async () => {
      const u = await t.user({ plan: 'family' });
      const results = await Promise.all(['1', '2', '3', '4', '5', '6'].map((c) => add(u.token, UC(c))));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(results.filter((r) => r.statusCode === 403)).toHaveLength(3);
      const rivals = await Promise.all([t.user({ plan: 'premium' }), t.user({ plan: 'premium' }), t.user({ plan: 'premium' })]);
      const race = await Promise.all(rivals.map((r) => add(r.token, UC('R'))));
      expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    });

    it('a smaller plan ends the newest channels after the grace period; a bigger one clears them again', async () => {
      const u = await t.user({ plan: 'family' });
      for (const c of ['x', 'y', 'z']) expect((await add(u.token, UC(c))).statusCode).toBe(201);
      await t.ctx.accounts.setPlan(u.email, 'premium', null);
      const list = (await t.call({ method: 'GET', url: '/api/my/channels', token: u.token })).json().body as Channel[];
      expect(list.map((c) => [c.externalId, c.endsAt === null])).toEqual([
        [UC('x'), true],
        [UC('y'), false],
        [UC('z'), false],
      ]);
      await t.ctx.accounts.setPlan(u.email, 'family', null);
      const back = (await t.call({ method: 'GET', url: '/api/my/channels', token: u.token })).json().body as Channel[];
      expect(back.every((c) => c.endsAt === null)).toBe(true);
    });

    it('the verify page of an active licence lists the licensee’s cleared channels; the export lists them as CSV', async () => {
      const u = await t.user({ plan: 'premium' });
      await add(u.token, `https://www.youtube.com/channel/${UC('v')}`);
      const { licenceId } = await licensedTo(u.token, '검증의 노래', 'song.wav');
      const signed = (await t.call({ method: 'GET', url: `/api/licences/${licenceId}` })).json().body;
      const cleared = await t.call({ method: 'GET', url: `/api/licences/${licenceId}/channels` });
      expect(cleared.statusCode).toBe(200);
      // Each with the day it is cleared since (the verify page shows it), as the member's own list has it.
      const [mine] = (await t.call({ method: 'GET', url: '/api/my/channels', token: u.token })).json().body as Channel[];
      expect(cleared.json().body).toEqual([
        { platform: 'youtube', externalId: UC('v'), url: `https://www.youtube.com/channel/${UC('v')}`, clearedSince: mine!.clearedSince },
      ]);
      // Beside the licence, never in it: the signed licence reads as it was signed, naming no channel.
      expect((await t.call({ method: 'GET', url: `/api/licences/${licenceId}` })).json().body).toEqual(signed);
      expect(JSON.stringify(signed)).not.toContain(UC('v'));
      expect((await t.call({ method: 'GET', url: '/api/licences/SORI-0000-0000-0000/channels' })).statusCode).toBe(404);

      const today = new Date().toISOString().slice(0, 10);
      const csv = t.cli('clearance:export', '--since', today);
      expect(csv.status).toBe(0);
      const lines = csv.stdout.trim().split('\r\n');
      expect(lines[0]).toBe('channel_id,platform,cleared_since,account_id');
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${UC('v')},youtube,${today}T[^,]+,${u.id}$`, 'u')));
      expect(t.cli('clearance:export', '--since', '2999-01-01').stdout.trim()).toBe('channel_id,platform,cleared_since,account_id');
      expect(t.cli('clearance:export', '--since', 'yesterday').status).toBe(2);

      await t.ctx.licences.revoke(licenceId, 'test');
      expect((await t.call({ method: 'GET', url: `/api/licences/${licenceId}/channels` })).json().body).toEqual([]);
    });
  });

  describe('signed-in devices', () => {
    const signinFrom = async (email: string, password: string, agent: string, from = addr(), lang?: string) =>
      (
        await t.call({
          method: 'POST',
          url: '/api/signin',
          payload: { email, password },
          headers: { 'user-agent': agent },
          remoteAddress: from,
          lang,
        })
      ).json().body.token as string;
    const list = async (token: string) => t.call({ method: 'GET', url: '/api/my/sessions', token });
    /** The session id a token carries (its `sid` claim), read without verifying. */
    const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

    it('lists each device signed in, this one first, by browser, system and kind, without the sessions’ own ids', async () => {
      const u = await t.user({ password: 'devices1' });
      const phone = await signinFrom(u.email, 'devices1', SAFARI_IPHONE);
      const desk = await signinFrom(u.email, 'devices1', CHROME_WINDOWS);
      const res = await list(desk);
      expect(res.statusCode).toBe(200);
      const devices = res.json().body as {
        id: string;
        current: boolean;
        browser: string | null;
        os: string | null;
        platform: string | null;
      }[];
      expect(devices).toHaveLength(3);
      expect(devices[0]).toMatchObject({ current: true, browser: 'Chrome', os: 'Windows', platform: 'desktop' });
      expect(devices.filter((d) => d.current)).toHaveLength(1);
      expect(devices).toContainEqual(expect.objectContaining({ current: false, browser: 'Safari', os: 'iOS', platform: 'mobile' }));
      // The test helper signs in without a browser: listed, as not recognised.
      expect(devices).toContainEqual(expect.objectContaining({ current: false, browser: null, os: null, platform: null }));
      for (const token of [u.token, phone, desk]) expect(res.body).not.toContain(sidOf(token));
      // Seen from the phone, the phone is this device.
      expect((await list(phone)).json().body[0]).toMatchObject({ current: true, browser: 'Safari' });
      expect((await t.call({ method: 'GET', url: '/api/my/sessions' })).statusCode).toBe(401);
    });

    it('signs one device out at once; another member’s device, an unknown or a malformed id is refused', async () => {
      const u = await t.user({ password: 'devices2' });
      const phone = await signinFrom(u.email, 'devices2', SAFARI_IPHONE);
      const other = await t.user();
      const phoneId = ((await list(u.token)).json().body as { id: string; browser: string | null }[]).find(
        (d) => d.browser === 'Safari',
      )!.id;
      const otherId = (await list(other.token)).json().body[0].id as string;
      const end = (id: string, token: string, lang = 'ko') => t.call({ method: 'DELETE', url: `/api/my/sessions/${id}`, token, lang });

      // Not another member's: theirs goes on.
      const foreign = await end(otherId, u.token);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'SESSION_NOT_FOUND', message: '이미 로그아웃된 기기입니다. 목록을 새로 불러왔습니다.' });
      expect((await t.call({ method: 'GET', url: '/api/my/user', token: other.token })).statusCode).toBe(200);
      expect((await end('x'.repeat(22), u.token, 'en')).json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
      const malformed = await end('not-an-id', u.token, 'en');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBeTruthy();

      expect((await t.call({ method: 'GET', url: '/api/my/user', token: phone })).statusCode).toBe(200);
      const ended = await end(phoneId, u.token);
      expect(ended.statusCode).toBe(200);
      expect(ended.json().body).toEqual({ id: phoneId });
      expect((await t.call({ method: 'GET', url: '/api/my/user', token: phone })).statusCode).toBe(401);
      expect((await list(u.token)).json().body.map((d: { id: string }) => d.id)).not.toContain(phoneId);
      // Twice is the second time too late, and says so.
      expect((await end(phoneId, u.token)).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url: '/api/my/user', token: u.token })).statusCode).toBe(200);
    });

    it('signs out every other device and keeps this one', async () => {
      const u = await t.user({ password: 'devices3' });
      const phone = await signinFrom(u.email, 'devices3', SAFARI_IPHONE);
      const desk = await signinFrom(u.email, 'devices3', CHROME_WINDOWS);
      const res = await t.call({ method: 'DELETE', url: '/api/my/sessions', token: desk });
      expect(res.statusCode).toBe(200);
      expect(res.json().body).toEqual({ ended: 2 });
      for (const token of [u.token, phone]) expect((await t.call({ method: 'GET', url: '/api/my/user', token })).statusCode).toBe(401);
      expect((await list(desk)).json().body).toEqual([expect.objectContaining({ current: true, browser: 'Chrome' })]);
      expect((await t.call({ method: 'DELETE', url: '/api/my/sessions', token: desk })).json().body).toEqual({ ended: 0 });
    });

    it('mails the member on a sign-in from a device none of their sessions came from, with when, what and where', async () => {
      const payload = form();
      expect((await signup(payload)).statusCode).toBe(201);
      // The first sign-in has nothing to compare with: no mail.
      await signinFrom(payload.email, 'secret1', CHROME_WINDOWS, '203.0.113.7', 'ko');
      await expect(t.mailbox!.next(payload.email, 1500)).rejects.toThrow(/no mail/u);

      await signinFrom(payload.email, 'secret1', SAFARI_IPHONE, '203.0.113.9', 'ko');
      const mail = await t.mailbox!.next(payload.email);
      expect(mail.subject).toBe('[소리] 새로운 기기에서 로그인되었습니다');
      expect(mail.text).toContain('기기: Safari · iOS (휴대폰)');
      expect(mail.text).toContain('IP 주소: 203.0.113.9');
      expect(mail.text).toMatch(/일시: \d{4}년 \d{1,2}월 \d{1,2}일 \d{2}:\d{2} \(KST\)/u);
      expect(mail.text).toContain('https://sori.test/account');
      expect(mail.html).toContain('로그인한 기기 확인하기');

      // The same phone again, or the computer again: nothing new.
      await signinFrom(payload.email, 'secret1', SAFARI_IPHONE, '198.51.100.4', 'ko');
      await signinFrom(payload.email, 'secret1', CHROME_WINDOWS, '198.51.100.5', 'ko');
      await expect(t.mailbox!.next(payload.email, 1500)).rejects.toThrow(/no mail/u);
      // Another browser, in the language of that sign-in.
      await signinFrom(payload.email, 'secret1', CHROME_WINDOWS.replace('Chrome/131.0.0.0 Safari/537.36', 'Firefox/133.0'), addr(), 'en');
      const english = await t.mailbox!.next(payload.email);
      expect(english.subject).toBe('[Sori] New sign-in to your account');
      expect(english.text).toContain('Device: Firefox · Windows (Computer)');
      // A wrong password tells nothing.
      const refused = await t.call({
        method: 'POST',
        url: '/api/signin',
        payload: { email: payload.email, password: 'wrong-one' },
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
        remoteAddress: addr(),
      });
      expect(refused.statusCode).toBe(401);
      await expect(t.mailbox!.next(payload.email, 1500)).rejects.toThrow(/no mail/u);
    });

    it('sends no new-device mail to a member who turned it off, and sends it again once turned back on', async () => {
      const payload = form();
      expect((await signup(payload)).statusCode).toBe(201);
      const token = await signinFrom(payload.email, 'secret1', CHROME_WINDOWS, addr(), 'ko');
      const alerts = (body?: Record<string, unknown>, lang = 'ko') =>
        t.call({ method: body === undefined ? 'GET' : 'PUT', url: '/api/my/alerts', token, payload: body, lang });
      expect((await alerts()).json().body).toEqual({ newDevice: true });

      // Bad input is refused in the caller's language and changes nothing.
      for (const bad of [{ newDevice: 'no' }, {}, { newDevice: null }]) {
        const res = await alerts(bad, 'ja');
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/[ぁ-んァ-ン一-龯]/u);
      }
      expect((await alerts()).json().body).toEqual({ newDevice: true });

      const off = await alerts({ newDevice: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().body).toEqual({ newDevice: false });
      expect((await alerts()).json().body).toEqual({ newDevice: false });
      await signinFrom(payload.email, 'secret1', SAFARI_IPHONE, addr(), 'ko');
      await expect(t.mailbox!.next(payload.email, 1500)).rejects.toThrow(/no mail/u);
      // The choice is the member's data too.
      const data = await t.call({ method: 'GET', url: '/api/my/data', token });
      expect(data.json().body.account.newDeviceAlerts).toBe(false);

      expect((await alerts({ newDevice: true })).json().body).toEqual({ newDevice: true });
      await signinFrom(payload.email, 'secret1', CHROME_WINDOWS.replace('Chrome/131.0.0.0 Safari/537.36', 'Firefox/133.0'), addr(), 'ko');
      expect((await t.mailbox!.next(payload.email)).subject).toBe('[소리] 새로운 기기에서 로그인되었습니다');
    });

    it('records when a device was last used, at most once in ten minutes', async () => {
      const u = await t.user({ password: 'devices4' });
      const sid = sidOf(u.token);
      const db = t.ctx.db.kysely;
      const lastSeen = async () =>
        (await db.selectFrom('sessions').select('last_seen_at').where('id', '=', sid).executeTakeFirstOrThrow()).last_seen_at;
      const signedIn = await lastSeen();
      expect(signedIn).not.toBeNull();
      await t.call({ method: 'GET', url: '/api/my/user', token: u.token });
      expect(await lastSeen()).toBe(signedIn);
      const old = new Date(Date.now() - 11 * 60_000).toISOString();
      await db.updateTable('sessions').set({ last_seen_at: old }).where('id', '=', sid).execute();
      await t.call({ method: 'GET', url: '/api/my/user', token: u.token });
      const used = await lastSeen();
      expect(Date.parse(used!)).toBeGreaterThan(Date.now() - 60_000);
      expect((await list(u.token)).json().body[0].lastSeenAt).toBe(used);
    });
  });

  describe("downloading one's own data", () => {
    it('gives the member everything kept about them and nothing of anyone else; never the password or a token', async () => {
      const u = await t.user({ plan: 'premium', password: 'mydata12' });
      const other = await t.user();
      const profile = { nick: '내보내기', name: '김자료', phone: '010-2222-3333', team: '소리팀' };
      expect((await t.call({ method: 'PATCH', url: '/api/my/user', token: u.token, payload: profile })).statusCode).toBe(200);
      await t.call({ method: 'POST', url: '/api/my/channels', token: u.token, payload: { url: UC('d') } });
      const liked = await t.track({ title: '좋아한 노래', artist: '가수' });
      for (const who of [u, other]) await t.call({ method: 'POST', url: '/api/my/like', token: who.token, payload: { musicId: liked } });
      const { track: licensed, licenceId } = await licensedTo(u.token, '받은 노래', 'got.wav');
      const list = await t.call({
        method: 'POST',
        url: '/api/playbox/create',
        token: u.token,
        payload: { name: '내 목록', description: '설명' },
      });
      const playlistId = list.json().body.id as number;
      await t.call({ method: 'POST', url: '/api/playlist/add', token: u.token, payload: { playlistId, musicId: liked } });
      const upload = await t.track({ title: '내 업로드', owner_id: u.id, published: 0 });

      const res = await t.call({ method: 'GET', url: '/api/my/data', token: u.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const data = AccountData.parse(res.json().body);
      expect(data.format).toBe('sori-account-data/1');
      expect(data.account).toMatchObject({ id: u.id, email: u.email, ...profile, plan: 'premium', level: 5, language: 'ko' });
      expect(data.consents.map((c) => c.kind)).toEqual(['terms', 'privacy', 'marketing']);
      expect(data.channels).toEqual([expect.objectContaining({ platform: 'youtube', externalId: UC('d'), endsAt: null, removedAt: null })]);
      expect(data.likes).toEqual([{ track: { id: liked, title: '좋아한 노래', artist: '가수' }, likedAt: expect.any(String) }]);
      expect(data.downloads).toEqual([
        expect.objectContaining({ track: expect.objectContaining({ id: licensed, title: '받은 노래' }), count: 1 }),
      ]);
      expect(data.licences).toEqual([
        expect.objectContaining({ id: licenceId, status: 'active', edit: null, verifyUrl: `https://sori.test/verify/${licenceId}` }),
      ]);
      expect(data.playlists).toEqual([
        expect.objectContaining({
          id: playlistId,
          name: '내 목록',
          description: '설명',
          shared: false,
          tracks: [expect.objectContaining({ id: liked })],
        }),
      ]);
      expect(data.uploads).toEqual([expect.objectContaining({ id: upload, title: '내 업로드', published: false })]);
      expect(data.sessions.length).toBeGreaterThanOrEqual(1);
      expect(data.sessions.every((s) => Object.keys(s).join() === 'signedInAt,expiresAt,signedOutAt,lastSeenAt,browser,os,platform')).toBe(
        true,
      );
      // Nothing secret, nothing of the other member.
      expect(res.body).not.toContain('$argon2');
      expect(res.body).not.toContain(u.token);
      expect(res.body).not.toContain(other.email);
      // A removed channel stays in the history, marked so.
      const channel = (await t.call({ method: 'GET', url: '/api/my/channels', token: u.token })).json().body[0];
      await t.call({ method: 'DELETE', url: `/api/my/channels/${channel.id}`, token: u.token });
      const after = AccountData.parse((await t.call({ method: 'GET', url: '/api/my/data', token: u.token })).json().body);
      expect(after.channels[0]!.removedAt).not.toBeNull();
      // Only a member has data to download.
      expect((await t.call({ method: 'GET', url: '/api/my/data' })).statusCode).toBe(401);
    });

    it('is limited to 20 downloads an hour, then says when to try again', async () => {
      const u = await t.user();
      for (let i = 0; i < 20; i++) expect((await t.call({ method: 'GET', url: '/api/my/data', token: u.token })).statusCode).toBe(200);
      const refused = await t.call({ method: 'GET', url: '/api/my/data', token: u.token, lang: 'en' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toBeTruthy();
      // Another member is not held back by it.
      expect((await t.call({ method: 'GET', url: '/api/my/data', token: (await t.user()).token })).statusCode).toBe(200);
    });
  });

  describe('withdrawal', () => {
    it('needs the password; deletes personal data at once, keeps licences pseudonymised, frees the e-mail', async () => {
      const u = await t.user({ plan: 'premium', password: 'leaving1' });
      await t.call({ method: 'POST', url: '/api/my/channels', token: u.token, payload: { url: UC('w') } });
      const { licenceId } = await licensedTo(u.token, '떠나는 노래', 'leave.wav');
      const upload = await t.track({ title: '내 업로드', owner_id: u.id, published: 0 });
      await t.ctx.storage.put(`tracks/${upload}/original.wav`, Buffer.from('RIFF-mine'));

      const withdraw = (password: string) =>
        t.call({ method: 'POST', url: '/api/my/withdrawal', token: u.token, payload: { password }, lang: 'ja' });
      const wrong = await withdraw('nope');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'PASSWORD_WRONG', message: 'パスワードが正しくありません。' });
      expect((await withdraw('leaving1')).statusCode).toBe(200);

      expect((await t.call({ method: 'GET', url: '/api/my/user', token: u.token })).statusCode).toBe(401);
      expect((await signin(u.email, 'leaving1')).statusCode).toBe(401);
      const licence = (await t.call({ method: 'GET', url: `/api/licences/${licenceId}` })).json().body;
      expect(licence.status).toBe('active');
      expect(licence.licensee.email).toMatch(/^withdrawn-[0-9a-f]+@invalid$/u);
      expect(JSON.stringify(licence)).not.toContain(u.email.slice(0, 4));
      expect((await t.call({ method: 'GET', url: `/api/licences/${licenceId}/channels` })).json().body).toEqual([]);
      expect(await t.ctx.storage.stat(`tracks/${upload}/original.wav`)).toBeNull();
      expect((await t.call({ method: 'GET', url: `/api/musics/${upload}` })).statusCode).toBe(404);
      const rows = await t.ctx.db.kysely.selectFrom('consents').selectAll().where('user_id', '=', u.id).execute();
      expect(rows).toEqual([]);

      // The same e-mail signs up again, as a new account with its own consents.
      const again = await signup({ ...form(), email: u.email });
      expect(again.statusCode).toBe(201);
      expect(again.json().body.user.id).not.toBe(u.id);
      // And the channel it had is free.
      const other = await t.user({ plan: 'premium' });
      expect((await t.call({ method: 'POST', url: '/api/my/channels', token: other.token, payload: { url: UC('w') } })).statusCode).toBe(
        201,
      );
    });
  });
});

describe('mail off', () => {
  it('sends nothing, tells the web app, and the reset call still answers alike', async () => {
    const t = await createTestApp('sqlite', { SMTP_URL: '' });
    try {
      expect((await t.call({ method: 'GET', url: '/api/site' })).json().body.mailEnabled).toBe(false);
      const u = await t.user();
      expect((await t.call({ method: 'POST', url: '/api/findpw', payload: { email: u.email } })).statusCode).toBe(202);
      const resets = await t.ctx.db.kysely.selectFrom('password_resets').selectAll().where('user_id', '=', u.id).execute();
      expect(resets).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
