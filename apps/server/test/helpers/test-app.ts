import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type AppContext, type BuildOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import { insertTrack, NOT_INGESTED, type NewTrackRow } from '../../src/repositories/track.repository';
import { resetLinkIn, startMailbox, type Mailbox } from './mailbox';

export type DialectName = 'sqlite' | 'postgres';

const pgUrl = process.env['TEST_DATABASE_URL'];
if (process.env['REQUIRE_ALL'] === '1' && !pgUrl) {
  throw new Error('REQUIRE_ALL=1 but TEST_DATABASE_URL is not set: the PostgreSQL suite cannot be skipped here');
}

/** Every integration suite runs once per dialect: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DIALECTS: DialectName[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The real SMTP server the app sends its mail to (null when a suite turns mail off with SMTP_URL ''). */
  mailbox: Mailbox | null;
  /** Waits for the next reset mail to `email` and answers the link in it. */
  resetLink(email: string): Promise<string>;
  /** app.inject with an optional bearer token and language. */
  call(opts: InjectOptions & { token?: string; lang?: string }): Promise<LightMyRequestResponse>;
  /** Signs up and signs in a new user; answers its token and id. */
  user(opts?: { level?: number; plan?: 'premium' | 'family'; email?: string; password?: string }): Promise<{
    token: string;
    id: number;
    email: string;
  }>;
  track(row?: Partial<NewTrackRow>): Promise<number>;
  /**
   * Another server on the same configuration, data directory and database: a second instance beside this
   * one, or this one after a restart (close this one first). The caller closes it.
   */
  sibling(options?: Omit<BuildOptions, 'logger'>): ReturnType<typeof buildApp>;
  /** Runs an operator command (`npm run sori -- …`) on this app's data directory, database and settings. */
  cli(...args: string[]): SpawnSyncReturns<string>;
  /** The same without blocking this process: for commands that talk to a server running in the test (s3rver). */
  cliAsync(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }>;
  close(): Promise<void>;
}

let counter = 0;

export async function createTestApp(
  dialect: DialectName,
  env: Record<string, string> = {},
  /** Receives the server's log lines (pino JSON) at info level; the log is off otherwise. */
  logStream?: Writable,
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sori-test-'));
  let schema: string | null = null;
  if (dialect === 'postgres') {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  // Mail goes to a real SMTP server in this process, unless the suite turns it off (SMTP_URL: '').
  const mailOff = env['SMTP_URL'] === '';
  const mailbox = mailOff || env['SMTP_URL'] ? null : await startMailbox();
  const { SMTP_URL: _smtp, ...restEnv } = env;
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Suites create many users; the server-wide sign-up ceiling is tested where a suite sets it.
    SIGNUP_MAX_TOTAL: '1000000',
    ...(dialect === 'postgres' ? { DATABASE_URL: pgUrl!, DATABASE_SCHEMA: schema! } : {}),
    ...(mailbox ? { SMTP_URL: mailbox.url } : mailOff ? {} : { SMTP_URL: env['SMTP_URL']! }),
    ...restEnv,
  });
  const logger = logStream ? { level: 'info', stream: logStream } : false;
  const { app, ctx } = await buildApp(config, { logger });

  const call: TestApp['call'] = ({ token, lang, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(lang ? { 'accept-language': lang } : {}),
        ...headers,
      },
    });

  const cliArgs = (args: string[]) => ['--import', 'tsx', 'apps/server/src/cli.ts', ...args];
  const cliOptions = {
    encoding: 'utf8' as const,
    env: {
      ...process.env,
      // The suite's own settings, as the server has them (storage, queue, keys).
      ...restEnv,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      ...(dialect === 'postgres' ? { DATABASE_URL: pgUrl!, DATABASE_SCHEMA: schema! } : {}),
    },
    cwd: path.resolve(import.meta.dirname, '../../../..'),
  };

  return {
    app,
    ctx,
    mailbox,
    async resetLink(email) {
      if (!mailbox) throw new Error('mail is off in this suite');
      return resetLinkIn(await mailbox.next(email));
    },
    call,
    async user(opts = {}) {
      counter += 1;
      const email = opts.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.com`;
      const password = opts.password ?? 'secret123';
      const su = await call({
        method: 'POST',
        url: '/api/signup',
        payload: {
          email,
          password,
          confirmPassword: password,
          name: `사용자${counter}`,
          phone: '010-1234-5678',
          agreeTerms: true,
          agreePrivacy: true,
        },
        // Each from its own address, under the per-address sign-up limit (TEST-NET-2, 198.51.100.0/24 and up).
        remoteAddress: `198.51.${100 + (Math.floor(counter / 250) % 100)}.${counter % 250}`,
      });
      if (su.statusCode !== 201) throw new Error(`signup failed: ${su.body}`);
      if (opts.plan) await ctx.accounts.setPlan(email, opts.plan, null);
      if (opts.level) await ctx.auth.setLevel(email, opts.level);
      const si = await call({ method: 'POST', url: '/api/signin', payload: { email, password } });
      const body = si.json().body;
      return { token: body.token, id: body.user.id, email };
    },
    async track(row = {}) {
      const t = await insertTrack(ctx.db.kysely, {
        title: 'Track',
        artist: 'Artist',
        genre: 101,
        moods: '',
        sound_key: 'C',
        bpm: 100,
        speed: 2,
        duration_sec: 120,
        owner_id: null,
        published: 1,
        status: 'ready',
        ...NOT_INGESTED,
        ...row,
      });
      await ctx.catalogue.refresh([t.id]);
      return t.id;
    },
    sibling: (options = {}) => buildApp(config, { ...options, logger: false }),
    cli: (...args) => spawnSync(process.execPath, cliArgs(args), cliOptions),
    cliAsync: (...args) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, cliArgs(args), cliOptions);
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('error', reject);
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      }),
    async close() {
      await app.close();
      await mailbox?.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
        await client.end();
      }
    },
  };
}
