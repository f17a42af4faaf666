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
