/**
 * Small numeric building blocks for the analysers: a real FFT, windows and helpers. Written here rather
 * than taken from a library because the licences of the usual audio-analysis packages (GPL/AGPL) rule them
 * out, and these few hundred lines are all the analysers need.
 */

/** Radix-2 FFT of a real signal of length n (a power of two), computed as a complex FFT of length n/2. */
export class RealFft {
  readonly size: number;
  private readonly half: number;
  private readonly rev: Uint32Array;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly postCos: Float64Array;
  private readonly postSin: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;

  constructor(size: number) {
    if (size < 4 || (size & (size - 1)) !== 0) throw new RangeError(`FFT size must be a power of two ≥ 4, got ${size}`);
    this.size = size;
    const h = size >> 1;
    this.half = h;
    const bits = Math.log2(h);
    this.rev = new Uint32Array(h);
    for (let i = 0; i < h; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.rev[i] = r;
    }
    this.cos = new Float64Array(h >> 1 || 1);
    this.sin = new Float64Array(h >> 1 || 1);
    for (let i = 0; i < h >> 1; i++) {
      this.cos[i] = Math.cos((-2 * Math.PI * i) / h);
      this.sin[i] = Math.sin((-2 * Math.PI * i) / h);
    }
    this.postCos = new Float64Array(h);
    this.postSin = new Float64Array(h);
    for (let k = 0; k < h; k++) {
      this.postCos[k] = Math.cos((-2 * Math.PI * k) / size);
      this.postSin[k] = Math.sin((-2 * Math.PI * k) / size);
    }
    this.re = new Float64Array(h);
    this.im = new Float64Array(h);
  }

  /**
   * Writes the spectrum's bins 0..n/2 (inclusive) into outRe/outIm (length ≥ n/2 + 1).
   * `input` must hold at least n samples.
   */
  forward(input: ArrayLike<number>, outRe: Float64Array, outIm: Float64Array): void {
    const h = this.half;
    const re = this.re;
    const im = this.im;
    const rev = this.rev;
    for (let i = 0; i < h; i++) {
      const j = rev[i]!;
      re[j] = input[2 * i]!;
      im[j] = input[2 * i + 1]!;
    }
    // Stage 1 (pairs) needs no twiddles; later stages loop over blocks innermost so each twiddle factor
    // is read once per stage, not once per butterfly.
    for (let a = 0; a < h; a += 2) {
      const ar = re[a]!;
      const ai = im[a]!;
      const br = re[a + 1]!;
      const bi = im[a + 1]!;
      re[a] = ar + br;
      im[a] = ai + bi;
      re[a + 1] = ar - br;
      im[a + 1] = ai - bi;
    }
    const cos = this.cos;
    const sin = this.sin;
    for (let len = 4; len <= h; len <<= 1) {
      const halfLen = len >> 1;
      const step = h / len;
      for (let k = 0; k < halfLen; k++) {
        const wr = cos[k * step]!;
        const wi = sin[k * step]!;
        for (let a = k; a < h; a += len) {
          const b = a + halfLen;
          const br = re[b]!;
          const bi = im[b]!;
          const xr = br * wr - bi * wi;
          const xi = br * wi + bi * wr;
          const ar = re[a]!;
          const ai = im[a]!;
          re[b] = ar - xr;
          im[b] = ai - xi;
          re[a] = ar + xr;
          im[a] = ai + xi;
        }
      }
    }
    // Split the packed transform into the spectra of the even and odd samples, then combine.
    outRe[0] = re[0]! + im[0]!;
    outIm[0] = 0;
    outRe[h] = re[0]! - im[0]!;
    outIm[h] = 0;
    for (let k = 1; k < h; k++) {
      const ar = re[k]!;
      const ai = im[k]!;
      const br = re[h - k]!;
      const bi = -im[h - k]!;
      const er = 0.5 * (ar + br);
      const ei = 0.5 * (ai + bi);
      const or = 0.5 * (ai - bi);
      const oi = -0.5 * (ar - br);
      const c = this.postCos[k]!;
      const s = this.postSin[k]!;
      outRe[k] = er + (or * c - oi * s);
      outIm[k] = ei + (or * s + oi * c);
    }
  }
}

export function hann(n: number): Float64Array {
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
  return w;
}

export const nextPow2 = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(4, n)));

/**
 * Autocorrelation r[lag] for lag 0..maxLag through the FFT (|X|² back-transformed), as a sum over the
 * overlapping samples. O(n log n), which matters for a 30-minute file's envelope.
 */
export function autocorrelation(x: Float64Array, maxLag: number): Float64Array {
  const n = nextPow2(2 * x.length);
  const fft = new RealFft(n);
  const padded = new Float64Array(n);
  padded.set(x);
  const re = new Float64Array(n / 2 + 1);
  const im = new Float64Array(n / 2 + 1);
  fft.forward(padded, re, im);
  // |X|² is real and even, so its inverse transform is a forward transform of the same (scaled) values.
  const power = new Float64Array(n);
  for (let k = 0; k <= n / 2; k++) {
    const p = re[k]! * re[k]! + im[k]! * im[k]!;
    power[k] = p;
    if (k > 0 && k < n / 2) power[n - k] = p;
  }
  fft.forward(power, re, im);
  const out = new Float64Array(Math.min(maxLag, x.length - 1) + 1);
  for (let lag = 0; lag < out.length; lag++) out[lag] = re[lag]! / n;
  return out;
}

/** Linear interpolation of `a` at a fractional index (clamped to the array). */
export function sampleAt(a: ArrayLike<number>, pos: number): number {
  if (pos <= 0) return a[0] ?? 0;
  const i = Math.floor(pos);
  if (i >= a.length - 1) return a[a.length - 1] ?? 0;
  const f = pos - i;
  return a[i]! * (1 - f) + a[i + 1]! * f;
}

/** Centred moving average with a window of 2·radius+1 samples (shrinks at the edges). */
export function movingAverage(x: Float64Array, radius: number): Float64Array {
  const out = new Float64Array(x.length);
  const prefix = new Float64Array(x.length + 1);
  for (let i = 0; i < x.length; i++) prefix[i + 1] = prefix[i]! + x[i]!;
  for (let i = 0; i < x.length; i++) {
    const lo = Math.max(0, i - radius);
    const hi = Math.min(x.length, i + radius + 1);
    out[i] = (prefix[hi]! - prefix[lo]!) / (hi - lo);
  }
  return out;
}
