import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('HTTP edges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers malformed JSON, oversized bodies and wrong content types with a 4xx and a code', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/signin',
      payload: '{"email": "a@b.c",',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('MALFORMED_JSON');

    const huge = await t.call({
      method: 'POST',
      url: '/api/signup',
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');

    const xml = await t.call({ method: 'POST', url: '/api/signin', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const text = await t.call({
      method: 'POST',
      url: '/api/signin',
      payload: '{"email":"a@b.co","password":"secret1"}',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      lang: 'en',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    // A call without a body needs no type at all.
    expect((await t.call({ method: 'POST', url: '/api/signout' })).statusCode).not.toBe(415);
  });

  it('answers unknown API paths with a JSON 404 and sends strict security headers', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nothing-here', lang: 'ja' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'お探しのページが見つかりません。' });
    const ok = await t.call({ method: 'GET', url: '/api/musics' });
    expect(ok.headers['content-security-policy']).toContain("default-src 'self'");
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.headers['strict-transport-security']).toContain('max-age=');
  });

  it('serves site configuration for the footer and the OpenAPI document', async () => {
    const site = await t.call({ method: 'GET', url: '/api/site' });
    expect(site.json().body.supportEmail).toMatch(/@/);
    const docs = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(expect.arrayContaining(['/api/musics', '/api/signin', '/api/playbox/create']));
  });
});
