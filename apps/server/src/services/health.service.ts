import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { Counters } from '../lib/counters';
import type { JobQueue } from '../lib/job-queue';
import type { MediaStorage } from '../media';
import type { CatalogueService } from './catalogue/catalogue.service';

export interface ReadyChecks {
  database: 'ok';
  redis: string;
  storage: 'ok';
  index: 'ok';
  jobs: string;
}

/** How long one dependency may take to answer a readiness check. */
const CHECK_TIMEOUT_MS = 2000;

function within<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * Liveness and readiness for a load balancer: /api/health says the process answers; /api/ready says it can
 * serve (database, Redis, storage and the job queue reachable, the search index built) and is not draining.
 */
export class HealthService {
  private draining = false;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      counters: Counters;
      redisConfigured: boolean;
      storage: MediaStorage;
      jobs: JobQueue;
      catalogue: CatalogueService;
      /** Told why a part failed its check (the server logs it); the answer names only the part. */
      onFailure?: (part: string, err: unknown) => void;
    },
  ) {}

  /** From now on /api/ready answers 503, so the load balancer sends new requests elsewhere while this drains. */
  drain(): void {
    this.draining = true;
  }

  async ready(): Promise<ReadyChecks> {
    const { db, counters, storage, jobs } = this.deps;
    const failures: Record<string, string> = {};
    const run = async (name: string, check: () => Promise<unknown>) => {
      try {
        await within(check(), name);
      } catch (err) {
        // Anyone may ask /api/ready: the answer names the part, the log says why (hosts, driver messages).
        failures[name] = 'unreachable';
        this.deps.onFailure?.(name, err);
      }
    };
    await Promise.all([
      run('database', () => sql`SELECT 1`.execute(db)),
      run('redis', () => counters.check()),
      run('storage', () => storage.check()),
      run('jobs', () => jobs.check()),
    ]);
    if (this.draining) failures['draining'] = 'shutting down';
    if (Object.keys(failures).length > 0) throw new AppError(503, 'NOT_READY', { failures });
    return {
      database: 'ok',
      redis: this.deps.redisConfigured ? 'ok' : 'not used',
      storage: 'ok',
      index: 'ok',
      jobs: jobs.mode === 'queue' ? 'ok' : 'inline',
    };
  }
}
