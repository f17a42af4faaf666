import { speedFromBpm } from '@sori/contract';
import { hann, RealFft } from './dsp';
import { ANALYSIS_RATE, decodeMonoPcm } from './decode';
import type { MediaTools } from './ffmpeg';
import { CHROMA_BINS, estimateKey, KeyFrames, type KeyEstimate } from './key';
import { checkDecoded, DEFAULT_MEDIA_LIMITS, type MediaLimits, type ProbeResult } from './probe';
import { estimateTempo, type TempoEstimate } from './tempo';
import { reducePeaks, renderWavePng, type PeaksJson } from './waveform';

export { ANALYSIS_RATE } from './decode';

const ONSET_FFT = 1024;
const ONSET_HOP = 256;
const KEY_FFT = 8192;
const KEY_HOP = 4096;
/** Samples per block of the peak envelope: fine enough for a one-second clip's 2,000 points. */
const PEAK_BLOCK = 32;

const CHROMA_MIN_HZ = 55;
const CHROMA_MAX_HZ = 2000;
const BASS_MAX_HZ = 220;
/** Peaks from C5 up (melody register, and the upper harmonics of chords) make the treble chroma. */
const TREBLE_MIN_HZ = 523;
const C4_HZ = 261.6255653005986;
const FIFTH_BINS = (CHROMA_BINS / 12) * 7;
const SUBHARMONIC_SHARE = 0.4;
/** Upper edge of the bands whose onsets choose the metrical level (kick, bass, snare body). */
const ACCENT_MAX_HZ = 400;
/**
 * A spectral peak counts for the chroma only if no stronger peak lies within this many cents. A note
 * repeated in eighths (a chugging bass, palm-muted power chords) is amplitude-modulated at the eighth rate,
 * which puts sidebands at multiples of that rate either side of it: in the bass register they read as the
 * neighbouring semitones (5.5 Hz at 164 BPM is 80 cents at 116 Hz). Two notes a semitone apart in one
 * octave lose the quieter, which the key does not miss.
 */
const PEAK_SOLE_CENTS = 100;
const PEAK_SOLE_RATIO = 2 ** (PEAK_SOLE_CENTS / 1200) - 1;

/** Whether some bin within `width` of bin `k` (and within [lo, hi]) is louder than it. */
function strongerNear(mag: Float64Array, k: number, width: number, lo: number, hi: number): boolean {
  const m = mag[k]!;
  for (let j = Math.max(lo, k - width); j <= Math.min(hi, k + width); j++) if (mag[j]! > m) return true;
  return false;
}

/** Collects samples and calls back for every complete frame of `size` samples, `hop` apart. */
class Framer {
  private buf: Float32Array;
  private fill = 0;
  private pos = 0;

  constructor(
    private readonly size: number,
    private readonly hop: number,
    private readonly onFrame: (buf: Float32Array, offset: number) => void,
  ) {
    this.buf = new Float32Array(size * 4);
  }

  push(x: Float32Array): void {
    if (this.fill + x.length > this.buf.length) {
      // Drop what no future frame needs, then grow if the chunk still does not fit.
      this.buf.copyWithin(0, this.pos, this.fill);
      this.fill -= this.pos;
      this.pos = 0;
      if (this.fill + x.length > this.buf.length) {
        const bigger = new Float32Array(Math.max(this.buf.length * 2, this.fill + x.length));
        bigger.set(this.buf.subarray(0, this.fill));
        this.buf = bigger;
      }
    }
    this.buf.set(x, this.fill);
    this.fill += x.length;
    while (this.pos + this.size <= this.fill) {
      this.onFrame(this.buf, this.pos);
      this.pos += this.hop;
    }
  }
}

/** A growable Float32 series (the envelopes of a 30-minute file stay a few megabytes). */
class Series {
  data = new Float32Array(4096);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  toFloat64(): Float64Array {
    return Float64Array.from(this.data.subarray(0, this.length));
  }
}

export interface AnalysisFeatures {
  sampleRate: number;
  samples: number;
  durationSec: number;
  /** Loudest absolute sample of the mono mix. */
  peak: number;
  rmsDbfs: number;
  tempo: TempoEstimate | null;
  key: KeyEstimate | null;
  peaks: PeaksJson;
  /** `wave_{id}.png`, 220×25. */
  wavePng: Buffer;
}

/**
 * Streaming analyser: push mono float samples at ANALYSIS_RATE as they are decoded, then `finish`. Memory
 * stays bounded by the envelopes (a few floats per 10 ms), never the whole signal.
 */
export class Analyser {
  readonly sampleRate: number;
  private samples = 0;
  private peak = 0;
  private sumSquares = 0;

  private readonly blockPeaks = new Series();
  private blockFill = 0;
  private blockMax = 0;

  private readonly onsetFft = new RealFft(ONSET_FFT);
  private readonly onsetWindow = hann(ONSET_FFT);
  private readonly onsetFrame = new Float64Array(ONSET_FFT);
  private readonly onsetRe = new Float64Array(ONSET_FFT / 2 + 1);
  private readonly onsetIm = new Float64Array(ONSET_FFT / 2 + 1);
  private readonly bandEdges: Int32Array;
  private readonly prevBands: Float64Array;
  private readonly curBands: Float64Array;
  private readonly envelope = new Series();
  /** Onset strength of the bands below ACCENT_MAX_HZ (kick, bass, snare body): where the beat is felt. */
  private readonly accents = new Series();
  private readonly accentBands: number;
  private readonly onsetFramer: Framer;

  private readonly keyFft = new RealFft(KEY_FFT);
  private readonly keyWindow = hann(KEY_FFT);
  private readonly keyFrame = new Float64Array(KEY_FFT);
  private readonly keyRe = new Float64Array(KEY_FFT / 2 + 1);
  private readonly keyIm = new Float64Array(KEY_FFT / 2 + 1);
  private readonly keyMag = new Float64Array(KEY_FFT / 2 + 1);
  private readonly frameChroma = new Float64Array(CHROMA_BINS);
  private readonly frameBass = new Float64Array(CHROMA_BINS);
  private readonly frameTreble = new Float64Array(CHROMA_BINS);
  /** Every analysis frame's chroma, level and flatness, for the key finder. */
  readonly keyFrames: KeyFrames;
  private readonly keyFramer: Framer;

  constructor(sampleRate = ANALYSIS_RATE) {
    this.sampleRate = sampleRate;
    // Quarter-octave bands from 30 Hz: kick drums, bass notes and hats each move their own bands.
    const binHz = sampleRate / ONSET_FFT;
    const edges: number[] = [];
    for (let f = 30; f < Math.min(11000, sampleRate / 2); f *= 2 ** 0.25) {
      const bin = Math.max(1, Math.round(f / binHz));
      if (edges.length === 0 || bin > edges[edges.length - 1]!) edges.push(bin);
    }
    this.bandEdges = Int32Array.from(edges);
    this.accentBands = Math.max(1, edges.findIndex((bin) => bin * binHz > ACCENT_MAX_HZ) - 1);
    this.prevBands = new Float64Array(edges.length - 1);
    this.curBands = new Float64Array(edges.length - 1);
    this.onsetFramer = new Framer(ONSET_FFT, ONSET_HOP, (b, o) => this.onsetStep(b, o));
    this.keyFramer = new Framer(KEY_FFT, KEY_HOP, (b, o) => this.keyStep(b, o));
    this.keyFrames = new KeyFrames(KEY_HOP / sampleRate);
  }

  push(x: Float32Array): void {
    let peak = this.peak;
    let ss = this.sumSquares;
    let blockFill = this.blockFill;
    let blockMax = this.blockMax;
    for (let i = 0; i < x.length; i++) {
      const v = x[i]!;
      const a = v < 0 ? -v : v;
      if (a > blockMax) blockMax = a;
      ss += v * v;
      if (++blockFill === PEAK_BLOCK) {
        this.blockPeaks.push(blockMax);
        if (blockMax > peak) peak = blockMax;
        blockFill = 0;
        blockMax = 0;
      }
    }
    this.peak = peak;
    this.sumSquares = ss;
    this.blockFill = blockFill;
    this.blockMax = blockMax;
    this.samples += x.length;
    this.onsetFramer.push(x);
    this.keyFramer.push(x);
  }

  private onsetStep(buf: Float32Array, offset: number): void {
    const frame = this.onsetFrame;
    const w = this.onsetWindow;
    for (let i = 0; i < ONSET_FFT; i++) frame[i] = buf[offset + i]! * w[i]!;
    this.onsetFft.forward(frame, this.onsetRe, this.onsetIm);
    const re = this.onsetRe;
    const im = this.onsetIm;
    const edges = this.bandEdges;
    const cur = this.curBands;
    const prev = this.prevBands;
    // Magnitudes scaled so a full-scale sine is about 1. Mild log compression (log(1 + x)): stronger
    // compression lifts hats and shakers to the level of kicks and snares, which pulls the tempo towards
    // the subdivision.
    const scale = 2 / (ONSET_FFT / 2);
    let flux = 0;
    let accent = 0;
    for (let b = 0; b < cur.length; b++) {
      if (b === this.accentBands) accent = flux;
      let s = 0;
      for (let k = edges[b]!; k < edges[b + 1]!; k++) s += Math.sqrt(re[k]! * re[k]! + im[k]! * im[k]!);
      const v = Math.log1p(scale * s);
      cur[b] = v;
      const d = v - prev[b]!;
      if (d > 0) flux += d;
    }
    // The first frame has no predecessor: its "rise" from nothing is not an onset.
    this.envelope.push(this.envelope.length === 0 ? 0 : flux);
    this.accents.push(this.accents.length === 0 ? 0 : accent);
    prev.set(cur);
  }

  private keyStep(buf: Float32Array, offset: number): void {
    const frame = this.keyFrame;
    const w = this.keyWindow;
    for (let i = 0; i < KEY_FFT; i++) frame[i] = buf[offset + i]! * w[i]!;
    this.keyFft.forward(frame, this.keyRe, this.keyIm);
    const mag = this.keyMag;
    const binHz = this.sampleRate / KEY_FFT;
    const kMin = Math.max(2, Math.floor(CHROMA_MIN_HZ / binHz));
    const kMax = Math.min(KEY_FFT / 2 - 2, Math.ceil(CHROMA_MAX_HZ / binHz));
    let maxMag = 0;
    let power = 0;
    let logSum = 0;
    let magSum = 0;
    for (let k = kMin - 1; k <= kMax + 1; k++) {
      const p = this.keyRe[k]! * this.keyRe[k]! + this.keyIm[k]! * this.keyIm[k]!;
      const m = Math.sqrt(p);
      mag[k] = m;
      if (m > maxMag) maxMag = m;
      power += p;
      magSum += m;
      logSum += Math.log(m + 1e-9);
    }
    if (maxMag < 1e-4) return;
    const bins = kMax - kMin + 3;
    // Spectral flatness of the magnitudes (geometric over arithmetic mean): about 0.85 for white noise.
    const flatness = Math.exp(logSum / bins) / (magSum / bins);
    const fc = this.frameChroma;
    const fb = this.frameBass;
    const ft = this.frameTreble;
    fc.fill(0);
    fb.fill(0);
    ft.fill(0);
    const floor = maxMag * 0.02;
    let total = 0;
    for (let k = kMin; k <= kMax; k++) {
      const m = mag[k]!;
      if (m < floor || m < mag[k - 1]! || m <= mag[k + 1]!) continue;
      if (strongerNear(mag, k, Math.ceil(k * PEAK_SOLE_RATIO), kMin - 1, kMax + 1)) continue;
      // Spectral peaks only, at their interpolated frequency: leakage between bins would otherwise smear
      // low notes across neighbouring pitch classes.
      const a = Math.log(mag[k - 1]! + 1e-12);
      const b = Math.log(m);
      const c = Math.log(mag[k + 1]! + 1e-12);
      const d = a - 2 * b + c;
      const delta = d < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / d)) : 0;
      const hz = (k + delta) * binHz;
      const pos = (((CHROMA_BINS * Math.log2(hz / C4_HZ)) % CHROMA_BINS) + CHROMA_BINS) % CHROMA_BINS;
      const lo = Math.floor(pos);
      const f = pos - lo;
      const weight = Math.sqrt(m);
      fc[lo % CHROMA_BINS]! += weight * (1 - f);
      fc[(lo + 1) % CHROMA_BINS]! += weight * f;
      // Harmonic weighting: a peak may be the third harmonic of a note a twelfth below, so a share of it goes
      // to the fifth below. Without it the overtones of every note pull the key towards its dominant.
      const sub = lo + CHROMA_BINS - FIFTH_BINS;
      fc[sub % CHROMA_BINS]! += SUBHARMONIC_SHARE * weight * (1 - f);
      fc[(sub + 1) % CHROMA_BINS]! += SUBHARMONIC_SHARE * weight * f;
      if (hz < BASS_MAX_HZ) {
        fb[lo % CHROMA_BINS]! += weight * (1 - f);
        fb[(lo + 1) % CHROMA_BINS]! += weight * f;
      } else if (hz >= TREBLE_MIN_HZ) {
        ft[lo % CHROMA_BINS]! += weight * (1 - f);
        ft[(lo + 1) % CHROMA_BINS]! += weight * f;
      }
      total += weight;
    }
    if (total <= 0) return;
    // Each frame counts once whatever its loudness, so a loud chorus does not outvote the whole song.
    for (let i = 0; i < CHROMA_BINS; i++) {
      fc[i]! /= total;
      fb[i]! /= total;
      ft[i]! /= total;
    }
    this.keyFrames.push(fc, fb, ft, 10 * Math.log10(power), flatness);
  }

  finish(): AnalysisFeatures {
    if (this.blockFill > 0) {
      this.blockPeaks.push(this.blockMax);
      if (this.blockMax > this.peak) this.peak = this.blockMax;
      this.blockFill = 0;
    }
    const durationSec = this.samples / this.sampleRate;
    const rms = this.samples > 0 ? Math.sqrt(this.sumSquares / this.samples) : 0;
    const fps = this.sampleRate / ONSET_HOP;
    const tempo = estimateTempo(this.envelope.toFloat64(), fps, { level: rms, accents: this.accents.toFloat64() });
    const key = estimateKey(this.keyFrames);
    return {
      sampleRate: this.sampleRate,
      samples: this.samples,
      durationSec,
      peak: this.peak,
      rmsDbfs: rms > 0 ? Math.round(20 * Math.log10(rms) * 10) / 10 : -Infinity,
      tempo,
      key,
      peaks: reducePeaks(this.blockPeaks.data, this.blockPeaks.length, durationSec),
      wavePng: renderWavePng(this.blockPeaks.data, this.blockPeaks.length),
    };
  }
}

export interface AnalyseOptions {
  tools?: MediaTools;
  signal?: AbortSignal;
  limits?: Partial<MediaLimits>;
  timeoutMs?: number;
}

export interface AnalysisResult extends AnalysisFeatures {
  /** Tempo rounded for the catalogue, or null when the audio has no measurable beat. */
  bpm: number | null;
  speed: 1 | 2 | 3 | 4 | null;
  soundKey: string | null;
}

/**
 * Decodes the file to mono float PCM through an ffmpeg pipe and analyses it as it streams, then applies
 * the checks only a full decode can make (truncation, damage, silence, length).
 */
export async function analyseFile(file: string, probe: ProbeResult, opts: AnalyseOptions = {}): Promise<AnalysisResult> {
  const analyser = new Analyser(ANALYSIS_RATE);
  const res = await decodeMonoPcm(file, probe, (x) => analyser.push(x), {
    ...(opts.tools ? { tools: opts.tools } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    maxDurationSec: opts.limits?.maxDurationSec ?? DEFAULT_MEDIA_LIMITS.maxDurationSec,
  });
  const features = analyser.finish();
  checkDecoded(
    probe,
    {
      durationSec: features.durationSec,
      peak: features.peak,
      // A decoder that gives up on the input (non-zero exit) has met damaged data, not a bug of ours.
      decodeErrors: res.stderrLines.length + (res.exitCode !== 0 ? 8 : 0),
    },
    opts.limits,
  );
  const bpm = features.tempo ? Math.round(features.tempo.bpm) : null;
  return {
    ...features,
    bpm,
    speed: bpm === null ? null : speedFromBpm(bpm),
    soundKey: features.key?.soundKey ?? null,
  };
}
