import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/create-db';
import { readManifest, runIngestCommand } from '../src/ingest-command';
import { makeAudio } from './helpers/audio';

describe('npm run sori -- ingest', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sori-ingest-cmd-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ingests a folder with a manifest, publishes, and reports the files it skipped', async () => {
    mkdirSync(path.join(dir, 'music', 'sub'), { recursive: true });
    makeAudio(path.join(dir, 'music'), 'first', 3);
    makeAudio(path.join(dir, 'music', 'sub'), 'second', 3, 'flac');
    writeFileSync(path.join(dir, 'music', 'broken.wav'), 'RIFF but not really a wave file at all');
    writeFileSync(path.join(dir, 'music', 'notes.txt'), 'not picked up: not an audio extension');
    writeFileSync(
      path.join(dir, 'manifest.csv'),
      'file,title,artist,genre,moods,soundKey,bpm\nmusic/first.wav,"첫 곡, 처음",작곡가,701,1302;1102,Bb,96\n',
    );
    const config = loadConfig({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const code = await runIngestCommand(config, {
      paths: [path.join(dir, 'music')],
      publish: true,
      manifest: path.join(dir, 'manifest.csv'),
      concurrency: 2,
    });
    const printed = log.mock.calls.map((c) => String(c[0])).join('\n');
    log.mockRestore();
    expect(code).toBe(0);
    expect(printed).toContain('2 ingested and published, 1 skipped.');
    expect(printed).toMatch(/skipped .*broken\.wav: MEDIA_/);

    const db = createDb(config);
    const rows = await db.kysely.selectFrom('tracks').selectAll().orderBy('title').execute();
    await db.close();
    expect(rows).toHaveLength(2);
    const first = rows.find((r) => r.title === '첫 곡, 처음')!;
    expect(first).toMatchObject({
      artist: '작곡가',
      genre: 701,
      moods: '1302,1102',
      sound_key: 'B♭',
      bpm: 96,
      published: 1,
      status: 'ready',
    });
    expect(rows.every((r) => r.preview_key && r.wave_key && r.peaks_key && r.original_key)).toBe(true);
  });

  it('refuses a manifest with unknown codes, naming the row', () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ file: 'a.wav', genre: 4242 }]));
    expect(() => readManifest(bad)).toThrow(/row 1 \(a\.wav\)/);
  });
});
