import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStorageUrl, S3Storage, type MediaStorage } from '../src/media';
import { distinctWav, makeAudio } from './helpers/audio';
import { multipart } from './helpers/multipart';
import { startS3, type TestS3 } from './helpers/s3';
import { createTestApp, type TestApp } from './helpers/test-app';

const readAll = async (r: Readable) => Buffer.concat(await r.toArray());
const keysOf = async (s: MediaStorage) => {
  const keys: string[] = [];
  for await (const k of s.list()) keys.push(k);
  return keys.sort();
};

/** `npm run sori -- media:migrate`: local disk to S3 and back, resumable, every byte checked. */
describe('moving media between local disk and S3', () => {
  let s3: TestS3;
  let t: TestApp;
  let bucket: S3Storage;
  let dir: string;
  beforeAll(async () => {
    s3 = await startS3();
    // Local disk in use; the credentials are there for the target.
    t = await createTestApp('sqlite', {
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    });
    bucket = new S3Storage(parseStorageUrl(s3.url), s3.credentials);
    dir = mkdtempSync(path.join(tmpdir(), 'sori-migrate-'));
    const owner = await t.user();
    for (const [i, name] of ['one', 'two'].entries()) {
      const { payload, headers } = multipart([
        { name: 'file', filename: `${name}.wav`, contentType: 'audio/wav', data: distinctWav(makeAudio(dir, name, 2), i) },
      ]);
      expect((await t.call({ method: 'POST', url: '/api/my/musics', payload, headers, token: owner.token })).statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    bucket.close();
    await t.close();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every object to the bucket byte for byte, and a second run copies nothing', async () => {
    const local = t.ctx.storage;
    const keys = await keysOf(local);
    expect(keys.length).toBe(8);
    const run = await t.cliAsync('media:migrate', '--to', s3.url);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('8 copied');
    expect(await keysOf(bucket)).toEqual(keys);
    for (const k of keys) expect((await readAll(await bucket.get(k))).equals(await readAll(await local.get(k)))).toBe(true);

    const again = await t.cliAsync('media:migrate', '--to', s3.url);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('0 copied (0.0 MB), 8 already there');
  });

  it('resumes where a run stopped: only what is missing (or short) is copied', async () => {
    const keys = await keysOf(bucket);
    await bucket.delete(keys[0]!);
    await bucket.put(keys[1]!, Buffer.from('cut short'));
    const run = await t.cliAsync('media:migrate', '--to', s3.url);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('2 copied');
    expect(await keysOf(bucket)).toEqual(keys);
  });

  it('copies back from the bucket to another machine’s empty local disk', async () => {
    const other = await createTestApp('sqlite', {
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    });
    try {
      expect(await keysOf(other.ctx.storage)).toEqual([]);
      const run = await other.cliAsync('media:migrate', '--from', s3.url, '--to', 'local');
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('8 copied');
      const keys = await keysOf(bucket);
      expect(await keysOf(other.ctx.storage)).toEqual(keys);
      for (const k of keys) expect((await readAll(await other.ctx.storage.get(k))).equals(await readAll(await bucket.get(k)))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('refuses a target that is not S3 or local, or the same as the source', async () => {
    for (const args of [['--to', 'ftp://x'], ['--to', 'local'], []]) {
      const run = await t.cliAsync('media:migrate', ...args);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/media:migrate needs --to/u);
    }
  });

  it('says there is no queue when jobs run inside the server', () => {
    const run = t.cli('jobs');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/JOBS is not queue/u);
  });
});
