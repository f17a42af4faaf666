import { sha256Of } from '../lib/files';
import { Analyser, ANALYSIS_RATE } from './analyse';
import type { EditPlan } from './edits';
import { mp3EncodeArgs } from './encode';
import { fileInput, getMediaTools, runTool, SAFE_INPUT_ARGS, toMediaError, type MediaTools } from './ffmpeg';
import { MediaError } from './media-errors';
import type { ProbeResult } from './probe';
import { decodeMono } from './sound';
import type { PeaksJson } from './waveform';

export interface RenderedEdit {
  /** Measured by decoding the rendered file. */
  durationSec: number;
  peaks: PeaksJson;
  wavePng: Buffer;
  sha256: string;
}

export interface RenderOptions {
  tools?: MediaTools;
  signal?: AbortSignal;
  timeoutMs?: number;
}

const sec = (v: number) => (Math.round(v * 1e6) / 1e6).toFixed(6);

/**
 * Renders an edit plan from the source file to an MP3 like the preview (160 kbps CBR, stereo, 44.1 kHz):
 * each segment is its own input, read from its start (`-ss` before the input: ffmpeg decodes from the
 * nearest seek point and drops samples up to the exact time), so nothing is buffered beyond a segment;
 * consecutive segments are joined by an equal-power crossfade (`acrossfade`, quarter-sine curves), and the
 * ending, when it had to be cut, fades out. Then the file is decoded once more for its length, peaks and
 * waveform image (the same Analyser the ingest uses).
 */
export async function renderEdit(source: string, probe: ProbeResult, plan: EditPlan, output: string, opts: RenderOptions = {}) {
  const tools = opts.tools ?? getMediaTools();
  const inputs: string[] = [];
  const chains: string[] = [];
  plan.segments.forEach((s, k) => {
    inputs.push('-ss', sec(s.from), '-t', sec(s.to - s.from), '-f', probe.demuxer, '-i', fileInput(source));
    chains.push(`[${k}:${probe.streamIndex}]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo[s${k}]`);
  });
  let last = 's0';
  for (let k = 1; k < plan.segments.length; k++) {
    chains.push(`[${last}][s${k}]acrossfade=d=${sec(plan.crossfadeSec)}:c1=qsin:c2=qsin[j${k}]`);
    last = `j${k}`;
  }
  chains.push(
    plan.fadeOutSec > 0
      ? `[${last}]afade=t=out:st=${sec(plan.lengthSec - plan.fadeOutSec)}:d=${sec(plan.fadeOutSec)}:curve=qsin[out]`
      : `[${last}]anull[out]`,
  );
  const args = [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-y',
    ...SAFE_INPUT_ARGS,
    ...inputs,
    '-filter_complex',
    chains.join(';'),
    '-map',
    '[out]',
    '-map_metadata',
    '-1',
    ...mp3EncodeArgs(),
    fileInput(output),
  ];
  let res;
  try {
    res = await runTool(tools.ffmpeg, args, { timeoutMs: opts.timeoutMs ?? 5 * 60_000, ...(opts.signal ? { signal: opts.signal } : {}) });
  } catch (e) {
    throw toMediaError(e, 'Rendering an edit');
  }
  if (res.exitCode !== 0) {
    throw new MediaError('MEDIA_PROCESSING_FAILED', 'Rendering an edit failed', { exitCode: res.exitCode, stderr: res.stderr.slice(-400) });
  }
  const analyser = new Analyser(ANALYSIS_RATE);
  let samples = 0;
  await decodeMono(
    output,
    null,
    (x) => {
      samples += x.length;
      analyser.push(x);
    },
    { tools, ...(opts.signal ? { signal: opts.signal } : {}) },
  );
  const features = analyser.finish();
  return {
    durationSec: Math.round((samples / ANALYSIS_RATE) * 1000) / 1000,
    peaks: features.peaks,
    wavePng: features.wavePng,
    sha256: await sha256Of(output),
  } satisfies RenderedEdit;
}
