import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** STORAGE_URL for the bucket. */
  url: string;
  /** What a server needs in its environment to reach it. */
  env: Record<string, string>;
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) in this process, on a free port, with its own folder and an empty
 * bucket; the SDK talks to it over HTTP with signed requests, exactly as to AWS.
 */
export async function startS3(bucket = 'sori-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sori-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as AddressInfo;
  const url = `s3://${bucket}?endpoint=http://127.0.0.1:${port}&region=us-east-1&forcePathStyle=true`;
  // s3rver's fixed credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    url,
    credentials,
    env: { STORAGE_URL: url, AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
