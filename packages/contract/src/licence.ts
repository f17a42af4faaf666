import { z } from 'zod';
import type { Lang } from './codes';

/**
 * Licences: the proof a video maker shows that they may use a track (docs/LICENCES.md). One licence per
 * licensed download (reused for the same caller, track and file while active). Its public JSON is signed
 * with Ed25519 over the RFC 8785 (JCS) serialisation of the object without `signature`; anyone can check
 * it with the published key (`/.well-known/sori-licence-key.pem` or `.json`).
 */

/** Crockford base32: digits and letters without I, L, O and U. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `SORI-XXXX-XXXX-XXXX`: 60 random bits in three groups of four Crockford base32 characters. */
export const LICENCE_ID_PATTERN = /^SORI-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/u;

/**
 * A licence id as people type or paste it: case, spaces, missing or extra hyphens, the letters Crockford
 * reads as digits (O→0, I and L→1), and a whole verification link around it forgiven; null when it cannot be one. A forgiving parse never matches a
 * different licence: it only undoes what a person does to an id when copying it.
 */
export function parseLicenceId(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2048) return null;
  // A pasted verification link (https://…/verify/SORI-…, with or without a query or fragment): its last part.
  const link = /\/verify\/([^/?#]*)\/?(?:[?#].*)?$/u.exec(raw.trim());
  const text = link ? link[1]! : raw;
  if (text.length > 64) return null;
  let s = text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\u2010-\u2015-]/gu, '');
  if (s.startsWith('SORI')) s = s.slice(4);
  s = s.replace(/O/gu, '0').replace(/[IL]/gu, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{12}$/u.test(s)) return null;
  return `SORI-${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8, 12)}`;
}

/** The version of the format; a verifier refuses what it does not know. */
export const LICENCE_FORMAT = 'sori-licence/1';

export const LicenceStatus = /* @__PURE__ */ z.enum(['active', 'revoked']);
export type LicenceStatus = z.infer<typeof LicenceStatus>;

/** The public licence, as `GET /api/licences/{id}` answers it and as it is signed. */
export const PublicLicence = /* @__PURE__ */ z.object({
  format: z.literal(LICENCE_FORMAT),
  id: z.string().regex(LICENCE_ID_PATTERN),
  status: LicenceStatus,
  issuedAt: z.string().describe('ISO 8601, UTC'),
  revokedAt: z.string().nullable(),
  revocationReason: z.string().nullable(),
  track: z.object({ id: z.number().int(), title: z.string(), artist: z.string().nullable() }),
  file: z.object({ name: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/u) }),
  /** The licensed file is the track's short edit of this many seconds (absent: the full track). */
  edit: z.number().int().optional(),
  licensee: z.object({ name: z.string().describe('masked, e.g. 김**'), email: z.string().describe('masked, e.g. ev***@example.com') }),
  plan: z.object({ name: z.string(), level: z.number().int() }),
  terms: z.object({ version: z.string(), scope: z.array(z.string()), url: z.string() }),
  licensor: z.object({ name: z.string(), url: z.string() }),
  verifyUrl: z.string(),
  /** Which published key signed it (the key's JWK thumbprint, RFC 7638). */
  kid: z.string(),
  /** Ed25519 over JCS(licence without `signature`), base64url without padding. */
  signature: z.string(),
});
export type PublicLicence = z.infer<typeof PublicLicence>;

/**
 * The licensee of a withdrawn account's licences: a pseudonym (`withdrawn-` and ten hex digits, the same for
 * all of the account's licences) with an address under `.invalid`, which can reach no one. Pages show it as
 * a former member rather than as a name.
 */
export function withdrawnLicensee(digest: string): { name: string; email: string } {
  const name = `withdrawn-${digest.slice(0, 10)}`;
  return { name, email: `${name}@invalid` };
}
export const isWithdrawnLicensee = (licensee: { name: string; email: string }): boolean =>
  /^withdrawn-[0-9a-f]{10}$/u.test(licensee.name) && licensee.email === `${licensee.name}@invalid`;

/**
 * The service's time zone: licences are dated in Korean time, and so is every other date an account shows
 * (consents, channels, plans), so that a channel cleared the day a licence was issued reads as that day.
 */
export const SERVICE_TIME_ZONE = 'Asia/Seoul';

/** The service's day of an instant, as an ISO day (`2026-12-07`): a day in Seoul, whatever the reader's zone. */
export function serviceDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SERVICE_TIME_ZONE }).format(at);
}

/**
 * The locale each language writes dates in: English as the site's English is written, British (29 November
 * 2026, as the certificate and the verify page write it), so that a list and the licence it links to agree.
 */
const DATE_LOCALES: Record<Lang, string> = { ko: 'ko-KR', en: 'en-GB', ja: 'ja-JP' };

/** A licence's day, in Korean time as `licenceTime` writes it, so lists agree with the licence they link to. */
export function licenceDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], { dateStyle: 'medium', timeZone: SERVICE_TIME_ZONE }).format(new Date(iso));
}

/** A day on the account page (a consent, a channel's clearance, a plan's end), in the same time zone. */
export function accountDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], { dateStyle: 'long', timeZone: SERVICE_TIME_ZONE }).format(new Date(iso));
}

/**
 * The licensor as a reader of `lang` reads it: the signed legal name (Korean), after the site's Latin name
 * in English and Japanese when the site has one and the licence is the site's own ("Sori Inc. (주식회사 소리)").
 * The signed licence keeps the legal name alone.
 */
export function licensorName(
  signed: string,
  lang: Lang,
  site?: { companyName: string; companyNameLatin?: string | undefined } | null,
): string {
  const latin = site?.companyNameLatin;
  if (lang === 'ko' || !latin || site.companyName !== signed) return signed;
  return lang === 'ja' ? `${latin}（${signed}）` : `${latin} (${signed})`;
}

/**
 * A licence's times as the certificate and the verification page both write them: Korean time, which the
 * licensor's records keep, on the 24-hour clock and named (KST), so that a reader anywhere reads the same
 * minute on both. (ICU's short Korean time reads "PM 9:06" in English letters on some versions.)
 */
export function licenceTime(iso: string, lang: Lang): string {
  return (
    new Intl.DateTimeFormat(DATE_LOCALES[lang], {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: SERVICE_TIME_ZONE,
    }).format(new Date(iso)) + ' (KST)'
  );
}

/**
 * What a licence covers, as stable codes (the signed JSON carries the codes; screens and the certificate
 * say them in the reader's language). The terms page states the same scope.
 */
export const LICENCE_SCOPES = ['online-video', 'social-media', 'podcast', 'monetised', 'client-work', 'worldwide-perpetual'] as const;
export type LicenceScope = (typeof LICENCE_SCOPES)[number];

/** What each scope means, in the reader's language (the verify page and the certificate). */
export const LICENCE_SCOPE_LABELS: Record<LicenceScope, Record<Lang, string>> = {
  'online-video': {
    ko: '온라인 영상(유튜브, 틱톡, 인스타그램 등)의 배경음악',
    en: 'Background music in online videos (YouTube, TikTok, Instagram and the like)',
    ja: 'オンライン動画（YouTube、TikTok、Instagramなど）のBGM',
  },
  'social-media': {
    ko: 'SNS 게시물과 광고가 아닌 홍보 콘텐츠',
    en: 'Social media posts and non-advertising promotional content',
    ja: 'SNS投稿および広告以外のプロモーションコンテンツ',
  },
  podcast: { ko: '팟캐스트와 라이브 방송', en: 'Podcasts and live streams', ja: 'ポッドキャストおよびライブ配信' },
  monetised: {
    ko: '수익 창출이 설정된 채널과 콘텐츠',
    en: 'Monetised channels and content',
    ja: '収益化されたチャンネルおよびコンテンツ',
  },
  'client-work': {
    ko: '고객 의뢰로 제작하는 영상(라이선스 보유자가 제작하는 경우)',
    en: 'Videos made for clients (when the licensee makes them)',
    ja: 'クライアント向けに制作する動画（ライセンス名義人が制作する場合）',
  },
  'worldwide-perpetual': {
    ko: '전 세계, 기간 제한 없음(라이선스가 유효한 동안 게시한 콘텐츠)',
    en: 'Worldwide and without time limit (for content published while the licence is valid)',
    ja: '全世界・期間無制限（ライセンスが有効な間に公開したコンテンツ）',
  },
};

/** The licence terms in force: their version and scope. A licence records the version it was issued under. */
export const LICENCE_TERMS = {
  version: '2026-11-25',
  scope: LICENCE_SCOPES,
  url: '/terms#licence',
} as const;
