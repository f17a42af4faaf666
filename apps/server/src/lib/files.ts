import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Writes a stream to a file, the file opened before the first byte is read. A write stream given a path opens
 * it later, on its own, so when the source fails at once the pipeline can reject before the file exists and
 * the file then appears after the caller's cleanup ran: a leftover in a temp folder, or a folder that will not
 * delete. Opening first means that whatever the caller removes after a failure is really there to remove.
 */
export async function writeToFile(source: Readable, file: string, options: { exclusive?: boolean; sync?: boolean } = {}): Promise<void> {
  const fh = await open(file, options.exclusive ? 'wx' : 'w');
  try {
    // The stream closes the handle once written (flushed to disk first when asked); the close below only
    // waits for that, or closes a handle the stream never took.
    await pipeline(source, fh.createWriteStream({ flush: options.sync ?? false }));
  } finally {
    await fh.close();
  }
}

/** The SHA-256 (hex) of a stream's bytes, or of a file's when given its path. */
export async function sha256Of(source: AsyncIterable<unknown> | string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of typeof source === 'string' ? createReadStream(source) : source) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
