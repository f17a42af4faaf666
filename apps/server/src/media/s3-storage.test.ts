import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDir, type FixtureDir } from '../../test/fixtures/audio';
import { startS3, type TestS3 } from '../../test/helpers/s3';
import { parseStorageUrl, S3Storage } from './s3-storage';
import { StorageKeyError, StorageNotFoundError } from './storage';

const readAll = async (r: Readable) => Buffer.concat(await r.toArray());

describe('STORAGE_URL', () => {
  it('reads bucket, endpoint, region, path style and prefix', () => {
    expect(parseStorageUrl('s3://media-bucket/site-a?endpoint=http://127.0.0.1:9000&region=ap-northeast-2&forcePathStyle=true')).toEqual({
      bucket: 'media-bucket',
      endpoint: 'http://127.0.0.1:9000',
      region: 'ap-northeast-2',
      forcePathStyle: true,
      prefix: 'site-a/',
    });
    expect(parseStorageUrl('s3://media-bucket?region=eu-west-1')).toMatchObject({ forcePathStyle: false, prefix: '' });
  });
  it.each(['http://bucket', 's3://B', 's3://bucket?endpoint=file:///etc', 's3://bucket/.hidden', 'not a url'])('refuses %j', (url) => {
    expect(() => parseStorageUrl(url)).toThrow(StorageKeyError);
  });
});

/** The same promises as local disk, kept by a real S3-compatible server. */
describe('S3 storage (s3rver)', () => {
  let s3: TestS3;
  let storage: S3Storage;
  let fx: FixtureDir;
  beforeAll(async () => {
    s3 = await startS3();
    fx = await fixtureDir();
    storage = new S3Storage(parseStorageUrl(s3.url.replace('sori-test?', 'sori-test/prefixed?')), s3.credentials);
  });
  afterAll(async () => {
    storage.close();
    await s3.close();
    await fx.cleanup();
  });

  it('stores a buffer, a file and a stream of unknown length, byte for byte', async () => {
    const small = randomBytes(1000);
    expect(await storage.put('tracks/1/peaks.json', small)).toEqual({ size: 1000 });
    expect(await readAll(await storage.get('tracks/1/peaks.json'))).toEqual(small);

    const file = path.join(fx.dir, 'x.bin');
    const fromFile = randomBytes(300_000);
    await writeFile(file, fromFile);
    expect(await storage.put('tracks/1/original.wav', { path: file })).toEqual({ size: 300_000 });
    expect(await readAll(await storage.get('tracks/1/original.wav'))).toEqual(fromFile);

    // 20 MB in 64 KB chunks with no length: a multipart upload of three parts; what is read back is what was sent.
    const chunks = Array.from({ length: 320 }, () => randomBytes(64 * 1024));
    expect(await storage.put('tracks/1/preview.mp3', Readable.from(chunks))).toEqual({ size: 320 * 64 * 1024 });
    expect((await readAll(await storage.get('tracks/1/preview.mp3'))).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('reads a byte range and states size and time', async () => {
    const data = Buffer.from('0123456789abcdef');
    await storage.put('tracks/2/peaks.json', data);
    expect((await readAll(await storage.get('tracks/2/peaks.json', { start: 3, end: 7 }))).toString()).toBe('34567');
    const info = await storage.stat('tracks/2/peaks.json');
    expect(info?.size).toBe(16);
    expect(Math.abs(info!.mtime.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('says what is missing the way local disk does', async () => {
    expect(await storage.stat('tracks/99/peaks.json')).toBeNull();
    await expect(storage.get('tracks/99/peaks.json')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.delete('tracks/99/peaks.json')).resolves.toBeUndefined();
    await expect(storage.get('../etc/passwd')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('replaces an object whole, lists and deletes by prefix, and keeps other prefixes', async () => {
    await storage.put('tracks/3/a.json', Buffer.from('old'));
    await storage.put('tracks/3/a.json', Buffer.from('new!'));
    expect((await readAll(await storage.get('tracks/3/a.json'))).toString()).toBe('new!');
    await storage.put('tracks/3/sub/b.json', Buffer.from('b'));
    await storage.put('tracks/30/c.json', Buffer.from('c'));
    const listed: string[] = [];
    for await (const k of storage.list('tracks/3/')) listed.push(k);
    expect(listed.sort()).toEqual(['tracks/3/a.json', 'tracks/3/sub/b.json']);
    await storage.deletePrefix('tracks/3/');
    expect(await storage.stat('tracks/3/a.json')).toBeNull();
    expect(await storage.stat('tracks/3/sub/b.json')).toBeNull();
    expect(await storage.stat('tracks/30/c.json')).not.toBeNull();
    await expect(storage.check()).resolves.toBeUndefined();
  });
});
