import {
  CROCKFORD_ALPHABET,
  LICENCE_FORMAT,
  LICENCE_TERMS,
  pageFrom,
  parseLicenceId,
  withdrawnLicensee,
  type AccountLicence,
  type ClearedChannel,
  type HeldLicence,
  type Lang,
  type Page,
  type PublicLicence,
} from '@sori/contract';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/app-error';
import type { Counters } from '../../lib/counters';
import { nowIso } from '../../lib/time';
import { StorageNotFoundError, type MediaStorage } from '../../media';
import { trackDownloadName } from '../../media/download-name';
import * as licences from '../../repositories/licence.repository';
import type { LicenceRow } from '../../repositories/licence.repository';
import type { WireRow } from '../../repositories/track.repository';
import { findUserByEmail, findUserById } from '../../repositories/user.repository';
import type { Viewer } from '../auth.service';
import { originalHash } from '../original-hash';
import { renderCertificate } from './certificate';
import type { LicenceSigner } from './signing';

export interface LicenceDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  signer: LicenceSigner;
  counters: Counters;
  /** The web app's origin: verification links and the terms point there. */
  publicBaseUrl: string;
  /** The legal name signed into licences, and the site's Latin name that English and Japanese certificates add. */
  licensor: { name: string; latinName?: string | undefined };
  lookupsPerMinute: number;
}

/** `SORI-` and 12 Crockford base32 characters from 60 random bits: not guessable, not a sequence. */
export function newLicenceId(): string {
  const bytes = randomBytes(8);
  let n = bytes.readBigUInt64BE() >> 4n;
  let out = '';
  for (let i = 0; i < 12; i++) {
    out = CROCKFORD_ALPHABET[Number(n & 31n)]! + out;
    n >>= 5n;
  }
  return `SORI-${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8)}`;
}

/** A name as the public sees it: its first character, then one `*` per character (김민준 → 김**). */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return '*';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

/** An e-mail address as the public sees it: two characters of the local part (ev***@example.com). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = Array.from(email.slice(0, at));
  return `${local.slice(0, local.length > 2 ? 2 : 1).join('')}***${email.slice(at)}`;
}

/**
 * Licences (docs/LICENCES.md): one per licensed download of a user, track and exact file, reused while it is
 * active; signed, public by id, revocable, kept as records.
 */
export class LicenceService {
  constructor(private readonly deps: LicenceDeps) {}

  /** The licence a download is made under: the caller's active one for this file, or a new one. */
  async issue(
    viewer: Viewer,
    track: WireRow & { original_sha256?: string | null },
    /** A short edit licensed instead of the original: its length, download name and the stored file's hash. */
    edit?: { seconds: number; fileName: string; sha256: string },
  ): Promise<{ licence: PublicLicence; reused: boolean }> {
    if (!track.original_key || !track.file_name) throw new AppError(409, 'NO_FILE');
    // Sori licenses only the catalogue: an upload nobody has published is not Sori's to license.
    if (track.published !== 1) throw new AppError(409, 'NOT_LICENSABLE');
    const sha256 = edit ? edit.sha256 : await this.fileHash(track.id, track.original_key);
    // The file as the licensee saves it ("Artist - Title.wav", as the download names it), not as it was uploaded.
    const fileName = edit ? edit.fileName : trackDownloadName(track.artist, track.title, track.file_name);
    const existing = await licences.findActiveLicence(this.deps.db, viewer.id, track.id, sha256);
    if (existing) return { licence: parse(existing), reused: true };
    const user = await findUserById(this.deps.db, viewer.id);
    if (!user) throw unauthorized();
    const id = newLicenceId();
    const issuedAt = nowIso();
    const body: Omit<PublicLicence, 'signature'> = {
      format: LICENCE_FORMAT,
      id,
      status: 'active',
      issuedAt,
      revokedAt: null,
      revocationReason: null,
      track: { id: track.id, title: track.title, artist: track.artist },
      file: { name: fileName, sha256 },
      ...(edit ? { edit: edit.seconds } : {}),
      licensee: { name: maskName(user.name), email: maskEmail(user.email) },
      plan: { name: user.plan, level: user.level },
      terms: { version: LICENCE_TERMS.version, scope: [...LICENCE_TERMS.scope], url: `${this.deps.publicBaseUrl}${LICENCE_TERMS.url}` },
      licensor: { name: this.deps.licensor.name, url: this.deps.publicBaseUrl },
      verifyUrl: `${this.deps.publicBaseUrl}/verify/${id}`,
      kid: this.deps.signer.kid,
    };
    const licence: PublicLicence = { ...body, signature: this.deps.signer.sign(body) };
    try {
      await licences.insertLicence(this.deps.db, {
        id,
        user_id: viewer.id,
        track_id: track.id,
        track_title: track.title,
        track_artist: track.artist,
        file_name: fileName,
        file_sha256: sha256,
        edit_seconds: edit?.seconds ?? null,
        licensee_name: user.name,
        licensee_email: user.email,
        plan_name: body.plan.name,
        plan_level: body.plan.level,
        terms_version: body.terms.version,
        issued_at: issuedAt,
        kid: body.kid,
        signed_json: JSON.stringify(licence),
      });
    } catch (err) {
      // Two downloads at once: the unique index lets one licence in; the other download uses it.
      const winner = await licences.findActiveLicence(this.deps.db, viewer.id, track.id, sha256);
      if (winner) return { licence: parse(winner), reused: true };
      throw err;
    }
    return { licence, reused: false };
  }

  /** The published verification key: SPKI PEM and a JWK (`kid` is what licences name). */
  publicKeys(): { publicPem: string; jwk: object } {
    return { publicPem: this.deps.signer.publicPem, jwk: this.deps.signer.jwk };
  }

  /**
   * The licences each of these tracks is held under by the caller, one for each file downloaded: the full
   * track first, then its short edits, shortest first. For each file, the newest active licence, or, when
   * every one was revoked, the newest revoked one (the history still shows it, marked revoked).
   */
  async heldForTracks(userId: number, trackIds: readonly number[]): Promise<Map<number, HeldLicence[]>> {
    const byFile = new Map<string, { trackId: number; held: HeldLicence }>();
    for (const r of await licences.licencesForTracks(this.deps.db, userId, trackIds)) {
      const file = `${r.track_id}:${r.edit_seconds ?? 0}`;
      const kept = byFile.get(file)?.held;
      if (!kept || r.status === 'active' || kept.status === 'revoked') {
        const held: HeldLicence = { licenceId: r.id, licensedAt: r.issued_at, status: r.status === 'active' ? 'active' : 'revoked' };
        if (r.edit_seconds !== null) held.edit = r.edit_seconds;
        byFile.set(file, { trackId: r.track_id, held });
      }
    }
    const out = new Map<number, HeldLicence[]>();
    for (const { trackId, held } of byFile.values()) out.set(trackId, [...(out.get(trackId) ?? []), held]);
    for (const list of out.values()) list.sort((a, b) => (a.edit ?? 0) - (b.edit ?? 0));
    return out;
  }

  /** A licence's public JSON, to anyone; a malformed id is a 400, an unknown one a 404, too many a 429. */
  async lookup(rawId: string, address: string): Promise<PublicLicence> {
    const { count } = await this.deps.counters.hit(`licence:ip:${address}`, 60_000);
    if (count > this.deps.lookupsPerMinute) throw new AppError(429, 'RATE_LIMITED');
    return parse(await this.find(rawId));
  }

  /**
   * The account behind an active licence, for the public list of its cleared channels (counted with the
   * lookups); null when the licence is revoked or its licensee has withdrawn.
   */
  async activeLicensee(rawId: string, address: string): Promise<number | null> {
    const { count } = await this.deps.counters.hit(`licence:ip:${address}`, 60_000);
    if (count > this.deps.lookupsPerMinute) throw new AppError(429, 'RATE_LIMITED');
    const row = await this.find(rawId);
    return row.status === 'active' ? row.user_id : null;
  }

  /** The member's licences, newest first, a page at a time (the account page). */
  async ofMember(viewer: Viewer, page: number, size: number): Promise<Page<AccountLicence>> {
    const rows = await licences.licencesOfUser(this.deps.db, viewer.id);
    const content = rows.slice(page * size, page * size + size).map((row) => ({
      id: row.id,
      trackId: row.track_id,
      trackTitle: row.track_title,
      trackArtist: row.track_artist,
      issuedAt: row.issued_at,
      status: row.status === 'revoked' ? ('revoked' as const) : ('active' as const),
      ...(row.edit_seconds === null ? {} : { edit: row.edit_seconds }),
    }));
    return pageFrom(content, page, size, rows.length);
  }

  /**
   * The certificate PDF, for the licensee only. An active licence's certificate names the channels
   * `clearedFor` the licensee now, as the verify page does (not signed, and said so on the certificate).
   */
  async certificate(
    rawId: string,
    viewer: Viewer | null,
    lang: Lang,
    clearedFor: (userId: number) => Promise<ClearedChannel[]> = () => Promise.resolve([]),
  ): Promise<{ id: string; pdf: Buffer }> {
    if (!viewer) throw unauthorized();
    const row = await this.find(rawId);
    if (row.user_id !== viewer.id) throw forbidden('LICENCE_NOT_YOURS');
    const { name, latinName } = this.deps.licensor;
    const site = { companyName: name, companyNameLatin: latinName };
    const holder = { name: row.licensee_name, email: row.licensee_email };
    const channels = row.status === 'active' ? { cleared: await clearedFor(viewer.id), asOf: nowIso() } : undefined;
    const keyUrl = `${this.deps.publicBaseUrl}/.well-known/sori-licence-key.pem`;
    const pdf = await renderCertificate(parse(row), lang, keyUrl, site, holder, channels);
    return { id: row.id, pdf };
  }

  /** Revokes a licence (operator): it stays public and signed, saying revoked, when and why. */
  async revoke(rawId: string, reason: string): Promise<PublicLicence> {
    const why = reason.trim();
    if (why === '') throw badRequest('VALIDATION_FAILED', { field: 'reason' });
    const row = await this.find(rawId);
    const current = parse(row);
    if (current.status === 'revoked') return current;
    const { signature: _old, ...body } = current;
    const revoked = { ...body, status: 'revoked' as const, revokedAt: nowIso(), revocationReason: why };
    const licence: PublicLicence = {
      ...revoked,
      kid: this.deps.signer.kid,
      signature: this.deps.signer.sign({ ...revoked, kid: this.deps.signer.kid }),
    };
    await licences.revokeLicence(this.deps.db, row.id, {
      revoked_at: revoked.revokedAt,
      revocation_reason: why,
      signed_json: JSON.stringify(licence),
    });
    return licence;
  }

  /** A user's licences, newest first (operators: `licence:list EMAIL`); null when no account has the e-mail. */
  async listForEmail(email: string): Promise<PublicLicence[] | null> {
    const user = await findUserByEmail(this.deps.db, email.trim().toLowerCase());
    return user ? (await licences.licencesOfUser(this.deps.db, user.id)).map(parse) : null;
  }

  /** Active licences an uploader holds for their own upload while it is unpublished, newest first. */
  async listOwnUnpublished(): Promise<PublicLicence[]> {
    return (await licences.ownUnpublishedLicences(this.deps.db)).map(parse);
  }

  /**
   * An account is withdrawn: its licences stay (they are records the terms promise to keep), their
   * licensee becomes a pseudonym that no longer names the person (the same for all of the account's
   * licences, so they still read as one licensee), and each is signed again as it now reads.
   */
  async forgetLicensee(userId: number, db: Kysely<Database> = this.deps.db): Promise<number> {
    const rows = await licences.licencesOfUser(db, userId);
    const licensee = withdrawnLicensee(
      createHash('sha256')
        .update(`${userId}:${rows[0]?.id ?? ''}`)
        .digest('hex'),
    );
    for (const row of rows) {
      const { signature: _old, ...body } = parse(row);
      const next = { ...body, licensee, kid: this.deps.signer.kid };
      const licence: PublicLicence = { ...next, signature: this.deps.signer.sign(next) };
      await licences.pseudonymiseLicence(db, row.id, {
        licensee_name: licensee.name,
        licensee_email: licensee.email,
        signed_json: JSON.stringify(licence),
      });
    }
    return rows.length;
  }

  private async find(rawId: string): Promise<LicenceRow> {
    const id = parseLicenceId(rawId);
    if (id === null) throw badRequest('INVALID_LICENCE_ID');
    const row = await licences.findLicence(this.deps.db, id);
    if (!row) throw notFound('LICENCE_NOT_FOUND');
    return row;
  }

  /** The SHA-256 of a track's stored original (`originalHash`); a file storage lacks is a 409 NO_FILE. */
  private async fileHash(trackId: number, key: string): Promise<string> {
    try {
      return await originalHash(this.deps.db, this.deps.storage, trackId, key);
    } catch (err) {
      // The row names a file storage does not have: nothing can be licensed or delivered.
      if (err instanceof StorageNotFoundError) throw new AppError(409, 'NO_FILE');
      throw err;
    }
  }
}

const parse = (row: LicenceRow): PublicLicence => JSON.parse(row.signed_json) as PublicLicence;
