import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Tells the other instances (API servers and workers on one database) that this one wrote track changes, so
 * that they read the track_changes feed at once rather than at their next poll. The feed stays the record:
 * a lost or late signal costs only time, since every instance still polls it.
 */
export interface ChangeSignal {
  /** Says that this instance has committed track changes. Never waits and never throws. */
  announce(): void;
  /** Calls `listener` when another instance announces. */
  listen(listener: () => void): void;
  /** Resolves once this instance can announce and, if it listens, hear (tests: a signal sent before is lost). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One instance on its own: its changes are applied where they are made, and nobody else is listening. */
export class NoChangeSignal implements ChangeSignal {
  announce(): void {}
  listen(): void {}
  async ready(): Promise<void> {}
  async close(): Promise<void> {}
}

/**
 * Redis publish/subscribe on `<prefix>:track-changes`. A subscribing connection can do nothing else, so there
 * are two: one to publish, one to listen. Each message carries the sender's id, and an instance ignores its
 * own. Redis errors are left to the poll (and to /api/ready, which checks Redis through the counters).
 */
export class RedisChangeSignal implements ChangeSignal {
  private readonly id = randomUUID();
  private readonly channel: string;
  private readonly publisher: Redis;
  private subscriber: Redis | null = null;
  private subscribed: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly url: string,
    prefix: string,
  ) {
    this.channel = `${prefix}:track-changes`;
    // No offline queue: a signal that cannot go now is worth nothing later, the poll covers it.
    this.publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.publisher.on('error', () => undefined);
  }

  announce(): void {
    const sent: Promise<unknown> = this.publisher.publish(this.channel, this.id).catch(() => undefined);
    this.inFlight.add(sent);
    void sent.finally(() => this.inFlight.delete(sent));
  }

  listen(listener: () => void): void {
    this.listeners.push(listener);
    if (this.subscriber) return;
    const sub = new Redis(this.url, { maxRetriesPerRequest: null });
    sub.on('error', () => undefined);
    sub.on('message', (_channel: string, from: string) => {
      if (from === this.id) return;
      for (const l of this.listeners) l();
    });
    // ioredis subscribes again by itself after a reconnect.
    this.subscribed = sub.subscribe(this.channel).then(
      () => undefined,
      () => undefined,
    );
    this.subscriber = sub;
  }

  /**
   * Waits for the subscription and for the publishing connection (at most 5 s; the poll covers the rest), or
   * for the first connection error: a Redis that refuses at start would only make the start 5 s later.
   */
  async ready(): Promise<void> {
    const connected =
      this.publisher.status === 'ready' ? Promise.resolve() : new Promise<void>((r) => this.publisher.once('ready', () => r()));
    const failed = new Promise<void>((r) => {
      this.publisher.once('error', () => r());
      this.subscriber?.once('error', () => r());
    });
    await within(Promise.race([Promise.all([this.subscribed, connected]), failed]), 5000);
  }

  /**
   * Lets signals already sent reach Redis (an operator command closes right after its change), for at most a
   * second, then drops both connections.
   */
  async close(): Promise<void> {
    await within(Promise.all(this.inFlight), 1000);
    this.publisher.disconnect();
    this.subscriber?.disconnect();
  }
}

/** Resolves when `p` settles or after `ms`, whichever comes first. */
async function within(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p, new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

export function createChangeSignal(redisUrl: string | null, prefix: string): ChangeSignal {
  return redisUrl ? new RedisChangeSignal(redisUrl, prefix) : new NoChangeSignal();
}
