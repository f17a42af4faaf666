import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream } from 'node:fs';
import { stat as statFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  assertValidKey,
  assertValidPrefix,
  StorageKeyError,
  StorageNotFoundError,
  type ByteRange,
  type MediaStorage,
  type StoredObjectInfo,
} from './storage';

/** Where an S3 bucket is, as STORAGE_URL says it: `s3://BUCKET?endpoint=URL&region=REGION&forcePathStyle=true`. */
export interface S3Location {
  bucket: string;
  /** An S3-compatible server (MinIO, R2, s3rver); AWS itself when unset. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Keys are stored under this prefix (the URL's path), so one bucket can hold several sites. */
  prefix: string;
}

/** Reads STORAGE_URL; throws a message naming what is wrong. */
export function parseStorageUrl(url: string): S3Location {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new StorageKeyError('STORAGE_URL must be a URL like s3://bucket?region=ap-northeast-2');
  }
  if (u.protocol !== 's3:') throw new StorageKeyError('STORAGE_URL must start with s3://');
  const bucket = u.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/u.test(bucket)) throw new StorageKeyError(`STORAGE_URL names an invalid bucket: ${bucket}`);
  const endpoint = u.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\//u.test(endpoint)) throw new StorageKeyError('STORAGE_URL endpoint must be an http(s) URL');
  const prefix = u.pathname.replace(/^\/+|\/+$/gu, '');
  if (prefix) assertValidKey(prefix);
  return {
    bucket,
    ...(endpoint ? { endpoint } : {}),
    region: u.searchParams.get('region') ?? process.env['AWS_REGION'] ?? 'us-east-1',
    forcePathStyle: u.searchParams.get('forcePathStyle') === 'true',
    prefix: prefix ? `${prefix}/` : '',
  };
}

function isMissing(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
  }
  return false;
}

/**
 * Media in an S3 bucket (AWS S3 or an S3-compatible server). A PUT replaces an object whole, so readers see
 * the old object or the new one, as on local disk. Credentials come from the SDK's usual chain
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or an instance role).
 */
export class S3Storage implements MediaStorage {
  readonly location: S3Location;
  private readonly client: S3Client;

  constructor(location: S3Location, credentials?: { accessKeyId: string; secretAccessKey: string }) {
    this.location = location;
    this.client = new S3Client({
      region: location.region,
      ...(location.endpoint ? { endpoint: location.endpoint } : {}),
      forcePathStyle: location.forcePathStyle,
      ...(credentials ? { credentials } : {}),
      // The SDK's default checksums on streamed bodies are not understood by every S3-compatible server
      // (s3rver stores the chunk framing as content); checksums are sent where the operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private k(key: string): string {
    assertValidKey(key);
    return this.location.prefix + key;
  }

  /** Reachable and the bucket is there (for /api/ready). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.location.bucket }));
  }

  async put(key: string, source: Readable | Buffer | { path: string }): Promise<{ size: number }> {
    const Key = this.k(key);
    let body: Readable | Buffer;
    let length: number | undefined;
    if (Buffer.isBuffer(source)) {
      body = source;
      length = source.length;
    } else if (source instanceof Readable) {
      body = source;
    } else {
      length = (await statFile(source.path)).size;
      body = createReadStream(source.path);
    }
    // Multipart for large or unsized bodies, one PUT otherwise; either way the object appears whole.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key, Body: body, ...(length !== undefined ? { ContentLength: length } : {}) },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
    });
    await upload.done();
    const info = await this.stat(key);
    if (!info) throw new Error(`Stored object ${key} is not there after the upload`);
    if (length !== undefined && info.size !== length) {
      await this.delete(key);
      throw new Error(`Stored object ${key} has ${info.size} bytes, ${length} were sent`);
    }
    return { size: info.size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.location.bucket,
          Key: this.k(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return res.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFoundError(key);
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.k(key) }));
      return { size: Number(res.ContentLength ?? 0), mtime: res.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.k(key) }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    for (;;) {
      const keys: string[] = [];
      for await (const key of this.list(prefix)) {
        keys.push(this.location.prefix + key);
        if (keys.length === 1000) break;
      }
      if (keys.length === 0) return;
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.location.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
    }
  }

  async *list(prefix = ''): AsyncIterable<string> {
    if (prefix) assertValidPrefix(prefix);
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.location.bucket,
          Prefix: this.location.prefix + prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const o of res.Contents ?? []) if (o.Key) yield o.Key.slice(this.location.prefix.length);
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
