import { parseListIdText } from './ids';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TEXT_LIMITS } from './constants';
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

/** One e-mail address of the usual shape: local@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
/** Digits, hyphen, plus, parentheses, dot and whitespace only, with at least one digit. */
export const PHONE_PATTERN = /^(?=.*\d)[\d\-+().\s]+$/u;

export function validateLogin(form: LoginForm): ErrorCode | null {
  if (!str(form.email).trim() || !str(form.password)) return 'LOGIN_REQUIRED_FIELDS';
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
  if (!PHONE_PATTERN.test(phone)) return 'INVALID_PHONE';
  // Limits the spec does not name, checked after its own rules so its order stands.
  if (password.length > PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  if (
    email.length > TEXT_LIMITS.email ||
    name.length > TEXT_LIMITS.name ||
    phone.length > TEXT_LIMITS.phone ||
    nameText(form.team).length > TEXT_LIMITS.team
  ) {
    return 'FIELD_TOO_LONG';
  }
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
  if (!PHONE_PATTERN.test(phone)) return 'INVALID_PHONE';
  if (
    nick.length > TEXT_LIMITS.name ||
    name.length > TEXT_LIMITS.name ||
    phone.length > TEXT_LIMITS.phone ||
    nameText(form.team).length > TEXT_LIMITS.team
  ) {
    return 'FIELD_TOO_LONG';
  }
  return null;
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
