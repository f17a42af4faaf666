/**
 * A tiny deterministic synthesiser for the demo catalogue: wavetable and plucked-string voices, synthesised
 * drums, a Schroeder reverb and a master bus. It only has to sound like plausible library music and be
 * exactly in tempo and in tune, so the demo set doubles as the BPM/key test set.
 */
import { mulberry32 } from '../../lib/random';

export interface StereoBuffer {
  sampleRate: number;
  left: Float32Array;
  right: Float32Array;
}

export const midiToHz = (m: number): number => 440 * 2 ** ((m - 69) / 12);

export interface Timbre {
  /** Harmonic amplitudes (index 0 = fundamental) for wavetable voices. */
  harmonics?: readonly number[];
  /** Inharmonic partials [ratio, amplitude, decay seconds] for bells and mallets. */
  partials?: readonly (readonly [number, number, number])[];
  /** Karplus–Strong plucked string with this decay per period (0.99..0.999). */
  pluck?: number;
  attack: number;
  /** Time constant of the decay towards `sustain` (seconds). */
  decay: number;
  sustain: number;
  release: number;
  detuneCents?: number;
  vibrato?: { rate: number; cents: number };
  /** Soft-clipping drive for overdriven guitars. */
  drive?: number;
  gain?: number;
}

const saw = (n: number) => Array.from({ length: n }, (_, i) => 1 / (i + 1));
const square = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 1 / (i + 1) : 0));

export const TIMBRES = {
  piano: {
    harmonics: [1, 0.5, 0.32, 0.2, 0.12, 0.08, 0.05, 0.03, 0.02],
    attack: 0.004,
    decay: 0.9,
    sustain: 0.05,
    release: 0.12,
    gain: 0.9,
  },
  epiano: { harmonics: [1, 0.25, 0.08, 0.04], partials: [[14, 0.06, 0.08]], attack: 0.004, decay: 1.4, sustain: 0.1, release: 0.15 },
  pad: { harmonics: saw(10).map((v, i) => v * 0.85 ** i), attack: 0.35, decay: 1.5, sustain: 0.8, release: 0.6, detuneCents: 7, gain: 0.5 },
  strings: {
    harmonics: saw(18).map((v, i) => v * 0.9 ** i),
    attack: 0.18,
    decay: 2,
    sustain: 0.85,
    release: 0.35,
    detuneCents: 5,
    vibrato: { rate: 5.2, cents: 9 },
    gain: 0.55,
  },
  staccato: { harmonics: saw(14).map((v, i) => v * 0.88 ** i), attack: 0.008, decay: 0.12, sustain: 0, release: 0.05, gain: 0.7 },
  brass: {
    harmonics: saw(16).map((v, i) => v * (i < 4 ? 1 : 0.85 ** (i - 3))),
    attack: 0.05,
    decay: 0.8,
    sustain: 0.7,
    release: 0.15,
    gain: 0.6,
  },
  organ: { harmonics: [1, 0.8, 0.6, 0.5, 0, 0.35, 0, 0.3], attack: 0.01, decay: 3, sustain: 0.9, release: 0.08, gain: 0.45 },
  bass: { harmonics: [1, 0.45, 0.2, 0.1, 0.05], attack: 0.006, decay: 0.5, sustain: 0.45, release: 0.06, gain: 1.1 },
  synthBass: { harmonics: saw(16).map((v, i) => v * 0.8 ** i), attack: 0.004, decay: 0.25, sustain: 0.5, release: 0.05, gain: 0.9 },
  sub: { harmonics: [1, 0.08], attack: 0.005, decay: 0.9, sustain: 0.3, release: 0.1, gain: 1.2 },
  lead: { harmonics: square(15), attack: 0.01, decay: 0.4, sustain: 0.7, release: 0.08, vibrato: { rate: 5.5, cents: 6 }, gain: 0.45 },
  chip: {
    harmonics: Array.from({ length: 24 }, (_, i) => Math.abs(Math.sin((i + 1) * Math.PI * 0.25)) / (i + 1)),
    attack: 0.002,
    decay: 0.15,
    sustain: 0.6,
    release: 0.02,
    gain: 0.4,
  },
  flute: { harmonics: [1, 0.12, 0.05], attack: 0.06, decay: 1, sustain: 0.85, release: 0.12, vibrato: { rate: 5, cents: 12 }, gain: 0.6 },
  accordion: {
    harmonics: saw(12).map((v, i) => v * 0.9 ** i),
    attack: 0.02,
    decay: 1,
    sustain: 0.85,
    release: 0.06,
    detuneCents: 9,
    gain: 0.45,
  },
  supersaw: { harmonics: saw(20), attack: 0.01, decay: 0.6, sustain: 0.6, release: 0.2, detuneCents: 14, gain: 0.35 },
  guitar: { pluck: 0.996, attack: 0.001, decay: 2, sustain: 1, release: 0.08, gain: 0.9 },
  nylon: { pluck: 0.993, attack: 0.001, decay: 2, sustain: 1, release: 0.1, gain: 0.9 },
  drive: { harmonics: saw(20), attack: 0.005, decay: 1.2, sustain: 0.7, release: 0.08, drive: 3.5, detuneCents: 8, gain: 0.35 },
  marimba: {
    partials: [
      [1, 1, 0.5],
      [4, 0.25, 0.12],
      [10, 0.06, 0.04],
    ],
    attack: 0.002,
    decay: 1,
    sustain: 1,
    release: 0.05,
  },
  glock: {
    partials: [
      [1, 1, 0.9],
      [2.76, 0.35, 0.4],
      [5.4, 0.15, 0.2],
    ],
    attack: 0.001,
    decay: 1,
    sustain: 1,
    release: 0.1,
    gain: 0.5,
  },
  bell: {
    partials: [
      [1, 1, 1.6],
      [2, 0.4, 1],
      [3.01, 0.25, 0.7],
      [4.2, 0.15, 0.4],
    ],
    attack: 0.002,
    decay: 1,
    sustain: 1,
    release: 0.3,
    gain: 0.45,
  },
  pizz: { pluck: 0.985, attack: 0.001, decay: 1, sustain: 1, release: 0.05, gain: 0.9 },
} satisfies Record<string, Timbre>;

export type TimbreName = keyof typeof TIMBRES;

const TABLE_SIZE = 2048;
const tableCache = new Map<string, Float32Array>();

/** A band-limited single-cycle table: only the harmonics that stay below Nyquist at this pitch. */
function wavetable(name: string, harmonics: readonly number[], maxHarmonic: number): Float32Array {
  const n = Math.max(1, Math.min(harmonics.length, 2 ** Math.floor(Math.log2(Math.max(1, maxHarmonic)))));
  const key = `${name}/${n}`;
  let t = tableCache.get(key);
  if (t) return t;
  t = new Float32Array(TABLE_SIZE + 1);
  for (let h = 0; h < n; h++) {
    const a = harmonics[h]!;
    if (a === 0) continue;
    for (let i = 0; i < TABLE_SIZE; i++) t[i]! += a * Math.sin((2 * Math.PI * (h + 1) * i) / TABLE_SIZE);
  }
  let max = 0;
  for (let i = 0; i < TABLE_SIZE; i++) max = Math.max(max, Math.abs(t[i]!));
  for (let i = 0; i < TABLE_SIZE; i++) t[i]! /= max || 1;
  t[TABLE_SIZE] = t[0]!;
  tableCache.set(key, t);
  return t;
}

export interface Note {
  /** Start in seconds. */
  t: number;
  /** Held length in seconds (release follows). */
  dur: number;
  midi: number;
  vel: number;
  timbre: TimbreName;
  pan: number;
  /** Share of this voice sent to the reverb. */
  send: number;
}

export class Mixer {
  readonly sr: number;
  readonly left: Float32Array;
  readonly right: Float32Array;
  private readonly sendBus: Float32Array;
  private readonly rand: () => number;

  constructor(sampleRate: number, seconds: number, seed: number) {
    this.sr = sampleRate;
    const n = Math.ceil(seconds * sampleRate);
    this.left = new Float32Array(n);
    this.right = new Float32Array(n);
    this.sendBus = new Float32Array(n);
    this.rand = mulberry32(seed ^ 0x5eed);
  }

  private envelopeAt(tm: Timbre, t: number, held: number): number {
    const attack = t < tm.attack ? t / tm.attack : 1;
    const decayed = tm.sustain + (1 - tm.sustain) * Math.exp(-Math.max(0, t - tm.attack) / tm.decay);
    if (t <= held) return attack * decayed;
    const atRelease = tm.sustain + (1 - tm.sustain) * Math.exp(-Math.max(0, held - tm.attack) / tm.decay);
    return Math.max(0, atRelease * (1 - (t - held) / tm.release));
  }

  note(n: Note): void {
    const tm: Timbre = TIMBRES[n.timbre];
    const sr = this.sr;
    const start = Math.round(n.t * sr);
    const len = Math.round((n.dur + tm.release) * sr);
    const end = Math.min(this.left.length, start + len);
    if (start >= end || start < 0) return;
    const hz = midiToHz(n.midi);
    const gain = n.vel * (tm.gain ?? 1);
    const panL = Math.cos(((n.pan + 1) * Math.PI) / 4) * gain;
    const panR = Math.sin(((n.pan + 1) * Math.PI) / 4) * gain;
    const send = n.send * gain;
    const count = end - start;
    const { left, right, sendBus } = this;
    const held = n.dur;

    if (tm.harmonics && tm.pluck === undefined && !tm.partials && !tm.drive) {
      // The common voice (one or two detuned wavetable oscillators) is mixed straight into the bus.
      const table = wavetable(n.timbre, tm.harmonics, (sr * 0.45) / hz);
      const cents = tm.detuneCents ?? 0;
      const inc1 = ((hz * 2 ** (-cents / 1200)) / sr) * TABLE_SIZE;
      const inc2 = ((hz * 2 ** (cents / 1200)) / sr) * TABLE_SIZE;
      const two = cents !== 0;
      const amp = two ? 0.5 : 1;
      let p1 = this.rand() * TABLE_SIZE;
      let p2 = this.rand() * TABLE_SIZE;
      const vib = tm.vibrato;
      let prevEnv = this.envelopeAt(tm, 0, held);
      for (let block = 0; block < count; block += 32) {
        const stop = Math.min(count, block + 32);
        const tSec = block / sr;
        // Vibrato and envelope change slowly: evaluated once per 32 samples and interpolated.
        const mod = vib ? 2 ** ((vib.cents * Math.sin(2 * Math.PI * vib.rate * tSec) * Math.min(1, tSec * 2)) / 1200) : 1;
        const a = inc1 * mod;
        const b = inc2 * mod;
        const nextEnv = this.envelopeAt(tm, stop / sr, held);
        let env = prevEnv * amp;
        const envStep = ((nextEnv - prevEnv) / (stop - block)) * amp;
        for (let i = block; i < stop; i++) {
          let idx = p1 | 0;
          let v = table[idx]! + (table[idx + 1]! - table[idx]!) * (p1 - idx);
          p1 += a;
          if (p1 >= TABLE_SIZE) p1 -= TABLE_SIZE;
          if (two) {
            idx = p2 | 0;
            v += table[idx]! + (table[idx + 1]! - table[idx]!) * (p2 - idx);
            p2 += b;
            if (p2 >= TABLE_SIZE) p2 -= TABLE_SIZE;
          }
          v *= env;
          const j = start + i;
          left[j]! += v * panL;
          right[j]! += v * panR;
          sendBus[j]! += v * send;
          env += envStep;
        }
        prevEnv = nextEnv;
      }
      return;
    }

    const voice = new Float32Array(count);
    if (tm.pluck !== undefined) this.pluck(voice, hz, tm.pluck);
    if (tm.harmonics) {
      const table = wavetable(n.timbre, tm.harmonics, (sr * 0.45) / hz);
      const detunes = tm.detuneCents ? [-tm.detuneCents, tm.detuneCents] : [0];
      for (const cents of detunes) {
        let phase = this.rand() * TABLE_SIZE;
        const inc = ((hz * 2 ** (cents / 1200)) / sr) * TABLE_SIZE;
        const amp = 1 / detunes.length;
        for (let i = 0; i < count; i++) {
          const idx = phase | 0;
          voice[i]! += amp * (table[idx]! + (table[idx + 1]! - table[idx]!) * (phase - idx));
          phase += inc;
          if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
        }
      }
    }
    if (tm.partials) {
      const sine = wavetable('sine', [1], 1);
      for (const [ratio, amp, decay] of tm.partials) {
        if (hz * ratio > sr * 0.45) continue;
        const inc = ((hz * ratio) / sr) * TABLE_SIZE;
        let phase = 0;
        let env = amp;
        const k = Math.exp(-1 / (decay * sr));
        for (let i = 0; i < count; i++) {
          const idx = phase | 0;
          voice[i]! += env * (sine[idx]! + (sine[idx + 1]! - sine[idx]!) * (phase - idx));
          env *= k;
          phase += inc;
          if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
        }
      }
    }
    const drive = tm.drive;
    const norm = drive ? 1 / Math.tanh(drive) : 1;
    let prevEnv = this.envelopeAt(tm, 0, held);
    for (let block = 0; block < count; block += 32) {
      const stop = Math.min(count, block + 32);
      const nextEnv = this.envelopeAt(tm, stop / sr, held);
      const step = (nextEnv - prevEnv) / (stop - block);
      let env = prevEnv;
      for (let i = block; i < stop; i++) {
        let v = voice[i]!;
        if (drive) v = Math.tanh(v * drive) * norm;
        v *= env;
        const j = start + i;
        left[j]! += v * panL;
        right[j]! += v * panR;
        sendBus[j]! += v * send;
        env += step;
      }
      prevEnv = nextEnv;
    }
  }

  /** Karplus–Strong: a noise burst circulating in a delay line one period long, lightly low-passed. */
  private pluck(out: Float32Array, hz: number, feedback: number): void {
    const period = this.sr / hz;
    const n = Math.floor(period);
    const frac = period - n;
    const line = new Float32Array(n + 2);
    for (let i = 0; i < line.length; i++) line[i] = this.rand() * 2 - 1;
    // A two-point average at the fractional position keeps the pitch exact despite the integer delay.
    let idx = 0;
    let last = 0;
    for (let i = 0; i < out.length; i++) {
      const a = line[idx]!;
      const b = line[(idx + 1) % line.length]!;
      const v = a + (b - a) * frac;
      out[i] = v * 0.6;
      const filtered = feedback * 0.5 * (v + last);
      last = v;
      line[(idx + n) % line.length] = filtered;
      idx = (idx + 1) % line.length;
    }
  }

  /** Adds a one-shot sample (a drum hit) with its own gain and pan. */
  hit(sample: Float32Array, t: number, vel: number, pan: number, send: number): void {
    const start = Math.round(t * this.sr);
    if (start < 0) return;
    const panL = Math.cos(((pan + 1) * Math.PI) / 4);
    const panR = Math.sin(((pan + 1) * Math.PI) / 4);
    const end = Math.min(this.left.length, start + sample.length);
    for (let j = start; j < end; j++) {
      const v = sample[j - start]! * vel;
      this.left[j]! += v * panL;
      this.right[j]! += v * panR;
      this.sendBus[j]! += v * send;
    }
  }

  /**
   * Schroeder reverb on the send bus: four parallel combs shared by both sides, then two all-passes per
   * side with different lengths, which is enough to decorrelate left from right at half the cost.
   */
  reverb(wet: number, roomSeconds = 1.6): void {
    const sr = this.sr;
    const scale = sr / 44100;
    const n = this.sendBus.length;
    const combOut = new Float32Array(n);
    for (const d of [1116, 1188, 1277, 1356].map((v) => Math.round(v * scale))) {
      const fb = 10 ** ((-3 * d) / (roomSeconds * sr));
      const buf = new Float32Array(d);
      let idx = 0;
      let lp = 0;
      const send = this.sendBus;
      for (let i = 0; i < n; i++) {
        const y = buf[idx]!;
        lp = y * 0.7 + lp * 0.3;
        buf[idx] = send[i]! + lp * fb;
        combOut[i]! += y;
        if (++idx === d) idx = 0;
      }
    }
    const gain = wet * 0.25;
    for (const [side, offset] of [
      [this.left, 0],
      [this.right, 37],
    ] as const) {
      const out = Float32Array.from(combOut);
      for (const d of [556, 441].map((v) => Math.round((v + offset) * scale))) {
        const buf = new Float32Array(d);
        let idx = 0;
        for (let i = 0; i < n; i++) {
          const b = buf[idx]!;
          const x = out[i]!;
          buf[idx] = x + b * 0.5;
          out[i] = b - x;
          if (++idx === d) idx = 0;
        }
      }
      for (let i = 0; i < n; i++) side[i]! += out[i]! * gain;
    }
  }

  /** Gentle bus compression by soft clipping, then normalisation to −1 dBFS with fades at both ends. */
  master(fadeOutSec: number): StereoBuffer {
    const { left, right, sr } = this;
    let peak = 0;
    for (let i = 0; i < left.length; i++) peak = Math.max(peak, Math.abs(left[i]!), Math.abs(right[i]!));
    const pre = peak > 0 ? 1.4 / peak : 1;
    const fadeIn = Math.round(0.01 * sr);
    const fadeOut = Math.round(fadeOutSec * sr);
    let post = 0;
    // A rational approximation of tanh: the same gentle knee, a fraction of the cost on millions of samples.
    const soft = (x: number) => {
      const c = x > 3 ? 3 : x < -3 ? -3 : x;
      return (c * (27 + c * c)) / (27 + 9 * c * c);
    };
    for (let i = 0; i < left.length; i++) {
      left[i] = soft(left[i]! * pre);
      right[i] = soft(right[i]! * pre);
      post = Math.max(post, Math.abs(left[i]!), Math.abs(right[i]!));
    }
    const g = post > 0 ? 0.89 / post : 1;
    for (let i = 0; i < left.length; i++) {
      let f = g;
      if (i < fadeIn) f *= i / fadeIn;
      const fromEnd = left.length - i;
      if (fromEnd < fadeOut) f *= fromEnd / fadeOut;
      left[i]! *= f;
      right[i]! *= f;
    }
    return { sampleRate: sr, left, right };
  }
}

export type DrumName =
  'kick' | 'snare' | 'clap' | 'hat' | 'openHat' | 'ride' | 'rim' | 'shaker' | 'tom' | 'taiko' | 'woodblock' | 'crash' | 'conga' | 'noise';

/** Synthesised drum one-shots, made once per track. */
export function drumKit(sr: number, seed: number): Record<DrumName, Float32Array> {
  const rand = mulberry32(seed);
  const noise = () => rand() * 2 - 1;
  const make = (seconds: number, fn: (t: number, i: number) => number): Float32Array => {
    const out = new Float32Array(Math.round(seconds * sr));
    for (let i = 0; i < out.length; i++) out[i] = fn(i / sr, i);
    return out;
  };
  const highPassed = (seconds: number, decay: number, amount = 0.9): Float32Array => {
    let prev = 0;
    return make(seconds, (t) => {
      const x = noise();
      const y = x - amount * prev;
      prev = x;
      return y * Math.exp(-t / decay);
    });
  };
  const sweep = (seconds: number, f0: number, f1: number, fall: number, decay: number, click: number) => {
    let phase = 0;
    return make(seconds, (t) => {
      const f = f1 + (f0 - f1) * Math.exp(-t / fall);
      phase += (2 * Math.PI * f) / sr;
      return Math.sin(phase) * Math.exp(-t / decay) + click * noise() * Math.exp(-t / 0.003);
    });
  };
  const metal = (seconds: number, decay: number, freqs: number[]) =>
    make(seconds, (t) => (freqs.reduce((s, f) => s + Math.sign(Math.sin(2 * Math.PI * f * t)), 0) / freqs.length) * Math.exp(-t / decay));
  const hat = highPassed(0.08, 0.018);
  const metallic = metal(0.08, 0.015, [3200, 4300, 5900, 7100]);
  return {
    kick: sweep(0.45, 150, 48, 0.035, 0.22, 0.3),
    snare: (() => {
      const body = sweep(0.25, 240, 180, 0.02, 0.06, 0);
      const rattle = highPassed(0.25, 0.07, 0.6);
      return body.map((v, i) => 0.6 * v + 0.7 * rattle[i]!);
    })(),
    clap: make(0.3, (t) => {
      const bursts = [0, 0.011, 0.022].reduce((s, o) => s + (t >= o ? Math.exp(-(t - o) / (o === 0.022 ? 0.09 : 0.006)) : 0), 0);
      return noise() * bursts * 0.5;
    }),
    hat: hat.map((v, i) => 0.45 * v + 0.25 * metallic[i]!),
    openHat: highPassed(0.45, 0.16).map((v) => v * 0.5),
    ride: (() => {
      const n = highPassed(1.2, 0.45, 0.95);
      const m = metal(1.2, 0.6, [2950, 4150, 5210, 6800]);
      return n.map((v, i) => 0.2 * v + 0.18 * m[i]!);
    })(),
    rim: make(0.06, (t) => (Math.sin(2 * Math.PI * 1750 * t) + 0.6 * Math.sin(2 * Math.PI * 820 * t)) * Math.exp(-t / 0.012) * 0.6),
    shaker: (() => {
      const n = highPassed(0.12, 0.035);
      return n.map((v, i) => v * Math.min(1, i / (0.012 * sr)) * 0.35);
    })(),
    tom: sweep(0.5, 180, 95, 0.06, 0.18, 0.1),
    taiko: sweep(0.9, 120, 62, 0.05, 0.32, 0.25).map((v) => v * 1.2),
    woodblock: make(0.08, (t) => (Math.sin(2 * Math.PI * 950 * t) + 0.5 * Math.sin(2 * Math.PI * 1420 * t)) * Math.exp(-t / 0.018) * 0.7),
    crash: highPassed(2, 0.7, 0.95).map((v) => v * 0.35),
    conga: sweep(0.3, 330, 260, 0.015, 0.09, 0.05),
    noise: highPassed(0.02, 0.01).map((v) => v * 0.2),
  };
}
