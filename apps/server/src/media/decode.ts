import { fileInput, getMediaTools, runTool, SAFE_INPUT_ARGS, toMediaError, type MediaTools, type RunToolResult } from './ffmpeg';
import { decodeCapSec, DEFAULT_MEDIA_LIMITS, type ProbeResult } from './probe';

/**
 * The mono rate every analysis decodes to (tempo, key, peaks, sound features, beat grid): enough for onsets
 * and for pitches up to the chroma range (≈2 kHz).
 */
export const ANALYSIS_RATE = 22050;

export interface DecodeOptions {
  tools?: MediaTools;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Decoding stops a little past this length (an overlong file is refused after limit + 2 s). */
  maxDurationSec?: number;
}

/**
 * Decodes a file to mono float samples at ANALYSIS_RATE through an ffmpeg pipe, handing them to `onSamples`
 * as they stream. Answers ffmpeg's result (exit code, error lines) for the caller to judge: the ingest
 * counts decode errors as damage, later analyses of an accepted file treat any failure as ours.
 */
export async function decodeMonoPcm(
  file: string,
  probe: ProbeResult | null,
  onSamples: (x: Float32Array) => void,
  opts: DecodeOptions = {},
): Promise<RunToolResult> {
  const tools = opts.tools ?? getMediaTools();
  let carry: Buffer | null = null;
  const onStdout = (chunk: Buffer) => {
    let bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
    const usable = bytes.length - (bytes.length % 4);
    carry = usable < bytes.length ? Buffer.from(bytes.subarray(usable)) : null;
    if (usable === 0) return;
    // Float32Array needs 4-byte alignment; pipe chunks usually have it, copy when they do not.
    if (bytes.byteOffset % 4 !== 0) bytes = Buffer.from(bytes.subarray(0, usable));
    onSamples(new Float32Array(bytes.buffer, bytes.byteOffset, usable / 4));
  };
  const args = [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    ...SAFE_INPUT_ARGS,
    '-t',
    String(decodeCapSec(opts.maxDurationSec ?? DEFAULT_MEDIA_LIMITS.maxDurationSec)),
    ...(probe ? ['-f', probe.demuxer] : []),
    '-i',
    fileInput(file),
    '-map',
    probe ? `0:${probe.streamIndex}` : '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-ac',
    '1',
    '-ar',
    String(ANALYSIS_RATE),
    '-f',
    'f32le',
    '-c:a',
    'pcm_f32le',
    'pipe:1',
  ];
  try {
    return await runTool(tools.ffmpeg, args, {
      onStdout,
      timeoutMs: opts.timeoutMs ?? 10 * 60_000,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (e) {
    throw toMediaError(e, 'Decoding');
  }
}
