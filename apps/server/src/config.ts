import { PLAN_IDS, PrivacyOfficer, SiteInfo } from '@sori/contract';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable is validated at start; a bad value stops the server with
 * a message naming the variable. The result is frozen.
 */

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no']).transform((v) => v === '1' || v === 'true' || v === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** postgres://… runs on PostgreSQL; unset uses the embedded SQLite file in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//u, 'must start with postgres:// (or be unset for SQLite)')
    .optional(),
  /** A PostgreSQL schema to use instead of public (tests give every run its own). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/u, 'must be a plain lower-case identifier')
    .optional(),
  /** Shared counters (sign-in limits, hit de-duplication) across instances; in-process when unset. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//u, 'must start with redis://')
    .optional(),
  /** Media in an S3 bucket: s3://BUCKET?endpoint=URL&region=REGION&forcePathStyle=true; local disk in DATA_DIR when unset. */
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9]/u, 'must look like s3://bucket?region=REGION (or be unset for local disk)')
    .optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** inline: jobs (ingest) run inside the server; queue: they go to a BullMQ queue on REDIS_URL for `npm run worker`. */
  JOBS: z.enum(['inline', 'queue']).default('inline'),
  /** Tries a job gets before it is left failed (the dead-letter state) for an operator. */
  JOB_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  /** On SIGTERM, how long /api/ready says 503 before the server stops listening (the load balancer's check interval). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** A worker that has not renewed its hold on a job for this long is taken for dead and the job is retried. */
  JOB_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Prefix of every Redis key (counters, the job queue), so several sites or test runs can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/u, 'letters, digits, _ and - only')
    .default('sori'),
  /** HS256 key, at least 32 characters. Generated once into DATA_DIR when unset. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The Ed25519 private key that signs licences (PKCS#8 PEM); generated into DATA_DIR when unset. */
  LICENCE_SIGNING_KEY: z.string().optional(),
  /** Lookups of a licence's public JSON per address and minute. */
  LICENCE_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Opens of shared playlists (API and page) per address and minute. */
  SHARE_OPENS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(2 * 3600),
  /** Attempts on one account past which only addresses with no recent attempt on it may try (soft limit). */
  SIGNIN_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGNIN_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** Failed attempts on one account from one address before that address is locked out of that account. */
  SIGNIN_MAX_PER_PAIR: z.coerce.number().int().min(1).default(5),
  SIGNIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  SIGNUP_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  SIGNUP_MAX_TOTAL: z.coerce.number().int().min(1).default(200),
  SIGNUP_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Absolute lifetime of a sign-in: refresh is refused after it. */
  SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  PLAYLIST_MAX_PER_USER: z.coerce.number().int().min(1).default(500),
  PLAYLIST_MAX_TRACKS: z.coerce.number().int().min(1).default(5000),
  /** Daily access-log files (JSON lines); on by default, kept ACCESS_LOG_RETENTION_DAYS days. */
  ACCESS_LOG: bool.default(true),
  ACCESS_LOG_DIR: z.string().optional(),
  ACCESS_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  HIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30 * 60),
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** smtp://user:pass@host:port (smtps:// for TLS): mail (password reset) goes through it; mail is off when unset. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//u, 'must start with smtp:// or smtps://')
    .optional(),
  /** Absolute base of media files on a CDN; music objects then carry fileUrl. */
  MEDIA_PUBLIC_BASE_URL: z.string().url().optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(200 * 1024 * 1024),
  /** Per-user upload quota: tracks and bytes stored (original, preview, waveform, peaks, covers). */
  UPLOAD_QUOTA_TRACKS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(2 * 1024 ** 3),
  /** Longest accepted upload; every decode stops a little past it. */
  UPLOAD_MAX_DURATION_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(6 * 3600)
    .default(30 * 60),
  /** Request timeouts (docs/SECURITY.md "Timeouts"): headers must arrive within this. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** A request body (other than an upload) must arrive whole within this. Also the floor of an upload's budget. */
  HTTP_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** An upload gets HTTP_BODY_TIMEOUT_MS plus its size divided by this rate (bytes per second). */
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(64 * 1024),
  /** A connection on which nothing moves for this long is closed. */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** An idle keep-alive connection is closed after this. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Ingests run at once (uploads, demo catalogue); each takes about one core. */
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Seed the demo catalogue when the database has no tracks. */
  SEED_DEMO: bool.default(true),
  /** Where the built web app is; served at / with an SPA fallback when it exists. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  SITE_CONFIG: z.string().default(path.resolve(import.meta.dirname, '../../../config/site.json')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /** Serves /api/metrics (event-loop delay, memory) for the benchmarks; off in production. */
  SORI_METRICS: bool.default(false),
});

/**
 * The site configuration file: the contract's shape (less what the server knows at run time), with e-mail
 * addresses that are ones, and the sender of the mail the site sends. Each plan is listed once.
 */
const SiteSchema = SiteInfo.omit({ mailEnabled: true })
  .extend({
    supportEmail: z.string().email(),
    privacyOfficer: PrivacyOfficer.extend({ email: z.string().email() }),
    mailFrom: z.string().min(3),
  })
  .refine(
    (s) => PLAN_IDS.every((id) => s.plans.filter((p) => p.id === id).length === 1),
    'plans must list free, premium and family once each',
  );

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema: string | null };
  redisUrl: string | null;
  redisPrefix: string;
  /** STORAGE_URL and its credentials; local disk in DATA_DIR/media when url is null. */
  storage: { url: string | null; credentials: { accessKeyId: string; secretAccessKey: string } | null };
  /** Where jobs run: in this process, or on a BullMQ queue for workers. */
  jobs: { mode: 'inline' | 'queue'; attempts: number; lockMs: number };
  shutdownGraceMs: number;
  jwtSecret: string;
  /** Licence signing key (PKCS#8 PEM, Ed25519) and the public lookups allowed per address and minute. */
  licences: { signingKeyPem: string; lookupsPerMinute: number };
  /** Opens of shared playlists (API and page) per address and minute. */
  shareOpensPerMinute: number;
  tokenTtlSeconds: number;
  signin: { maxPerAccount: number; maxPerAddress: number; maxPerPair: number; windowSeconds: number };
  signup: { maxPerAddress: number; maxTotal: number; windowSeconds: number };
  sessionMaxAgeSeconds: number;
  playlistLimits: { perUser: number; tracksPerPlaylist: number };
  /** Daily access-log files; the directory and retention also serve `logs:purge` when logging is off. */
  accessLog: { enabled: boolean; dir: string; retentionDays: number };
  hitWindowSeconds: number;
  publicBaseUrl: string;
  /** Outgoing mail: the SMTP server and the sender; null when mail is off. */
  mail: { url: string; from: string } | null;
  mediaPublicBaseUrl: string | null;
  uploadMaxBytes: number;
  uploadMaxDurationSec: number;
  uploadQuota: { tracks: number; bytes: number };
  http: HttpTimeouts;
  ingestConcurrency: number;
  seedDemo: boolean;
  webDist: string;
  site: SiteInfo;
  logLevel: string;
  trustProxy: boolean;
  metrics: boolean;
}

export interface HttpTimeouts {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  uploadMinBytesPerSecond: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

export class ConfigError extends Error {}

/** Reads and checks the environment (overrides win, for tests) and returns a frozen Config. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuration is invalid, please check:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.JOBS === 'queue' && !e.REDIS_URL) throw new ConfigError('Configuration is invalid, please check:\n  JOBS: queue needs REDIS_URL');
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Configuration is invalid, please check:\n  AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set both or neither');
  }
  // Processes that share the work must share the keys: a generated key lives in one machine's DATA_DIR.
  if ((e.JOBS === 'queue' || e.STORAGE_URL) && (!e.JWT_SECRET || !e.LICENCE_SIGNING_KEY)) {
    throw new ConfigError(
      'Configuration is invalid, please check:\n  JWT_SECRET and LICENCE_SIGNING_KEY: with JOBS=queue or STORAGE_URL every instance needs the same keys; set both',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  let siteFile: z.infer<typeof SiteSchema>;
  try {
    siteFile = SiteSchema.parse(JSON.parse(readFileSync(e.SITE_CONFIG, 'utf8')));
  } catch (err) {
    throw new ConfigError(`SITE_CONFIG (${e.SITE_CONFIG}) is missing or invalid: ${(err as Error).message}`);
  }
  const { mailFrom, ...siteInfo } = siteFile;
  const site: SiteInfo = { ...siteInfo, mailEnabled: Boolean(e.SMTP_URL) };

  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA ?? null }
      : { kind: 'sqlite', file: path.join(dataDir, 'sori.db') },
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    storage: Object.freeze({
      url: e.STORAGE_URL ?? null,
      credentials:
        e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
          ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
          : null,
    }),
    jobs: Object.freeze({ mode: e.JOBS, attempts: e.JOB_ATTEMPTS, lockMs: e.JOB_LOCK_MS }),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    licences: Object.freeze({
      signingKeyPem: e.LICENCE_SIGNING_KEY ?? readOrCreateSigningKey(dataDir),
      lookupsPerMinute: e.LICENCE_LOOKUPS_PER_MINUTE,
    }),
    shareOpensPerMinute: e.SHARE_OPENS_PER_MINUTE,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    signin: {
      maxPerAccount: e.SIGNIN_MAX_PER_ACCOUNT,
      maxPerAddress: e.SIGNIN_MAX_PER_ADDRESS,
      maxPerPair: e.SIGNIN_MAX_PER_PAIR,
      windowSeconds: e.SIGNIN_WINDOW_SECONDS,
    },
    signup: { maxPerAddress: e.SIGNUP_MAX_PER_ADDRESS, maxTotal: e.SIGNUP_MAX_TOTAL, windowSeconds: e.SIGNUP_WINDOW_SECONDS },
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE_SECONDS,
    playlistLimits: { perUser: e.PLAYLIST_MAX_PER_USER, tracksPerPlaylist: e.PLAYLIST_MAX_TRACKS },
    accessLog: {
      enabled: e.ACCESS_LOG,
      dir: path.resolve(e.ACCESS_LOG_DIR ?? path.join(dataDir, 'logs')),
      retentionDays: e.ACCESS_LOG_RETENTION_DAYS,
    },
    hitWindowSeconds: e.HIT_WINDOW_SECONDS,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/u, ''),
    mail: e.SMTP_URL ? Object.freeze({ url: e.SMTP_URL, from: mailFrom }) : null,
    mediaPublicBaseUrl: e.MEDIA_PUBLIC_BASE_URL?.replace(/\/+$/u, '') ?? null,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadMaxDurationSec: e.UPLOAD_MAX_DURATION_SECONDS,
    uploadQuota: { tracks: e.UPLOAD_QUOTA_TRACKS, bytes: e.UPLOAD_QUOTA_BYTES },
    http: Object.freeze({
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: e.HTTP_BODY_TIMEOUT_MS,
      uploadMinBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    }),
    ingestConcurrency: e.INGEST_CONCURRENCY,
    seedDemo: e.SEED_DEMO,
    webDist: path.resolve(e.WEB_DIST),
    site: Object.freeze(site),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    metrics: e.SORI_METRICS,
  } satisfies Config);
}

/** For a process's entry point: the configuration, or the message naming what is wrong and exit code 1. */
export function loadConfigOrExit(): Readonly<Config> {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** A secret that is not configured is generated once and kept (mode 0600) in the data directory. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim();
    if (s.length >= 32) return s;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * The licence signing key, when not configured: an Ed25519 key pair generated once and kept (mode 0600) in
 * the data directory, so licences signed before a restart still verify after it.
 */
function readOrCreateSigningKey(dataDir: string): string {
  const file = path.join(dataDir, 'licence-signing-key.pem');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  writeFileSync(file, pem, { mode: 0o600 });
  return pem;
}
