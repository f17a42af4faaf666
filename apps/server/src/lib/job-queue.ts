import { DelayedError, Job, Queue, QueueEvents, UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';

/** Every kind of job and what it carries (ids only: the job reads the rest where it is kept). */
export interface JobTypes {
  /** Turns a stored upload into a ready track (decode, analyse, encode, waveform, store). */
  ingest: { trackId: number };
  /** Computes a ready track's sound features (for similar tracks). */
  sound: { trackId: number };
  /** Makes a published track's short edits (15, 30, 60 s). */
  edits: { trackId: number };
}
export type JobName = keyof JobTypes;

export interface JobContext {
  /** Told the share done, 0..100; shown to the uploader. */
  progress(percent: number): Promise<void>;
  /** Aborted when the worker is shutting down: the handler stops and the job goes back to the queue. */
  signal: AbortSignal;
  /** 1 on the first try. */
  attempt: number;
  /** This try is the last one: a failure now is final. */
  lastAttempt: boolean;
}

/**
 * A job handler. Handlers are idempotent: a job may run again after a crash or a retry, and each run
 * finishes the work or leaves it as it found it. Throw `PermanentJobError` for a failure no retry can fix
 * (the file is not audio): the job fails at once instead of using up its tries.
 */
export type JobHandlers = { [N in JobName]: (data: JobTypes[N], ctx: JobContext) => Promise<void> };

export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  reason: string;
  attempts: number;
  failedAt: string | null;
}

export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}

/** Where jobs go: run in this process (`inline`) or sent to workers through BullMQ (`queue`). */
export interface JobQueue {
  readonly mode: 'inline' | 'queue';
  /**
   * Adds a job; a job with the same id already waiting or running is not added twice. A job that may be
   * wanted again later (edits after a track is published again) is `repeatable`: its id is free once done.
   */
  add<N extends JobName>(name: N, data: JobTypes[N], opts: AddOptions): Promise<void>;
  /** Resolves when the job is over (done or failed for good), or after timeoutMs; at once when there is none. */
  settled(jobId: string, timeoutMs: number): Promise<void>;
  counts(): Promise<JobCounts>;
  /** Jobs that used up their tries (the dead-letter state), newest first. */
  failed(limit?: number): Promise<FailedJob[]>;
  /** Sends a failed job back to be tried again. */
  retry(jobId: string): Promise<boolean>;
  /** Resolves when the queue can be reached. */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface AddOptions {
  jobId: string;
  repeatable?: boolean;
}

export interface QueueSettings {
  attempts: number;
  /** A running job not renewed for this long is taken for dead and tried again (BullMQ's lock). */
  lockMs: number;
  concurrency: number;
}

const QUEUE_NAME = 'sori-jobs';
const BACKOFF = { type: 'exponential', delay: 2000 } as const;

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Jobs in this process, for the single-machine default: run as soon as added, each kind through its
 * handler, retried like the queue retries them; what fails for good is kept in memory for the operator.
 */
export class InlineJobQueue implements JobQueue {
  readonly mode = 'inline';
  private readonly running = new Map<string, Promise<void>>();
  private readonly dead: FailedJob[] = [];
  private readonly abort = new AbortController();
  private completed = 0;
  private handlers: JobHandlers | null = null;

  constructor(private readonly settings: Pick<QueueSettings, 'attempts'>) {}

  /** Handlers are given after construction: the services that handle jobs are made with this queue. */
  setHandlers(handlers: JobHandlers): void {
    this.handlers = handlers;
  }

  async add<N extends JobName>(name: N, data: JobTypes[N], opts: AddOptions): Promise<void> {
    if (this.running.has(opts.jobId)) return;
    if (!this.handlers?.[name]) throw new Error(`No handler for ${name} jobs`);
    const run = this.run(name, data, opts.jobId).finally(() => this.running.delete(opts.jobId));
    this.running.set(opts.jobId, run);
  }

  async settled(jobId: string, timeoutMs = Number.POSITIVE_INFINITY): Promise<void> {
    const run = this.running.get(jobId);
    if (!run) return;
    let timer: NodeJS.Timeout | undefined;
    const late = Number.isFinite(timeoutMs) ? new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))) : null;
    await (late ? Promise.race([run, late]) : run).finally(() => clearTimeout(timer));
  }

  /** Never rejects: a failure for good is kept in the failed list. */
  private async run<N extends JobName>(name: N, data: JobTypes[N], id: string): Promise<void> {
    const handler = this.handlers![name];
    for (let attempt = 1; ; attempt++) {
      const lastAttempt = attempt >= this.settings.attempts;
      try {
        await handler(data, { progress: async () => undefined, signal: this.abort.signal, attempt, lastAttempt });
        this.completed += 1;
        return;
      } catch (err) {
        if (this.abort.signal.aborted) return;
        if (lastAttempt || err instanceof PermanentJobError) {
          this.dead.unshift({ id, name, data, reason: reasonOf(err), attempts: attempt, failedAt: new Date().toISOString() });
          this.dead.length = Math.min(this.dead.length, 1000);
          return;
        }
        // The pause before the next try ends early when the process is stopping.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, BACKOFF.delay * 2 ** (attempt - 1));
          this.abort.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
        if (this.abort.signal.aborted) return;
      }
    }
  }

  async counts(): Promise<JobCounts> {
    return { waiting: 0, active: this.running.size, delayed: 0, failed: this.dead.length, completed: this.completed };
  }

  async failed(limit = 50): Promise<FailedJob[]> {
    return this.dead.slice(0, limit);
  }

  async retry(jobId: string): Promise<boolean> {
    const at = this.dead.findIndex((j) => j.id === jobId);
    if (at < 0) return false;
    const [job] = this.dead.splice(at, 1);
    await this.add(job!.name as JobName, job!.data as never, { jobId });
    return true;
  }

  async check(): Promise<void> {}

  async close(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled(this.running.values());
  }
}

/** Redis connection options for BullMQ from REDIS_URL; `prefix` keeps sites (and test runs) apart. */
export function bullConnection(redisUrl: string): ConnectionOptions {
  const u = new URL(redisUrl);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    db: Number(u.pathname.slice(1) || 0),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    // BullMQ's workers block on Redis; they must not give up on a slow reply.
    maxRetriesPerRequest: null,
  };
}

/** Jobs sent to BullMQ on Redis, for `npm run worker` processes to run. */
export class BullJobQueue implements JobQueue {
  readonly mode = 'queue';
  readonly queue: Queue;

  constructor(
    private readonly connection: ConnectionOptions,
    private readonly settings: Pick<QueueSettings, 'attempts'>,
    readonly prefix = 'sori',
  ) {
    this.queue = new Queue(QUEUE_NAME, {
      connection,
      prefix,
      defaultJobOptions: {
        attempts: settings.attempts,
        backoff: BACKOFF,
        // Done jobs are kept a day for the counts; failed ones until an operator retries or removes them.
        removeOnComplete: { age: 86_400, count: 10_000 },
        removeOnFail: false,
      },
    });
  }

  async add<N extends JobName>(name: N, data: JobTypes[N], opts: AddOptions): Promise<void> {
    await this.queue.add(name, data, { jobId: opts.jobId, ...(opts.repeatable ? { removeOnComplete: true } : {}) });
  }

  /** Rejects with the job's failure (callers read the outcome where the job wrote it). */
  async settled(jobId: string, timeoutMs: number): Promise<void> {
    const events = new QueueEvents(QUEUE_NAME, { connection: this.connection, prefix: this.prefix });
    try {
      await events.waitUntilReady();
      const job = await Job.fromId(this.queue, jobId);
      if (!job) return;
      await job.waitUntilFinished(events, timeoutMs);
    } finally {
      await events.close();
    }
  }

  async counts(): Promise<JobCounts> {
    const c = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized');
    return {
      waiting: (c['waiting'] ?? 0) + (c['prioritized'] ?? 0),
      active: c['active'] ?? 0,
      delayed: c['delayed'] ?? 0,
      failed: c['failed'] ?? 0,
      completed: c['completed'] ?? 0,
    };
  }

  async failed(limit = 50): Promise<FailedJob[]> {
    const jobs = await this.queue.getFailed(0, limit - 1);
    return jobs.map((j) => ({
      id: String(j.id),
      name: j.name,
      data: j.data,
      reason: j.failedReason,
      attempts: j.attemptsMade,
      failedAt: j.finishedOn ? new Date(j.finishedOn).toISOString() : null,
    }));
  }

  async retry(jobId: string): Promise<boolean> {
    const job = await Job.fromId(this.queue, jobId);
    if (!job || !(await job.isFailed())) return false;
    await job.retry('failed');
    return true;
  }

  async check(): Promise<void> {
    await this.queue.getJobCounts('waiting');
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

export interface RunningWorker {
  /** Stops taking jobs; running ones are aborted and handed back to the queue, not lost or failed. */
  close(): Promise<void>;
  readonly worker: Worker;
}

/**
 * Runs queued jobs with the given handlers until closed. A worker that dies mid-job (kill -9, a lost
 * machine) stops renewing its lock; after `lockMs` BullMQ takes the job back and another worker runs it.
 */
export function startWorker(
  connection: ConnectionOptions,
  handlers: JobHandlers,
  settings: QueueSettings,
  prefix = 'sori',
  log: (msg: string, data?: Record<string, unknown>) => void = () => undefined,
): RunningWorker {
  const abort = new AbortController();
  const worker = new Worker(
    QUEUE_NAME,
    async (job: Job, token?: string) => {
      const handler = handlers[job.name as JobName] as ((data: unknown, ctx: JobContext) => Promise<void>) | undefined;
      if (!handler) throw new UnrecoverableError(`No handler for ${job.name} jobs`);
      const attempt = job.attemptsMade + 1;
      try {
        await handler(job.data, {
          progress: (percent) => job.updateProgress(Math.round(percent)),
          signal: abort.signal,
          attempt,
          lastAttempt: attempt >= (job.opts.attempts ?? settings.attempts),
        });
      } catch (err) {
        if (abort.signal.aborted && token) {
          // Shutting down: the job goes back to the queue as it was, without using up a try.
          await job.moveToDelayed(Date.now() + 100, token);
          throw new DelayedError();
        }
        if (err instanceof PermanentJobError) throw new UnrecoverableError(err.message);
        throw err;
      }
    },
    {
      connection,
      prefix,
      concurrency: settings.concurrency,
      lockDuration: settings.lockMs,
      stalledInterval: settings.lockMs,
      maxStalledCount: 2,
    },
  );
  worker.on('failed', (job, err) => log('job failed', { id: job?.id, name: job?.name, attempts: job?.attemptsMade, reason: err.message }));
  worker.on('error', (err) => log('worker error', { reason: err.message }));
  return {
    worker,
    close: async () => {
      abort.abort();
      await worker.close();
    },
  };
}
