import {
  CONSENT_VERSIONS,
  MAX_LEVEL,
  nameText,
  normalisePhone,
  phoneText,
  NEW_USER_LEVEL,
  signupTooLong,
  tooLongDetails,
  validateLogin,
  validateNewPassword,
  validateSignup,
  PlanId,
  type DeviceSession,
  type DevicePlatform,
  type Lang,
  type SigninResult,
  type User,
} from '@sori/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest, conflict, notFound, tooMany, unauthorized } from '../lib/app-error';
import { addressKey } from '../lib/address-key';
import type { Counters } from '../lib/counters';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../lib/passwords';
import type { MailMessage, Mailer } from '../lib/mailer';
import { marketingConsentMail, newDeviceMail, passwordChangedMail } from './account/mail-texts';
import { hashToken, newOneTimeToken, type TokenService } from '../lib/tokens';
import { nowIso } from '../lib/time';
import { createHash, randomBytes } from 'node:crypto';
import { deviceOf, sameDevice, type Device } from '../lib/device';
import * as consents from '../repositories/consent.repository';
import * as sessions from '../repositories/session.repository';
import * as users from '../repositories/user.repository';
import type { UserRow } from '../repositories/user.repository';

/** The signed-in caller, as routes and services see it. */
export interface Viewer {
  id: number;
  level: number;
  /** The server-side session of the token (sign-out revokes it). */
  sessionId?: string;
}

export interface AuthDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  counters: Counters;
  signin: { maxPerAccount: number; maxPerAddress: number; maxPerPair: number; windowSeconds: number };
  signup: { maxPerAddress: number; maxTotal: number; windowSeconds: number };
  /** Absolute lifetime of a session, from sign-in; refresh never extends it. */
  sessionMaxAgeSeconds: number;
  /** The web app's origin: reset links point to its reset screen. */
  publicBaseUrl: string;
  /**
   * Sends the reset mail. With mail off it sends nothing: a reset link is a credential and is never written
   * to a log (docs/SECURITY.md).
   */
  mailer: Mailer;
  /** Told when a mail could not be sent (without the message, which holds the link). */
  onMailError: (err: unknown) => void;
  /** Builds the reset mail (services/account/mail-texts.ts). */
  resetMail: (to: string, lang: Lang, link: string, minutes: number) => MailMessage;
  /** Who sends the marketing mail: a consent to it given at sign-up is confirmed by mail from them. */
  mailSender?: (lang: Lang) => string;
}

const RESET_TTL_MS = 30 * 60 * 1000;
/** Reset links checked (`GET /api/resetpw`) per address and minute: the reset screen asks once as it opens. */
const RESET_CHECKS_PER_MINUTE = 30;
const PASSWORD_CHANGES_PER_HOUR = 10;
/**
 * How often a signed-in request records that it used its session: the device list's "last used" is this
 * exact, for one write per session in this time rather than one per request.
 */
export const SESSION_SEEN_EVERY_MS = 10 * 60_000;

/** The handle the device list names a session by: derived from its id, which it never shows. */
const sessionHandle = (id: string): string => createHash('sha256').update(id).digest('base64url').slice(0, 22);

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    nick: row.nick,
    // Kept in one form since the thirty-third session; a number stored before reads in that form too, and
    // anything else as it was stored.
    phone: normalisePhone(row.phone) ?? row.phone,
    team: row.team,
    level: row.level,
    plan: PlanId.catch('free').parse(row.plan),
    planExpiresAt: row.plan_expires_at,
    createdAt: row.created_at,
  };
}

/**
 * Where a request came from, as sign-in and password changes use it: the address (rate limits, and the mails
 * that tell the member), the User-Agent (the device's name in the device list and those mails; the header is
 * not kept), and the language the request names, if it names one (the mails are written in it, else in the
 * account's).
 */
export interface RequestOrigin {
  ip: string;
  userAgent?: string;
  lang?: Lang;
}

/** An address as the mails show it: IPv4 as people write it, not as IPv6 maps it ("::ffff:203.0.113.9"). */
const shownAddress = (ip: string): string => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/u, '');

/** A stored language, read as one of the three (Korean when it is none of them). */
export const asLang = (v: string): Lang => (v === 'en' || v === 'ja' ? v : 'ko');

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /** Signs a new member up with their consents, recorded with each document's version and the time. */
  async signup(form: Record<string, unknown>, ip: string, lang: Lang): Promise<User> {
    const problem = validateSignup(form);
    if (problem) throw badRequest(problem, problem === 'FIELD_TOO_LONG' ? tooLongDetails(signupTooLong(form)!) : undefined);
    // Counted before the argon2id hash, the costly part: per address, and a ceiling for the whole server.
    const { signup, counters } = this.deps;
    const address = addressKey(ip);
    const windowMs = signup.windowSeconds * 1000;
    const [byAddress, total] = await Promise.all([counters.hit(`signup:ip:${address}`, windowMs), counters.hit('signup:all', windowMs)]);
    if (byAddress.count > signup.maxPerAddress || total.count > signup.maxTotal) {
      throw tooMany('TOO_MANY_SIGNUPS', byAddress.count > signup.maxPerAddress ? byAddress.resetMs : total.resetMs);
    }
    const team = nameText(form['team']);
    const passwordHash = await hashPassword(str(form['password']));
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const inserted = await users.insertUser(trx, {
        email: str(form['email']).trim(),
        passwordHash,
        name: nameText(form['name']),
        phone: phoneText(form['phone']),
        team: team || null,
        level: NEW_USER_LEVEL,
        lang,
      });
      if (!inserted) return undefined;
      const now = nowIso();
      for (const kind of ['terms', 'privacy', 'marketing'] as const) {
        // Marketing is recorded either way: a refusal at sign-up is a choice with a date too.
        const agreed = kind === 'marketing' ? form['agreeMarketing'] === true : true;
        await consents.upsertConsent(trx, {
          user_id: inserted.id,
          kind,
          version: CONSENT_VERSIONS[kind],
          agreed_at: agreed ? now : null,
          withdrawn_at: null,
        });
      }
      return inserted;
    });
    if (!row) throw conflict('EMAIL_TAKEN');
    // A marketing consent given is confirmed by mail, as on the account page (AccountService.setMarketing).
    const { mailer, mailSender } = this.deps;
    if (form['agreeMarketing'] === true && mailer.enabled && mailSender) {
      mailer
        .send(marketingConsentMail(row.email, lang, { agreed: true, at: nowIso(), sender: mailSender(lang) }))
        .catch(this.deps.onMailError);
    }
    return toUser(row);
  }

  async signin(form: { email?: unknown; password?: unknown }, { ip, userAgent, lang }: RequestOrigin): Promise<SigninResult> {
    const problem = validateLogin(form);
    if (problem) throw badRequest(problem);
    const email = str(form.email).trim().toLowerCase();
    const password = str(form.password);
    const { signin, counters } = this.deps;
    const address = addressKey(ip);
    const windowMs = signin.windowSeconds * 1000;
    // Three counters, each a fixed window, each counted atomically before the password is checked (so
    // parallel guesses cannot slip past a limit):
    //  - (account, address): locks that address out of that account; reset by a right password;
    //  - address: against spraying many accounts from one address;
    //  - account: a soft limit. Past it, only an address with no recent attempt on this account may try,
    //    once per window: the owner at home still signs in while the attacker's addresses are locked.
    const pairKey = `signin:pair:${email}|${address}`;
    const [byPair, byAddress, byAccount] = await Promise.all([
      counters.hit(pairKey, windowMs),
      counters.hit(`signin:ip:${address}`, windowMs),
      counters.hit(`signin:acct:${email}`, windowMs),
    ]);
    const refusedBy =
      byPair.count > signin.maxPerPair
        ? byPair
        : byAddress.count > signin.maxPerAddress
          ? byAddress
          : byAccount.count > signin.maxPerAccount && byPair.count > 1
            ? byPair
            : null;
    if (refusedBy) {
      throw tooMany('TOO_MANY_ATTEMPTS', refusedBy.resetMs);
    }
    const row = await users.findUserByEmail(this.deps.db, email);
    if (!row) {
      await verifyAgainstDummy(password);
      throw unauthorized('INVALID_CREDENTIALS');
    }
    if (!(await verifyPassword(row.password_hash, password))) throw unauthorized('INVALID_CREDENTIALS');
    await counters.reset(pairKey);
    // The language the member uses the site in is the one their mail is written in.
    if (lang) await users.setUserLang(this.deps.db, row.id, lang);
    const device = deviceOf(userAgent);
    // A sign-in from a device none of the account's sessions on record came from is told by mail, unless the
    // member turned that off. An account with none on record (the first sign-in, or back after every session's
    // 30 days) has nothing to compare with.
    const alert = this.deps.mailer.enabled && row.new_device_alerts === 1;
    const known = alert ? await sessions.devicesOnRecord(this.deps.db, row.id) : [];
    const result = await this.startSession(row, device);
    if (known.length > 0 && !known.some((d) => sameDevice(d, device))) {
      const message = newDeviceMail(row.email, lang ?? asLang(row.lang), {
        at: nowIso(),
        device,
        address: shownAddress(ip),
        accountLink: `${this.deps.publicBaseUrl}/account`,
      });
      this.deps.mailer.send(message).catch(this.deps.onMailError);
    }
    return result;
  }

  /** A new token in the caller's session; the session keeps its original start and end. */
  async refresh(viewer: Viewer): Promise<SigninResult> {
    if (!viewer.sessionId) throw unauthorized('TOKEN_INVALID');
    const row = await sessions.findSessionUser(this.deps.db, viewer.sessionId, viewer.id, nowIso());
    if (!row) throw unauthorized('TOKEN_INVALID');
    return this.issue(row, viewer.sessionId, row.session_expires_at);
  }

  /** Revokes the caller's session (this device only); its tokens stop working on every instance at once. */
  async signout(viewer: Viewer): Promise<void> {
    if (viewer.sessionId) await sessions.revokeSession(this.deps.db, viewer.sessionId, viewer.id, nowIso());
  }

  /** The member's signed-in devices: this one first, then by when each was last used. */
  async listSessions(viewer: Viewer): Promise<DeviceSession[]> {
    const rows = await sessions.listLiveSessions(this.deps.db, viewer.id, nowIso());
    const used = (r: sessions.SessionRow) => r.last_seen_at ?? r.created_at;
    return rows
      .map((r) => ({ row: r, current: r.id === viewer.sessionId }))
      .sort((a, b) => Number(b.current) - Number(a.current) || used(b.row).localeCompare(used(a.row)))
      .map(({ row: r, current }) => ({
        id: sessionHandle(r.id),
        current,
        browser: r.browser,
        os: r.os,
        platform: r.platform as DevicePlatform | null,
        signedInAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        expiresAt: r.expires_at,
      }));
  }

  /** Signs one of the member's devices out (this one too, if named); 404 when it is not a live session of theirs. */
  async endSession(viewer: Viewer, handle: string): Promise<{ id: string }> {
    const now = nowIso();
    const rows = await sessions.listLiveSessions(this.deps.db, viewer.id, now);
    const row = rows.find((r) => sessionHandle(r.id) === handle);
    if (!row) throw notFound('SESSION_NOT_FOUND');
    await sessions.revokeSession(this.deps.db, row.id, viewer.id, now);
    return { id: handle };
  }

  /** Signs out every device of the member but this one. */
  async endOtherSessions(viewer: Viewer): Promise<{ ended: number }> {
    if (!viewer.sessionId) throw unauthorized('TOKEN_INVALID');
    return { ended: await sessions.revokeUserSessions(this.deps.db, viewer.id, nowIso(), viewer.sessionId) };
  }

  private async startSession(row: UserRow, device: Device): Promise<SigninResult> {
    const id = randomBytes(16).toString('base64url');
    const now = Date.now();
    const expiresAt = new Date(now + this.deps.sessionMaxAgeSeconds * 1000).toISOString();
    await sessions.insertSession(this.deps.db, {
      id,
      userId: row.id,
      createdAt: new Date(now).toISOString(),
      expiresAt,
      device,
    });
    return this.issue(row, id, expiresAt);
  }

  private async issue(row: UserRow, sessionId: string, sessionExpiresAt: string): Promise<SigninResult> {
    const notAfter = Date.parse(sessionExpiresAt) / 1000;
    const token = await this.deps.tokens.issue({ userId: row.id, tokenVersion: row.token_version, sessionId }, notAfter);
    const expiresIn = Math.max(0, Math.min(this.deps.tokens.ttlSeconds, Math.floor(notAfter - Date.now() / 1000)));
    return { token, expiresIn, user: toUser(row) };
  }

  /**
   * The caller behind a bearer token, or null when the token is missing, bad, expired or its session is
   * revoked or past its end. One query by primary key, no cache: a sign-out takes effect at once on every
   * instance.
   */
  async authenticate(token: string): Promise<(UserRow & { sessionId: string }) | null> {
    const claims = await this.deps.tokens.verify(token);
    if (!claims) return null;
    const now = nowIso();
    const row = await sessions.findSessionUser(this.deps.db, claims.sessionId, claims.userId, now);
    if (!row || row.token_version !== claims.tokenVersion) return null;
    const seen = row.session_last_seen_at ? Date.parse(row.session_last_seen_at) : 0;
    if (Date.parse(now) - seen >= SESSION_SEEN_EVERY_MS) await sessions.touchSession(this.deps.db, claims.sessionId, now);
    return { ...row, sessionId: claims.sessionId };
  }

  async me(viewer: Viewer): Promise<User> {
    const row = await users.findUserById(this.deps.db, viewer.id);
    if (!row) throw unauthorized('TOKEN_INVALID');
    return toUser(row);
  }

  /**
   * Always answers the same way, whether or not the account exists. The mail is written in the language the
   * reset was asked in (`lang`, the web app's UI language), which the reader is reading at that moment; a
   * request that names none gets the member's own (the language they last signed in with). The member's
   * stored language is not changed by it: anyone may ask for a reset.
   */
  async requestPasswordReset(emailRaw: string, ip: string, lang?: Lang): Promise<void> {
    const email = emailRaw.trim().toLowerCase();
    const address = addressKey(ip);
    const hourMs = 3600_000;
    const [byAddress, byAccount] = await Promise.all([
      this.deps.counters.hit(`findpw:ip:${address}`, hourMs),
      this.deps.counters.hit(`findpw:acct:${email}`, hourMs),
    ]);
    if (byAddress.count > 20 || byAccount.count > 5) return;
    const row = await users.findUserByEmail(this.deps.db, email);
    if (!row) return;
    if (!this.deps.mailer.enabled) return;
    const { token, hash } = newOneTimeToken();
    await users.insertPasswordReset(this.deps.db, row.id, hash, new Date(Date.now() + RESET_TTL_MS).toISOString());
    const link = `${this.deps.publicBaseUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // Not awaited: the answer takes as long whether or not the account exists.
    this.deps.mailer
      .send(this.deps.resetMail(row.email, lang ?? asLang(row.lang), link, RESET_TTL_MS / 60_000))
      .catch(this.deps.onMailError);
  }

  /**
   * Changes the password of the signed-in member: the current one is required (a borrowed device cannot
   * take the account), the new one follows the signup rules, every other session ends, and this one goes on
   * with a new token (the old ones carry the old token version).
   */
  async changePassword(
    viewer: Viewer,
    form: { currentPassword?: unknown; password?: unknown; confirmPassword?: unknown },
    origin: RequestOrigin,
  ): Promise<SigninResult> {
    if (!viewer.sessionId) throw unauthorized('TOKEN_INVALID');
    const problem = validateNewPassword(form.password, form.confirmPassword ?? '');
    if (problem) throw badRequest(problem);
    const tries = await this.deps.counters.hit(`passwd:${viewer.id}`, 3600_000);
    if (tries.count > PASSWORD_CHANGES_PER_HOUR) throw tooMany('TOO_MANY_ATTEMPTS', tries.resetMs);
    const row = await users.findUserById(this.deps.db, viewer.id);
    if (!row) throw unauthorized('TOKEN_INVALID');
    if (!(await verifyPassword(row.password_hash, str(form.currentPassword)))) throw badRequest('CURRENT_PASSWORD_WRONG');
    const passwordHash = await hashPassword(str(form.password));
    const sessionId = viewer.sessionId;
    await this.deps.db.transaction().execute(async (trx) => {
      const now = nowIso();
      await users.setUserPassword(trx, viewer.id, passwordHash);
      await users.endPasswordResets(trx, viewer.id, now);
      await sessions.revokeUserSessions(trx, viewer.id, now, sessionId);
    });
    this.tellPasswordChanged(row, origin);
    return this.refresh(viewer);
  }

  /**
   * Mails the member that their password changed, whatever their alert settings: if it was not them, the mail
   * is how they learn it, and a reset by mail is their way back in. Not awaited: a failed mail is the
   * operator's to see, and the change stands.
   */
  private tellPasswordChanged(row: UserRow, origin: RequestOrigin): void {
    if (!this.deps.mailer.enabled) return;
    const message = passwordChangedMail(row.email, origin.lang ?? asLang(row.lang), {
      at: nowIso(),
      device: deviceOf(origin.userAgent),
      address: shownAddress(origin.ip),
      siteLink: `${this.deps.publicBaseUrl}/`,
    });
    this.deps.mailer.send(message).catch(this.deps.onMailError);
  }

  /**
   * Whether a reset link can still be used, without using it: the reset screen asks as it opens. Counted per
   * address (429 past `RESET_CHECKS_PER_MINUTE`); the answer says nothing of the account.
   */
  async resetTokenUsable(token: string, ip: string): Promise<boolean> {
    const tries = await this.deps.counters.hit(`resetcheck:ip:${addressKey(ip)}`, 60_000);
    if (tries.count > RESET_CHECKS_PER_MINUTE) throw tooMany('RATE_LIMITED', tries.resetMs);
    return users.isPasswordResetUsable(this.deps.db, hashToken(token), nowIso());
  }

  /** Sets a new password from a reset link and signs the member in on this device (a new session). */
  async resetPassword(token: string, password: string, confirmPassword: string | undefined, origin: RequestOrigin): Promise<SigninResult> {
    const problem = validateNewPassword(password, confirmPassword);
    if (problem) throw badRequest(problem);
    const passwordHash = await hashPassword(password);
    const userId = await this.deps.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const used = await users.consumePasswordReset(trx, hashToken(token), now);
      if (!used) throw badRequest('RESET_TOKEN_INVALID');
      await users.setUserPassword(trx, used.user_id, passwordHash);
      // One reset ends every other outstanding link and every signed-in session of the account.
      await users.endPasswordResets(trx, used.user_id, now);
      await sessions.revokeUserSessions(trx, used.user_id, now);
      return used.user_id;
    });
    // It signs the member in, so, as a sign-in does, it keeps the language they use the site in for their mail.
    if (origin.lang) await users.setUserLang(this.deps.db, userId, origin.lang);
    const row = await users.findUserById(this.deps.db, userId);
    if (!row) throw badRequest('RESET_TOKEN_INVALID');
    const result = await this.startSession(row, deviceOf(origin.userAgent));
    this.tellPasswordChanged(row, origin);
    return result;
  }

  /** Forgets sessions past their absolute end (at start and once a day). */
  async dropExpiredSessions(now = new Date()): Promise<void> {
    await sessions.deleteExpiredSessions(this.deps.db, now.toISOString());
  }

  async setLevel(email: string, level: number): Promise<User | null> {
    if (!Number.isInteger(level) || level < 1 || level > MAX_LEVEL) throw badRequest('VALIDATION_FAILED');
    const row = await users.setUserLevel(this.deps.db, email, level);
    return row ? toUser(row) : null;
  }
}
