import pino from 'pino';
import { loadConfigOrExit } from './config';
import { createDb } from './db/create-db';
import { migrateToLatest } from './db/migrate';
import { createCounters, loggedCounterEvents } from './lib/counters';
import { bullConnection, startWorker } from './lib/job-queue';
import { describeStorage } from './media';
import { createServices, jobHandlers } from './services';

/**
 * `npm run worker`: runs the queued jobs (ingest) with the server's own environment variables (JOBS=queue,
 * REDIS_URL, DATABASE_URL, STORAGE_URL). Any number of workers may run, on any machine that reaches those.
 * SIGTERM or SIGINT stops taking jobs and hands running ones back to the queue.
 */
async function main() {
  const config = loadConfigOrExit();
  const log = pino({ level: config.logLevel, base: { role: 'worker', pid: process.pid } });
  if (config.jobs.mode !== 'queue' || !config.redisUrl) {
    log.error('the worker serves the job queue: set JOBS=queue and REDIS_URL (with JOBS unset the server runs jobs itself)');
    process.exit(1);
  }
  const db = createDb(config);
  await migrateToLatest(db);
  const counters = createCounters(config.redisUrl, `${config.redisPrefix}:`, loggedCounterEvents(log));
  const services = await createServices(config, db, counters, {});
  const running = startWorker(
    bullConnection(config.redisUrl),
    jobHandlers(services),
    { attempts: config.jobs.attempts, lockMs: config.jobs.lockMs, concurrency: config.ingestConcurrency },
    config.redisPrefix,
    (msg, data) => log.warn(data ?? {}, msg),
  );
  running.worker.on('active', (job) => log.info({ id: job.id, name: job.name }, 'job started'));
  running.worker.on('completed', (job) => log.info({ id: job.id, name: job.name }, 'job done'));
  log.info(
    { db: config.database.kind, storage: describeStorage(services.storage), concurrency: config.ingestConcurrency },
    'worker is waiting for jobs',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: running jobs go back to the queue');
    const timer = setTimeout(() => process.exit(1), 30_000);
    timer.unref();
    await running.close();
    services.live.stop();
    await services.jobs.close();
    await services.changes.close();
    services.storage.close();
    services.mailer.close();
    await counters.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
