import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { writeToFile } from './files';

const dirs: string[] = [];
const scratch = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'sori-files-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** A source that gives one chunk and then fails, as an upload cut off by the client does. */
const failingSource = () =>
  new Readable({
    read() {
      this.push(Buffer.alloc(1024, 1));
      this.destroy(new Error('upload interrupted'));
    },
  });

describe('writeToFile', () => {
  it('writes the whole stream, and refuses to overwrite when asked for a new file', async () => {
    const dir = await scratch();
    const file = path.join(dir, 'out');
    await writeToFile(Readable.from([Buffer.from('소리 '), Buffer.from('sound')]), file, { exclusive: true, sync: true });
    expect(await readFile(file, 'utf8')).toBe('소리 sound');
    await expect(writeToFile(Readable.from([Buffer.from('x')]), file, { exclusive: true })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(file, 'utf8')).toBe('소리 sound');
  });

  it('when the source fails, the file is already there as the promise rejects, so cleanup finds it and nothing appears later', async () => {
    // A write stream given a path opens its file on its own time: here its pipeline rejected before the file
    // existed one time in three, and the file then appeared after the caller's cleanup. Thirty tries in a row
    // make that all but certain to show. The look is synchronous: an asynchronous stat would queue behind
    // the open in libuv's thread pool and so always find the file.
    const dir = await scratch();
    for (let i = 0; i < 30; i++) {
      const file = path.join(dir, `part-${i}`);
      await expect(writeToFile(failingSource(), file)).rejects.toThrow('upload interrupted');
      expect(existsSync(file)).toBe(true);
      await rm(file);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(await readdir(dir)).toEqual([]);
  });
});
