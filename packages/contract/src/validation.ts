import { parseListIdText } from './ids';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TEXT_LIMITS } from './constants';
import type { Lang } from './codes';
import type { ErrorCode } from './errors';

/** Section 5: the forms' rules, checked in this order by the web app and again by the server. */

export interface LoginForm {
  email?: unknown;
  password?: unknown;
}
export interface SignupForm {
  email?: unknown;
  password?: unknown;
  confirmPassword?: unknown;
  name?: unknown;
  phone?: unknown;
  team?: unknown;
  agreeTerms?: unknown;
  agreePrivacy?: unknown;
  agreeMarketing?: unknown;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * A person's or a team's name as kept: control characters (a pasted tab or line break, an escape sequence) as
 * spaces, runs of space as one, trimmed. The form checks and the server both read names through it.
 */
export const nameText = (v: unknown): string =>
  str(v)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();

/**
 * A playlist's name as kept: NFC (a name pasted from a macOS file name comes decomposed, two or three characters
 * a Hangul syllable, and would count so against the limit and be stored apart from the same name typed), control
 * characters as spaces, trimmed; other spaces as typed. The server stores it, the request schema counts its limit
 * and the forms count it.
 */
export const playlistNameText = (v: string): string =>
  v
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/gu, ' ')
    .trim();

/** A playlist's description as kept: NFC, line breaks as `\n` and tabs kept, other control characters dropped, trimmed. */
export const playlistDescriptionText = (v: string): string =>
  v
    .normalize('NFC')
    .replace(/\r\n?/gu, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/gu, '')
    .trim();

/**
 * Whether text shows nothing: only spaces, format characters (zero-width space, joiners, BOM) or Hangul
 * fillers (ㅤ U+3164 and its kin), which `trim()` keeps. A name of them would show as a blank.
 */
export const isBlankText = (v: string): boolean => v.replace(/[\p{White_Space}\p{Cf}\u115f\u1160\u3164\uffa0]/gu, '') === '';

/** One e-mail address of the usual shape: local@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
/**
 * A phone number as people write it (PRODUCT §5.2: digits, hyphen, plus, parentheses, dot and spaces; a plus
 * only first), full-width digits read as digits.
 */
const PHONE_CHARACTERS = /^\+?[\d\-().\s]+$/u;

/**
 * Korean numbers by their prefix: how long the prefix is and how many digits the whole number may have. Mobile
 * (010 has 11 digits; 011 and 016–019 10 or 11), Seoul (02), the other regions (031–064), internet phones (070),
 * personal numbers (0502–0508), free calls (080) and the nationwide numbers of companies (15XX, 16XX, 18XX).
 */
const KOREAN_NUMBERS: readonly { prefix: RegExp; prefixLength: number; digits: readonly number[] }[] = [
  { prefix: /^010/u, prefixLength: 3, digits: [11] },
  { prefix: /^01[16-9]/u, prefixLength: 3, digits: [10, 11] },
  { prefix: /^02/u, prefixLength: 2, digits: [9, 10] },
  { prefix: /^0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])/u, prefixLength: 3, digits: [10, 11] },
  { prefix: /^070/u, prefixLength: 3, digits: [11] },
  { prefix: /^050[2-8]/u, prefixLength: 4, digits: [11, 12] },
  { prefix: /^080/u, prefixLength: 3, digits: [10, 11] },
  { prefix: /^1[568]/u, prefixLength: 4, digits: [8] },
];

/** A Korean number's digits as Koreans write it: prefix, middle and the last four, joined by hyphens; or null. */
function koreanNumber(digits: string): string | null {
  const kind = KOREAN_NUMBERS.find((k) => k.prefix.test(digits) && k.digits.includes(digits.length));
  if (!kind) return null;
  const parts = [digits.slice(0, kind.prefixLength), digits.slice(kind.prefixLength, -4), digits.slice(-4)];
  return parts.filter(Boolean).join('-');
}

/**
 * A phone number in the one form it is kept, or null when it is not one. A Korean number, written at home
 * (010-1234-5678, 01012345678, 02-123-4567) or from abroad (+82 10-1234-5678, +82 (0)2 123 4567), is kept as
 * Koreans write it, "010-1234-5678"; any other number with its country code as E.164, "+819012345678" (+ and 8
 * to 15 digits, the first not 0). Sign-up and the account page refuse anything else (INVALID_PHONE), in the
 * forms before sending and on the server.
 */
export function normalisePhone(v: unknown): string | null {
  const text = str(v).normalize('NFKC').trim();
  if (!PHONE_CHARACTERS.test(text)) return null;
  const digits = text.replace(/\D/gu, '');
  if (!text.startsWith('+')) return koreanNumber(digits);
  // From abroad a Korean number drops its leading 0, which people often write all the same: +82 (0)10….
  if (digits.startsWith('82')) return koreanNumber(`0${digits.slice(2).replace(/^0/u, '')}`);
  return /^[1-9]\d{7,14}$/u.test(digits) ? `+${digits}` : null;
}

/** A phone number as kept (`normalisePhone`), or as typed (trimmed) when it is not one. */
export const phoneText = (v: unknown): string => normalisePhone(v) ?? str(v).trim();

/** The text fields with a length limit: the limit, and the field's name as the forms label it. */
export const LIMITED_FIELDS = {
  email: { max: TEXT_LIMITS.email, label: { ko: '이메일', en: 'Email', ja: 'メールアドレス' } },
  name: { max: TEXT_LIMITS.name, label: { ko: '이름', en: 'Name', ja: 'お名前' } },
  nick: { max: TEXT_LIMITS.name, label: { ko: '닉네임', en: 'Nickname', ja: 'ニックネーム' } },
  phone: { max: TEXT_LIMITS.phone, label: { ko: '휴대전화 번호', en: 'Mobile number', ja: '携帯電話番号' } },
  team: { max: TEXT_LIMITS.team, label: { ko: '팀/소속', en: 'Team / affiliation', ja: 'チーム・所属' } },
  playlistName: { max: TEXT_LIMITS.playlistName, label: { ko: '플레이리스트 이름', en: 'Playlist name', ja: 'プレイリスト名' } },
  playlistDescription: { max: TEXT_LIMITS.playlistDescription, label: { ko: '설명', en: 'Description', ja: '説明' } },
  title: { max: TEXT_LIMITS.trackTitle, label: { ko: '곡 제목', en: 'Title', ja: '曲名' } },
  artist: { max: TEXT_LIMITS.trackArtist, label: { ko: '아티스트', en: 'Artist', ja: 'アーティスト' } },
  channel: { max: TEXT_LIMITS.channelAddress, label: { ko: '채널 주소', en: 'Channel address', ja: 'チャンネルのアドレス' } },
  q: { max: TEXT_LIMITS.searchQuery, label: { ko: '검색어', en: 'Search words', ja: '検索キーワード' } },
} as const satisfies Record<string, { max: number; label: Record<Lang, string> }>;
export type LimitedField = keyof typeof LIMITED_FIELDS;

/**
 * A FIELD_TOO_LONG error's details: which field, its name in each language and its limit, which the
 * message ("{label} … {max}") is filled from.
 */
export function tooLongDetails(field: LimitedField): { field: LimitedField; label: Record<Lang, string>; max: number } {
  const { max, label } = LIMITED_FIELDS[field];
  return { field, label, max };
}

/**
 * The issue message of a request schema's too-long text (`limitedText`), followed by the field: the error
 * handler answers it as FIELD_TOO_LONG with `tooLongDetails`, as the services' own checks are answered.
 */
export const TOO_LONG_ISSUE = 'FIELD_TOO_LONG:';

/** The first of the given fields whose text is over its limit, or null. */
function overLimit(values: Partial<Record<LimitedField, string>>): LimitedField | null {
  for (const [field, text] of Object.entries(values) as [LimitedField, string][]) {
    if (text.length > LIMITED_FIELDS[field].max) return field;
  }
  return null;
}

/** The sign-up field over its limit, read as the sign-up keeps it (trimmed; names through `nameText`, a phone `normalisePhone`). */
export const signupTooLong = (form: SignupForm): LimitedField | null =>
  overLimit({ email: str(form.email).trim(), name: nameText(form.name), phone: phoneText(form.phone), team: nameText(form.team) });

/** The profile field over its limit, read as the account page keeps it. */
export const profileTooLong = (form: ProfileForm): LimitedField | null =>
  overLimit({ nick: nameText(form.nick), name: nameText(form.name), phone: phoneText(form.phone), team: nameText(form.team) });

export function validateLogin(form: LoginForm): ErrorCode | null {
  if (!str(form.email).trim() || !str(form.password)) return 'LOGIN_REQUIRED_FIELDS';
  // Every account signed up with an address of this shape (`validateSignup`), so another shape is a typing
  // slip, said as such rather than as a failed login.
  if (!EMAIL_PATTERN.test(str(form.email).trim())) return 'INVALID_EMAIL';
  return null;
}

export function validateSignup(form: SignupForm): ErrorCode | null {
  const email = str(form.email).trim();
  const password = str(form.password);
  const name = nameText(form.name);
  const phone = str(form.phone).trim();
  if (!email || !password || !name || !phone) return 'SIGNUP_REQUIRED_FIELDS';
  if (password.length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (password !== str(form.confirmPassword)) return 'PASSWORD_MISMATCH';
  if (!EMAIL_PATTERN.test(email)) return 'INVALID_EMAIL';
  if (normalisePhone(phone) === null) return 'INVALID_PHONE';
  // Limits the spec does not name, checked after its own rules so its order stands.
  if (password.length > PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  if (signupTooLong(form)) return 'FIELD_TOO_LONG';
  // The required consents (terms; collection and use of personal data), after every rule of the form.
  if (form.agreeTerms !== true) return 'TERMS_NOT_AGREED';
  if (form.agreePrivacy !== true) return 'PRIVACY_NOT_AGREED';
  return null;
}

export interface ProfileForm {
  nick?: unknown;
  name?: unknown;
  phone?: unknown;
  team?: unknown;
}

/** The account page's profile: name and phone by the signup rules, and a nickname (shown in the greeting). */
export function validateProfile(form: ProfileForm): ErrorCode | null {
  const nick = nameText(form.nick);
  const name = nameText(form.name);
  const phone = str(form.phone).trim();
  if (!name || !phone) return 'SIGNUP_REQUIRED_FIELDS';
  if (!nick) return 'NICK_REQUIRED';
  if (normalisePhone(phone) === null) return 'INVALID_PHONE';
  if (profileTooLong(form)) return 'FIELD_TOO_LONG';
  return null;
}

/** The password rules of sign-up (and of a new password), in the order the validators check them. */
export const PASSWORD_RULES = ['PASSWORD_TOO_SHORT', 'PASSWORD_MISMATCH', 'PASSWORD_TOO_LONG'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/**
 * Every password rule the password and its confirmation break, in that order, not only the first: the forms
 * show them all at once, so that mending one does not reveal the next. The validators refuse with the first.
 */
export function unmetPasswordRules(password: unknown, confirmPassword: unknown): PasswordRule[] {
  const p = str(password);
  const broken: Record<PasswordRule, boolean> = {
    PASSWORD_TOO_SHORT: p.length < PASSWORD_MIN_LENGTH,
    // Nothing typed yet confirms nothing.
    PASSWORD_MISMATCH: p === '' || p !== str(confirmPassword),
    PASSWORD_TOO_LONG: p.length > PASSWORD_MAX_LENGTH,
  };
  return PASSWORD_RULES.filter((rule) => broken[rule]);
}

/** A new password (reset) follows the signup rules for passwords. */
export function validateNewPassword(password: unknown, confirmPassword: unknown): ErrorCode | null {
  const p = str(password);
  if (!p) return 'SIGNUP_REQUIRED_FIELDS';
  if (p.length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (confirmPassword !== undefined && p !== str(confirmPassword)) return 'PASSWORD_MISMATCH';
  if (p.length > PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  return null;
}

/** Playlist detail ids (PRODUCT §5): 0 (likes), -1 (downloads) or a playlist id by the API's id rule. */
export function parsePlaylistId(raw: string | undefined): number | null {
  return parseListIdText(raw);
}
