import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { Turns } from './turns';

/** Holds the CPU for `ms`, as a search on SQLite does. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spinning
  }
}

/**
 * `n` requests arriving together, each doing `ms` of uninterrupted work after its turn, and a loop observer
 * that notes every turn of the event loop (a self-renewing setImmediate) until they are all done.
 */
async function burst(turns: Turns, n: number, ms: number, handOn = false) {
  const events: string[] = [];
  let done = false;
  const tick = () => {
    events.push('loop');
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const turn = turns.wait();
      if (turn) await turn;
      try {
        busy(ms);
        events.push(`job${i}`);
      } finally {
        if (handOn) turns.done();
      }
      // What the caller does with the result (a response sent) comes a few promise steps later.
      await null;
      await null;
      events.push(`sent${i}`);
    }),
  );
  done = true;
  return events;
}

describe('Turns', () => {
  it('lets work go ahead at once, without a promise, while the loop is free', () => {
    const turns = new Turns(2);
    expect(turns.wait()).toBeUndefined();
    expect(turns.queued).toBe(0);
  });

  it('gives each request of a burst its own turn of the loop once the slice is spent, first come first served', async () => {
    const turns = new Turns(2);
    const events = await burst(turns, 8, 3);
    const jobs = events.filter((e) => e.startsWith('job'));
    expect(jobs).toEqual(Array.from({ length: 8 }, (_, i) => `job${i}`));
    // The first job ran in the turn it arrived in and spent the slice; every later one waited for a turn of
    // its own, so the loop came round (timers, I/O, other routes) between any two of them.
    for (let i = 1; i < 8; i++) {
      const between = events.slice(events.indexOf(`job${i - 1}`) + 1, events.indexOf(`job${i}`));
      expect(between, `loop turns between job${i - 1} and job${i}`).toContain('loop');
    }
    expect(turns.queued).toBe(0);
  });

  it('runs short work back to back within one slice', async () => {
    const turns = new Turns(1000);
    const events = await burst(turns, 8, 0.1);
    // All eight fit in the first turn: no loop turn came between them.
    const first = events.indexOf('job0');
    expect(events.slice(first, first + 8)).toEqual(Array.from({ length: 8 }, (_, i) => `job${i}`));
  });

  it('runs waiting requests one after another within a later turn while it lasts, each after the last one was sent', async () => {
    const turns = new Turns(2);
    const events = await burst(turns, 40, 0.25, true);
    const jobs = events.filter((e) => e.startsWith('job'));
    expect(jobs).toEqual(Array.from({ length: 40 }, (_, i) => `job${i}`));
    // Group the jobs by the turn of the loop they ran in.
    const groups: number[] = [];
    let inTurn = 0;
    for (const e of events) {
      if (e === 'loop' && inTurn > 0) {
        groups.push(inTurn);
        inTurn = 0;
      } else if (e.startsWith('job')) inTurn += 1;
    }
    if (inTurn > 0) groups.push(inTurn);
    // About 2 / 0.25 = 8 jobs a turn (fewer when the machine is busy: the slice is wall time), far from one a
    // turn for each of the 32 that waited, and never more than the slice holds plus the one that overran it.
    expect(groups.length).toBeGreaterThan(2);
    expect(groups.length).toBeLessThan(27);
    for (const g of groups) expect(g).toBeLessThanOrEqual(9);
    // A request that waited starts only once the one before it has been sent (the first turn's run at once,
    // as they arrive: here, in one synchronous burst).
    const firstLoop = events.indexOf('loop');
    for (let i = 1; i < 40; i++) {
      if (events.indexOf(`job${i}`) > firstLoop) expect(events.indexOf(`sent${i - 1}`)).toBeLessThan(events.indexOf(`job${i}`));
    }
    expect(turns.queued).toBe(0);
  });

  it('keeps order and loses nobody over a long queue', async () => {
    const turns = new Turns(0);
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 3000 }, async (_, i) => {
        const turn = turns.wait();
        if (turn) await turn;
        order.push(i);
      }),
    );
    expect(order).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect(turns.queued).toBe(0);
  });
});
