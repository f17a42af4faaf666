import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../src/app';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

/** Two API instances on one database: a track written through one is searchable on the other. */
describe.each(DIALECTS)('several instances (%s)', (dialect) => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    a = await createTestApp(dialect);
    b = await a.sibling();
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('follows the change feed for new, changed and deleted tracks', async () => {
    const search = async (q: string) =>
      (await b.app.inject({ method: 'GET', url: `/api/musics?q=${encodeURIComponent(q)}` }))
        .json()
        .body.content.map((m: { id: number }) => m.id);
    const id = await a.track({ title: '새로 들어온 노래' });
    await b.ctx.catalogue.syncChanges();
    expect(await search('새로')).toEqual([id]);

    const { updateTrack, deleteTrack } = await import('../src/repositories/track.repository');
    await updateTrack(a.ctx.db.kysely, id, { title: '이름을 바꾼 노래' });
    await b.ctx.catalogue.syncChanges();
    expect(await search('새로')).toEqual([]);
    expect(await search('바꾼')).toEqual([id]);

    await deleteTrack(a.ctx.db.kysely, id);
    await b.ctx.catalogue.syncChanges();
    expect(await search('바꾼')).toEqual([]);
  });
});

const redisUrl = process.env['TEST_REDIS_URL'];
if (!redisUrl) console.log('[server tests] change signal between instances skipped: TEST_REDIS_URL is not set (CI sets it).');

/**
 * With Redis, an instance that changes a track tells the others, which read the feed at once. B polls only
 * every ten minutes here, so within the test's few seconds only A's signal can bring the change to it.
 */
describe.runIf(redisUrl).each(DIALECTS)('several instances with Redis (%s)', (dialect) => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    a = await createTestApp(dialect, { REDIS_URL: redisUrl!, REDIS_PREFIX: `sori-test-${randomBytes(4).toString('hex')}` });
    b = await a.sibling({ changeSyncMs: 600_000 });
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  const found = async (q: string) =>
    (await b.app.inject({ method: 'GET', url: `/api/musics?q=${encodeURIComponent(q)}` }))
      .json()
      .body.content.map((m: { id: number }) => m.id);
  /** Asks B until the answer holds, for at most 3 s (a signal takes milliseconds; B's poll, ten minutes). */
  const soon = async (q: string, ids: number[]) => {
    const end = Date.now() + 3000;
    while (Date.now() < end) {
      if (JSON.stringify(await found(q)) === JSON.stringify(ids)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await found(q)).toEqual(ids);
  };

  it('sees a track written on another instance at once, not at its next poll', async () => {
    const id = await a.track({ title: '바로 보이는 노래' });
    await soon('바로', [id]);

    const { updateTrack, deleteTrack } = await import('../src/repositories/track.repository');
    await updateTrack(a.ctx.db.kysely, id, { title: '곧장 바뀐 노래' });
    await a.ctx.catalogue.refresh([id]);
    await soon('곧장', [id]);
    await soon('바로', []);

    await deleteTrack(a.ctx.db.kysely, id);
    await a.ctx.catalogue.refresh([id]);
    await soon('곧장', []);
  });
});
