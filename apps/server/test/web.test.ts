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

  it('answers / and every client-side route with index.html, never cached', async () => {
    // A segment longer than any file name (a 403 from the static handler before), raw and percent-encoded.
    const long = ['/' + 'a'.repeat(300), '/assets/' + 'b'.repeat(4000) + '.js', '/' + '%EA%B0%80'.repeat(90)];
    for (const url of ['/', '/library', '/playlist/12', '/terms?x=1', ...long]) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
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
});
