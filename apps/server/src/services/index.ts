import path from 'node:path';
import { licensorName, type Lang } from '@sori/contract';
import type { Config } from '../config';
import { createDb, type Db } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import { createChangeSignal, type ChangeSignal } from '../lib/change-signal';
import { createCounters, type Counters } from '../lib/counters';
import { createMailer, type Mailer } from '../lib/mailer';
import { BullJobQueue, bullConnection, InlineJobQueue, type JobHandlers, type JobQueue } from '../lib/job-queue';
import { TokenService } from '../lib/tokens';
import { openStorage, type MediaStorage } from '../media';
import { AccountService } from './account/account.service';
import { ChannelService } from './account/channel.service';
import { resetMail } from './account/mail-texts';
import { AuthService } from './auth.service';
import { CatalogueService } from './catalogue/catalogue.service';
import { LibraryService } from './library.service';
import { LicenceService } from './licences/licence.service';
import { LicenceSigner } from './licences/signing';
import { MediaAccessService } from './media-access.service';
import { MediaService } from './media.service';
import { PagePreviewService } from './page-preview.service';
import { PlaylistService } from './playlist.service';
import { ShareService } from './share.service';
import { EditsService } from './edits.service';
import { SoundService } from './sound.service';
import { LiveIngests } from './upload-recovery';

export interface Services {
  tokens: TokenService;
  auth: AuthService;
  catalogue: CatalogueService;
  library: LibraryService;
  licences: LicenceService;
  playlists: PlaylistService;
  shares: ShareService;
  previews: PagePreviewService;
  storage: MediaStorage;
  media: MediaService;
  mediaAccess: MediaAccessService;
  live: LiveIngests;
  /** Tells the other instances that this one changed tracks (Redis when REDIS_URL is set; nothing otherwise). */
  changes: ChangeSignal;
  accounts: AccountService;
  channels: ChannelService;
  mailer: Mailer;
  /** Where heavy jobs (ingest) go: this process, or the queue that `npm run worker` serves. */
  jobs: JobQueue;
  sound: SoundService;
  edits: EditsService;
}

export interface ServiceOptions {
  /** Told when a mail could not be sent (the server logs it without the message). */
  onMailError?: (err: unknown) => void;
  /** Told when making a track's sound features or edits in the background failed. */
  onBackgroundError?: (what: string, trackId: number, err: unknown) => void;
  /** How many ingests may run at once; the configured number when unset. */
  ingestConcurrency?: number;
  /**
   * Operator ingests (the CLI): only the size limit applies (not an upload's length limit), and scratch goes
   * to the OS temp folder, not DATA_DIR/tmp, which a starting server clears.
   */
  operator?: boolean;
}

/**
 * Every service, wired to one database, the media storage in DATA_DIR and the shared counters: the server
 * (app.ts) and the operator commands (cli.ts, ingest-command.ts) make them here, so a rule lives in one
 * service whichever way it is reached. The catalogue's index is empty until `catalogue.load()`.
 */
export async function createServices(config: Readonly<Config>, db: Db, counters: Counters, options: ServiceOptions): Promise<Services> {
  const tokens = new TokenService(config.jwtSecret, config.tokenTtlSeconds);
  // Operator commands send no mail.
  const mailer = createMailer(options.operator ? null : config.mail);
  // Who sends the site's mail, as a reader of each language reads the company's name.
  const mailSender = (lang: Lang) => licensorName(config.site.companyName, lang, config.site);
  const urls = { publicBase: config.mediaPublicBaseUrl, tokens };
  const auth = new AuthService({
    db: db.kysely,
    tokens,
    counters,
    signin: config.signin,
    signup: config.signup,
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
    publicBaseUrl: config.publicBaseUrl,
    mailer,
    resetMail,
    mailSender,
    onMailError: options.onMailError ?? (() => undefined),
  });
  const storage = await openStorage({
    url: config.storage.url,
    localRoot: path.join(config.dataDir, 'media'),
    credentials: config.storage.credentials,
  });
  const licences = new LicenceService({
    db: db.kysely,
    storage,
    signer: new LicenceSigner(config.licences.signingKeyPem),
    counters,
    publicBaseUrl: config.publicBaseUrl,
    licensor: { name: config.site.companyName, latinName: config.site.companyNameLatin },
    lookupsPerMinute: config.licences.lookupsPerMinute,
  });
  const changes = createChangeSignal(config.redisUrl, config.redisPrefix);
  const catalogue = new CatalogueService({ db: db.kysely, sqlite: db.sqlite, pg: db.pg, urls, licences, changes });
  const library = new LibraryService({ db: db.kysely, catalogue, licences, counters, urls, hitWindowSeconds: config.hitWindowSeconds });
  const playlists = new PlaylistService(db.kysely, catalogue, config.playlistLimits);
  const shares = new ShareService({
    db: db.kysely,
    catalogue,
    counters,
    publicBaseUrl: config.publicBaseUrl,
    opensPerMinute: config.shareOpensPerMinute,
  });
  const previews = new PagePreviewService({ catalogue, shares, licences, publicBaseUrl: config.publicBaseUrl });
  const live = new LiveIngests(db.kysely);
  const jobs: JobQueue =
    config.jobs.mode === 'queue' && config.redisUrl
      ? new BullJobQueue(bullConnection(config.redisUrl), { attempts: config.jobs.attempts }, config.redisPrefix)
      : new InlineJobQueue({ attempts: config.jobs.attempts });
  const requestWork = (kind: 'edits' | 'sound', id: number) => {
    jobs
      .add(kind, { trackId: id }, { jobId: `${kind}-${id}`, repeatable: true })
      .catch((err: unknown) => options.onBackgroundError?.(kind === 'edits' ? 'edits' : 'sound features', id, err));
  };
  const media = new MediaService({
    jobs,
    db: db.kysely,
    storage,
    catalogue,
    limits: options.operator
      ? { maxBytes: config.uploadMaxBytes }
      : { maxBytes: config.uploadMaxBytes, maxDurationSec: config.uploadMaxDurationSec },
    ...(options.operator ? {} : { workDir: path.join(config.dataDir, 'tmp') }),
    live,
    quota: config.uploadQuota,
    concurrency: options.ingestConcurrency ?? config.ingestConcurrency,
    // A track just made ready: its sound features, and for a published one its short edits, as jobs.
    afterReady: (id, published) => requestWork(published ? 'edits' : 'sound', id),
  });
  const sound = new SoundService({
    db: db.kysely,
    storage,
    catalogue,
    ...(options.operator ? {} : { workDir: path.join(config.dataDir, 'tmp') }),
    withSlot: (fn) => media.withSlot(fn, { background: true }),
  });
  const edits = new EditsService({
    db: db.kysely,
    storage,
    catalogue,
    sound,
    urls,
    onError: (id, err) => options.onBackgroundError?.('edits', id, err),
    request: (id) => requestWork('edits', id),
  });
  const mediaAccess = new MediaAccessService({ db: db.kysely, tokens });
  const channels = new ChannelService({ db: db.kysely, plans: config.site.plans, graceDays: config.site.clearanceGraceDays });
  const accounts = new AccountService({
    db: db.kysely,
    counters,
    licences,
    media,
    channels,
    mailer,
    mailSender,
    onMailError: options.onMailError ?? (() => undefined),
  });
  if (jobs instanceof InlineJobQueue) jobs.setHandlers(jobHandlers({ media, sound, edits }));
  return {
    tokens,
    auth,
    catalogue,
    library,
    licences,
    playlists,
    shares,
    previews,
    storage,
    media,
    mediaAccess,
    live,
    changes,
    accounts,
    channels,
    mailer,
    sound,
    edits,
    jobs,
  };
}

/** What runs each kind of job: the same service methods in this process (inline) and in `npm run worker`. */
export function jobHandlers(services: Pick<Services, 'media' | 'sound' | 'edits'>): JobHandlers {
  return {
    ingest: ({ trackId }, ctx) => services.media.runIngestJob(trackId, ctx),
    // Tracked by the edits service, so that waiting for it to be idle waits for this too.
    sound: async ({ trackId }) => {
      await services.edits.track(services.sound.computeFeatures(trackId));
    },
    edits: async ({ trackId }) => {
      await services.edits.makeEdits(trackId);
    },
  };
}

/**
 * Runs an operator command with every service on the configured database (migrated first), then closes it.
 * Operator commands count nothing across instances (in-memory counters) and send no mail.
 */
export async function withOperatorServices<T>(
  config: Readonly<Config>,
  options: Omit<ServiceOptions, 'onMailError' | 'operator'>,
  run: (services: Services) => Promise<T>,
): Promise<T> {
  const db = createDb(config);
  const counters = createCounters(null);
  let services: Services | null = null;
  try {
    await migrateToLatest(db);
    services = await createServices(config, db, counters, { ...options, operator: true });
    return await run(services);
  } finally {
    // Edits a command started (ingest --publish, track:publish) are finished before the database closes.
    await services?.edits.idle();
    services?.live.stop();
    await services?.jobs.close();
    await services?.changes.close();
    services?.storage.close();
    await counters.close();
    await db.close();
  }
}
