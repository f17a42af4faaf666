import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileInput, getMediaTools, runTool, SAFE_INPUT_ARGS, toMediaError, type MediaTools } from './ffmpeg';
import { MediaError } from './media-errors';
import { decodeCapSec, DEFAULT_MEDIA_LIMITS, type ProbeResult } from './probe';

/** The streaming preview: MP3 plays everywhere, and at a constant bitrate a byte range maps to a time. */
export const PREVIEW = { extension: 'mp3', mimeType: 'audio/mpeg', bitrateKbps: 160 } as const;

/** Cover thumbnails: the table's and the player's sizes, JPEG for the widest browser support. */
export const COVER_SIZES = [300, 64] as const;
export type CoverSize = (typeof COVER_SIZES)[number];

export interface EncodeOptions {
  tools?: MediaTools;
  signal?: AbortSignal;
  timeoutMs?: number;
  bitrateKbps?: number;
  /** The length limit: the encoder reads no further than decodeCapSec of it (30 minutes by default). */
  maxDurationSec?: number;
}

/**
 * The preview's encoder settings (edits use them too). LAME's algorithm quality 7 ("fast") takes half the
 * CPU of 5 (1.5 s instead of 3 s for three minutes of music): it is the largest cost of an ingest, and the
 * preview is for listening in a browser, not for licensing (the original is kept for that).
 */
export const mp3EncodeArgs = (kbps: number = PREVIEW.bitrateKbps): string[] => [
  '-c:a',
  'libmp3lame',
  '-b:a',
  `${kbps}k`,
  '-compression_level',
  '7',
  '-f',
  'mp3',
];

/** MP3 only supports these rates; anything else (96 kHz masters, say) is resampled to 44.1 kHz. */
const MP3_RATES = new Set([32000, 44100, 48000]);

/**
 * Encodes the preview the player streams. Tags and pictures are not copied: the catalogue holds the
 * metadata, and a preview must not carry whatever an upload smuggled into its tags.
 */
export async function encodePreview(input: string, probe: ProbeResult, output: string, opts: EncodeOptions = {}): Promise<void> {
  const tools = opts.tools ?? getMediaTools();
  const kbps = opts.bitrateKbps ?? PREVIEW.bitrateKbps;
  const args = [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-y',
    ...SAFE_INPUT_ARGS,
    '-t',
    String(decodeCapSec(opts.maxDurationSec ?? DEFAULT_MEDIA_LIMITS.maxDurationSec)),
    '-f',
    probe.demuxer,
    '-i',
    fileInput(input),
    '-map',
    `0:${probe.streamIndex}`,
    '-vn',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-ac',
    String(Math.min(2, probe.channels)),
    ...(MP3_RATES.has(probe.sampleRate) ? [] : ['-ar', '44100']),
    ...mp3EncodeArgs(kbps),
    fileInput(output),
  ];
  let res;
  try {
    res = await runTool(tools.ffmpeg, args, { timeoutMs: opts.timeoutMs ?? 10 * 60_000, ...(opts.signal ? { signal: opts.signal } : {}) });
  } catch (e) {
    throw toMediaError(e, 'Encoding the preview');
  }
  if (res.exitCode !== 0) {
    throw new MediaError('MEDIA_PROCESSING_FAILED', 'Encoding the preview failed', { exitCode: res.exitCode });
  }
}

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'bmp';

/** Largest side accepted for a cover: bigger images are decompression bombs rather than artwork. */
export const MAX_COVER_SIDE = 8000;

/**
 * Reads an image's type and pixel size from its header without decoding it, so a hostile image is refused
 * before ffmpeg allocates memory for it.
 */
export function sniffImage(b: Buffer): { kind: ImageKind; width: number; height: number } | null {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('latin1', 12, 16) === 'IHDR') {
    return { kind: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b.length >= 10 && b.toString('latin1', 0, 4) === 'GIF8') {
    return { kind: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  }
  if (b.length >= 26 && b.toString('latin1', 0, 2) === 'BM') {
    return { kind: 'bmp', width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) };
  }
  if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8 ' && b.length >= 30)
      return { kind: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L' && b.length >= 25) {
      const bits = b.readUInt32LE(21);
      return { kind: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') return { kind: 'webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
    return null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // Walk the JPEG segments to the first start-of-frame marker, which holds the size.
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1]!;
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const len = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { kind: 'jpeg', width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
      }
      i += 2 + len;
    }
    return null;
  }
  return null;
}

/**
 * Checks that an uploaded cover makes thumbnails, as the ingest will (the same ffmpeg run, into `scratch`,
 * removed after): an upload can refuse a broken cover at once, before anything is stored. Throws
 * MEDIA_COVER_INVALID otherwise.
 */
export async function checkCoverImage(file: string, scratch: string, opts: EncodeOptions = {}): Promise<void> {
  const outputs = Object.fromEntries(COVER_SIZES.map((s) => [s, path.join(scratch, `cover-check-${s}.jpg`)])) as Record<CoverSize, string>;
  try {
    await makeCoverThumbnails(await readFile(file), outputs, opts);
  } finally {
    await Promise.all(Object.values(outputs).map((f) => rm(f, { force: true })));
  }
}

const IMAGE_DECODER: Record<ImageKind, string> = { jpeg: 'mjpeg', png: 'png', webp: 'webp', gif: 'gif', bmp: 'bmp' };

/**
 * Makes square JPEG thumbnails (centre-cropped) from an image in memory, one ffmpeg run for all sizes.
 * Throws MEDIA_COVER_INVALID for anything that is not a readable image of sane dimensions.
 */
export async function makeCoverThumbnails(
  image: Buffer,
  outputs: Readonly<Record<CoverSize, string>>,
  opts: EncodeOptions = {},
): Promise<void> {
  const info = sniffImage(image);
  if (!info || info.width < 1 || info.height < 1 || info.width > MAX_COVER_SIDE || info.height > MAX_COVER_SIDE) {
    throw new MediaError('MEDIA_COVER_INVALID', 'Not a readable image of a sensible size', info ? { ...info } : { kind: 'unknown' });
  }
  const tools = opts.tools ?? getMediaTools();
  const sizes = COVER_SIZES;
  const splits = sizes.map((_, i) => `[s${i}]`).join('');
  const scaled = sizes
    .map(
      (size, i) =>
        `[s${i}]scale=${size}:${size}:force_original_aspect_ratio=increase:flags=lanczos,crop=${size}:${size},format=yuvj420p[o${i}]`,
    )
    .join(';');
  const args = [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'image2pipe',
    '-c:v',
    IMAGE_DECODER[info.kind],
    '-i',
    'pipe:0',
    '-filter_complex',
    `[0:v]split=${sizes.length}${splits};${scaled}`,
    ...sizes.flatMap((size, i) => [
      '-map',
      `[o${i}]`,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '-c:v',
      'mjpeg',
      '-f',
      'image2',
      '-update',
      '1',
      fileInput(outputs[size]),
    ]),
  ];
  let res;
  try {
    res = await runTool(tools.ffmpeg, args, {
      stdin: image,
      timeoutMs: opts.timeoutMs ?? 60_000,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (e) {
    throw toMediaError(e, 'Making cover thumbnails');
  }
  if (res.exitCode !== 0) throw new MediaError('MEDIA_COVER_INVALID', 'The image could not be decoded', { kind: info.kind });
}
