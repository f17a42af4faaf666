import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { GENRE_GROUPS, GENRES, SOUND_KEYS } from '@sori/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDir, type FixtureDir } from '../../../test/fixtures/audio';
import { analyseFile, type AnalysisResult } from '../../media/analyse';
import { DEMO_CATALOGUE, renderDemoTrack, writeDemoCatalogue, type DemoTrack } from './catalogue';
import { ingest } from '../../media/pipeline';
import { probeFile } from '../../media/probe';
import { LocalDiskStorage } from '../../media/storage';

describe('the demo catalogue', () => {
  it('spans every genre group, all speeds, many keys, moods and tempos', () => {
    const tracks = DEMO_CATALOGUE;
    expect(tracks.length).toBeGreaterThanOrEqual(55);
    const groups = new Set(tracks.map((t) => GENRES.find((g) => g.code === t.genre)!.group));
    expect([...groups].sort()).toEqual(GENRE_GROUPS.map((g) => g.code).sort());
    expect(new Set(tracks.map((t) => t.genre)).size).toBe(GENRES.length);
    expect(new Set(tracks.map((t) => t.speed))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(tracks.map((t) => t.tonic)).size).toBe(12);
    expect(new Set(tracks.map((t) => t.mode))).toEqual(new Set(['major', 'minor']));
    expect(new Set(tracks.flatMap((t) => t.moods)).size).toBeGreaterThanOrEqual(40);
    for (const t of tracks) {
      expect(t.bpm).toBeGreaterThanOrEqual(60);
      expect(t.bpm).toBeLessThanOrEqual(180);
      expect(t.durationSec).toBeGreaterThanOrEqual(30);
      expect(t.durationSec).toBeLessThanOrEqual(90);
      expect(SOUND_KEYS.some((k) => k.name === t.soundKey)).toBe(true);
    }
    const scripts = { ko: /[\uac00-\ud7a3]/u, ja: /[\u3040-\u30ff\u4e00-\u9fff]/u, en: /^[\p{Script=Latin}\d\s'&!.,-]+$/u };
    for (const [lang, re] of Object.entries(scripts)) {
      expect(tracks.filter((t) => re.test(t.title)).length, lang).toBeGreaterThanOrEqual(8);
    }
  });

  it('renders the same audio every time', () => {
    const hash = (t: DemoTrack) => {
      const { left, right } = renderDemoTrack(t, 8000);
      return createHash('sha256').update(Buffer.from(left.buffer)).update(Buffer.from(right.buffer)).digest('hex');
    };
    const t = DEMO_CATALOGUE[0]!;
    expect(hash(t)).toBe(hash(t));
  });
});

interface Measured {
  track: DemoTrack;
  analysis: AnalysisResult;
}

/**
 * The accuracy test: the whole demo set is rendered (in worker threads) and every file goes through the
 * real decoder and analysers while the next ones render. Shared by the assertions below.
 */
describe('BPM and key accuracy over the demo set', () => {
  let fx: FixtureDir;
  const measured: Measured[] = [];
  let seconds = 0;

  beforeAll(async () => {
    fx = await fixtureDir('sori-demo-');
    const t0 = performance.now();
    await writeDemoCatalogue(path.join(fx.dir, 'audio'), {
      concurrency: Math.max(1, Math.min(4, availableParallelism())),
      onTrack: async ({ track, audioPath, coverPath }) => {
        const analysis = await analyseFile(audioPath, await probeFile(audioPath));
        measured.push({ track, analysis });
        // The first track also goes through the whole pipeline with its generated cover.
        if (track.index !== 1) await rm(audioPath);
        await rm(coverPath).catch(() => {});
      },
    });
    seconds = (performance.now() - t0) / 1000;
  }, 600_000);

  afterAll(async () => {
    await fx?.cleanup();
  });

  it('finds the tempo within 2% (no octave errors) for at least 90% of tracks, the tonic for at least 75%', () => {
    expect(measured).toHaveLength(DEMO_CATALOGUE.length);
    const rows = measured
      .sort((a, b) => a.track.index - b.track.index)
      .map(({ track, analysis }) => {
        const bpmOk = analysis.tempo !== null && Math.abs(analysis.tempo.bpm / track.bpm - 1) <= 0.02;
        const keyOk = analysis.key?.tonic === track.tonic;
        return { track, analysis, bpmOk, keyOk };
      });
    const bpmRate = rows.filter((r) => r.bpmOk).length / rows.length;
    const keyRate = rows.filter((r) => r.keyOk).length / rows.length;
    const audioSec = rows.reduce((s, r) => s + r.track.durationSec, 0);
    const misses = rows
      .filter((r) => !r.bpmOk || !r.keyOk)
      .map(
        (r) =>
          `  #${r.track.index} ${r.track.style}: ${r.track.bpm} BPM → ${r.analysis.tempo?.bpm ?? '-'}${r.bpmOk ? '' : ' ✗'}, ` +
          `${r.track.soundKey} ${r.track.mode} → ${r.analysis.key?.soundKey ?? '-'} ${r.analysis.key?.mode ?? ''}${r.keyOk ? '' : ' ✗'}`,
      );
    console.log(
      [
        `demo set: ${rows.length} tracks, ${Math.round(audioSec)} s of audio, rendered and analysed in ${seconds.toFixed(1)} s`,
        `BPM within 2%: ${(bpmRate * 100).toFixed(1)}%   key tonic exact: ${(keyRate * 100).toFixed(1)}%`,
        ...misses,
      ].join('\n'),
    );
    expect(bpmRate).toBeGreaterThanOrEqual(0.9);
    expect(keyRate).toBeGreaterThanOrEqual(0.75);
  });

  it('a demo track goes through the whole pipeline with its cover', async () => {
    const storage = await LocalDiskStorage.open(path.join(fx.dir, 'media'));
    const track = DEMO_CATALOGUE[0]!;
    const audio = path.join(fx.dir, 'audio', `${track.slug}.wav`);
    const { writeFile } = await import('node:fs/promises');
    const { renderDemoCover } = await import('./catalogue');
    const cover = path.join(fx.dir, 'cover.png');
    await writeFile(cover, renderDemoCover(track));
    const r = await ingest(
      { path: audio, originalName: `${track.title}.wav`, coverPath: cover },
      {
        trackId: 1,
        storage,
        overrides: { title: track.title, artist: track.artist, genre: track.genre, moods: track.moods },
      },
    );
    expect(r).toMatchObject({ title: track.title, artist: track.artist, genre: track.genre, format: 'wav' });
    expect(r.files.cover).not.toBeNull();
    expect(Math.abs(r.durationSec - track.durationSec)).toBeLessThan(0.05);
  });
});
