import { LICENCE_FORMAT, LICENCE_TERMS, type Lang, type PublicLicence } from '@sori/contract';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderCertificate } from './certificate';

const hasPoppler = spawnSync('pdfinfo', ['-v']).error === undefined;
if (!hasPoppler) {
  if (process.env['REQUIRE_ALL'] === '1') throw new Error('REQUIRE_ALL=1 but pdfinfo (poppler-utils) is missing');
  console.log('[certificate tests] skipped: pdfinfo and pdftotext (poppler-utils) are not installed');
}

/** The longest licence a certificate holds: revoked with a reason, a short edit, every scope. */
const LONGEST: PublicLicence = {
  format: LICENCE_FORMAT,
  id: 'SORI-7GWR-M0X5-WYAE',
  status: 'revoked',
  issuedAt: '2026-11-29T01:00:00.000Z',
  revokedAt: '2026-11-29T02:00:00.000Z',
  revocationReason: '권리자의 요청에 따라 취소되었습니다. 자세한 사항은 고객센터로 문의해 주세요.',
  track: { id: 12, title: '바다의 노래 — 여름밤 바닷가에서 듣는 잔잔한 어쿠스틱 기타', artist: '김소리와 친구들' },
  file: { name: '김소리와 친구들 - 바다의 노래 — 여름밤 바닷가에서 듣는 잔잔한 어쿠스틱 기타 (30초 버전).mp3', sha256: 'a'.repeat(64) },
  edit: 30,
  licensee: { name: '김**', email: 'mi***@example.com' },
  plan: { name: 'premium', level: 5 },
  terms: { version: LICENCE_TERMS.version, scope: [...LICENCE_TERMS.scope], url: 'https://sori.example/terms#licence' },
  licensor: { name: '주식회사 소리', url: 'https://sori.example' },
  verifyUrl: 'https://sori.example/verify/SORI-7GWR-M0X5-WYAE',
  kid: 'Kq3vN0aZ8yB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1w',
  signature: 'S'.repeat(86),
};

describe.runIf(hasPoppler)('the licence certificate', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sori-certificate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const HOLDER = { name: '김민준', email: 'minjun@example.com' };

  async function render(lang: Lang): Promise<{ pages: number; text: string }> {
    const file = path.join(dir, `${lang}.pdf`);
    const site = { companyName: '주식회사 소리', companyNameLatin: 'Sori Inc.' };
    writeFileSync(file, await renderCertificate(LONGEST, lang, 'https://sori.example/.well-known/sori-licence-key.pem', site, HOLDER));
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/gu, ' ');
    return { pages: Number(/Pages:\s+(\d+)/u.exec(info)?.[1]), text };
  }

  it.each(['ko', 'en', 'ja'] as const)('keeps the longest licence on one A4 page, saying revoked, when and why (%s)', async (lang) => {
    const { pages, text } = await render(lang);
    expect(pages).toBe(1);
    const revoked = {
      ko: '취소됨 — 2026년 11월 29일 11:00 (KST)',
      en: 'Revoked — 29 November 2026 at 11:00 (KST)',
      ja: '取り消し済み — 2026年11月29日 11:00 (KST)',
    };
    expect(text).toContain(revoked[lang]);
    // (A line may wrap between two syllables, which the extracted text gives as a space.)
    expect(text.replace(/\s/gu, '')).toContain('자세한사항은고객센터로문의해주세요.');
    // The edit is named once, in its own row, in the reader's words.
    expect(text).toContain({ ko: '편집본 30초 버전', en: 'Short edit 30-second edit', ja: 'ショート版 30秒版' }[lang]);
    // The key's address is whole on its own line, and the signature's label names the key.
    expect(text).toContain(' https://sori.example/.well-known/sori-licence-key.pem ');
    expect(text).toContain(`(kid ${LONGEST.kid})`);
    expect(text).toContain({ ko: '프리미엄 (레벨 5)', en: 'Premium (level 5)', ja: 'プレミアム（レベル5）' }[lang]);
  });

  /** The most a member clears (family: three), each address as long as an address may be kept. */
  const CHANNELS = [
    {
      platform: 'youtube',
      externalId: 'UC7rS9kLmQ2vX4pN8tJ1wYbE',
      url: 'https://www.youtube.com/channel/UC7rS9kLmQ2vX4pN8tJ1wYbE',
      clearedSince: '2026-11-28T16:14:00.000Z',
    },
    { platform: 'web', externalId: '', url: `https://blog.example.com/${'a'.repeat(2020)}`, clearedSince: '2026-11-20T00:00:00.000Z' },
    { platform: 'web', externalId: '', url: `https://vlog.example.com/${'b'.repeat(2020)}`, clearedSince: '2026-11-21T00:00:00.000Z' },
  ] as const;
  const ACTIVE = { ...LONGEST, status: 'active' as const, revokedAt: null, revocationReason: null };

  it.each(['ko', 'en', 'ja'] as const)(
    'names the licensee’s cleared channels, as of when it was made and not signed, and stays on one page (%s)',
    async (lang) => {
      const file = path.join(dir, `channels-${lang}.pdf`);
      const site = { companyName: '주식회사 소리', companyNameLatin: 'Sori Inc.' };
      const cleared = CHANNELS.map((c) => ({ ...c, externalId: c.externalId || c.url }));
      const pdf = await renderCertificate(ACTIVE, lang, 'https://sori.example/.well-known/sori-licence-key.pem', site, HOLDER, {
        cleared,
        asOf: '2026-11-29T03:00:00.000Z',
      });
      writeFileSync(file, pdf);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(Number(/Pages:\s+(\d+)/u.exec(info)?.[1])).toBe(1);
      const raw = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      const text = raw.replace(/\s+/gu, ' ');
      const flat = raw.replace(/\s/gu, '');
      expect(text).toContain({ ko: '등록된 채널', en: 'Cleared channels', ja: '使用許可チャンネル' }[lang]);
      // Platform, address and since when (16:14 UTC on the 28th is the 29th in Korea), as the verify page names them.
      expect(flat).toContain(
        {
          ko: 'YouTube:https://www.youtube.com/channel/UC7rS9kLmQ2vX4pN8tJ1wYbE(2026년11월29일부터)',
          en: 'YouTube:https://www.youtube.com/channel/UC7rS9kLmQ2vX4pN8tJ1wYbE(since29November2026)',
          ja: 'YouTube:https://www.youtube.com/channel/UC7rS9kLmQ2vX4pN8tJ1wYbE(2026年11月29日から)',
        }[lang],
      );
      expect(flat).toContain('https://blog.example.com/aaaa');
      expect(flat).toContain('https://vlog.example.com/bbbb');
      // Not signed, and where to see the channels cleared now (a line may wrap anywhere: compared without spaces).
      const note = {
        ko: '이 증명서를 만든 2026년 11월 29일 12:00 (KST) 기준이며, 서명된 라이선스에는 포함되지 않습니다. 지금 등록된 채널은 아래 검증 주소에서',
        en: 'as of 29 November 2026 at 12:00 (KST), when this certificate was made; not part of the signed licence. The verify address below shows the channels cleared now.',
        ja: 'この証明書を作成した2026年11月29日 12:00 (KST)時点のもので、署名済みライセンスには含まれません。現在の使用許可チャンネルは下記の確認先で',
      }[lang];
      expect(flat).toContain(note.replace(/\s/gu, ''));
    },
  );

  it('names no channels on a revoked licence, nor when none is cleared', async () => {
    for (const [licence, cleared] of [
      [LONGEST, CHANNELS],
      [ACTIVE, []],
    ] as const) {
      const file = path.join(dir, 'no-channels.pdf');
      const channels = { cleared: cleared.map((c) => ({ ...c })), asOf: '2026-11-29T03:00:00.000Z' };
      writeFileSync(file, await renderCertificate(licence, 'en', 'https://sori.example/k.pem', undefined, HOLDER, channels));
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text).not.toContain('Cleared channels');
      expect(text).not.toContain('youtube.com');
    }
  });

  it.each(['ko', 'en', 'ja'] as const)('carries the signed licence attached, byte for byte, and says so (%s)', async (lang) => {
    const file = path.join(dir, `attached-${lang}.pdf`);
    writeFileSync(file, await renderCertificate(ACTIVE, lang, 'https://sori.example/.well-known/sori-licence-key.pem'));
    // Any PDF reader lists the attachment; poppler's pdfdetach lists and saves it.
    expect(execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' })).toContain(`${ACTIVE.id}.json`);
    const out = path.join(dir, `attached-${lang}`);
    mkdirSync(out);
    execFileSync('pdfdetach', ['-saveall', '-o', out, file]);
    expect(readdirSync(out)).toEqual([`${ACTIVE.id}.json`]);
    expect(JSON.parse(readFileSync(path.join(out, `${ACTIVE.id}.json`), 'utf8'))).toEqual(ACTIVE);
    const flat = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s/gu, '');
    const says = {
      ko: '이 PDF에 첨부된 서명된 라이선스 파일은 아래 공개 키로 오프라인에서도 검증할 수 있으며',
      en: 'The signed licence file attached to this PDF can be verified offline with the published key below',
      ja: 'このPDFに添付された署名済みライセンスファイルは下記の公開鍵でオフラインでも検証でき',
    }[lang];
    expect(flat).toContain(says.replace(/\s/gu, ''));
  });

  it('says a level an administrator set is such, not "Free (level 5)"', async () => {
    const file = path.join(dir, 'granted.pdf');
    const granted = { ...LONGEST, status: 'active' as const, revokedAt: null, revocationReason: null, plan: { name: 'free', level: 5 } };
    writeFileSync(file, await renderCertificate(granted, 'ko', 'https://sori.example/.well-known/sori-licence-key.pem'));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('레벨 5 (관리자 지정, 무료 요금제)');
    expect(text).not.toContain('무료 (레벨 5)');
  });
});
