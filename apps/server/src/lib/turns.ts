import { performance } from 'node:perf_hooks';

/**
 * Turns at the CPU for request work that runs without yielding (an index search, SQLite reads, writing a
 * page). When many such requests arrive in the same turn of the event loop, running them back to back
 * would hold the loop for all of them (50 connections × 0.4 ms at a million tracks: 20 ms and more), and
 * timers, new connections and cheap routes (health, a like, a play) would wait behind the lot. Instead,
 * work runs at once while the loop has spent less than `sliceMs` on it since the turn began; after that,
 * each waiting request gets a turn of its own, first come first served, with the loop's I/O and timers
 * in between. The total work is the same; nothing is dropped or reordered.
 */
export class Turns {
  /** Requests waiting for a turn, oldest first; `head` is the next to go. */
  private readonly waiting: Array<() => void> = [];
  private head = 0;
  /** When the current turn's first piece of work began (performance.now()), or -1 when no turn is open. */
  private turnStart = -1;
  private pumping = false;

  constructor(private readonly sliceMs = 2) {}

  /** Requests waiting now. */
  get queued(): number {
    return this.waiting.length - this.head;
  }

  /**
   * `undefined` when the caller may go ahead at once, else a promise that resolves at its turn. Used as
   * `const t = turns.wait(); if (t) await t;` so that the common case costs no promise.
   */
  wait(): Promise<void> | undefined {
    if (this.queued === 0) {
      const now = performance.now();
      if (this.turnStart < 0) {
        this.turnStart = now;
        // The check phase that follows this turn's I/O closes it.
        setImmediate(this.closeTurn);
      }
      if (now - this.turnStart < this.sliceMs) return undefined;
    }
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      if (!this.pumping) {
        this.pumping = true;
        setImmediate(this.pump);
      }
    });
  }

  private readonly closeTurn = (): void => {
    this.turnStart = -1;
  };

  /**
   * Lets the oldest waiting request run (its continuation runs right after this callback), then comes back
   * on the next turn of the loop, after its timers and I/O, for the next one.
   */
  private readonly pump = (): void => {
    const resolve = this.waiting[this.head];
    this.waiting[this.head++] = noop;
    if (this.head === this.waiting.length) {
      this.waiting.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting.splice(0, this.head);
      this.head = 0;
    }
    // This request's work opens a turn: requests arriving in the I/O that follows queue behind the rest.
    this.turnStart = performance.now();
    setImmediate(this.closeTurn);
    if (this.queued > 0) setImmediate(this.pump);
    else this.pumping = false;
    resolve?.();
  };
}

const noop = (): void => {};
