import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Access tokens: HS256 JWTs with an expiry, verified with the algorithm pinned (no "alg" negotiation). */
const ALG = 'HS256';
const ISSUER = 'sori';

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
  /** The server-side session the token belongs to (sessions table). */
  sessionId: string;
}

/** The query parameters of a signed link (`?exp=…&uid=…&sig=…`), as they arrive. */
export interface SignedParams {
  exp?: unknown;
  uid?: unknown;
  sig?: unknown;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.signingKey = createHash('sha256')
      .update('signed-url:' + secret)
      .digest();
  }

  private readonly signingKey: Buffer;

  /** A token that expires after ttlSeconds, or at notAfter (epoch seconds) when that comes sooner. */
  async issue(claims: TokenClaims, notAfter = Number.POSITIVE_INFINITY): Promise<string> {
    const exp = Math.min(Math.floor(Date.now() / 1000) + this.ttlSeconds, Math.floor(notAfter));
    return new SignJWT({ ver: claims.tokenVersion, sid: claims.sessionId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      // A token without an expiry would be good forever: exp is required, not just checked when present.
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], issuer: ISSUER, requiredClaims: ['exp', 'sub'] });
      const userId = Number(payload.sub);
      const ver = payload['ver'];
      const sid = payload['sid'];
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof ver !== 'number') return null;
      if (typeof sid !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/u.test(sid)) return null;
      return { userId, tokenVersion: ver, sessionId: sid };
    } catch {
      return null;
    }
  }

  /**
   * A short-lived signature for a plain link the browser follows (a download, an unpublished upload's
   * audio), so the bearer token never appears in a URL.
   */
  signUrlParams(resource: string, userId: number, ttlSeconds: number, now = Date.now()): { exp: number; uid: number; sig: string } {
    const exp = Math.floor(now / 1000) + ttlSeconds;
    return { exp, uid: userId, sig: this.mac(`${resource}|${userId}|${exp}`) };
  }

  checkUrlParams(resource: string, params: SignedParams, now = Date.now()): number | null {
    const exp = Number(params.exp);
    const uid = Number(params.uid);
    const sig = typeof params.sig === 'string' ? params.sig : '';
    if (!Number.isSafeInteger(exp) || !Number.isSafeInteger(uid) || uid <= 0 || !sig) return null;
    if (exp < Math.floor(now / 1000)) return null;
    const expected = Buffer.from(this.mac(`${resource}|${uid}|${exp}`));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return uid;
  }

  private mac(data: string): string {
    return createHmac('sha256', this.signingKey).update(data).digest('base64url');
  }
}

/** A random one-time token and the hash that is stored in its place. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
