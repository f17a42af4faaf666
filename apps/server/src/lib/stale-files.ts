import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** The newest modification time in a file or folder tree (ms); a folder being written to is recent. */
async function newestMtime(target: string): Promise<number> {
  const info = await lstat(target);
  let newest = info.mtimeMs;
  if (info.isDirectory()) {
    for (const name of await readdir(target)) {
      newest = Math.max(newest, await newestMtime(path.join(target, name)).catch(() => 0));
    }
  }
  return newest;
}

/**
 * Removes the entries of `dir` in which nothing was modified since `cutoff` (ms): temporary work left by a
 * process that died. Entries still being written are kept. Answers how many went; a missing `dir` is none.
 */
export async function removeStaleEntries(dir: string, cutoff: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const entry = path.join(dir, name);
    const newest = await newestMtime(entry).catch(() => null);
    if (newest === null || newest >= cutoff) continue;
    await rm(entry, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
