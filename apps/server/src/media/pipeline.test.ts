import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, fixtureDir, silence, taggedMp3, testImage, tone, type FixtureDir } from '../../test/fixtures/audio';
import { MediaError } from './media-errors';
import { ingest, ingestBatch, downloadFileName, type BatchProgress, type IngestProgress } from './pipeline';
import { probeFile } from './probe';
import { LocalDiskStorage, type ByteRange, type MediaStorage } from './storage';

let fx: FixtureDir;
let storage: LocalDiskStorage;
beforeAll(async () => {
  fx = await fixtureDir();
  storage = await LocalDiskStorage.open(path.join(fx.dir, 'media'));
});
afterAll(async () => {
  await fx.cleanup();
});

/** Every file stored for a track, as paths relative to the storage root. */
async function filesOf(trackId: number): Promise<string[]> {
  const dir = path.join(storage.root, 'tracks', String(trackId));
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
}

describe('ingest', () => {
  it('stores the original, preview, peaks, waveform and covers, and returns the metadata', async () => {
    const cover = await testImage(fx.file('art.png'), '600x400');
    const file = await taggedMp3(fx.file('upload.tmp'), cover, { title: 'Paper <b>Boats</b>', artist: 'Glass Harbor' }, 8);
    const stages: IngestProgress[] = [];
    const r = await ingest(
      { path: file, originalName: 'C:\\Users\\me\\Paper Boats (final).mp3' },
      { trackId: 101, storage, onProgress: (p) => stages.push(p) },
    );

    expect(r).toMatchObject({
      trackId: 101,
      title: 'Paper <b>Boats</b>',
      artist: 'Glass Harbor',
      format: 'mp3',
      mimeType: 'audio/mpeg',
      fileName: 'Paper Boats (final).mp3',
      overridden: { title: false, artist: false, bpm: false, soundKey: false },
    });
    expect(r.durationSec).toBeGreaterThan(7.9);
    expect(r.durationSec).toBeLessThan(8.1);
    expect(r.files.original.key).toBe('tracks/101/original.mp3');
    expect(r.files.wave.key).toBe('tracks/101/wave_101.png');
    expect(await filesOf(101)).toEqual(['cover-300.jpg', 'cover-64.jpg', 'original.mp3', 'peaks.json', 'preview.mp3', 'wave_101.png']);

    for (const f of Object.values(r.files)) {
      if (f) expect((await storage.stat(f.key))?.size).toBe(f.size);
    }
    const original = await readFile(storage.pathOf(r.files.original.key));
    expect(original.equals(await readFile(file))).toBe(true);
    const preview = await probeFile(storage.pathOf(r.files.preview.key));
    expect(preview.format).toBe('mp3');
    expect(preview.bitRate).toBe(160_000);
    const peaks = JSON.parse(await readFile(storage.pathOf(r.files.peaks.key), 'utf8')) as { peaks: number[] };
    expect(peaks.peaks.length).toBe(2000);
    expect((await readFile(storage.pathOf(r.files.cover!.key))).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(PNG.sync.read(await readFile(storage.pathOf(r.files.wave.key))).width).toBe(220);

    expect(
      stages
        .filter((s) => s.state === 'done')
        .map((s) => s.stage)
        .sort(),
    ).toEqual(['analyse', 'cover', 'encode', 'probe', 'store', 'tags']);
    expect(stages.at(-1)!.fraction).toBeCloseTo(1, 5);
  });

  it("prefers the uploader's values and keeps the estimates apart", async () => {
    const file = await clicks(fx.file('beat.wav'), 126, 12);
    const r = await ingest(
      { path: file, originalName: 'beat.wav' },
      { trackId: 102, storage, overrides: { title: '  My\u0000 Beat ', bpm: 63, soundKey: 'Db', genre: 502, moods: [1202, 1202, 4242] } },
    );
    expect(r.title).toBe('My Beat');
    expect(r.bpm).toBe(63);
    expect(r.speed).toBe(1);
    expect(r.soundKey).toBe('D♭');
    expect(r.genre).toBe(502);
    expect(r.moods).toEqual([1202]);
    expect(r.overridden).toMatchObject({ title: true, bpm: true, soundKey: true });
    expect(Math.abs(r.estimated.bpm! - 126)).toBeLessThanOrEqual(2);
    expect(r.estimated.speed).toBe(3);
  });

  it('is idempotent, and a re-run with another format leaves no stale original behind', async () => {
    const wav = await tone(fx.file('v1.wav'), 440, 3);
    const first = await ingest({ path: wav }, { trackId: 103, storage });
    const again = await ingest({ path: wav }, { trackId: 103, storage });
    expect(again.files).toEqual(first.files);
    const flac = await tone(fx.file('v2.flac'), 440, 3, 'flac');
    await ingest({ path: flac }, { trackId: 103, storage });
    expect(await filesOf(103)).toEqual(['original.flac', 'peaks.json', 'preview.mp3', 'wave_103.png']);
  });

  it('names downloads safely', () => {
    expect(downloadFileName('../../etc/passwd', 'T', 'mp3')).toBe('passwd.mp3');
    expect(downloadFileName('a<b>:c?.wav', 'T', 'flac')).toBe('a_b__c_.flac');
    expect(downloadFileName('...', '봄비', 'mp3')).toBe('봄비.mp3');
    expect(downloadFileName(undefined, '', 'ogg')).toBe('track.ogg');
  });
});

describe('ingest failures leave nothing behind', () => {
  it('rejected input never reaches storage', async () => {
    const quiet = await silence(fx.file('quiet.wav'), 3);
    await expect(ingest({ path: quiet }, { trackId: 201, storage })).rejects.toMatchObject({
      code: 'MEDIA_SILENT',
      details: { stage: 'analyse' },
    });
    const text = fx.file('text.flac');
    await writeFile(text, 'hello');
    await expect(ingest({ path: text }, { trackId: 201, storage })).rejects.toMatchObject({ code: 'MEDIA_UNSUPPORTED', status: 415 });
    expect(await filesOf(201)).toEqual([]);
  });

  it('a broken uploaded cover is the uploader’s error, and nothing is stored', async () => {
    const audio = await tone(fx.file('ok.wav'), 440, 3);
    const badCover = fx.file('cover.jpg');
    await writeFile(badCover, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]));
    await expect(ingest({ path: audio, coverPath: badCover }, { trackId: 202, storage })).rejects.toMatchObject({
      code: 'MEDIA_COVER_INVALID',
    });
    expect(await filesOf(202)).toEqual([]);
  });

  it('a storage failure half-way removes what this run stored', async () => {
    let puts = 0;
    const flaky: MediaStorage = {
      put: async (key, source) => {
        if (++puts === 3) throw new Error('disk full');
        return storage.put(key, source);
      },
      get: (key: string, range?: ByteRange): Promise<Readable> => storage.get(key, range),
      stat: (key) => storage.stat(key),
      delete: (key) => storage.delete(key),
      deletePrefix: (prefix) => storage.deletePrefix(prefix),
      list: (prefix) => storage.list(prefix),
      check: () => storage.check(),
      close: () => storage.close(),
    };
    const audio = await tone(fx.file('ok2.wav'), 440, 3);
    const err = await ingest({ path: audio }, { trackId: 203, storage: flaky }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaError);
    expect(err).toMatchObject({ code: 'MEDIA_PROCESSING_FAILED', details: { stage: 'store' } });
    expect(puts).toBe(3);
    expect(await filesOf(203)).toEqual([]);
    expect(await readdir(path.join(storage.root, '.tmp'))).toEqual([]);
  });

  it('cancelling stops the work and stores nothing', async () => {
    const audio = await clicks(fx.file('long.wav'), 100, 60);
    const ac = new AbortController();
    const run = ingest(
      { path: audio },
      { trackId: 204, storage, signal: ac.signal, onProgress: (p) => p.stage === 'analyse' && ac.abort() },
    );
    await expect(run).rejects.toMatchObject({ code: 'MEDIA_ABORTED' });
    expect(await filesOf(204)).toEqual([]);
  });
});

describe('ingestBatch', () => {
  it('reports good and bad files as outcomes, with overall progress reaching 1', async () => {
    const good = await tone(fx.file('b1.wav'), 440, 2);
    const bad = fx.file('b2.wav');
    await writeFile(bad, '');
    const good2 = await tone(fx.file('b3.flac'), 220, 2, 'flac');
    const progress: BatchProgress[] = [];
    const seen: number[] = [];
    const outcomes = await ingestBatch(
      [
        { input: { path: good }, trackId: 301 },
        { input: { path: bad }, trackId: 302 },
        { input: { path: good2 }, trackId: 303, overrides: { title: 'Third' } },
      ],
      { storage, concurrency: 2, onProgress: (p) => progress.push(p), onItem: (o) => void seen.push(o.item.trackId) },
    );
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    const failed = outcomes[1]!;
    expect(!failed.ok && failed.error.code).toBe('MEDIA_EMPTY');
    expect(outcomes[2]!.ok && outcomes[2]!.result.title).toBe('Third');
    expect(seen.sort()).toEqual([301, 302, 303]);
    expect(progress.at(-1)).toMatchObject({ done: 3, total: 3, fraction: 1 });
    expect(await filesOf(302)).toEqual([]);
  });
});
