import { Redis } from 'ioredis';

/**
 * Counters shared by every instance of the server (Redis) or kept in process (embedded default):
 * fixed-window rate limits and "first time within a window" checks (play de-duplication).
 */
export interface Counters {
  /** Adds one to the key's current window and answers the count so far and the ms left in the window. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** True the first time a key is seen within ttlMs. */
  firstWithin(key: string, ttlMs: number): Promise<boolean>;
  reset(key: string): Promise<void>;
  /** Resolves when the shared store answers (for /api/ready). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounters implements Counters {
  private readonly windows = new Map<string, { count: number; until: number }>();
  private readonly seen = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Expired entries are dropped once a minute so the maps stay bounded by live keys.
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number) {
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || w.until <= t) {
      w = { count: 0, until: t + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetMs: w.until - t };
  }

  async firstWithin(key: string, ttlMs: number) {
    const t = this.now();
    const until = this.seen.get(key);
    if (until !== undefined && until > t) return false;
    this.seen.set(key, t + ttlMs);
    return true;
  }

  async reset(key: string) {
    this.windows.delete(key);
    this.seen.delete(key);
  }

  private sweep() {
    const t = this.now();
    for (const [k, w] of this.windows) if (w.until <= t) this.windows.delete(k);
    for (const [k, until] of this.seen) if (until <= t) this.seen.delete(k);
  }

  async check() {}

  async close() {
    clearInterval(this.sweeper);
  }
}

/** What the shared counters tell their owner: Redis stopped answering (once an outage), and came back. */
export interface CounterEvents {
  onDown?(reason: string): void;
  onUp?(): void;
}

/** The outage and its end, said once each in the process's log. */
export function loggedCounterEvents(log: { warn(obj: object, msg: string): void; info(msg: string): void }): CounterEvents {
  return {
    onDown: (reason) => log.warn({ reason }, 'Redis does not answer: rate limits and play counts are kept per instance until it does'),
    onUp: () => log.info('Redis answers again: rate limits and play counts are shared again'),
  };
}

/**
 * Counters in Redis, shared by every instance. While Redis does not answer, each instance counts on its own
 * (an in-process fallback) rather than failing the requests that count: a sign-in stays limited, per instance,
 * instead of answering 500 to everyone. The outage is told once (`onDown`) and its end once (`onUp`);
 * /api/ready still reports Redis unreachable through `check`.
 */
export class RedisCounters implements Counters {
  private readonly redis: Redis;
  private readonly local = new MemoryCounters();
  private down = false;

  constructor(
    url: string,
    private readonly prefix = 'sori:',
    private readonly events: CounterEvents = {},
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Without a listener ioredis prints every failed reconnect to stderr, several a second.
    this.redis.on('error', (err: Error) => this.fellBack(err));
    this.redis.on('ready', () => {
      if (!this.down) return;
      this.down = false;
      this.events.onUp?.();
    });
  }

  async hit(key: string, windowMs: number) {
    return this.shared(
      async () => {
        const k = this.prefix + 'rl:' + key;
        const res = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
        const count = Number(res?.[0]?.[1] ?? 1);
        const ttl = Number(res?.[2]?.[1] ?? windowMs);
        return { count, resetMs: ttl > 0 ? ttl : windowMs };
      },
      () => this.local.hit(key, windowMs),
    );
  }

  async firstWithin(key: string, ttlMs: number) {
    return this.shared(
      async () => (await this.redis.set(this.prefix + 'seen:' + key, '1', 'PX', ttlMs, 'NX')) === 'OK',
      () => this.local.firstWithin(key, ttlMs),
    );
  }

  async reset(key: string) {
    await this.local.reset(key);
    await this.shared(
      async () => void (await this.redis.del(this.prefix + 'rl:' + key, this.prefix + 'seen:' + key)),
      async () => undefined,
    );
  }

  async check() {
    await this.redis.ping();
  }

  async close() {
    await this.local.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Redis while it answers; the in-process counters while it does not, or when this command failed. */
  private async shared<T>(inRedis: () => Promise<T>, inProcess: () => Promise<T>): Promise<T> {
    if (this.down) return inProcess();
    try {
      return await inRedis();
    } catch (err) {
      this.fellBack(err as Error);
      return inProcess();
    }
  }

  /** Marks the outage when the connection is lost (a command refused on a live connection is not one). */
  private fellBack(err: Error) {
    if (this.down || this.redis.status === 'ready') return;
    this.down = true;
    this.events.onDown?.((err as { code?: string }).code ?? err.message);
  }
}

export function createCounters(redisUrl: string | null, prefix?: string, events?: CounterEvents): Counters {
  return redisUrl ? new RedisCounters(redisUrl, prefix, events) : new MemoryCounters();
}
