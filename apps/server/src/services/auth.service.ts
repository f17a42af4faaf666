import { MAX_LEVEL, NEW_USER_LEVEL, validateLogin, validateNewPassword, validateSignup, type SigninResult, type User } from '@sori/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError, badRequest, conflict, unauthorized } from '../lib/app-error';
import type { Counters } from '../lib/counters';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../lib/passwords';
import { hashToken, newOneTimeToken, type TokenService } from '../lib/tokens';
import { nowIso } from '../lib/time';
import * as users from '../repositories/user.repository';
import type { UserRow } from '../repositories/user.repository';

/** The signed-in caller, as routes and services see it. */
export interface Viewer {
  id: number;
  level: number;
}

export interface AuthDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  counters: Counters;
  signin: { maxPerAccount: number; maxPerAddress: number; windowSeconds: number };
  publicBaseUrl: string;
  /** Delivers a password-reset link; with no mailer configured the server logs it (DECISIONS 11). */
  sendResetLink: (email: string, url: string) => void;
}

const RESET_TTL_MS = 30 * 60 * 1000;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    nick: row.nick,
    phone: row.phone,
    team: row.team,
    level: row.level,
    createdAt: row.created_at,
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  async signup(form: Record<string, unknown>): Promise<User> {
    const problem = validateSignup(form);
    if (problem) throw badRequest(problem);
    const team = str(form['team']).trim();
    const row = await users.insertUser(this.deps.db, {
      email: str(form['email']).trim(),
      passwordHash: await hashPassword(str(form['password'])),
      name: str(form['name']).trim(),
      phone: str(form['phone']).trim(),
      team: team || null,
      level: NEW_USER_LEVEL,
    });
    if (!row) throw conflict('EMAIL_TAKEN');
    return toUser(row);
  }

  async signin(form: { email?: unknown; password?: unknown }, address: string): Promise<SigninResult> {
    const problem = validateLogin(form);
    if (problem) throw badRequest(problem);
    const email = str(form.email).trim().toLowerCase();
    const password = str(form.password);
    const { signin, counters } = this.deps;
    const windowMs = signin.windowSeconds * 1000;
    // Both limits count every attempt: per address against spraying many accounts, per account against
    // guessing one account's password from many addresses.
    const [byAddress, byAccount] = await Promise.all([
      counters.hit(`signin:ip:${address}`, windowMs),
      counters.hit(`signin:acct:${email}`, windowMs),
    ]);
    if (byAddress.count > signin.maxPerAddress || byAccount.count > signin.maxPerAccount) {
      const retry = Math.ceil(Math.max(byAddress.resetMs, byAccount.resetMs) / 1000);
      throw new AppError(429, 'TOO_MANY_ATTEMPTS', { retryAfterSeconds: retry }, { 'retry-after': String(retry) });
    }
    const row = await users.findUserByEmail(this.deps.db, email);
    if (!row) {
      await verifyAgainstDummy(password);
      throw unauthorized('INVALID_CREDENTIALS');
    }
    if (!(await verifyPassword(row.password_hash, password))) throw unauthorized('INVALID_CREDENTIALS');
    await counters.reset(`signin:acct:${email}`);
    return this.issue(row);
  }

  async refresh(viewer: Viewer): Promise<SigninResult> {
    const row = await users.findUserById(this.deps.db, viewer.id);
    if (!row) throw unauthorized('TOKEN_INVALID');
    return this.issue(row);
  }

  private async issue(row: UserRow): Promise<SigninResult> {
    const token = await this.deps.tokens.issue({ userId: row.id, tokenVersion: row.token_version });
    return { token, expiresIn: this.deps.tokens.ttlSeconds, user: toUser(row) };
  }

  /** The caller behind a bearer token, or null when the token is missing, bad, expired or revoked. */
  async authenticate(token: string): Promise<UserRow | null> {
    const claims = await this.deps.tokens.verify(token);
    if (!claims) return null;
    const row = await users.findUserById(this.deps.db, claims.userId);
    if (!row || row.token_version !== claims.tokenVersion) return null;
    return row;
  }

  async me(viewer: Viewer): Promise<User> {
    const row = await users.findUserById(this.deps.db, viewer.id);
    if (!row) throw unauthorized('TOKEN_INVALID');
    return toUser(row);
  }

  /** Always answers the same way, whether or not the account exists. */
  async requestPasswordReset(emailRaw: string, address: string): Promise<void> {
    const email = emailRaw.trim().toLowerCase();
    const hourMs = 3600_000;
    const [byAddress, byAccount] = await Promise.all([
      this.deps.counters.hit(`findpw:ip:${address}`, hourMs),
      this.deps.counters.hit(`findpw:acct:${email}`, hourMs),
    ]);
    if (byAddress.count > 20 || byAccount.count > 5) return;
    const row = await users.findUserByEmail(this.deps.db, email);
    if (!row) return;
    const { token, hash } = newOneTimeToken();
    await users.insertPasswordReset(this.deps.db, row.id, hash, new Date(Date.now() + RESET_TTL_MS).toISOString());
    this.deps.sendResetLink(row.email, `${this.deps.publicBaseUrl}/?resetToken=${encodeURIComponent(token)}`);
  }

  async resetPassword(token: string, password: string, confirmPassword: string | undefined): Promise<void> {
    const problem = validateNewPassword(password, confirmPassword);
    if (problem) throw badRequest(problem);
    const passwordHash = await hashPassword(password);
    await this.deps.db.transaction().execute(async (trx) => {
      const used = await users.consumePasswordReset(trx, hashToken(token), nowIso());
      if (!used) throw badRequest('RESET_TOKEN_INVALID');
      await users.setUserPassword(trx, used.user_id, passwordHash);
    });
  }

  async setLevel(email: string, level: number): Promise<User | null> {
    if (!Number.isInteger(level) || level < 1 || level > MAX_LEVEL) throw badRequest('VALIDATION_FAILED');
    const row = await users.setUserLevel(this.deps.db, email, level);
    return row ? toUser(row) : null;
  }
}
