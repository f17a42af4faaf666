import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getMediaTools } from '../../src/media';

/** Runs ffmpeg quietly, overwriting its output (a test's scratch file). */
export function ffmpegSync(args: readonly string[]): void {
  execFileSync(getMediaTools().ffmpeg, ['-v', 'error', '-y', ...args]);
}

/** A real audio file made by ffmpeg: a chord with a click track, `seconds` long, in `format`. */
export function makeAudio(dir: string, name: string, seconds = 3, format: 'wav' | 'mp3' | 'flac' = 'wav'): Buffer {
  const out = path.join(dir, `${name}.${format}`);
  ffmpegSync([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=261.63:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=329.63:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=392:duration=${seconds}`,
    '-filter_complex',
    'amix=inputs=3,volume=2',
    '-ar',
    '44100',
    '-ac',
    '2',
    out,
  ]);
  return readFileSync(out);
}

/**
 * A copy of a 16-bit PCM WAV that sounds the same but is another file: the low byte of its last sample changes
 * with `n`. One user's uploads must be distinct files (a second upload of the same bytes is refused).
 */
export function distinctWav(wav: Buffer, n: number): Buffer {
  const copy = Buffer.from(wav);
  copy[copy.length - 2] = (copy[copy.length - 2]! + n) & 0xff;
  copy[copy.length - 4] = (copy[copy.length - 4]! + (n >> 8)) & 0xff;
  return copy;
}
