import { describe, expect, it } from 'vitest';
import { DOWNLOAD_STEM_MAX_BYTES, trackDownloadName } from './download-name';

describe('trackDownloadName', () => {
  it('is "Artist - Title.ext", with the stored file’s extension', () => {
    expect(trackDownloadName('Mina Park', 'Golden Dreams', 'demo-60.wav')).toBe('Mina Park - Golden Dreams.wav');
    expect(trackDownloadName('Mina Park', 'Golden Dreams', 'upload.MP3')).toBe('Mina Park - Golden Dreams.mp3');
  });
  it('is just the title without an artist', () => {
    expect(trackDownloadName(null, 'Golden Dreams', 'x.flac')).toBe('Golden Dreams.flac');
    expect(trackDownloadName('  ', 'Golden Dreams', 'x.flac')).toBe('Golden Dreams.flac');
  });
  it('keeps Korean and Japanese, replaces characters unsafe on Windows, macOS or Linux', () => {
    expect(trackDownloadName('아이유', '봄비', 'a.wav')).toBe('아이유 - 봄비.wav');
    expect(trackDownloadName('米津玄師', '春の雨', 'a.wav')).toBe('米津玄師 - 春の雨.wav');
    expect(trackDownloadName('AC/DC', 'What? <Now>: "A|B" \\ *', 'a.wav')).toBe('AC_DC - What_ _Now__ _A_B_ _ _.wav');
    expect(trackDownloadName('a\u0000b\nc', 't\u007f', 'a.wav')).toBe('a_b_c - t_.wav');
    expect(trackDownloadName(null, '../../etc/passwd', 'a.wav')).toBe('_.._etc_passwd.wav');
  });
  it('drops leading and trailing dots and spaces, guards Windows device names', () => {
    expect(trackDownloadName(null, ' ..Intro.. ', 'a.wav')).toBe('Intro.wav');
    expect(trackDownloadName(null, 'CON', 'a.wav')).toBe('CON_.wav');
    expect(trackDownloadName(null, 'nul.txt', 'a.wav')).toBe('nul.txt_.wav');
  });
  it('caps the length in UTF-8 bytes without splitting a character', () => {
    const name = trackDownloadName('가'.repeat(200), '나'.repeat(200), 'a.wav');
    const stem = name.replace(/\.wav$/u, '');
    expect(new TextEncoder().encode(stem).length).toBeLessThanOrEqual(DOWNLOAD_STEM_MAX_BYTES);
    expect(stem).toBe('가'.repeat(DOWNLOAD_STEM_MAX_BYTES / 3));
    expect(trackDownloadName(null, '🎵'.repeat(100), 'a.ogg')).toMatch(/^(🎵)+\.ogg$/u);
  });
  it('falls back to the stored name when nothing usable is left', () => {
    expect(trackDownloadName(null, '...', 'demo-60.wav')).toBe('demo-60.wav');
  });
});
