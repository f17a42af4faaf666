import { copyFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clicks,
  damaged,
  ffmpeg,
  fixtureDir,
  noise,
  silence,
  testImage,
  tone,
  truncated,
  type FixtureDir,
  type FixtureFormat,
} from '../../test/fixtures/audio';
import { analyseFile } from './analyse';
import { MediaError, type MediaErrorCode } from './media-errors';
import { probeFile, type MediaLimits } from './probe';

let fx: FixtureDir;
beforeAll(async () => {
  fx = await fixtureDir();
});
afterAll(async () => {
  await fx.cleanup();
});

/** Probe, then decode and check, as the pipeline does: the error code a file earns, or null if accepted. */
async function verdict(file: string, limits?: Partial<MediaLimits>): Promise<MediaErrorCode | null> {
  try {
    const probe = await probeFile(file, limits ? { limits } : {});
    await analyseFile(file, probe, limits ? { limits } : {});
    return null;
  } catch (e) {
    if (e instanceof MediaError) return e.code;
    throw e;
  }
}

describe('accepted formats', () => {
  const cases: [FixtureFormat, string, string][] = [
    ['wav', 'wav', 'pcm_s16le'],
    ['aiff', 'aiff', 'pcm_s16be'],
    ['flac', 'flac', 'flac'],
    ['mp3', 'mp3', 'mp3'],
    ['ogg', 'ogg', 'vorbis'],
    ['opus', 'opus', 'opus'],
    ['m4a', 'm4a', 'aac'],
    ['aac', 'aac', 'aac'],
  ];
  it.each(cases)('%s is detected from its content and decodes', async (fmt, format, codec) => {
    const file = await clicks(fx.file(`ok.${fmt}`), 120, 6, fmt);
    const probe = await probeFile(file);
    expect(probe.format).toBe(format);
    expect(probe.codec).toBe(codec);
    expect(probe.sampleRate).toBeGreaterThan(0);
    const analysis = await analyseFile(file, probe);
    expect(analysis.durationSec).toBeGreaterThan(5.8);
    expect(analysis.durationSec).toBeLessThan(6.2);
  });

  it('believes the content, not the name: FLAC called .mp3 is FLAC', async () => {
    const flac = await tone(fx.file('real.flac'), 440, 3, 'flac');
    const renamed = fx.file('fake-name.mp3');
    await copyFile(flac, renamed);
    expect((await probeFile(renamed)).format).toBe('flac');
  });

  it('accepts a VBR MP3 without a Xing header, whose length ffprobe can only guess', async () => {
    // A quiet start makes the first frames small, so a bitrate-based guess triples the length.
    const f = fx.file('vbr-no-xing.mp3');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=2',
      '-f',
      'lavfi',
      '-i',
      'anoisesrc=duration=18:amplitude=0.5',
      '-filter_complex',
      '[0]volume=0.01[a];[a][1]concat=n=2:v=0:a=1',
      '-c:a',
      'libmp3lame',
      '-q:a',
      '0',
      '-write_xing',
      '0',
      '-f',
      'mp3',
      f,
    ]);
    expect(await verdict(f)).toBeNull();
  });

  it('accepts a file whose name starts with a dash or holds shell syntax', async () => {
    const odd = fx.file('-i $(touch pwned); `id`.wav');
    await tone(odd, 440, 2);
    expect(await verdict(odd)).toBeNull();
  });
});

describe('rejections, each with its own code', () => {
  it('zero bytes: MEDIA_EMPTY', async () => {
    const f = fx.file('empty.wav');
    await writeFile(f, '');
    expect(await verdict(f)).toBe('MEDIA_EMPTY');
  });

  it('text with an audio extension: MEDIA_UNSUPPORTED', async () => {
    const f = fx.file('notes.mp3');
    await writeFile(f, 'This is not audio.\n'.repeat(200));
    await expect(probeFile(f)).rejects.toMatchObject({ code: 'MEDIA_UNSUPPORTED', details: { detected: 'text' } });
  });

  it('an HLS playlist named .mp3 is refused before ffmpeg could follow it', async () => {
    const f = fx.file('playlist.mp3');
    await writeFile(f, '#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10.0,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n');
    expect(await verdict(f)).toBe('MEDIA_UNSUPPORTED');
  });

  it('an image named .wav: MEDIA_UNSUPPORTED', async () => {
    const png = await testImage(fx.file('card.png'));
    const f = fx.file('card.wav');
    await copyFile(png, f);
    await expect(probeFile(f)).rejects.toMatchObject({ code: 'MEDIA_UNSUPPORTED', details: { detected: 'png' } });
  });

  it('audio in a format we do not take (WMA): MEDIA_UNSUPPORTED', async () => {
    const f = fx.file('song.wma');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:a', 'wmav2', '-f', 'asf', f]);
    await expect(probeFile(f)).rejects.toMatchObject({ code: 'MEDIA_UNSUPPORTED' });
  });

  it('a WAV holding a codec we do not take: MEDIA_UNSUPPORTED', async () => {
    const f = fx.file('adpcm.wav');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:a', 'adpcm_ms', '-f', 'wav', f]);
    await expect(probeFile(f)).rejects.toMatchObject({ code: 'MEDIA_UNSUPPORTED' });
  });

  it('a video: MEDIA_UNSUPPORTED', async () => {
    const f = fx.file('clip.m4a');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:duration=2',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=2',
      '-c:v',
      'mpeg4',
      '-c:a',
      'aac',
      '-shortest',
      '-f',
      'mp4',
      f,
    ]);
    await expect(probeFile(f)).rejects.toMatchObject({ code: 'MEDIA_UNSUPPORTED', details: { detected: 'video' } });
  });

  it('over the size limit: MEDIA_TOO_LARGE (before anything reads it)', async () => {
    const f = await tone(fx.file('big.wav'), 440, 3);
    await expect(probeFile(f, { limits: { maxBytes: 100_000 } })).rejects.toMatchObject({ code: 'MEDIA_TOO_LARGE', status: 413 });
  });

  it('longer than the limit: MEDIA_TOO_LONG', async () => {
    const f = await tone(fx.file('long.flac'), 440, 12, 'flac');
    expect(await verdict(f, { maxDurationSec: 10 })).toBe('MEDIA_TOO_LONG');
  });

  it('shorter than a second: MEDIA_TOO_SHORT', async () => {
    expect(await verdict(await tone(fx.file('blip.wav'), 440, 0.5))).toBe('MEDIA_TOO_SHORT');
  });

  it('digital silence: MEDIA_SILENT', async () => {
    expect(await verdict(await silence(fx.file('quiet.wav'), 4))).toBe('MEDIA_SILENT');
    expect(await verdict(await silence(fx.file('quiet.mp3'), 4, 'mp3'))).toBe('MEDIA_SILENT');
  });

  it.each<FixtureFormat>(['wav', 'aiff', 'flac', 'mp3', 'ogg', 'opus', 'm4a', 'aac'])('truncated %s: MEDIA_CORRUPT', async (fmt) => {
    const whole = await noise(fx.file(`whole.${fmt}`), 6, fmt);
    const cut = await truncated(whole, fx.file(`cut.${fmt}`), 0.55);
    expect(await verdict(cut)).toBe('MEDIA_CORRUPT');
  });

  it('a WAV cut exactly at a sample boundary: MEDIA_CORRUPT (its header promises more)', async () => {
    const whole = await tone(fx.file('exact.wav'), 440, 4);
    const cut = await truncated(whole, fx.file('exact-cut.wav'), 0.5);
    // 0.5 of 44 + 4·44100·4 bytes is a whole number of frames after the header.
    expect(await verdict(cut)).toBe('MEDIA_CORRUPT');
  });

  it('damaged data in the middle of a FLAC: MEDIA_CORRUPT', async () => {
    const whole = await noise(fx.file('good.flac'), 6, 'flac');
    expect(await verdict(await damaged(whole, fx.file('bad.flac')))).toBe('MEDIA_CORRUPT');
  });

  it('a damaged header: MEDIA_CORRUPT or MEDIA_UNSUPPORTED, never accepted', async () => {
    const whole = await tone(fx.file('hdr.m4a'), 440, 4, 'm4a');
    const bad = await damaged(whole, fx.file('hdr-bad.m4a'), 0.002, 0.2);
    expect(['MEDIA_CORRUPT', 'MEDIA_UNSUPPORTED']).toContain(await verdict(bad));
  });

  it('an ID3 tag with no audio after it: MEDIA_CORRUPT', async () => {
    const f = fx.file('tag-only.mp3');
    const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 20]);
    await writeFile(f, Buffer.concat([header, Buffer.alloc(20)]));
    expect(await verdict(f)).toBe('MEDIA_CORRUPT');
  });
});
