import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
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

  it('answers a method an API path does not take with 405 and Allow, and OPTIONS with what it takes', async () => {
    const put = await t.call({ method: 'PUT', url: '/api/signin', payload: {}, lang: 'ja' });
    expect(put.statusCode).toBe(405);
    expect(put.headers['allow']).toBe('POST, OPTIONS');
    expect(put.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED', message: 'このアドレスではそのリクエスト方式は使えません。' });
    // A GET under /api is not a page of the web app either.
    const get = await t.call({ method: 'GET', url: '/api/signin', lang: 'ko' });
    expect(get.statusCode).toBe(405);
    expect(get.json().message).toBe('이 주소에서는 지원하지 않는 요청 방식입니다.');
    // A path with a parameter: the methods of its route, found through the parameter.
    const del = await t.call({ method: 'DELETE', url: '/api/musics/7?x=1' });
    expect(del.statusCode).toBe(405);
    expect(del.headers['allow']).toBe('GET, HEAD, OPTIONS');
    const options = await t.call({ method: 'OPTIONS', url: '/api/my/user' });
    expect(options.statusCode).toBe(204);
    // Reading the profile and changing it.
    expect(options.headers['allow']).toBe('GET, HEAD, PATCH, OPTIONS');
    expect(options.body).toBe('');
    // A path the API does not have stays not found, whatever the method.
    const none = await t.call({ method: 'DELETE', url: '/api/nothing-here' });
    expect(none.statusCode).toBe(404);
    expect(none.headers['allow']).toBeUndefined();
  });

  it('serves site configuration for the footer and the OpenAPI document', async () => {
    const site = await t.call({ method: 'GET', url: '/api/site' });
    expect(site.json().body.supportEmail).toMatch(/@/);
    // The privacy policy names the deployment's officer and entrusted companies from here.
    const configured = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../config/site.json'), 'utf8'));
    expect(site.json().body.privacyOfficer).toEqual(configured.privacyOfficer);
    expect(site.json().body.privacyProcessors).toEqual(configured.privacyProcessors);
    const docs = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(expect.arrayContaining(['/api/musics', '/api/signin', '/api/playbox/create']));
  });
});

describe('the site configuration', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sori-site-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const configured = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../config/site.json'), 'utf8'));
  const withSite = (site: unknown) => {
    const file = path.join(dir, `site-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(site));
    return () => loadConfig({ DATA_DIR: path.join(dir, 'data'), SITE_CONFIG: file, LOG_LEVEL: 'silent' });
  };

  it('refuses to start without a privacy officer the policy can name, or with one whose e-mail is not one', () => {
    const { privacyOfficer: _officer, ...without } = configured;
    expect(withSite(without)).toThrow(/SITE_CONFIG .* invalid.*privacyOfficer/su);
    expect(withSite({ ...configured, privacyOfficer: { ...configured.privacyOfficer, email: 'privacy' } })).toThrow(ConfigError);
    expect(withSite({ ...configured, privacyProcessors: [{ name: 'S3', task: '' }] })).toThrow(ConfigError);
    expect(withSite(configured)().site.privacyOfficer).toEqual(configured.privacyOfficer);
  });
});
