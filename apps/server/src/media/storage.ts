import { randomUUID } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { access, copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { writeToFile } from '../lib/files';

export interface StoredObjectInfo {
  size: number;
  mtime: Date;
}

/** Inclusive byte range, as HTTP Range speaks it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media lives. Code passes keys (`tracks/12/preview.mp3`), never paths; the backend is chosen once at
 * boot (local disk here, S3-compatible storage at scale) and nothing else knows which one it is.
 */
export interface MediaStorage {
  /**
   * Stores an object atomically: readers see the old object or the new one, never a partial one.
   * A local file is given as `{ path }` so a string can never be mistaken for content or for a key.
   */
  put(key: string, source: Readable | Buffer | { path: string }): Promise<{ size: number }>;
  /** Streams an object (or a range of it). Rejects with StorageNotFoundError when the key is absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** Removes an object; absent keys are not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object under a prefix ending in "/" (`tracks/12/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every key under a prefix ending in "/" (all keys when empty), in no promised order. */
  list(prefix?: string): AsyncIterable<string>;
  /** Resolves when the storage can be read and written (for /api/ready); rejects with the reason otherwise. */
  check(): Promise<void>;
  /** Lets go of connections; the storage is not used after. */
  close(): void;
}

export class StorageKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageKeyError';
  }
}

export class StorageNotFoundError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`No stored object ${key}`);
    this.name = 'StorageNotFoundError';
    this.key = key;
  }
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/**
 * Checks a storage key: slash-separated segments of letters, digits, `_`, `-` and `.`, none starting with
 * a dot, so `..`, hidden files, absolute paths, backslashes and drive letters are all impossible. Keys are
 * built by our code; one made from request input that fails here never reaches a file system call.
 */
export function assertValidKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new StorageKeyError('Storage key must be a non-empty string of at most 512 characters');
  }
  const segments = key.split('/');
  if (!segments.every((s) => SEGMENT.test(s))) throw new StorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
}

export function assertValidPrefix(prefix: unknown): asserts prefix is string {
  if (typeof prefix !== 'string' || !prefix.endsWith('/') || prefix.length < 2) {
    throw new StorageKeyError('A storage prefix must be a key followed by "/"');
  }
  assertValidKey(prefix.slice(0, -1));
}

/** The layout of one track's media; the only place keys are spelled. */
export const trackKeys = {
  prefix: (trackId: number): string => `tracks/${safeId(trackId)}/`,
  original: (trackId: number, extension: string): string => `tracks/${safeId(trackId)}/original.${extension}`,
  preview: (trackId: number): string => `tracks/${safeId(trackId)}/preview.mp3`,
  peaks: (trackId: number): string => `tracks/${safeId(trackId)}/peaks.json`,
  wave: (trackId: number): string => `tracks/${safeId(trackId)}/wave_${safeId(trackId)}.png`,
  cover: (trackId: number, size: number): string => `tracks/${safeId(trackId)}/cover-${size}.jpg`,
  /** An upload as it arrived (its audio, and the cover sent with it), kept until its ingest job is done. */
  upload: (trackId: number, part: 'audio' | 'cover'): string => `tracks/${safeId(trackId)}/upload-${part}`,
  /** A short edit (15, 30 or 60 seconds) and its own peaks and waveform image. */
  edit: (trackId: number, seconds: number): string => `tracks/${safeId(trackId)}/edit-${safeId(seconds)}.mp3`,
  editPeaks: (trackId: number, seconds: number): string => `tracks/${safeId(trackId)}/peaks-${safeId(seconds)}.json`,
  editWave: (trackId: number, seconds: number): string => `tracks/${safeId(trackId)}/wave_${safeId(trackId)}-${safeId(seconds)}.png`,
};

function safeId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 1) throw new StorageKeyError(`Track id must be a positive integer, got ${id}`);
  return id;
}

/** Temporary files older than this are leftovers of a crashed process, not writes in progress. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** Local-disk storage under `root` (DATA_DIR/media). */
export class LocalDiskStorage implements MediaStorage {
  readonly root: string;
  private readonly tmpDir: string;

  private constructor(root: string) {
    this.root = path.resolve(root);
    // Temporary files live inside the root so the final rename never crosses file systems.
    this.tmpDir = path.join(this.root, '.tmp');
  }

  static async open(root: string): Promise<LocalDiskStorage> {
    const storage = new LocalDiskStorage(root);
    await mkdir(storage.tmpDir, { recursive: true });
    await storage.removeStaleTemps();
    return storage;
  }

  /** The file behind a key; exposed for the server's static file serving and for tests. */
  pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    // Belt and braces: the key rules already make escaping the root impossible.
    if (!full.startsWith(this.root + path.sep)) throw new StorageKeyError(`Key escapes the storage root: ${key}`);
    return full;
  }

  async put(key: string, source: Readable | Buffer | { path: string }): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const tmp = path.join(this.tmpDir, `${randomUUID()}.part`);
    try {
      if (Buffer.isBuffer(source)) {
        const fh = await open(tmp, 'wx');
        try {
          await fh.writeFile(source);
          await fh.sync();
        } finally {
          await fh.close();
        }
      } else if (source instanceof Readable) {
        await writeToFile(source, tmp, { exclusive: true, sync: true });
      } else {
        await copyFile(source.path, tmp, fsConstants.COPYFILE_EXCL | fsConstants.COPYFILE_FICLONE);
        await syncFile(tmp);
      }
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target);
      return { size: (await stat(target)).size };
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    let fh;
    try {
      fh = await open(file, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
      throw e;
    }
    // Opening first turns "not found" into a rejected promise here, not an error event mid-response.
    return fh.createReadStream(range ? { start: range.start, end: range.end, autoClose: true } : { autoClose: true });
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, mtime: s.mtime } : null;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    await rm(this.pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
  }

  async *list(prefix = ''): AsyncIterable<string> {
    if (prefix) assertValidPrefix(prefix);
    const start = prefix ? this.pathOf(prefix.slice(0, -1)) : this.root;
    const walk = async function* (dir: string, keyPrefix: string): AsyncIterable<string> {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw e;
      }
      for (const entry of entries) {
        // Dot names (the temporary folder) are never keys.
        if (entry.name.startsWith('.')) continue;
        if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${keyPrefix}${entry.name}/`);
        else if (entry.isFile()) yield `${keyPrefix}${entry.name}`;
      }
    };
    yield* walk(start, prefix);
  }

  async check(): Promise<void> {
    await access(this.tmpDir, fsConstants.R_OK | fsConstants.W_OK);
  }

  close(): void {
    // Nothing held open.
  }

  private async removeStaleTemps(): Promise<void> {
    const now = Date.now();
    for (const name of await readdir(this.tmpDir)) {
      const file = path.join(this.tmpDir, name);
      const s = await stat(file).catch(() => null);
      if (s && now - s.mtimeMs > STALE_TEMP_MS) await rm(file, { force: true });
    }
  }
}

async function syncFile(file: string): Promise<void> {
  const fh = await open(file, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
