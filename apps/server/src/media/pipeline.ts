import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BPM_RANGE, isGenreCode, isMoodCode, parseSoundKey, speedFromBpm, TEXT_LIMITS } from '@sori/contract';
import { analyseFile, type AnalysisResult } from './analyse';
import { COVER_SIZES, encodePreview, makeCoverThumbnails, PREVIEW, type CoverSize } from './encode';
import { getMediaTools, type MediaTools } from './ffmpeg';
import type { KeyMode } from './key';
import { isMediaError, MediaError } from './media-errors';
import { AUDIO_FORMATS, probeFile, type AudioFormat, type MediaLimits, type ProbeResult } from './probe';
import { trackKeys, type MediaStorage } from './storage';
import { cleanText, readTags, type TrackTags } from './tags';

export type IngestStage = 'probe' | 'tags' | 'analyse' | 'encode' | 'cover' | 'store';

export const INGEST_STAGES: readonly IngestStage[] = ['probe', 'tags', 'analyse', 'encode', 'cover', 'store'];

/** What the uploader typed; each value wins over what the file says or what we measured. */
export interface IngestOverrides {
  title?: string | null;
  artist?: string | null;
  genre?: number | null;
  moods?: readonly number[] | null;
  soundKey?: string | null;
  /** Mode of the uploader's key; without it, the measured mode is kept when the tonic agrees. */
  keyMode?: KeyMode | null;
  bpm?: number | null;
}

export interface IngestInput {
  /** A local file the server or the command produced (an upload's temp file, a file named on the CLI). */
  path: string;
  /** The name the uploader's file had; only used to derive titles and the download name, never opened. */
  originalName?: string;
  /** An uploaded cover image; wins over the file's embedded art. */
  coverPath?: string;
}

export interface IngestProgress {
  trackId: number;
  stage: IngestStage;
  state: 'start' | 'done';
  /** Share of this track's ingest finished, 0..1. */
  fraction: number;
}

export interface IngestOptions {
  trackId: number;
  storage: MediaStorage;
  overrides?: IngestOverrides;
  signal?: AbortSignal;
  limits?: Partial<MediaLimits>;
  tools?: MediaTools;
  onProgress?: (p: IngestProgress) => void;
  /** Parent of the per-ingest scratch folder (the OS temp folder by default). */
  workDir?: string;
  previewBitrateKbps?: number;
}

export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
}

export interface IngestResult {
  trackId: number;
  /** Final values for the catalogue row: the uploader's where given, else the file's or our estimate. */
  title: string;
  artist: string | null;
  genre: number | null;
  moods: number[];
  durationSec: number;
  bpm: number | null;
  soundKey: string | null;
  keyMode: KeyMode | null;
  speed: 1 | 2 | 3 | 4 | null;
  /** What the audio analysis measured, kept apart so the UI can offer it as a suggestion. */
  estimated: {
    bpm: number | null;
    bpmExact: number | null;
    bpmConfidence: number | null;
    soundKey: string | null;
    keyMode: KeyMode | null;
    keyConfidence: number | null;
    speed: 1 | 2 | 3 | 4 | null;
  };
  /** Which of the final values came from the uploader. */
  overridden: { title: boolean; artist: boolean; bpm: boolean; soundKey: boolean };
  tags: Omit<TrackTags, 'cover'> & { hasCover: boolean };
  /** Download name of the original: the upload's own name with the extension of its real format. */
  fileName: string;
  format: AudioFormat;
  codec: string;
  mimeType: string;
  sampleRate: number;
  channels: number;
  bitRate: number | null;
  files: {
    original: StoredFile;
    preview: StoredFile;
    peaks: StoredFile;
    wave: StoredFile;
    cover: StoredFile | null;
    coverSmall: StoredFile | null;
  };
  /** Milliseconds each stage took. */
  timings: Record<IngestStage, number>;
}

const STAGE_WEIGHT: Record<IngestStage, number> = { probe: 0.04, tags: 0.03, analyse: 0.5, encode: 0.25, cover: 0.04, store: 0.14 };

const throwIfAborted = (signal: AbortSignal | undefined) => {
  if (signal?.aborted) throw new MediaError('MEDIA_ABORTED');
};

/**
 * Probe → tags and cover → analyse (decode, peaks, waveform, BPM, key) alongside encoding the preview →
 * cover thumbnails → store. Everything is produced in a scratch folder first and stored only once every
 * stage has succeeded, so rejected input never touches storage; if storing itself fails, whatever this run
 * stored is removed. Running it again for the same track replaces the track's media (each stage is a pure
 * function of the input), and stale files of an earlier run (another original format, a cover since
 * removed) are deleted.
 */
export async function ingest(input: IngestInput, opts: IngestOptions): Promise<IngestResult> {
  const { trackId, storage, signal } = opts;
  const tools = opts.tools ?? getMediaTools();
  const timings = Object.fromEntries(INGEST_STAGES.map((s) => [s, 0])) as Record<IngestStage, number>;
  let doneWeight = 0;
  const stage = async <T>(name: IngestStage, run: () => Promise<T>): Promise<T> => {
    throwIfAborted(signal);
    opts.onProgress?.({ trackId, stage: name, state: 'start', fraction: doneWeight });
    const t0 = performance.now();
    try {
      return await run();
    } catch (e) {
      if (isMediaError(e)) {
        throw new MediaError(e.code, e.message, { ...e.details, stage: name }, { cause: e.cause ?? e });
      }
      throw new MediaError(
        'MEDIA_PROCESSING_FAILED',
        `${name} failed: ${e instanceof Error ? e.message : String(e)}`,
        { stage: name },
        { cause: e },
      );
    } finally {
      timings[name] = Math.round(performance.now() - t0);
      doneWeight += STAGE_WEIGHT[name];
      opts.onProgress?.({ trackId, stage: name, state: 'done', fraction: Math.min(1, doneWeight) });
    }
  };

  const work = await mkdtemp(path.join(opts.workDir ?? tmpdir(), 'sori-ingest-'));
  const stored: string[] = [];
  try {
    const probe = await stage('probe', () =>
      probeFile(input.path, { tools, ...(opts.limits ? { limits: opts.limits } : {}), ...(signal ? { signal } : {}) }),
    );
    const tags = await stage('tags', () => readTags(input.path));

    // Decoding for analysis and encoding the preview run side by side: two ffmpeg processes and our DSP.
    const previewPath = path.join(work, 'preview.mp3');
    const encodeAbort = new AbortController();
    const onAbort = () => encodeAbort.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const encoding = stage('encode', () =>
      encodePreview(input.path, probe, previewPath, {
        tools,
        signal: encodeAbort.signal,
        ...(opts.previewBitrateKbps ? { bitrateKbps: opts.previewBitrateKbps } : {}),
        ...(opts.limits?.maxDurationSec ? { maxDurationSec: opts.limits.maxDurationSec } : {}),
      }),
    );
    // Keep an early encoder failure from surfacing as an unhandled rejection while analysis still runs.
    encoding.catch(() => {});
    let analysis: AnalysisResult;
    try {
      analysis = await stage('analyse', () =>
        analyseFile(input.path, probe, { tools, ...(opts.limits ? { limits: opts.limits } : {}), ...(signal ? { signal } : {}) }),
      );
      await encoding;
    } catch (e) {
      encodeAbort.abort();
      await encoding.catch(() => {});
      throw e;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }

    const covers = await stage('cover', () => makeCovers(input, tags, work, tools, signal));

    const files = await stage('store', async () => {
      const put = async (key: string, source: Buffer | { path: string }, contentType: string): Promise<StoredFile> => {
        throwIfAborted(signal);
        stored.push(key);
        const { size } = await storage.put(key, source);
        return { key, size, contentType };
      };
      const original = await put(trackKeys.original(trackId, probe.extension), { path: input.path }, probe.mimeType);
      const preview = await put(trackKeys.preview(trackId), { path: previewPath }, PREVIEW.mimeType);
      const peaks = await put(trackKeys.peaks(trackId), Buffer.from(JSON.stringify(analysis.peaks)), 'application/json');
      const wave = await put(trackKeys.wave(trackId), analysis.wavePng, 'image/png');
      const cover = covers ? await put(trackKeys.cover(trackId, 300), { path: covers[300] }, 'image/jpeg') : null;
      const coverSmall = covers ? await put(trackKeys.cover(trackId, 64), { path: covers[64] }, 'image/jpeg') : null;
      await removeStale(storage, trackId, new Set(stored));
      return { original, preview, peaks, wave, cover, coverSmall };
    });

    return buildResult(trackId, input, probe, tags, analysis, files, opts.overrides ?? {}, timings);
  } catch (e) {
    await Promise.allSettled(stored.map((key) => storage.delete(key)));
    throw e;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function makeCovers(
  input: IngestInput,
  tags: TrackTags,
  work: string,
  tools: MediaTools,
  signal: AbortSignal | undefined,
): Promise<Record<CoverSize, string> | null> {
  const outputs = Object.fromEntries(COVER_SIZES.map((s) => [s, path.join(work, `cover-${s}.jpg`)])) as Record<CoverSize, string>;
  const common = { tools, ...(signal ? { signal } : {}) };
  if (input.coverPath) {
    // The uploader chose this image: if it is broken, they should hear about it.
    await makeCoverThumbnails(await readFile(input.coverPath), outputs, common);
    return outputs;
  }
  if (!tags.cover) return null;
  try {
    await makeCoverThumbnails(tags.cover.data, outputs, common);
    return outputs;
  } catch (e) {
    // A broken embedded picture does not make the audio any worse: go on without a cover.
    if (isMediaError(e) && e.code === 'MEDIA_COVER_INVALID') return null;
    throw e;
  }
}

/** Deletes files an earlier ingest of this track left that this one did not write. */
async function removeStale(storage: MediaStorage, trackId: number, written: Set<string>): Promise<void> {
  const possible = [
    ...Object.values(AUDIO_FORMATS).map((f) => trackKeys.original(trackId, f.extension)),
    ...COVER_SIZES.map((s) => trackKeys.cover(trackId, s)),
  ];
  await Promise.all(possible.filter((k) => !written.has(k)).map((k) => storage.delete(k)));
}

const FILE_NAME_FORBIDDEN = /[<>:"/\\|?*]/gu;

/** A download name that is safe on every OS: the upload's own base name with the real format's extension. */
export function downloadFileName(originalName: string | undefined, title: string, extension: string): string {
  const baseOf = (name: string) => name.split(/[/\\]/).pop() ?? '';
  let stem = originalName ? baseOf(originalName).replace(/\.[^.]{1,5}$/u, '') : '';
  stem = (cleanText(stem, 150) ?? '').replace(FILE_NAME_FORBIDDEN, '_').replace(/^[.\s]+|[.\s]+$/gu, '');
  if (!stem) stem = (cleanText(title, 150) ?? '').replace(FILE_NAME_FORBIDDEN, '_').replace(/^[.\s]+|[.\s]+$/gu, '');
  return `${stem || 'track'}.${extension}`;
}

/** A title from an uploaded file's name: its base name without the extension, cleaned; null when nothing is left. */
export function titleFromFileName(originalName: string): string | null {
  return cleanText(
    originalName
      .split(/[/\\]/)
      .pop()
      ?.replace(/\.[^.]{1,5}$/u, ''),
    TEXT_LIMITS.trackTitle,
  );
}

function buildResult(
  trackId: number,
  input: IngestInput,
  probe: ProbeResult,
  tags: TrackTags,
  analysis: AnalysisResult,
  files: IngestResult['files'],
  o: IngestOverrides,
  timings: Record<IngestStage, number>,
): IngestResult {
  const titleOverride = cleanText(o.title, TEXT_LIMITS.trackTitle);
  const artistOverride = cleanText(o.artist, TEXT_LIMITS.trackArtist);
  const nameStem = input.originalName ? titleFromFileName(input.originalName) : null;
  const title = titleOverride ?? tags.title ?? nameStem ?? `Track ${trackId}`;
  const bpmOverride =
    typeof o.bpm === 'number' && Number.isFinite(o.bpm) && o.bpm >= BPM_RANGE.min && o.bpm <= BPM_RANGE.max ? Math.round(o.bpm) : null;
  const keyOverride = typeof o.soundKey === 'string' ? parseSoundKey(o.soundKey) : null;
  const bpm = bpmOverride ?? analysis.bpm;
  const { tempo, key } = analysis;
  const { cover: _cover, ...plainTags } = tags;
  return {
    trackId,
    title,
    artist: artistOverride ?? tags.artist,
    genre: typeof o.genre === 'number' && isGenreCode(o.genre) ? o.genre : null,
    moods: [...new Set((o.moods ?? []).filter((m) => isMoodCode(m)))],
    durationSec: Math.round(analysis.durationSec * 1000) / 1000,
    bpm,
    soundKey: keyOverride ?? analysis.soundKey,
    keyMode: keyOverride === null ? (key?.mode ?? null) : (o.keyMode ?? (keyOverride === analysis.soundKey ? (key?.mode ?? null) : null)),
    speed: bpm === null ? null : speedFromBpm(bpm),
    estimated: {
      bpm: analysis.bpm,
      bpmExact: tempo?.bpm ?? null,
      bpmConfidence: tempo?.confidence ?? null,
      soundKey: analysis.soundKey,
      keyMode: key?.mode ?? null,
      keyConfidence: key?.confidence ?? null,
      speed: analysis.speed,
    },
    overridden: {
      title: titleOverride !== null,
      artist: artistOverride !== null,
      bpm: bpmOverride !== null,
      soundKey: keyOverride !== null,
    },
    tags: { ...plainTags, hasCover: tags.cover !== null },
    fileName: downloadFileName(input.originalName, title, probe.extension),
    format: probe.format,
    codec: probe.codec,
    mimeType: probe.mimeType,
    sampleRate: probe.sampleRate,
    channels: probe.channels,
    bitRate: probe.bitRate,
    files,
    timings,
  };
}

export interface BatchItem {
  input: IngestInput;
  trackId: number;
  overrides?: IngestOverrides;
}

export type BatchOutcome = { item: BatchItem; ok: true; result: IngestResult } | { item: BatchItem; ok: false; error: MediaError };

export interface BatchProgress {
  done: number;
  total: number;
  /** Overall share finished, counting the tracks in flight by their stage. */
  fraction: number;
  current: IngestProgress | null;
}

export interface BatchOptions extends Omit<IngestOptions, 'trackId' | 'overrides' | 'onProgress'> {
  /** Tracks ingested at once (each uses about one core). */
  concurrency?: number;
  onProgress?: (p: BatchProgress) => void;
  /** Called as each track finishes, in completion order: the place to write its row. */
  onItem?: (outcome: BatchOutcome) => void | Promise<void>;
}

/**
 * Ingests many files with bounded concurrency. A rejected file is an outcome, not an exception: the
 * command reports it and goes on. Only cancellation stops the batch.
 */
export async function ingestBatch(items: readonly BatchItem[], opts: BatchOptions): Promise<BatchOutcome[]> {
  const { concurrency = 1, onProgress, onItem, ...common } = opts;
  const outcomes: BatchOutcome[] = new Array<BatchOutcome>(items.length);
  const inFlight = new Map<number, number>();
  let done = 0;
  let next = 0;
  const report = (current: IngestProgress | null) => {
    if (!onProgress) return;
    let partial = 0;
    for (const f of inFlight.values()) partial += f;
    onProgress({ done, total: items.length, fraction: items.length ? (done + partial) / items.length : 1, current });
  };
  const runOne = async (index: number) => {
    const item = items[index]!;
    inFlight.set(index, 0);
    let outcome: BatchOutcome;
    try {
      const result = await ingest(item.input, {
        ...common,
        trackId: item.trackId,
        ...(item.overrides ? { overrides: item.overrides } : {}),
        onProgress: (p) => {
          inFlight.set(index, p.fraction);
          report(p);
        },
      });
      outcome = { item, ok: true, result };
    } catch (e) {
      const error = isMediaError(e)
        ? e
        : new MediaError('MEDIA_PROCESSING_FAILED', e instanceof Error ? e.message : String(e), undefined, { cause: e });
      if (error.code === 'MEDIA_ABORTED') throw error;
      outcome = { item, ok: false, error };
    }
    inFlight.delete(index);
    done++;
    outcomes[index] = outcome;
    await onItem?.(outcome);
    report(null);
  };
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
    while (next < items.length) {
      throwIfAborted(opts.signal);
      await runOne(next++);
    }
  });
  await Promise.all(workers);
  return outcomes;
}
