import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { ffmpeg, fixtureDir, taggedMp3, testImage, tone, type FixtureDir } from '../../test/fixtures/audio';
import { cleanText, readTags } from './tags';

let fx: FixtureDir;
beforeAll(async () => {
  fx = await fixtureDir();
});
afterAll(async () => {
  await fx.cleanup();
});

describe('reading tags', () => {
  it('reads title, artist and the embedded cover of an MP3', async () => {
    const cover = await testImage(fx.file('cover.png'), '320x240');
    const file = await taggedMp3(fx.file('tagged.mp3'), cover, {
      title: '봄비 내리는 창가',
      artist: '김하늘 트리오',
      TBPM: '96',
      TKEY: 'F#m',
    });
    const tags = await readTags(file);
    expect(tags.title).toBe('봄비 내리는 창가');
    expect(tags.artist).toBe('김하늘 트리오');
    expect(tags.bpm).toBe(96);
    expect(tags.soundKey).toBe('F♯');
    expect(tags.cover?.mimeType).toBe('image/jpeg');
    expect(tags.cover?.data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('reads Vorbis comments of a FLAC and keeps script-like text as plain text', async () => {
    const file = fx.file('tagged.flac');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'sine=duration=3',
      '-metadata',
      'title=<script>alert("x")</script>\u0007 Night\u202Egnp.exe',
      '-metadata',
      'artist=夕暮れ\u0001楽団',
      '-c:a',
      'flac',
      '-f',
      'flac',
      file,
    ]);
    const tags = await readTags(file);
    expect(tags.title).toBe('<script>alert("x")</script> Night gnp.exe');
    expect(tags.artist).toBe('夕暮れ 楽団');
    expect(tags.cover).toBeNull();
  });

  it('gives empty tags for a file without any', async () => {
    const tags = await readTags(await tone(fx.file('plain.wav'), 440, 2));
    expect(tags).toMatchObject({ title: null, artist: null, cover: null });
  });
});

describe('cleanText', () => {
  it('strips control and direction-override characters and collapses whitespace', () => {
    expect(cleanText('  a\tb\n\nc\u0000d\u001b[31m  ')).toBe('a b c d [31m');
    expect(cleanText('invoice\u202Efdp.exe')).toBe('invoice fdp.exe');
    expect(cleanText('\ufeffBOM')).toBe('BOM');
  });

  it('normalises to NFC and repairs lone surrogates', () => {
    expect(cleanText('\u1100\u1161')).toBe('가');
    expect(cleanText('a\ud800b')).toBe('a\ufffdb');
  });

  it('keeps markup as literal text', () => {
    expect(cleanText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });

  it('cuts to the limit by characters, not UTF-16 units', () => {
    expect(cleanText('😀'.repeat(10), 3)).toBe('😀😀😀');
    expect(cleanText('   ')).toBeNull();
    expect(cleanText(undefined)).toBeNull();
  });
});
