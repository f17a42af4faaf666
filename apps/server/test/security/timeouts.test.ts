import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_MESSAGES } from '@sori/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAudio } from '../helpers/audio';
import { multipart } from '../helpers/multipart';
import { createTestApp, DIALECTS, type TestApp } from '../helpers/test-app';

/** Small limits so the test is quick: 1 s for a body, uploads 1 s + size ÷ 4 KB/s. */
const BODY_MS = 1000;
const RATE = 4096;

interface RawAnswer {
  status: number;
  body: string;
  ms: number;
}

/** Sends a request over a real socket, the body in pieces with pauses, and reads until the server closes. */
function rawRequest(port: number, head: string, pieces: Buffer[], pauseMs: number, stallAfter?: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/u.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4), ms: Date.now() - started });
    });
    socket.write(head);
    let i = 0;
    const next = () => {
      if (i >= pieces.length || (stallAfter !== undefined && i >= stallAfter)) return;
      socket.write(pieces[i++]!);
      timer = setTimeout(next, pauseMs);
    };
    next();
  });
}

function split(buf: Buffer, n: number): Buffer[] {
  const size = Math.ceil(buf.length / n);
  return Array.from({ length: n }, (_, i) => buf.subarray(i * size, (i + 1) * size)).filter((b) => b.length > 0);
}

describe.each(DIALECTS)('request timeouts over a real socket (%s)', (dialect) => {
  let t: TestApp;
  let port: number;
  let token: string;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      HTTP_BODY_TIMEOUT_MS: String(BODY_MS),
      UPLOAD_MIN_BYTES_PER_SECOND: String(RATE),
      HTTP_HEADERS_TIMEOUT_MS: '1000',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    token = (await t.user()).token;
    dir = mkdtempSync(path.join(tmpdir(), 'sori-timeouts-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers 408 REQUEST_TIMEOUT and closes the connection when a body stalls (Content-Length 100, 9 bytes sent)', async () => {
    const head =
      'POST /api/signin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\nAccept-Language: en\r\n\r\n';
    const res = await rawRequest(port, head, [Buffer.from('{"email":')], 0);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'REQUEST_TIMEOUT',
      message: 'The request took too long to arrive. Please check your connection and try again.',
    });
    expect(res.ms).toBeGreaterThanOrEqual(BODY_MS - 50);
    expect(res.ms).toBeLessThan(BODY_MS + 2000);
  });

  it('closes a connection whose headers never finish', async () => {
    const res = await rawRequest(port, 'GET /api/site HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', [], 0);
    expect([0, 408]).toContain(res.status);
    expect(res.ms).toBeLessThan(1000 + 2000);
  });

  it('answers what the HTTP parser cannot read as {message, code} in the caller’s language, and closes', async () => {
    const overflow = await rawRequest(
      port,
      `GET /api/site HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ja\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      [],
      0,
    );
    expect(overflow.status).toBe(431);
    expect(JSON.parse(overflow.body)).toEqual({ message: ERROR_MESSAGES.HEADERS_TOO_LARGE.ja, code: 'HEADERS_TOO_LARGE' });
    const broken = await rawRequest(
      port,
      'GET /api/site HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\nX-Bad: a\u0000b\r\n\r\n',
      [],
      0,
    );
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toEqual({ message: ERROR_MESSAGES.MALFORMED_REQUEST.en, code: 'MALFORMED_REQUEST' });
  });

  it('lets a slow but moving upload finish within its size-based budget, and cuts one that stalls', async () => {
    const mp3 = makeAudio(dir, 'slow', 1, 'mp3');
    const { payload, headers } = multipart([
      { name: 'title', value: 'Slow upload' },
      { name: 'file', filename: 'slow.mp3', contentType: 'audio/mpeg', data: mp3 },
    ]);
    const budgetMs = BODY_MS + (payload.length * 1000) / RATE;
    // Sent over about 2.5 s: more than the plain body limit, well inside this upload's budget.
    const pieces = split(payload, 10);
    expect(budgetMs).toBeGreaterThan(4000);
    const head = `POST /api/my/musics HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`;
    const ok = await rawRequest(port, head, pieces, 250);
    expect(ok.ms).toBeGreaterThan(BODY_MS * 2);
    expect(ok.status, ok.body.slice(0, 200)).toBe(201);

    const cut = await rawRequest(port, head, pieces, 100, 5);
    expect(cut.status).toBe(408);
    expect(cut.ms).toBeGreaterThanOrEqual(budgetMs - 100);
    expect(cut.ms).toBeLessThan(budgetMs + 2000);
  });
});
