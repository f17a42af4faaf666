import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('serving the web app', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), 'sori-web-dist-'));
  const inline = "document.documentElement.dataset.bsTheme='dark';";
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><script>${inline}</script></head><body><div id="root"></div></body></html>`,
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(Buffer.from('console.log(1)')));
    t = await createTestApp('sqlite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (res: { statusCode: number; headers: Record<string, unknown>; body: string }, url: string, status: number) => {
    expect(res.statusCode, url).toBe(status);
    expect(res.headers['content-type'], url).toContain('text/html');
    expect(res.body, url).toContain('<div id="root">');
    expect(res.headers['cache-control'], url).toBe('no-cache');
    expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
  };

  it('answers / and every screen of the app with index.html, never cached', async () => {
    const screens = [
      '/',
      '/library',
      '/library/',
      '/library//',
      '/Library',
      '/playlist',
      '/playlist/12',
      '/playlist/12/',
      '/terms?x=1',
      '/library?q=%EC%9E%94%EC%9E%94%ED%95%9C&moods=1302',
      '/reset-password?token=Zk3q9WmB2vX7',
      // A parameter longer than any file name (a 403 from the static handler before, as were empty segments),
      // raw and percent-encoded. (A licence's verify page answers by its licence: licence.test.ts.)
      '/playlist/' + 'A'.repeat(300),
      '/playlist/' + '%EA%B0%80'.repeat(90),
    ];
    for (const url of screens) page(await t.call({ method: 'GET', url }), url, 200);
    for (const url of ['/', '/library', '/playlist/12']) {
      const head = await t.call({ method: 'HEAD', url });
      expect(head.statusCode, `HEAD ${url}`).toBe(200);
      expect(head.headers['content-type'], `HEAD ${url}`).toContain('text/html');
    }
  });

  it('answers an address that is no screen with the same HTML and status 404, not a page that pretends to be one', async () => {
    const unknown = [
      '/no-such-page',
      '/no-such-page?utm_source=newsletter',
      '/librar',
      '/library/extra',
      '/playlists',
      '/playlist/12/edit',
      '//library',
      '/playlist//12',
      '/track',
      '/index.html',
      '/favicon.ico',
      '/%EC%9D%8C%EC%95%85',
      // A segment longer than any file name (a 403 from the static handler before), raw and percent-encoded.
      '/' + 'a'.repeat(300),
      '/' + '%EA%B0%80'.repeat(90),
    ];
    for (const url of unknown) {
      page(await t.call({ method: 'GET', url }), url, 404);
      const head = await t.call({ method: 'HEAD', url });
      expect(head.statusCode, `HEAD ${url}`).toBe(404);
      expect(head.headers['content-type'], `HEAD ${url}`).toContain('text/html');
      expect(head.body, `HEAD ${url}`).toBe('');
    }
  });

  it('looks a track up under the spellings of its address that the app takes', async () => {
    const id = await t.track({ title: '새벽 산책' });
    for (const url of [`/track/${id}`, `/track/${id}/`, `/TRACK/${id}`]) {
      const res = await t.call({ method: 'GET', url });
      page(res, url, 200);
      expect(res.body, url).toContain('새벽 산책');
    }
    for (const url of [`/track/${id + 1000}`, `/track/${id + 1000}/`, '/Track/0']) page(await t.call({ method: 'GET', url }), url, 404);
  });

  it('allows exactly its own inline theme script in the CSP', async () => {
    const res = await t.call({ method: 'GET', url: '/' });
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
  });

  it('caches hashed assets for a year and keeps API 404s as JSON', async () => {
    const asset = await t.call({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const br = await t.call({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const api = await t.call({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    const post = await t.call({ method: 'POST', url: '/library' });
    expect(post.statusCode).toBe(404);
  });

  it('answers a missing asset or translation with a plain 404, never the app', async () => {
    for (const url of ['/assets/app-0f9e8d.js', '/assets/app-abc123.css', '/locales/fr/translation.json', '/api']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.call({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toContain('application/json');
        if (method === 'GET') expect(res.json().code, url).toBe('NOT_FOUND');
      }
    }
  });
});
