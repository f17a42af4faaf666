import {
  ACCOUNT_DATA_FORMAT,
  CONSENT_KINDS,
  CONSENT_VERSIONS,
  levelOfPlan,
  nameText,
  phoneText,
  PlanId,
  profileTooLong,
  tooLongDetails,
  validateProfile,
  type AccountData,
  type Consent,
  type ConsentKind,
  type Lang,
  type SigninAlerts,
  type User,
} from '@sori/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, tooMany, unauthorized } from '../../lib/app-error';
import type { Counters } from '../../lib/counters';
import { verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import { accountDataRows } from '../../repositories/account-data.repository';
import * as consents from '../../repositories/consent.repository';
import * as licenceRows from '../../repositories/licence.repository';
import type { ConsentRow } from '../../repositories/consent.repository';
import * as users from '../../repositories/user.repository';
import { asLang, toUser, type Viewer } from '../auth.service';
import type { Mailer } from '../../lib/mailer';
import { marketingConsentMail } from './mail-texts';
import type { LicenceService } from '../licences/licence.service';
import type { MediaService } from '../media.service';
import type { ChannelService } from './channel.service';

export interface AccountDeps {
  db: Kysely<Database>;
  counters: Counters;
  licences: LicenceService;
  media: MediaService;
  channels: ChannelService;
  /** Mails the notice of a marketing consent given or withdrawn (when mail is on), from `mailSender`. */
  mailer?: Mailer;
  /** Who sends the marketing mail, as its notice names them (the company). */
  mailSender?: (lang: Lang) => string;
  onMailError?: (err: unknown) => void;
}

const WITHDRAWAL_TRIES_PER_HOUR = 10;
/** Downloads of one's own data per hour: plenty for a person, not a way to load the database. */
const DATA_EXPORTS_PER_HOUR = 20;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function toConsent(kind: ConsentKind, row: ConsentRow | undefined): Consent {
  return {
    kind,
    version: row?.version ?? CONSENT_VERSIONS[kind],
    agreed: Boolean(row?.agreed_at) && !row?.withdrawn_at,
    agreedAt: row?.agreed_at ?? null,
    withdrawnAt: row?.withdrawn_at ?? null,
  };
}

/** The account's sign-in alerts as stored (a 0/1 column). */
const alertsOf = (user: users.UserRow): SigninAlerts => ({ newDevice: user.new_device_alerts === 1 });

/**
 * The account page's calls and the operator's plan command (docs/ACCOUNTS.md): profile, consents, plan,
 * and withdrawal — personal data deleted at once, licences kept pseudonymised as the privacy policy says.
 */
export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  async updateProfile(viewer: Viewer, form: { nick?: unknown; name?: unknown; phone?: unknown; team?: unknown }): Promise<User> {
    const problem = validateProfile(form);
    if (problem) throw badRequest(problem, problem === 'FIELD_TOO_LONG' ? tooLongDetails(profileTooLong(form)!) : undefined);
    const team = nameText(form.team);
    const row = await users.updateProfile(this.deps.db, viewer.id, {
      nick: nameText(form.nick),
      name: nameText(form.name),
      phone: phoneText(form.phone),
      team: team || null,
    });
    if (!row) throw unauthorized('TOKEN_INVALID');
    return toUser(row);
  }

  async consents(viewer: Viewer): Promise<Consent[]> {
    const rows = await consents.consentsOf(this.deps.db, viewer.id);
    return CONSENT_KINDS.map((kind) =>
      toConsent(
        kind,
        rows.find((r) => r.kind === kind),
      ),
    );
  }

  /**
   * Everything Sori keeps about the member, for the account page's "download my data" (the right of access
   * of the privacy law): the account, consents, channels (removed ones too), licences, likes, downloads,
   * playlists with their tracks, uploads and sessions. Never the password's hash or a session's token.
   */
  async exportData(viewer: Viewer): Promise<AccountData> {
    const tries = await this.deps.counters.hit(`data-export:${viewer.id}`, 3600_000);
    if (tries.count > DATA_EXPORTS_PER_HOUR) throw tooMany('RATE_LIMITED', tries.resetMs);
    const user = await users.findUserById(this.deps.db, viewer.id);
    if (!user) throw unauthorized('TOKEN_INVALID');
    const consentList = await this.consents(viewer);
    const licences = await licenceRows.licencesOfUser(this.deps.db, viewer.id);
    const rows = await accountDataRows(this.deps.db, viewer.id);
    const ref = (t: { id: number; title: string; artist: string | null }) => ({ id: t.id, title: t.title, artist: t.artist });
    return {
      format: ACCOUNT_DATA_FORMAT,
      exportedAt: nowIso(),
      account: { ...toUser(user), language: user.lang, newDeviceAlerts: alertsOf(user).newDevice },
      consents: consentList,
      channels: rows.channels.map((c) => ({
        platform: c.platform,
        externalId: c.external_id,
        url: c.url,
        registeredAt: c.created_at,
        endsAt: c.ends_at,
        removedAt: c.removed_at,
      })),
      licences: licences.map((l) => ({
        id: l.id,
        track: { id: l.track_id, title: l.track_title, artist: l.track_artist },
        fileName: l.file_name,
        edit: l.edit_seconds,
        issuedAt: l.issued_at,
        status: l.status,
        revokedAt: l.revoked_at,
        verifyUrl: (JSON.parse(l.signed_json) as { verifyUrl: string }).verifyUrl,
      })),
      likes: rows.likes.map((l) => ({ track: ref(l), likedAt: l.created_at })),
      downloads: rows.downloads.map((d) => ({ track: ref(d), firstAt: d.first_at, lastAt: d.last_at, count: d.count })),
      playlists: rows.playlists.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        createdAt: p.created_at,
        updatedAt: p.updated_at,
        shared: p.token !== null,
        tracks: rows.playlistTracks.filter((t) => t.playlist_id === p.id).map((t) => ({ ...ref(t), addedAt: t.added_at })),
      })),
      uploads: rows.uploads.map((u) => ({
        id: u.id,
        title: u.title,
        artist: u.artist,
        fileName: u.file_name,
        published: u.published === 1,
        uploadedAt: u.created_at,
      })),
      sessions: rows.sessions.map((s) => ({
        signedInAt: s.created_at,
        expiresAt: s.expires_at,
        signedOutAt: s.revoked_at,
        lastSeenAt: s.last_seen_at,
        browser: s.browser,
        os: s.os,
        platform: s.platform,
      })),
    };
  }

  /**
   * Gives or withdraws the optional marketing consent (the required ones stand until withdrawal). A change is confirmed by mail (when mail is on), in the language
   * it was asked in, as the Network Act (art. 50(8)) asks: the sender, the day and what was done. Asking for
   * what already holds changes nothing and sends nothing.
   */
  async setMarketing(viewer: Viewer, agreed: boolean, lang?: Lang): Promise<Consent> {
    const now = nowIso();
    const current = (await consents.consentsOf(this.deps.db, viewer.id)).find((r) => r.kind === 'marketing');
    const was = toConsent('marketing', current).agreed;
    const row = await consents.upsertConsent(this.deps.db, {
      user_id: viewer.id,
      kind: 'marketing',
      version: CONSENT_VERSIONS.marketing,
      agreed_at: agreed ? (was ? current!.agreed_at : now) : (current?.agreed_at ?? null),
      withdrawn_at: agreed ? null : was ? now : (current?.withdrawn_at ?? null),
    });
    const { mailer, mailSender } = this.deps;
    if (was !== agreed && mailer?.enabled && mailSender) {
      const user = await users.findUserById(this.deps.db, viewer.id);
      if (user) {
        // Not awaited: the switch answers at once; a failed mail is the operator's to see.
        const mailLang = lang ?? asLang(user.lang);
        mailer
          .send(marketingConsentMail(user.email, mailLang, { agreed, at: now, sender: mailSender(mailLang) }))
          .catch(this.deps.onMailError ?? (() => undefined));
      }
    }
    return toConsent('marketing', row);
  }

  /** The account's sign-in alerts: whether a sign-in from a new device is told by mail. */
  async alerts(viewer: Viewer): Promise<SigninAlerts> {
    const user = await users.findUserById(this.deps.db, viewer.id);
    if (!user) throw unauthorized('TOKEN_INVALID');
    return alertsOf(user);
  }

  /** Turns the new-device mail on or off; answers what is now kept. */
  async setAlerts(viewer: Viewer, alerts: SigninAlerts): Promise<SigninAlerts> {
    const user = await users.setNewDeviceAlerts(this.deps.db, viewer.id, alerts.newDevice);
    if (!user) throw unauthorized('TOKEN_INVALID');
    return alertsOf(user);
  }

  /**
   * Withdraws the account, confirmed with its password. In one transaction: the member's licences are
   * pseudonymised and detached (kept as records and still verifiable), their uploads deleted, and the user row
   * deleted with everything that hangs on it (sessions, likes, playlists, download history, consents,
   * channels). The e-mail address is free to sign up again at once. Files go after the commit.
   */
  async withdraw(viewer: Viewer, password: unknown): Promise<void> {
    const tries = await this.deps.counters.hit(`withdraw:${viewer.id}`, 3600_000);
    if (tries.count > WITHDRAWAL_TRIES_PER_HOUR) throw tooMany('TOO_MANY_ATTEMPTS', tries.resetMs);
    const row = await users.findUserById(this.deps.db, viewer.id);
    if (!row) throw unauthorized('TOKEN_INVALID');
    if (!str(password)) throw badRequest('SIGNUP_REQUIRED_FIELDS');
    if (!(await verifyPassword(row.password_hash, str(password)))) throw badRequest('PASSWORD_WRONG');
    const afterCommit = await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.licences.forgetLicensee(viewer.id, trx);
      const dropFiles = await this.deps.media.forgetUploads(trx, viewer.id);
      await users.deleteUser(trx, viewer.id);
      return dropFiles;
    });
    await afterCommit();
  }

  /**
   * Sets a member's plan (operator, until a payment provider does): the level follows, an end date makes it
   * lapse to free then, and their channels are fitted to the new allowance.
   */
  async setPlan(email: string, plan: string, until: Date | null): Promise<User | null> {
    const parsed = PlanId.safeParse(plan);
    if (!parsed.success) throw badRequest('VALIDATION_FAILED', { field: 'plan' });
    if (until && parsed.data === 'free') throw badRequest('VALIDATION_FAILED', { field: 'until' });
    const user = await users.findUserByEmail(this.deps.db, email);
    if (!user) return null;
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const updated = await users.setUserPlan(trx, user.id, {
        plan: parsed.data,
        level: levelOfPlan(parsed.data),
        expiresAt: until ? until.toISOString() : null,
      });
      await this.deps.channels.applyPlan(trx, user.id, parsed.data);
      return updated;
    });
    return row ? toUser(row) : null;
  }

  /**
   * Paid plans whose end has come lapse to free (level 1); their channels end after the grace period, counted
   * from the plan's end. Runs at start and every hour; answers how many lapsed.
   */
  async lapsePlans(now = new Date()): Promise<number> {
    const lapsed = await users.usersWithLapsedPlans(this.deps.db, now.toISOString());
    for (const user of lapsed) {
      await this.deps.db.transaction().execute(async (trx) => {
        await users.setUserPlan(trx, user.id, { plan: 'free', level: levelOfPlan('free'), expiresAt: null });
        await this.deps.channels.applyPlan(trx, user.id, 'free', new Date(user.plan_expires_at!));
      });
    }
    await this.deps.channels.retireEnded(now);
    return lapsed.length;
  }
}
