import { performance } from 'node:perf_hooks';

/**
 * Turns at the CPU for request work that runs without yielding (an index search, SQLite reads, writing a
 * page). When many such requests arrive in the same turn of the event loop, running them back to back
 * would hold the loop for all of them (50 connections × 0.4 ms at a million tracks: 20 ms and more), and
 * timers, new connections and cheap routes (health, a like, a play) would wait behind the lot. Instead,
 * work runs at once while the loop has spent less than `sliceMs` on it since the turn began; after that,
 * the waiting requests go in later turns, first come first served, with the loop's I/O and timers in
 * between. Each later turn runs waiting requests one after another (`done` hands on to the next) until it
 * too has spent `sliceMs`: a short search does not cost a whole turn of the loop. The total work is the
 * same; nothing is dropped or reordered.
 *
 *   const t = turns.wait(); if (t) await t;
 *   try { work } finally { turns.done(); }
 */
export class Turns {
  /** Requests waiting for a turn, oldest first; `head` is the next to go. */
  private readonly waiting: Array<() => void> = [];
  private head = 0;
  /** When the current turn's first piece of work began (performance.now()), or -1 when no turn is open. */
  private turnStart = -1;
  private pumping = false;
  private handing = false;

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

  /**
   * The caller's work is over. While the current turn has time left, the next waiting request goes next,
   * once the work's own continuations (sending its response) have run: a tick comes after every pending
   * promise callback.
   */
  done(): void {
    if (this.handing || this.queued === 0 || !this.timeLeft()) return;
    this.handing = true;
    process.nextTick(this.handOn);
  }

  private timeLeft(): boolean {
    return this.turnStart >= 0 && performance.now() - this.turnStart < this.sliceMs;
  }

  private readonly handOn = (): void => {
    this.handing = false;
    if (this.queued > 0 && this.timeLeft()) this.release();
  };

  private readonly closeTurn = (): void => {
    this.turnStart = -1;
  };

  /**
   * Opens a turn for the oldest waiting request (its continuation runs right after this callback; those
   * after it follow through `done` while the turn lasts), then comes back on the next turn of the loop,
   * after its timers and I/O, for the rest.
   */
  private readonly pump = (): void => {
    if (this.queued === 0) {
      this.pumping = false;
      return;
    }
    // This turn's work: requests arriving in the I/O that follows queue behind the rest.
    this.turnStart = performance.now();
    setImmediate(this.closeTurn);
    setImmediate(this.pump);
    this.release();
  };

  /** Lets the oldest waiting request go. */
  private release(): void {
    const resolve = this.waiting[this.head]!;
    this.waiting[this.head++] = noop;
    if (this.head === this.waiting.length) {
      this.waiting.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting.splice(0, this.head);
      this.head = 0;
    }
    resolve();
  }
}

const noop = (): void => {};
