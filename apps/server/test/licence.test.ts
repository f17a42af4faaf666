import { LICENCE_ID_PATTERN, LICENCE_VERIFY_SCRIPT, type PublicLicence } from '@sori/contract';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import canonicalize from 'canonicalize';
import { updateTrack } from '../src/repositories/track.repository';
import { maskEmail, maskName, newLicenceId } from '../src/services/licences/licence.service';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';
import { metaOf, webDist } from './helpers/web-dist';

const ORIGINAL = Buffer.from('RIFF-this-stands-for-the-original-file-bytes-' + 'x'.repeat(5000));
const SHA256 = createHash('sha256').update(ORIGINAL).digest('hex');

/** A published track with a stored original, as a licensed download needs. */
async function licensable(t: TestApp, title = '바다의 노래', row: { owner_id?: number; published?: number } = {}): Promise<number> {
  const id = await t.track({ title, artist: '김소리', ...row });
  const key = `tracks/${id}/original.wav`;
  await t.ctx.storage.put(key, ORIGINAL);
  await updateTrack(t.ctx.db.kysely, id, { original_key: key, file_name: 'sea.wav', original_mime: 'audio/wav' });
  await t.ctx.catalogue.refresh([id]);
  return id;
}

/** Checks a licence the way anyone can: JCS of it without the signature, Ed25519, the published key. */
function verifies(licence: PublicLicence, pem: string): boolean {
  const { signature, ...rest } = licence;
  return verify(null, Buffer.from(canonicalize(rest)!, 'utf8'), createPublicKey(pem), Buffer.from(signature, 'base64url'));
}

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
if (!hasPdftotext) {
  if (process.env['REQUIRE_ALL'] === '1') throw new Error('REQUIRE_ALL=1 but pdftotext (poppler-utils) is missing');
  console.log('[licence tests] the certificate text check is skipped: pdftotext (poppler-utils) is not installed');
}

describe('licence ids and masking', () => {
  it('makes unguessable ids of the published form, never twice', () => {
    const ids = new Set(Array.from({ length: 2000 }, newLicenceId));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(LICENCE_ID_PATTERN);
  });

  it('shows a name and an e-mail only in part', () => {
    expect(maskName('김민준')).toBe('김**');
    expect(maskName('Kim')).toBe('K**');
    expect(maskName('이')).toBe('이*');
    expect(maskEmail('everyone@example.com')).toBe('ev***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });
});

describe.each(DIALECTS)('licences (%s)', (dialect) => {
  let t: TestApp;
  let buyer: { token: string; id: number; email: string };
  let trackId: number;
  let first: { licenceId: string };
  const dist = webDist();
  const base = 'https://sori.example';

  beforeAll(async () => {
    t = await createTestApp(dialect, { LICENCE_LOOKUPS_PER_MINUTE: '40', WEB_DIST: dist, PUBLIC_BASE_URL: base });
    buyer = await t.user({ plan: 'premium', email: `buyer-${dialect}@example.com` });
    trackId = await licensable(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const download = (token: string, id = trackId) => t.call({ method: 'GET', url: `/api/download/download?musicId=${id}`, token });
  const lookup = (id: string, lang = 'ko') => t.call({ method: 'GET', url: `/api/licences/${encodeURIComponent(id)}`, lang });

  it('issues a licence with a licensed download, and reuses it for the same file', async () => {
    const res = await download(buyer.token);
    expect(res.statusCode).toBe(200);
    first = res.json().body;
    expect(first.licenceId).toMatch(LICENCE_ID_PATTERN);
    const again = (await download(buyer.token)).json().body;
    expect(again.licenceId).toBe(first.licenceId);
  });

  it('tells the licensee on the track itself the licences they hold for it, and nobody else', async () => {
    const track = (token?: string) => t.call({ method: 'GET', url: `/api/musics/${trackId}`, token });
    const mine = (await track(buyer.token)).json().body;
    expect(mine.licences).toEqual([{ licenceId: first.licenceId, licensedAt: expect.any(String), status: 'active' }]);
    // Another member, and a visitor, see the track without anyone's licences.
    expect((await track((await t.user({ plan: 'premium' })).token)).json().body).not.toHaveProperty('licences');
    expect((await track()).json().body).not.toHaveProperty('licences');
  });

  it('saves a reused licence file under the name the licence gives it, after the track is retitled', async () => {
    const id = await licensable(t, '처음 제목');
    const member = await t.user({ plan: 'premium' });
    const before = (await download(member.token, id)).json().body;
    expect(before.fileName).toBe('김소리 - 처음 제목.wav');
    await updateTrack(t.ctx.db.kysely, id, { title: '바뀐 제목' });
    await t.ctx.catalogue.refresh([id]);
    // The same file: the same licence, which names it as it was named when licensed; the saved file agrees.
    const after = (await download(member.token, id)).json().body;
    expect(after.licenceId).toBe(before.licenceId);
    expect(after.fileName).toBe('김소리 - 처음 제목.wav');
    const saved = await t.call({ method: 'GET', url: after.url });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['content-disposition']).toContain(encodeURIComponent('김소리 - 처음 제목.wav'));
    // A member licensing it now gets the new title, on the licence and on the file.
    const later = (await download((await t.user({ plan: 'premium' })).token, id)).json().body;
    expect(later.fileName).toBe('김소리 - 바뀐 제목.wav');
    expect((await lookup(later.licenceId)).json().body.file.name).toBe('김소리 - 바뀐 제목.wav');
  });

  it('issues nothing below the download level', async () => {
    const free = await t.user({ level: 1 });
    const res = await download(free.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('LEVEL_TOO_LOW');
    expect(res.json()).not.toHaveProperty('body');
  });

  it("licenses only the catalogue: an owner's unpublished upload downloads with no licence, and one once it is published", async () => {
    const owner = await t.user({ plan: 'premium' });
    const id = await licensable(t, '내 데모', { owner_id: owner.id, published: 0 });
    const res = await download(owner.token, id);
    expect(res.statusCode).toBe(200);
    const ticket = res.json().body;
    expect(ticket).not.toHaveProperty('licenceId');
    expect(ticket.url).not.toContain('licence=');
    expect(ticket.fileName).toBe('김소리 - 내 데모.wav');
    // The owner still gets the file.
    const saved = await t.call({ method: 'GET', url: ticket.url });
    expect(saved.statusCode).toBe(200);
    expect(saved.rawPayload.equals(ORIGINAL)).toBe(true);
    // Nothing to show on the track, in the downloads list or to the operator: no licence was made.
    expect((await t.call({ method: 'GET', url: `/api/musics/${id}`, token: owner.token })).json().body).not.toHaveProperty('licences');
    const downloads = (await t.call({ method: 'GET', url: '/api/musics?tempPlayListId=-1', token: owner.token })).json().body;
    const listed = downloads.content.find((m: { id: number }) => m.id === id);
    expect(listed).toMatchObject({ id, title: '내 데모' });
    expect(listed).not.toHaveProperty('licenceId');
    // Once an operator has published it, it is in the catalogue and Sori licenses it.
    await updateTrack(t.ctx.db.kysely, id, { published: 1 });
    await t.ctx.catalogue.refresh([id]);
    const licensed = (await download(owner.token, id)).json().body;
    expect(licensed.licenceId).toMatch(LICENCE_ID_PATTERN);
    expect((await lookup(licensed.licenceId)).json().body.status).toBe('active');
  });

  it('answers the public licence to anyone: the track, the exact file, a masked licensee, signed', async () => {
    const res = await lookup(first.licenceId);
    expect(res.statusCode).toBe(200);
    const licence = res.json().body as PublicLicence;
    expect(licence).toMatchObject({
      id: first.licenceId,
      status: 'active',
      track: { id: trackId, title: '바다의 노래', artist: '김소리' },
      // Named as the download saves it (the upload was sea.wav).
      file: { name: '김소리 - 바다의 노래.wav', sha256: SHA256 },
      licensee: { name: '사***', email: 'bu***@example.com' },
      plan: { name: 'premium', level: 5 },
      revokedAt: null,
    });
    expect(licence.verifyUrl).toMatch(new RegExp(`/verify/${first.licenceId}$`, 'u'));
    expect(licence.terms.scope).toContain('online-video');
    expect(JSON.stringify(licence)).not.toContain(buyer.email);
    // A typed or pasted id is forgiven: lower case, no hyphens, O for 0.
    const typed = first.licenceId.toLowerCase().replace(/-/gu, ' ').replace(/0/gu, 'o');
    expect((await lookup(typed)).json().body.id).toBe(first.licenceId);
  });

  it('says clearly when an id is malformed (400) or unknown (404), in the caller language', async () => {
    const bad = await lookup('SORI-12', 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_LICENCE_ID');
    expect(bad.json().message).toMatch(/SORI-/u);
    const unknown = await lookup('SORI-0000-0000-0000', 'ja');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'LICENCE_NOT_FOUND', message: 'この番号のライセンスはありません。' });
  });

  it("previews its verify page with the licence's number and work in the caller's language, never its licensee; a number that is none is a 404", async () => {
    const page = (url: string, lang?: string) => t.call({ method: 'GET', url, lang });
    const id = first.licenceId;
    // Korean for a crawler that sends no language.
    const ko = await page(`/verify/${id}`);
    expect(ko.statusCode).toBe(200);
    expect(ko.headers['content-type']).toContain('text/html');
    expect(ko.body).toContain('<div id="root">');
    expect(metaOf(ko.body, 'og:title')).toBe(`라이선스 ${id} · 김소리의 ‘바다의 노래’`);
    expect(metaOf(ko.body, 'og:description')).toBe(
      'Sori가 김소리의 ‘바다의 노래’에 대해 발급한 사용 라이선스입니다. 지금 유효한지, 어디까지 쓸 수 있는지 이 페이지에서 누구나 확인할 수 있습니다.',
    );
    expect(metaOf(ko.body, 'og:url')).toBe(`${base}/verify/${id}`);
    expect(metaOf(ko.body, 'og:image')).toBe(`${base}/og-card.png`);
    expect(metaOf(ko.body, 'og:locale')).toBe('ko_KR');
    expect(ko.body).not.toMatch(/사\*\*\*|bu\*\*\*/u);
    const en = await page(`/verify/${id}`, 'en');
    expect(metaOf(en.body, 'og:title')).toBe(`Licence ${id} · “바다의 노래” by 김소리`);
    const ja = await page(`/verify/${id}`, 'ja');
    expect(metaOf(ja.body, 'og:description')).toMatch(/^Soriが김소리の「바다의 노래」について発行した利用ライセンスです。/u);
    // A typed number and the spellings the app's router takes: the card names the one canonical address.
    for (const url of [`/verify/${id.toLowerCase().replace(/-/gu, '')}`, `/Verify/${id}/`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(metaOf(res.body, 'og:url'), url).toBe(`${base}/verify/${id}`);
    }
    // The app still comes, to say that there is no such licence or that the number cannot be one.
    for (const url of ['/verify/SORI-0000-0000-0000', '/verify/not-a-licence', `/verify/${'A'.repeat(300)}`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root">');
      expect(metaOf(res.body, 'og:title'), url).toBeUndefined();
    }
  });

  it('gives the certificate to the licensee only, as a PDF in their language holding the Korean title', async () => {
    const url = `/api/licences/${first.licenceId}/certificate.pdf`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    const other = await t.user({ plan: 'premium' });
    const theirs = await t.call({ method: 'GET', url, token: other.token });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().code).toBe('LICENCE_NOT_YOURS');
    // The licensee's cleared channel, which the verify page lists, is on the certificate too.
    const channel = `UC${(dialect === 'sqlite' ? 'S' : 'P').repeat(22)}`;
    const cleared = await t.call({ method: 'POST', url: '/api/my/channels', token: buyer.token, payload: { url: channel } });
    expect(cleared.statusCode).toBe(201);
    const res = await t.call({ method: 'GET', url, token: buyer.token, lang: 'ko' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPdftotext) {
      const dir = mkdtempSync(path.join(tmpdir(), 'sori-cert-'));
      try {
        const file = path.join(dir, 'c.pdf');
        writeFileSync(file, res.rawPayload);
        const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
        expect(text).toContain('바다의 노래');
        expect(text).toContain('음원 이용 라이선스 증명서');
        expect(text).toContain(first.licenceId);
        expect(text.replace(/\s/gu, '')).toContain(SHA256);
        // Korean throughout: the plan's level and the time of day are not in English letters.
        expect(text).toMatch(/프리미엄 \(레벨 5\)/u);
        expect(text).toMatch(/\d{4}년 \d{1,2}월 \d{1,2}일 \d{2}:\d{2} \(KST\)/u);
        expect(text).not.toMatch(/\b(level|AM|PM)\b/u);
        expect(text).not.toContain('Sori Inc.');
        expect(text).toContain('등록된 채널');
        expect(text.replace(/\s/gu, '')).toContain(`YouTube:https://www.youtube.com/channel/${channel}`);
        expect(text.replace(/\s+/gu, ' ')).toContain('서명된 라이선스에는 포함되지 않습니다');
        // The licensee's copy names them in full, then as the signature covers them (masked), to compare.
        const licensee = (await lookup(first.licenceId)).json().body.licensee;
        expect(licensee.email).toBe(maskEmail(buyer.email));
        const flat = text.replace(/\s+/gu, ' ');
        expect(flat).toContain(`(${buyer.email})`);
        expect(flat).toContain(`확인 페이지와 서명된 라이선스에 표시되는 보유자: ${licensee.name} (${licensee.email})`);
        // In English the licensor is named in Latin letters too, beside the signed Korean legal name.
        const en = await t.call({ method: 'GET', url, token: buyer.token, lang: 'en' });
        writeFileSync(file, en.rawPayload);
        const enText = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
        expect(enText).toContain(`Sori Inc. (${t.ctx.config.site.companyName})`);
        expect(enText.replace(/\s+/gu, ' ')).toContain(
          `as the verification page and the signed licence show them: ${licensee.name} (${licensee.email})`,
        );
        // The certificate carries the signed licence: saved out of the PDF, it verifies with the published key.
        execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
        const attached = JSON.parse(readFileSync(path.join(dir, `${first.licenceId}.json`), 'utf8')) as PublicLicence;
        expect(attached).toEqual((await lookup(first.licenceId)).json().body);
        expect(verifies(attached, (await t.call({ method: 'GET', url: '/.well-known/sori-licence-key.pem' })).body)).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('gives anyone the signed licence as a file to keep, which verifies with the published key', async () => {
    const url = (id: string) => `/api/licences/${encodeURIComponent(id)}/licence.json`;
    const res = await t.call({ method: 'GET', url: url(first.licenceId.toLowerCase()) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // Saved under the licence's canonical number, whatever spelling was asked for.
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${first.licenceId}.json"`);
    const file = JSON.parse(res.body) as PublicLicence;
    expect(file).toEqual((await lookup(first.licenceId)).json().body);
    expect(verifies(file, (await t.call({ method: 'GET', url: '/.well-known/sori-licence-key.pem' })).body)).toBe(true);
    const bad = await t.call({ method: 'GET', url: url('SORI-12'), lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_LICENCE_ID');
    const unknown = await t.call({ method: 'GET', url: url('SORI-0000-0000-0000'), lang: 'ja' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'LICENCE_NOT_FOUND', message: 'この番号のライセンスはありません。' });
  });

  it('lists each download with its licence in the downloads list', async () => {
    const res = await t.call({ method: 'GET', url: '/api/musics?tempPlayListId=-1', token: buyer.token });
    const item = res.json().body.content.find((m: { id: number }) => m.id === trackId);
    expect(item).toMatchObject({ id: trackId, licenceId: first.licenceId, licenceStatus: 'active' });
    expect(Date.parse(item.licensedAt)).not.toBeNaN();
    // The public catalogue never carries them.
    const pub = (await t.call({ method: 'GET', url: '/api/musics' })).json().body.content;
    expect(pub.find((m: { id: number }) => m.id === trackId)).not.toHaveProperty('licenceId');
  });

  it('revokes a licence: still public and signed, now saying revoked; the next download gets a new one', async () => {
    const revoked = await t.ctx.licences.revoke(first.licenceId, '권리자 요청으로 취소');
    expect(revoked).toMatchObject({ status: 'revoked', revocationReason: '권리자 요청으로 취소' });
    const pub = (await lookup(first.licenceId)).json().body as PublicLicence;
    expect(pub.status).toBe('revoked');
    // Its verify page is still there, its card unchanged: the page itself says it is revoked.
    const card = await t.call({ method: 'GET', url: `/verify/${first.licenceId}` });
    expect(card.statusCode).toBe(200);
    expect(metaOf(card.body, 'og:title')).toBe(`라이선스 ${first.licenceId} · 김소리의 ‘바다의 노래’`);
    const pem = (await t.call({ method: 'GET', url: '/.well-known/sori-licence-key.pem' })).body;
    expect(verifies(pub, pem)).toBe(true);
    // The downloads list, the licence history, still shows it, marked revoked…
    const held = async () =>
      (await t.call({ method: 'GET', url: '/api/musics?tempPlayListId=-1', token: buyer.token }))
        .json()
        .body.content.find((m: { id: number }) => m.id === trackId);
    expect(await held()).toMatchObject({ licenceId: first.licenceId, licenceStatus: 'revoked' });
    const next = (await download(buyer.token)).json().body.licenceId;
    expect(next).not.toBe(first.licenceId);
    // …until a new download issues a new licence, which it then shows.
    expect(await held()).toMatchObject({ licenceId: next, licenceStatus: 'active' });
  });

  it('keeps the licences of a withdrawn account, pseudonymised and still verifiable', async () => {
    const leaver = await t.user({ plan: 'premium', email: `leaver-${dialect}@example.com` });
    const id = (await download(leaver.token)).json().body.licenceId as string;
    expect(await t.ctx.licences.forgetLicensee(leaver.id)).toBe(1);
    const licence = (await lookup(id)).json().body as PublicLicence;
    expect(licence.status).toBe('active');
    expect(licence.licensee.name).toMatch(/^withdrawn-[0-9a-f]{10}$/u);
    expect(JSON.stringify(licence)).not.toMatch(/leaver|사용자/u);
    const pem = (await t.call({ method: 'GET', url: '/.well-known/sori-licence-key.pem' })).body;
    expect(verifies(licence, pem)).toBe(true);
    // The record no longer belongs to an account: the certificate is nobody's to download.
    const cert = await t.call({ method: 'GET', url: `/api/licences/${id}/certificate.pdf`, token: leaver.token });
    expect(cert.statusCode).toBe(403);
  });

  it('signatures verify with the published key, also after a restart, and fail when anything changes', async () => {
    const id = (await download(buyer.token)).json().body.licenceId as string;
    const before = (await lookup(id)).json().body as PublicLicence;
    const pemRes = await t.call({ method: 'GET', url: '/.well-known/sori-licence-key.pem' });
    expect(pemRes.headers['content-type']).toMatch(/pem/u);
    const jwk = (await t.call({ method: 'GET', url: '/.well-known/sori-licence-key.json' })).json();
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: before.kid });
    await t.app.close();
    const restarted = await t.sibling();
    try {
      const after = (await restarted.app.inject({ method: 'GET', url: `/api/licences/${id}` })).json().body as PublicLicence;
      expect(after).toEqual(before);
      const pem = (await restarted.app.inject({ method: 'GET', url: '/.well-known/sori-licence-key.pem' })).body;
      expect(pem).toBe(pemRes.body);
      expect(verifies(after, pem)).toBe(true);
      expect(verifies({ ...after, file: { ...after.file, sha256: '0'.repeat(64) } }, pem)).toBe(false);
      expect(verify(null, Buffer.from('x'), createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(after.signature, 'base64url'))).toBe(
        false,
      );
    } finally {
      // afterAll's close then removes the data directory and schema (closing the first server again is a no-op).
      await restarted.app.close();
    }
  });
});

describe('licence lookups are rate limited', () => {
  it('answers 429 past the per-minute limit of an address', async () => {
    const dist = webDist();
    const t = await createTestApp('sqlite', { LICENCE_LOOKUPS_PER_MINUTE: '3', WEB_DIST: dist });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await t.call({ method: 'GET', url: '/api/licences/SORI-0000-0000-0000' })).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
      // The signed file is a lookup too.
      expect((await t.call({ method: 'GET', url: '/api/licences/SORI-0000-0000-0000/licence.json' })).statusCode).toBe(429);
      // The verify page's card is a lookup too, counted with the API's.
      const page = await t.call({ method: 'GET', url: '/verify/SORI-0000-0000-0000' });
      expect(page.statusCode).toBe(429);
      expect(page.body).toContain('<div id="root">');
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('licence operator commands', () => {
  it('lists a user licences and revokes one by id with a reason', async () => {
    const t = await createTestApp('sqlite');
    try {
      const u = await t.user({ plan: 'premium', email: 'cli-buyer@example.com' });
      const id = await licensable(t, 'Night Drive');
      const licenceId = (await t.call({ method: 'GET', url: `/api/download/download?musicId=${id}`, token: u.token })).json().body
        .licenceId;
      const cli = t.cli;
      const list = cli('licence:list', 'cli-buyer@example.com');
      expect(list.status).toBe(0);
      expect(list.stdout).toContain(licenceId);
      expect(list.stdout).toContain('Night Drive');
      expect(cli('licence:revoke', licenceId).status).toBe(2);
      const revoke = cli('licence:revoke', licenceId, '--reason', 'refund');
      expect(revoke.status).toBe(0);
      expect((await t.call({ method: 'GET', url: `/api/licences/${licenceId}` })).json().body).toMatchObject({
        status: 'revoked',
        revocationReason: 'refund',
      });
    } finally {
      await t.close();
    }
  });

  it('lists the licences an uploader holds for their own upload while it is out of the catalogue', async () => {
    const t = await createTestApp('sqlite');
    try {
      const u = await t.user({ plan: 'premium', email: 'cli-uploader@example.com' });
      const own = await licensable(t, 'My Demo', { owner_id: u.id });
      const other = await licensable(t, 'Catalogue Song');
      const licenceOf = async (id: number) =>
        (await t.call({ method: 'GET', url: `/api/download/download?musicId=${id}`, token: u.token })).json().body.licenceId as string;
      const ownLicence = await licenceOf(own);
      const otherLicence = await licenceOf(other);
      expect(t.cli('licence:list', '--own-unpublished').stdout).toContain('No active licence');
      // Taken out of the catalogue, the own upload's licence is one to review; the catalogue track's is not.
      await updateTrack(t.ctx.db.kysely, own, { published: 0 });
      const list = t.cli('licence:list', '--own-unpublished');
      expect(list.status).toBe(0);
      expect(list.stdout).toContain(ownLicence);
      expect(list.stdout).toContain('My Demo');
      expect(list.stdout).not.toContain(otherLicence);
    } finally {
      await t.close();
    }
  });

  it('the verification recipe in docs/LICENCES.md verifies a real licence', async () => {
    const t = await createTestApp('sqlite');
    try {
      const u = await t.user({ plan: 'premium' });
      const id = await licensable(t);
      const licenceId = (await t.call({ method: 'GET', url: `/api/download/download?musicId=${id}`, token: u.token })).json().body
        .licenceId;
      // The file the verify page offers, saved as it comes.
      const saved = (await t.call({ method: 'GET', url: `/api/licences/${licenceId}/licence.json` })).body;
      const licence = JSON.parse(saved) as PublicLicence;
      const pem = (await t.call({ method: 'GET', url: '/.well-known/sori-licence-key.pem' })).body;
      const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/LICENCES.md'), 'utf8');
      const recipe = /```js verify\n([\s\S]*?)```/u.exec(doc)?.[1];
      expect(recipe, 'docs/LICENCES.md has a ```js verify block').toBeTruthy();
      // It says what to save the block as: with `import`, a .js file is a module only on recent Node.
      expect(doc).toContain('save the block below as `verify.mjs`');
      expect(recipe!.trim().split('\n').length).toBeLessThanOrEqual(10);
      // The verify page shows the same lines, so what a stranger copies from it is what runs here.
      expect(recipe!.trim()).toBe(LICENCE_VERIFY_SCRIPT);
      const dir = mkdtempSync(path.join(tmpdir(), 'sori-recipe-'));
      try {
        writeFileSync(path.join(dir, 'licence.json'), saved);
        writeFileSync(path.join(dir, 'sori-licence-key.pem'), pem);
        writeFileSync(path.join(dir, 'verify.mjs'), recipe!);
        const run = spawnSync(process.execPath, ['verify.mjs'], { cwd: dir, encoding: 'utf8', env: process.env });
        expect(run.stderr).toBe('');
        expect(run.stdout.trim()).toBe('valid');
        writeFileSync(path.join(dir, 'licence.json'), JSON.stringify({ ...licence, licensee: { ...licence.licensee, name: 'X**' } }));
        expect(spawnSync(process.execPath, ['verify.mjs'], { cwd: dir, encoding: 'utf8' }).stdout.trim()).toBe('INVALID');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      await t.close();
    }
  });
});
