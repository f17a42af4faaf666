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

export class RedisCounters implements Counters {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'sori:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  }

  async hit(key: string, windowMs: number) {
    const k = this.prefix + 'rl:' + key;
    const res = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    const count = Number(res?.[0]?.[1] ?? 1);
    const ttl = Number(res?.[2]?.[1] ?? windowMs);
    return { count, resetMs: ttl > 0 ? ttl : windowMs };
  }

  async firstWithin(key: string, ttlMs: number) {
    const ok = await this.redis.set(this.prefix + 'seen:' + key, '1', 'PX', ttlMs, 'NX');
    return ok === 'OK';
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + 'rl:' + key, this.prefix + 'seen:' + key);
  }

  async check() {
    await this.redis.ping();
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export function createCounters(redisUrl: string | null, prefix?: string): Counters {
  return redisUrl ? new RedisCounters(redisUrl, prefix) : new MemoryCounters();
}
