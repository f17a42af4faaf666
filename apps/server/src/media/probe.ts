import { open, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { fileInput, getMediaTools, runTool, SAFE_INPUT_ARGS, toMediaError, ToolError, type MediaTools } from './ffmpeg';
import { MediaError } from './media-errors';

/** The audio formats Sori accepts, named as they are stored (`original.{format's extension}`). */
export type AudioFormat = 'wav' | 'aiff' | 'flac' | 'mp3' | 'ogg' | 'opus' | 'm4a' | 'aac';

export const AUDIO_FORMATS: Readonly<Record<AudioFormat, { extension: string; mimeType: string }>> = {
  wav: { extension: 'wav', mimeType: 'audio/wav' },
  aiff: { extension: 'aiff', mimeType: 'audio/aiff' },
  flac: { extension: 'flac', mimeType: 'audio/flac' },
  mp3: { extension: 'mp3', mimeType: 'audio/mpeg' },
  ogg: { extension: 'ogg', mimeType: 'audio/ogg' },
  opus: { extension: 'opus', mimeType: 'audio/ogg; codecs=opus' },
  m4a: { extension: 'm4a', mimeType: 'audio/mp4' },
  aac: { extension: 'aac', mimeType: 'audio/aac' },
};

export interface MediaLimits {
  /** Largest accepted file (bytes). */
  maxBytes: number;
  /** Longest accepted audio (seconds). */
  maxDurationSec: number;
  /** Shortest accepted audio (seconds). */
  minDurationSec: number;
  /** A file whose loudest sample stays below this level is silence (dBFS). */
  silenceDbfs: number;
}

export const DEFAULT_MEDIA_LIMITS: Readonly<MediaLimits> = Object.freeze({
  maxBytes: 200 * 1024 * 1024,
  maxDurationSec: 30 * 60,
  minDurationSec: 1,
  silenceDbfs: -60,
});

/**
 * Seconds of audio any decode of an upload reads at most: the limit plus a margin, so a file longer than
 * the limit is measured as longer (and refused) without decoding or encoding all of it. The margin is
 * larger than one second so a capped decode never looks like a truncated file (see checkDecoded).
 */
export const decodeCapSec = (maxDurationSec: number): number => maxDurationSec + 2;

/** Containers we recognise from their first bytes; the ffmpeg demuxer is then forced, never guessed. */
type Container = 'wav' | 'aiff' | 'flac' | 'mp3' | 'ogg' | 'mp4' | 'adts';

const DEMUXER: Record<Container, string> = {
  wav: 'wav',
  aiff: 'aiff',
  flac: 'flac',
  mp3: 'mp3',
  ogg: 'ogg',
  mp4: 'mov',
  adts: 'aac',
};

/** Codecs accepted inside each container; anything else there is an unsupported format. */
const CODECS: Record<Container, (codec: string) => AudioFormat | null> = {
  wav: (c) => (c.startsWith('pcm_') ? 'wav' : null),
  aiff: (c) => (c.startsWith('pcm_') ? 'aiff' : null),
  flac: (c) => (c === 'flac' ? 'flac' : null),
  mp3: (c) => (c === 'mp3' ? 'mp3' : null),
  ogg: (c) => (c === 'opus' ? 'opus' : c === 'vorbis' || c === 'flac' ? 'ogg' : null),
  mp4: (c) => (c === 'aac' || c === 'alac' ? 'm4a' : null),
  adts: (c) => (c === 'aac' ? 'aac' : null),
};

export interface ProbeResult {
  format: AudioFormat;
  extension: string;
  mimeType: string;
  codec: string;
  /** The ffmpeg demuxer that reads this file; later stages force it too. */
  demuxer: string;
  sizeBytes: number;
  /** What the container declares (null when it only estimates); the decoded length is the one that counts. */
  declaredDurationSec: number | null;
  sampleRate: number;
  channels: number;
  bitRate: number | null;
  /** Index of the audio stream among the file's streams. */
  streamIndex: number;
  hasEmbeddedCover: boolean;
  /** The container says the file should be longer than it is (WAV/AIFF data size, Ogg end-of-stream). */
  truncatedHint: boolean;
}

interface Sniffed {
  container: Container | null;
  /** What the content is when we recognise it but do not accept it (for `details`, never a path). */
  detected: string;
  /** Byte offset of the audio after leading ID3 tags. */
  audioOffset: number;
}

const ascii = (b: Buffer, start: number, end: number): string => b.toString('latin1', start, end);

// MPEG audio layer III bitrates (kbps) by [MPEG-1 | MPEG-2/2.5][index].
const MP3_BITRATES = [
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, -1],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, -1],
] as const;
const MP3_RATES = [
  [11025, 12000, 8000],
  [0, 0, 0],
  [22050, 24000, 16000],
  [44100, 48000, 32000],
] as const;

/** Length of the layer III frame whose header starts at `i`, or 0 when those bytes are no such header. */
function mp3FrameLength(b: Buffer, i: number): number {
  if (i + 4 > b.length || b[i] !== 0xff) return 0;
  const b1 = b[i + 1]!;
  const b2 = b[i + 2]!;
  if ((b1 & 0xe0) !== 0xe0) return 0;
  const version = (b1 >> 3) & 3; // 0: 2.5, 1: reserved, 2: MPEG-2, 3: MPEG-1
  const layer = (b1 >> 1) & 3; // 1: layer III
  if (version === 1 || layer !== 1) return 0;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return 0;
  const kbps = MP3_BITRATES[version === 3 ? 0 : 1][bitrateIndex]!;
  const rate = MP3_RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 1;
  return Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / rate) + padding;
}

function isAdtsHeader(b: Buffer, i: number): boolean {
  return i + 7 <= b.length && b[i] === 0xff && (b[i + 1]! & 0xf6) === 0xf0 && ((b[i + 2]! >> 2) & 0xf) < 13;
}

function sniffAt(b: Buffer): Omit<Sniffed, 'audioOffset'> & { mp3At?: number } {
  if (b.length >= 12 && (ascii(b, 0, 4) === 'RIFF' || ascii(b, 0, 4) === 'RF64' || ascii(b, 0, 4) === 'BW64')) {
    const kind = ascii(b, 8, 12);
    if (kind === 'WAVE') return { container: 'wav', detected: 'wav' };
    return { container: null, detected: kind === 'AVI ' ? 'avi' : kind === 'WEBP' ? 'webp' : 'riff' };
  }
  if (b.length >= 12 && ascii(b, 0, 4) === 'FORM') {
    const kind = ascii(b, 8, 12);
    if (kind === 'AIFF' || kind === 'AIFC') return { container: 'aiff', detected: 'aiff' };
    return { container: null, detected: 'iff' };
  }
  if (b.length >= 4 && ascii(b, 0, 4) === 'fLaC') return { container: 'flac', detected: 'flac' };
  if (b.length >= 4 && ascii(b, 0, 4) === 'OggS') return { container: 'ogg', detected: 'ogg' };
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp') {
    const brand = ascii(b, 8, 12);
    if (/^(qt {2}|crx )$/.test(brand)) return { container: null, detected: 'quicktime' };
    return { container: 'mp4', detected: 'mp4' };
  }
  // MPEG audio may carry junk before its first frame; two frames in a row make a false match unlikely.
  for (let i = 0; i + 4 <= Math.min(b.length, 8192); i++) {
    if (b[i] !== 0xff) continue;
    const len = mp3FrameLength(b, i);
    if (len > 0 && (i + len + 4 > b.length ? i === 0 : mp3FrameLength(b, i + len) > 0)) {
      return { container: 'mp3', detected: 'mp3', mp3At: i };
    }
    if (i === 0 && isAdtsHeader(b, 0)) return { container: 'adts', detected: 'aac' };
  }
  return { container: null, detected: describeUnknown(b) };
}

/** A name for content we refuse, so logs and `details` say what people actually sent. */
function describeUnknown(b: Buffer): string {
  const magic: [string, string][] = [
    ['MThd', 'midi'],
    ['wvpk', 'wavpack'],
    ['MAC ', 'ape'],
    ['#!AMR', 'amr'],
    ['.snd', 'au'],
    ['caff', 'caf'],
    ['FRM8', 'dsdiff'],
    ['DSD ', 'dsf'],
    ['%PDF', 'pdf'],
    ['PK\u0003\u0004', 'zip'],
    ['\u0089PNG', 'png'],
    ['GIF8', 'gif'],
    ['\u001aE\u00df\u00a3', 'matroska'],
  ];
  const head = ascii(b, 0, 8);
  for (const [m, name] of magic) if (head.startsWith(m)) return name;
  if (b.length >= 16 && b.subarray(0, 16).equals(Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex'))) return 'asf';
  if (b[0] === 0xff && b[1] === 0xd8) return 'jpeg';
  if (b.length > 0 && b.subarray(0, Math.min(b.length, 512)).every((c) => c === 9 || c === 10 || c === 13 || c >= 32)) {
    return 'text';
  }
  return 'unknown';
}

async function readAt(fd: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fd.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

async function sniff(fd: FileHandle): Promise<Sniffed> {
  let offset = 0;
  // Several ID3v2 tags may precede the audio (some taggers prepend instead of replacing).
  for (let n = 0; n < 4; n++) {
    const head = await readAt(fd, offset, 10);
    if (head.length < 10 || ascii(head, 0, 3) !== 'ID3') break;
    const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    offset += 10 + size + (head[5]! & 0x10 ? 10 : 0);
  }
  const b = await readAt(fd, offset, 16384);
  const s = sniffAt(b);
  return { container: s.container, detected: s.detected, audioOffset: offset + (s.mp3At ?? 0) };
}

/** True when the WAV `data` or AIFF `SSND` chunk claims more bytes than the file holds. */
async function pcmChunkTruncated(fd: FileHandle, container: 'wav' | 'aiff', size: number): Promise<boolean> {
  const little = container === 'wav';
  const want = little ? 'data' : 'SSND';
  let pos = 12;
  for (let n = 0; n < 64 && pos + 8 <= size; n++) {
    const h = await readAt(fd, pos, 8);
    if (h.length < 8) return true;
    const id = ascii(h, 0, 4);
    const len = little ? h.readUInt32LE(4) : h.readUInt32BE(4);
    if (id === want) {
      // Streaming writers leave the size unset (0 or all ones) and RF64 keeps it elsewhere: nothing to check.
      if (len === 0 || len === 0xffffffff) return false;
      return pos + 8 + len > size;
    }
    pos += 8 + len + (len & 1);
  }
  return false;
}

/** Ogg files end with a page flagged end-of-stream; a cut file does not. */
async function oggMissingEnd(fd: FileHandle, size: number): Promise<boolean> {
  const tail = await readAt(fd, Math.max(0, size - 65536), Math.min(size, 65536));
  const last = tail.lastIndexOf('OggS', tail.length - 27, 'latin1');
  if (last < 0) return true;
  return (tail[last + 5]! & 0x04) === 0;
}

interface FfprobeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  bit_rate?: string;
  disposition?: { attached_pic?: number };
}
interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; bit_rate?: string };
}

const num = (s: string | undefined): number | null => {
  const v = s === undefined ? NaN : Number(s);
  return Number.isFinite(v) && v > 0 ? v : null;
};

export interface ProbeOptions {
  limits?: Partial<MediaLimits>;
  tools?: MediaTools;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Identifies an upload from its content (never its name) and checks what can be checked without decoding:
 * size, container, codec, declared length. Decoding (analyse.ts) checks the rest with `checkDecoded`.
 */
export async function probeFile(file: string, opts: ProbeOptions = {}): Promise<ProbeResult> {
  const limits = { ...DEFAULT_MEDIA_LIMITS, ...opts.limits };
  const st = await stat(file);
  if (!st.isFile()) throw new MediaError('MEDIA_UNSUPPORTED', 'Not a regular file', { detected: 'not-a-file' });
  if (st.size === 0) throw new MediaError('MEDIA_EMPTY');
  if (st.size > limits.maxBytes) {
    throw new MediaError('MEDIA_TOO_LARGE', undefined, { sizeBytes: st.size, maxBytes: limits.maxBytes });
  }

  const fd = await open(file, 'r');
  let sniffed: Sniffed;
  let truncatedHint = false;
  // ffprobe guesses the length of an MP3 without a Xing/Info/VBRI header (and of raw ADTS) from the first
  // frames' bitrate, which can be far off for VBR: such a guess proves neither truncation nor excess length.
  let durationTrusted = true;
  try {
    sniffed = await sniff(fd);
    if (sniffed.container === 'wav' || sniffed.container === 'aiff') {
      truncatedHint = await pcmChunkTruncated(fd, sniffed.container, st.size);
    } else if (sniffed.container === 'ogg') {
      truncatedHint = await oggMissingEnd(fd, st.size);
    } else if (sniffed.container === 'mp3') {
      const frame = await readAt(fd, sniffed.audioOffset, 64);
      durationTrusted = /Xing|Info|VBRI/.test(frame.toString('latin1'));
    } else if (sniffed.container === 'adts') {
      durationTrusted = false;
    }
  } finally {
    await fd.close();
  }
  const container = sniffed.container;
  if (!container) {
    // A file that is only an ID3 tag (or an MP3 with no frames at all) is a broken MP3, not another format.
    if (sniffed.audioOffset > 0) throw new MediaError('MEDIA_CORRUPT', 'No audio frames after the ID3 tag', { detected: 'mp3' });
    throw new MediaError('MEDIA_UNSUPPORTED', undefined, { detected: sniffed.detected });
  }

  const tools = opts.tools ?? getMediaTools();
  const args = [
    '-v',
    'error',
    '-hide_banner',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    ...SAFE_INPUT_ARGS,
    '-f',
    DEMUXER[container],
    fileInput(file),
  ];
  let out: FfprobeOutput;
  try {
    const res = await runTool(tools.ffprobe, args, {
      collectStdout: true,
      timeoutMs: opts.timeoutMs ?? 30_000,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    if (res.exitCode !== 0) {
      throw new MediaError('MEDIA_CORRUPT', 'The container could not be read', {
        detected: sniffed.detected,
        reason: lastLine(res.stderr, file),
      });
    }
    out = JSON.parse(res.stdout.toString('utf8')) as FfprobeOutput;
  } catch (e) {
    if (e instanceof SyntaxError) throw new MediaError('MEDIA_CORRUPT', 'Unreadable probe output', { detected: sniffed.detected });
    if (e instanceof ToolError && e.reason === 'timeout') {
      throw new MediaError('MEDIA_CORRUPT', 'Probing took too long', { detected: sniffed.detected });
    }
    throw toMediaError(e, 'Probing');
  }

  const streams = out.streams ?? [];
  if (streams.some((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1)) {
    throw new MediaError('MEDIA_UNSUPPORTED', 'Video files are not accepted', { detected: 'video' });
  }
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!audio) throw new MediaError('MEDIA_CORRUPT', 'No audio stream', { detected: sniffed.detected });
  const codec = audio.codec_name ?? 'unknown';
  const format = CODECS[container](codec);
  if (!format) throw new MediaError('MEDIA_UNSUPPORTED', undefined, { detected: `${sniffed.detected}/${codec}` });
  const sampleRate = num(audio.sample_rate);
  const channels = audio.channels ?? 0;
  if (!sampleRate || channels < 1) throw new MediaError('MEDIA_CORRUPT', 'No sample rate or channels', { codec });

  const declared = durationTrusted ? (num(audio.duration) ?? num(out.format?.duration)) : null;
  if (declared !== null && declared > limits.maxDurationSec * 1.02 + 1) {
    throw new MediaError('MEDIA_TOO_LONG', undefined, { durationSec: round2(declared), maxDurationSec: limits.maxDurationSec });
  }
  return {
    format,
    extension: AUDIO_FORMATS[format].extension,
    mimeType: AUDIO_FORMATS[format].mimeType,
    codec,
    demuxer: DEMUXER[container],
    sizeBytes: st.size,
    declaredDurationSec: declared,
    sampleRate,
    channels,
    bitRate: num(audio.bit_rate) ?? num(out.format?.bit_rate),
    streamIndex: audio.index,
    hasEmbeddedCover: streams.some((s) => s.codec_type === 'video' && s.disposition?.attached_pic === 1),
    truncatedHint,
  };
}

/** What decoding the whole file measured. */
export interface DecodedStats {
  durationSec: number;
  /** Loudest absolute sample of the mono mix, 0..1 (can exceed 1 for float sources). */
  peak: number;
  /** Error lines the decoder logged. */
  decodeErrors: number;
}

/**
 * The checks only a full decode can make: truncation (less audio than declared), corruption (decoder
 * errors), silence and length. Tolerances leave room for encoder padding and a little junk at the end of
 * otherwise fine MP3s.
 */
export function checkDecoded(probe: ProbeResult, d: DecodedStats, limitsIn: Partial<MediaLimits> = {}): void {
  const limits = { ...DEFAULT_MEDIA_LIMITS, ...limitsIn };
  const declared = probe.declaredDurationSec;
  const shortBy = declared === null ? 0 : declared - d.durationSec;
  const truncated =
    probe.truncatedHint || (declared !== null && shortBy > Math.max(0.5, declared * 0.02)) || (d.decodeErrors > 0 && shortBy > 0.1);
  if (truncated) {
    throw new MediaError('MEDIA_CORRUPT', 'The file is incomplete', {
      declaredDurationSec: declared === null ? null : round2(declared),
      decodedDurationSec: round2(d.durationSec),
    });
  }
  // ffmpeg logs two lines per frame it cannot decode; one bad frame is already damage (a cut-off
  // final frame is how a truncated ADTS stream shows).
  if (d.decodeErrors >= 2) {
    throw new MediaError('MEDIA_CORRUPT', 'The audio data is damaged', { decodeErrors: d.decodeErrors });
  }
  if (d.durationSec > limits.maxDurationSec) {
    throw new MediaError('MEDIA_TOO_LONG', undefined, { durationSec: round2(d.durationSec), maxDurationSec: limits.maxDurationSec });
  }
  if (d.durationSec < limits.minDurationSec) {
    throw new MediaError('MEDIA_TOO_SHORT', undefined, { durationSec: round2(d.durationSec), minDurationSec: limits.minDurationSec });
  }
  if (d.peak < 10 ** (limits.silenceDbfs / 20)) {
    throw new MediaError('MEDIA_SILENT', undefined, { peakDbfs: d.peak > 0 ? round2(20 * Math.log10(d.peak)) : null });
  }
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

function lastLine(s: string, file: string): string {
  const lines = s.split('\n').filter((l) => l.trim());
  // ffmpeg names the input in its messages; a server path must not reach a client through `details`.
  const abs = path.resolve(file);
  return (lines.at(-1) ?? '').split(`file:${abs}`).join('input').split(abs).join('input').slice(0, 200);
}
