import { z } from 'zod';

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
 * A licence id as people type or paste it: case, spaces, missing or extra hyphens, and the letters Crockford
 * reads as digits (O→0, I and L→1) forgiven; null when it cannot be one. A forgiving parse never matches a
 * different licence: it only undoes what a person does to an id when copying it.
 */
export function parseLicenceId(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 64) return null;
  let s = raw.normalize('NFKC').toUpperCase().replace(/[\s\u2010-\u2015-]/gu, '');
  if (s.startsWith('SORI')) s = s.slice(4);
  s = s.replace(/O/gu, '0').replace(/[IL]/gu, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{12}$/u.test(s)) return null;
  return `SORI-${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8, 12)}`;
}

/** The version of the format; a verifier refuses what it does not know. */
export const LICENCE_FORMAT = 'sori-licence/1';

export const LicenceStatus = z.enum(['active', 'revoked']);
export type LicenceStatus = z.infer<typeof LicenceStatus>;

/** The public licence, as `GET /api/licences/{id}` answers it and as it is signed. */
export const PublicLicence = z.object({
  format: z.literal(LICENCE_FORMAT),
  id: z.string().regex(LICENCE_ID_PATTERN),
  status: LicenceStatus,
  issuedAt: z.string().describe('ISO 8601, UTC'),
  revokedAt: z.string().nullable(),
  revocationReason: z.string().nullable(),
  track: z.object({ id: z.number().int(), title: z.string(), artist: z.string().nullable() }),
  file: z.object({ name: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/u) }),
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

/** A licensed download in the caller's history (`GET /api/musics?tempPlayListId=-1` items carry these too). */
export interface LicenceSummary {
  licenceId: string;
  licensedAt: string;
}
