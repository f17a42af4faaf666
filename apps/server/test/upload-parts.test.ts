import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAudio } from './helpers/audio';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

/** Sends a raw body to the listening server and answers within `ms` or rejects: a hang is a failure. */
function post(
  port: number,
  token: string,
  boundary: string,
  body: Buffer,
  ms = 8000,
): Promise<{ status: number; json: { code?: string; message?: string } }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/my/musics',
        headers: {
          authorization: `Bearer ${token}`,
          'accept-language': 'en',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as { code?: string; message?: string } });
          } catch {
            resolve({ status: res.statusCode ?? 0, json: {} });
          }
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.end(body);
  });
}

const B = 'sori-raw-boundary-7f3a';
const part = (headers: string, data: Buffer | string) =>
  Buffer.concat([Buffer.from(`--${B}\r\n${headers}\r\n\r\n`), Buffer.isBuffer(data) ? data : Buffer.from(data), Buffer.from('\r\n')]);
const end = Buffer.from(`--${B}--\r\n`);

describe.each(DIALECTS)('every upload gets an answer, through a listening server (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  let wav: Buffer;
  let port: number;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    dir = mkdtempSync(path.join(tmpdir(), 'sori-parts-test-'));
    wav = makeAudio(dir, 'tone', 2);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    token = (await t.user()).token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cases: [string, (audio: Buffer) => Buffer][] = [
    [
      'a file name with a line feed (filename*=)',
      (audio) => part(`Content-Disposition: form-data; name="file"; filename*=UTF-8''a%0Ab.wav\r\nContent-Type: audio/wav`, audio),
    ],
    [
      'a file name with a carriage return (filename*=)',
      (audio) => part(`Content-Disposition: form-data; name="file"; filename*=UTF-8''a%0Db.wav\r\nContent-Type: audio/wav`, audio),
    ],
    [
      'an attachment part',
      (audio) => part(`Content-Disposition: attachment; name="file"; filename="a.wav"\r\nContent-Type: audio/wav`, audio),
    ],
    ['only a text field', () => part(`Content-Disposition: form-data; name="title"`, 'x')],
    ['no parts at all', () => Buffer.alloc(0)],
  ];
  for (const [name, body] of cases) {
    it(`answers 400 with a message for ${name}`, async () => {
      const res = await post(port, token, B, Buffer.concat([body(wav), end]));
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.code).toBe('UPLOAD_NO_FILE');
      expect(res.json.message?.length).toBeGreaterThan(10);
    });
  }

  it('still ingests a well-formed upload after the skipped parts', async () => {
    const res = await post(
      port,
      token,
      B,
      Buffer.concat([
        part(`Content-Disposition: attachment; name="junk"; filename="x.bin"`, 'junk'),
        part(`Content-Disposition: form-data; name="file"; filename="ok.wav"\r\nContent-Type: audio/wav`, wav),
        end,
      ]),
      30_000,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);
  });
});
