import multipart from '@fastify/multipart';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDb, type Db } from './db/create-db';
import { migrateToLatest } from './db/migrate';
import { createCounters, loggedCounterEvents, type Counters } from './lib/counters';
import { registerAccessLog, safeLoggerOptions } from './plugins/access-log';
import { collectAllowedMethods } from './plugins/allowed-methods';
import { registerAuth } from './plugins/auth';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './plugins/error-handler';
import { registerRequestTimeouts, serverTimeoutOptions } from './plugins/request-timeouts';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerTextInputCheck } from './plugins/text-input';
import { inlineScriptHashes, registerWeb } from './plugins/web';
import { accountRoutes } from './routes/account.routes';
import { authRoutes } from './routes/auth.routes';
import { licenceKeyRoutes, licenceRoutes } from './routes/licence.routes';
import { musicRoutes } from './routes/music.routes';
import { mediaRoutes } from './routes/media.routes';
import { playlistRoutes } from './routes/playlist.routes';
import { shareRoutes } from './routes/share.routes';
import { siteRoutes } from './routes/site.routes';
import { registerMetrics } from './plugins/metrics';
import { createServices, type Services } from './services';
import { HealthService } from './services/health.service';
import { INGEST_STALE_MS, recoverInterruptedUploads } from './services/upload-recovery';

export interface AppContext extends Omit<Services, 'live' | 'mediaAccess' | 'mailer' | 'changes'> {
  health: HealthService;
  config: Readonly<Config>;
  db: Db;
  counters: Counters;
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** How often this instance reads the change feed unasked (tests: longer, so that only the signal can tell it). */
  changeSyncMs?: number;
}

/**
 * How often an instance reads the track_changes feed unasked. With Redis, other instances also signal their
 * changes (`ChangeSignal`) and the feed is read at once; the poll is then what catches a lost signal.
 */
const CHANGE_SYNC_MS = 2000;

/**
 * Builds the whole server (database, migrations, services, routes, web app) without listening, so tests
 * drive it with app.inject and server.ts only adds listen and graceful shutdown.
 */
export async function buildApp(config: Readonly<Config>, options: BuildOptions = {}): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const db = createDb(config);
  const app = Fastify({
    logger: safeLoggerOptions(options.logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Past the 100 characters of the default, so that a long id is the route's own 400 INVALID_ID; longer
    // still, the framework's 414 goes through frameworkErrors below, in the caller's language.
    routerOptions: { maxParamLength: 500 },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    ...serverTimeoutOptions(config.http, config.uploadMaxBytes),
  });
  const counters = createCounters(config.redisUrl, `${config.redisPrefix}:`, loggedCounterEvents(app.log));
  try {
    await migrateToLatest(db);
    const services = await createServices(config, db, counters, {
      onBackgroundError: (what: string, trackId: number, err: unknown) => app.log.warn({ err, trackId }, `making a track's ${what} failed`),
      // The error only: a message holds a reset link, a credential that is never logged.
      onMailError: (err: unknown) =>
        app.log.error({ code: (err as { code?: string }).code, message: (err as Error).message }, 'mail not sent'),
    });
    if (!services.mailer.enabled) {
      app.log.warn('mail is off (SMTP_URL is not set): password reset mail is not sent; the web app points members to support');
    }
    // live, mediaAccess and mailer stay inside; everything else is the context routes and tests reach.
    const { live, mediaAccess, mailer, changes, ...reachable } = services;
    const { auth, catalogue, library, licences, playlists, shares, previews, storage, media, accounts, channels, edits, jobs } = reachable;
    // What a crash left (tracks stuck in 'processing', scratch folders) goes before the catalogue loads.
    const recovery = { db: db.kysely, storage, tmpDir: path.join(config.dataDir, 'tmp') };
    const recovered = await recoverInterruptedUploads(recovery);
    if (recovered.removedTracks.length + recovered.removedScratch.length > 0)
      app.log.warn(recovered, 'removed what interrupted uploads left');
    await catalogue.load();
    // Inline jobs live in this process: uploads it was still ingesting when it stopped are taken up again.
    if (jobs.mode === 'inline') {
      const resumed = await media.resumeQueuedIngests();
      if (resumed > 0) app.log.info({ resumed }, 'took up the ingests of uploads left queued');
    }
    const health = new HealthService({
      db: db.kysely,
      counters,
      redisConfigured: Boolean(config.redisUrl),
      storage,
      jobs,
      catalogue,
      onFailure: (part, err) => app.log.warn({ part, message: err instanceof Error ? err.message : String(err) }, 'readiness check failed'),
    });
    const ctx: AppContext = { ...reachable, health, config, db, counters };

    const syncChanges = () => {
      catalogue.syncChanges().catch((err: unknown) => app.log.warn({ err }, 'catalogue change sync failed'));
    };
    changes.listen(syncChanges);
    await changes.ready();
    const sync = setInterval(syncChanges, options.changeSyncMs ?? CHANGE_SYNC_MS);
    sync.unref();
    // Sessions past their absolute end are dropped at start and once a day.
    const dropSessions = () => auth.dropExpiredSessions().catch((err: unknown) => app.log.warn({ err }, 'session cleanup failed'));
    await dropSessions();
    const daily = setInterval(() => void dropSessions(), 86_400_000);
    daily.unref();
    // Paid plans past their end lapse to free, and clearances past their grace end, at start and hourly.
    const lapse = () => accounts.lapsePlans().catch((err: unknown) => app.log.warn({ err }, 'plan lapse sweep failed'));
    await lapse();
    const hourly = setInterval(() => void lapse(), 3_600_000);
    hourly.unref();
    // Another instance's crash is only noticed here: sweep again as often as an ingest can go stale.
    const sweep = setInterval(() => {
      recoverInterruptedUploads(recovery)
        .then((r) => (r.removedTracks.length > 0 ? catalogue.refresh(r.removedTracks) : undefined))
        .catch((err: unknown) => app.log.warn({ err }, 'upload recovery sweep failed'));
    }, INGEST_STALE_MS);
    sweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(sync);
      await changes.close();
      clearInterval(daily);
      clearInterval(hourly);
      mailer.close();
      clearInterval(sweep);
      live.stop();
      // Edits being made finish before the database closes under them.
      await edits.idle();
      // Inline jobs still running are stopped and stay queued in the database for the next start.
      await jobs.close();
      storage.close();
      await counters.close();
      await db.close();
    });

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const scriptHashes = inlineScriptHashes(config.webDist);
    registerSecurityHeaders(app, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...scriptHashes],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(config.mediaPublicBaseUrl ? [config.mediaPublicBaseUrl] : [])],
          mediaSrc: ["'self'", 'blob:', ...(config.mediaPublicBaseUrl ? [config.mediaPublicBaseUrl] : [])],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Served over plain HTTP on localhost by default; TLS is the proxy's job where there is one.
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    registerErrorHandler(app);
    registerRequestTimeouts(app, config.http, config.uploadMaxBytes);
    registerAuth(app, auth);
    if (config.accessLog.enabled) await registerAccessLog(app, config.accessLog);
    await app.register(multipart);

    await app.register(swagger, {
      openapi: { info: { title: 'Sori API', version: '1.0.0' }, servers: [{ url: '/' }] },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });

    if (config.metrics) registerMetrics(app, catalogue);
    const allowedMethods = collectAllowedMethods(app);
    await app.register(
      async (api) => {
        registerTextInputCheck(api);
        // The API reads JSON (and multipart uploads). Fastify also parses text/plain by default, which turned
        // JSON sent as text into a 400 about the fields; it is an unsupported body, 415.
        api.removeContentTypeParser('text/plain');
        api.addHook('onSend', async (_request, reply, payload) => {
          // API answers depend on the caller; nothing in between may keep them.
          if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
          return payload;
        });
        await api.register(authRoutes(auth));
        await api.register(accountRoutes({ auth, accounts, channels, licences }));
        await api.register(musicRoutes(catalogue, library, edits));
        await api.register(playlistRoutes(playlists));
        await api.register(shareRoutes(shares));
        await api.register(siteRoutes(config, catalogue, health));
        await api.register(licenceRoutes(licences, channels));
        await api.register(
          mediaRoutes({
            storage,
            media,
            mediaAccess,
            tmpDir: path.join(config.dataDir, 'tmp'),
            uploadMaxBytes: config.uploadMaxBytes,
          }),
        );
      },
      { prefix: '/api' },
    );
    await app.register(licenceKeyRoutes(licences.publicKeys()));
    await registerWeb(app, config.webDist, previews, allowedMethods);
    await app.ready();
    return { app, ctx };
  } catch (err) {
    await app.close().catch(() => undefined);
    await counters.close();
    await db.close();
    throw err;
  }
}
