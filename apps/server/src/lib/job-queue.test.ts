import { describe, expect, it } from 'vitest';
import { InlineJobQueue, PermanentJobError, type JobContext, type JobHandlers } from './job-queue';

/** The in-process queue of the single-machine default: the same promises as the BullMQ one, in memory. */
describe('inline job queue', () => {
  const handlers = (ingest: (trackId: number, ctx: JobContext) => Promise<void>): JobHandlers => ({
    ingest: ({ trackId }, ctx) => ingest(trackId, ctx),
    sound: async () => undefined,
    edits: async () => undefined,
  });

  it('runs a job once however often it is added while it runs, and counts it done', async () => {
    const q = new InlineJobQueue({ attempts: 3 });
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    q.setHandlers(handlers(async () => ((runs += 1), gate)));
    await q.add('ingest', { trackId: 1 }, { jobId: 'ingest-1' });
    await q.add('ingest', { trackId: 1 }, { jobId: 'ingest-1' });
    expect((await q.counts()).active).toBe(1);
    release();
    await q.settled('ingest-1');
    expect(runs).toBe(1);
    expect(await q.counts()).toMatchObject({ active: 0, completed: 1, failed: 0 });
  });

  it('tries a failing job again, tells the handler which try is the last, and keeps it failed with its reason', async () => {
    const q = new InlineJobQueue({ attempts: 2 });
    const seen: [number, boolean][] = [];
    q.setHandlers(
      handlers(async (_id, ctx) => {
        seen.push([ctx.attempt, ctx.lastAttempt]);
        throw new Error('storage hiccup');
      }),
    );
    await q.add('ingest', { trackId: 2 }, { jobId: 'ingest-2' });
    await q.settled('ingest-2');
    expect(seen).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(await q.failed()).toEqual([expect.objectContaining({ id: 'ingest-2', name: 'ingest', reason: 'storage hiccup', attempts: 2 })]);
  }, 10_000);

  it('fails a job at once when no try can mend it, and sends it back on retry', async () => {
    const q = new InlineJobQueue({ attempts: 5 });
    let runs = 0;
    q.setHandlers(
      handlers(async () => {
        runs += 1;
        if (runs === 1) throw new PermanentJobError('not audio');
      }),
    );
    await q.add('ingest', { trackId: 3 }, { jobId: 'ingest-3' });
    await q.settled('ingest-3');
    expect(runs).toBe(1);
    expect((await q.failed()).map((j) => j.id)).toEqual(['ingest-3']);
    expect(await q.retry('ingest-3')).toBe(true);
    await q.settled('ingest-3');
    expect(runs).toBe(2);
    expect(await q.failed()).toEqual([]);
    expect(await q.retry('ingest-404')).toBe(false);
  });

  it('stops at once when closed: the running job is aborted, a pause before the next try is cut short', async () => {
    const q = new InlineJobQueue({ attempts: 3 });
    let aborted = false;
    q.setHandlers(
      handlers(async (_id, ctx) => {
        await new Promise((r) => setTimeout(r, 20));
        aborted = ctx.signal.aborted;
        throw new Error('try again later');
      }),
    );
    await q.add('ingest', { trackId: 4 }, { jobId: 'ingest-4' });
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await q.close();
    expect(Date.now() - started).toBeLessThan(500);
    expect(aborted).toBe(false);
    expect(await q.failed()).toEqual([]);
  });

  it('refuses a kind of job it has no handler for', async () => {
    const q = new InlineJobQueue({ attempts: 1 });
    await expect(q.add('ingest', { trackId: 5 }, { jobId: 'ingest-5' })).rejects.toThrow(/No handler/u);
  });
});
