import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sha256Of } from '../lib/files';
import { StorageNotFoundError, type MediaStorage } from '../media';
import * as tracks from '../repositories/track.repository';

/**
 * The SHA-256 of a track's stored original (`tracks.original_sha256`): the file its licences name, and what
 * tells a second upload of the same file. Uploads are hashed as they arrive; a track stored before that is
 * hashed from storage the first time either needs it, and the hash is kept. Throws `StorageNotFoundError`
 * when storage does not have the file.
 */
export async function originalHash(db: Kysely<Database>, storage: MediaStorage, trackId: number, key: string): Promise<string> {
  const known = await tracks.originalSha256(db, trackId);
  if (known) return known;
  const hex = await sha256Of(await storage.get(key));
  await tracks.setOriginalSha256(db, trackId, hex);
  return hex;
}

/**
 * Hashes those of an owner's originals that were stored before uploads were hashed and have an upload's size,
 * so that the duplicate check, which compares hashes, sees them too. Only originals of exactly that size can
 * hold the same bytes, so an upload hashes at most the few that could be its copy. A file storage lacks is
 * left unhashed: there is nothing to compare.
 */
export async function hashOriginalsOfSize(db: Kysely<Database>, storage: MediaStorage, ownerId: number, size: number): Promise<void> {
  for (const row of await tracks.unhashedOriginalsOfSize(db, ownerId, size)) {
    try {
      await originalHash(db, storage, row.id, row.original_key);
    } catch (err) {
      if (!(err instanceof StorageNotFoundError)) throw err;
    }
  }
}
