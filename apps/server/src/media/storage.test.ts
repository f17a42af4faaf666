import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDir, type FixtureDir } from '../../test/fixtures/audio';
import { assertValidKey, LocalDiskStorage, StorageKeyError, StorageNotFoundError, trackKeys } from './storage';

let fx: FixtureDir;
let storage: LocalDiskStorage;
beforeAll(async () => {
  fx = await fixtureDir();
  storage = await LocalDiskStorage.open(path.join(fx.dir, 'media'));
});
afterAll(async () => {
  await fx.cleanup();
});

const readAll = async (r: Readable) => Buffer.concat(await r.toArray());

describe('keys', () => {
  it.each([
    '',
    '/etc/passwd',
    '../secret',
    'tracks/../../x',
    'tracks/1/..',
    'tracks//1',
    'tracks/1/',
    '.hidden',
    'tracks/.tmp/x',
    'tracks\\1\\x',
    'C:/x',
    'tracks/1/a b.mp3',
    'tracks/%2e%2e/x',
    'tracks/한글.mp3',
    'x'.repeat(600),
  ])('rejects %j', (key) => {
    expect(() => assertValidKey(key)).toThrow(StorageKeyError);
  });

  it('accepts the layout the pipeline uses', () => {
    for (const key of [
      trackKeys.original(1, 'flac'),
      trackKeys.preview(22),
      trackKeys.peaks(3),
      trackKeys.wave(4),
      trackKeys.cover(5, 64),
    ]) {
      expect(() => assertValidKey(key)).not.toThrow();
    }
    expect(trackKeys.wave(12)).toBe('tracks/12/wave_12.png');
    expect(() => trackKeys.preview(0)).toThrow(StorageKeyError);
    expect(() => trackKeys.preview(1.5)).toThrow(StorageKeyError);
  });

  it('never touches the file system for a bad key', async () => {
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(StorageKeyError);
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(StorageKeyError);
    await expect(storage.deletePrefix('')).rejects.toThrow(StorageKeyError);
    await expect(storage.deletePrefix('tracks')).rejects.toThrow(StorageKeyError);
    expect(existsSync(path.join(fx.dir, 'escape'))).toBe(false);
  });
});

describe('local disk storage', () => {
  it('stores buffers, streams and files and reads them back', async () => {
    await storage.put('t/1/a.bin', Buffer.from('hello'));
    await storage.put('t/1/b.bin', Readable.from([Buffer.from('str'), Buffer.from('eam')]));
    const src = fx.file('src.bin');
    await writeFile(src, 'from a file');
    const { size } = await storage.put('t/1/c.bin', { path: src });
    expect(size).toBe(11);
    expect(await text(await storage.get('t/1/a.bin'))).toBe('hello');
    expect(await text(await storage.get('t/1/b.bin'))).toBe('stream');
    expect(await text(await storage.get('t/1/c.bin'))).toBe('from a file');
    expect(await storage.stat('t/1/c.bin')).toMatchObject({ size: 11 });
    expect(await storage.stat('t/1/missing.bin')).toBeNull();
  });

  it('reads byte ranges (inclusive, as HTTP Range does)', async () => {
    await storage.put('t/2/r.bin', Buffer.from('0123456789'));
    expect((await readAll(await storage.get('t/2/r.bin', { start: 0, end: 0 }))).toString()).toBe('0');
    expect((await readAll(await storage.get('t/2/r.bin', { start: 3, end: 6 }))).toString()).toBe('3456');
    expect((await readAll(await storage.get('t/2/r.bin', { start: 7, end: 9 }))).toString()).toBe('789');
  });

  it('reports a missing object as StorageNotFoundError', async () => {
    await expect(storage.get('t/none/x.bin')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('deletes objects and whole prefixes, and tolerates missing ones', async () => {
    await storage.put('t/3/a.bin', Buffer.from('a'));
    await storage.put('t/3/b.bin', Buffer.from('b'));
    await storage.put('t/30/keep.bin', Buffer.from('k'));
    await storage.delete('t/3/a.bin');
    await storage.delete('t/3/a.bin');
    expect(await storage.stat('t/3/a.bin')).toBeNull();
    await storage.deletePrefix('t/3/');
    expect(await storage.stat('t/3/b.bin')).toBeNull();
    // "t/3/" is a folder boundary: t/30 is another track and survives.
    expect(await storage.stat('t/30/keep.bin')).not.toBeNull();
  });

  it('replaces atomically: a reader sees the whole old or the whole new object, never a mix', async () => {
    const a = Buffer.alloc(4 * 1024 * 1024, 0x61);
    const b = Buffer.alloc(4 * 1024 * 1024, 0x62);
    await storage.put('t/4/big.bin', a);
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 6; i++) await storage.put('t/4/big.bin', i % 2 ? a : b);
      writing = false;
    })();
    let reads = 0;
    while (writing) {
      const data = await readFile(storage.pathOf('t/4/big.bin'));
      expect(data.length).toBe(a.length);
      expect(data.equals(a) || data.equals(b)).toBe(true);
      reads++;
    }
    await writer;
    expect(reads).toBeGreaterThan(0);
  });

  it('leaves nothing behind when a source stream fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(randomBytes(1024));
        this.destroy(new Error('upload interrupted'));
      },
    });
    await expect(storage.put('t/5/partial.bin', failing)).rejects.toThrow('upload interrupted');
    expect(await storage.stat('t/5/partial.bin')).toBeNull();
    expect(await readdir(path.join(storage.root, '.tmp'))).toEqual([]);
  });
});
