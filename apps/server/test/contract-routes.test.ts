import { API_ROUTES, MEDIA_ROUTES, type ApiRoute } from '@sori/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The contract's route table (packages/contract/src/routes.ts) and the server, compared both ways. */
describe('the API contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  const split = (route: string) => {
    const [method, path] = route.split(' ') as [string, string];
    return { method, path };
  };

  it('the server serves every route of the contract, and only those (besides the docs)', async () => {
    for (const route of [...Object.keys(API_ROUTES), ...Object.keys(MEDIA_ROUTES)]) {
      const { method, path } = split(route);
      expect(t.app.hasRoute({ method: method as 'GET', url: `/api${path}` }), route).toBe(true);
    }
    const spec = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/^\/api/u, '').replace(/\{(\w+)\}/gu, ':$1')}`),
    );
    const declared = new Set<string>([...Object.keys(API_ROUTES), ...Object.keys(MEDIA_ROUTES)]);
    expect(served.filter((r) => !declared.has(r))).toEqual([]);
  });

  it('every JSON route declares its answer, so /api/docs shows it', async () => {
    const spec = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }> }>
      >;
    };
    for (const route of Object.keys(API_ROUTES) as ApiRoute[]) {
      const { method, path } = split(route);
      const op = spec.paths[`/api${path.replace(/:(\w+)/gu, '{$1}')}`]?.[method.toLowerCase()];
      const { status, body } = API_ROUTES[route];
      const declared = op?.responses?.[String(status)];
      expect(declared, route).toBeDefined();
      if (body !== null) expect(declared?.content?.['application/json']?.schema?.properties, route).toHaveProperty('body');
    }
  });

  it('an answer checked against its schema keeps every field the service gave it', async () => {
    const owner = await t.user();
    const id = await t.track({ title: '계약 시험', owner_id: owner.id, published: 0 });
    const one = (await t.call({ method: 'GET', url: `/api/musics/${id}`, token: owner.token })).json().body;
    // The list is written as bytes by the page writer, never through a schema: the same track must match.
    const list = (await t.call({ method: 'GET', url: '/api/my/musics', token: owner.token })).json().body.content;
    expect(one).toEqual(list.find((m: { id: number }) => m.id === id));
    expect(one).toHaveProperty('published', false);
  });
});
