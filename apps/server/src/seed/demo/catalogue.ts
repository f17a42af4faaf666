/**
 * The demo catalogue: about sixty short pieces composed and synthesised in code (seeded, no network), one
 * or more for every genre, across moods, all four speeds and most keys. Each entry knows its true tempo
 * and key, so the same set is the accuracy test of the BPM and key estimators.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { KEY_NAME_BY_PITCH_CLASS, speedFromBpm } from '@sori/contract';
import { PNG } from 'pngjs';
import { STYLE_OF_GENRE, STYLES, type Part, type Style, type StyleName } from './styles';
import { mulberry32 } from '../../lib/random';
import type { KeyMode } from '../../media/key';
import { drumKit, Mixer, type DrumName, type Note, type StereoBuffer } from './synth';

export interface DemoTrack {
  /** 1-based position in the catalogue; also the seed. */
  index: number;
  slug: string;
  title: string;
  artist: string;
  genre: number;
  moods: readonly number[];
  /** The tempo the piece is written at (quarter-note beats per minute). */
  bpm: number;
  tonic: number;
  mode: KeyMode;
  soundKey: string;
  speed: 1 | 2 | 3 | 4;
  style: StyleName;
  /** Exact length of the rendered audio. */
  durationSec: number;
  bars: number;
}

type Row = [title: string, artist: string, genre: number, moods: number[], bpm: number, key: string, seconds: number];

// Titles and artists are invented; they read naturally in the language they are written in.
const ROWS: Row[] = [
  ['바나나 껍질 행진곡', '동네방네 악단', 101, [1501, 1505, 1507], 132, 'F', 35],
  ['살금살금 고양이', '동네방네 악단', 101, [1511, 1510], 104, 'Dm', 40],
  ['Morning Palace March', 'Seoul City Philharmonic', 201, [1701, 1702], 112, 'Bb', 60],
  ['Rise of the Titans', 'Aurora Symphonic', 202, [1701, 1203, 1601], 140, 'Dm', 65],
  ['記憶の欠片', '水野 蒼', 203, [1402, 1404, 1401], 76, 'Ab', 70],
  ['Northern Lights Drift', 'Glass Harbor', 204, [1406, 1302], 68, 'E', 70],
  ['Final Countdown Protocol', 'Ironclad Scores', 205, [1601, 1606, 1901], 150, 'Cm', 50],
  ['카페 모퉁이에서', '김하늘 트리오', 301, [1301, 1405], 118, 'F', 60],
  ['Saturday Night Swing', 'The Velvet Brass', 302, [1201, 1202], 168, 'Bb', 50],
  ['イパネマの午後', 'Café Soleil', 303, [1301, 1405, 1305], 126, 'D', 60],
  ['봄날의 왈츠', '소리공방 앙상블', 304, [1104, 1404], 138, 'G', 55],
  ['Fiesta en la Playa', 'Los Hermanos Ritmo', 305, [1201, 1202], 110, 'Am', 50],
  ['Carnaval Sunrise', 'Banda Azul', 306, [1201, 1101], 102, 'C', 45],
  ['Última Noche', 'Orquesta Sombra', 307, [1405, 1901, 1305], 116, 'Em', 60],
  ['Island Breeze', 'Roots Harmony', 308, [1301, 1303], 76, 'G', 65],
  ['달리는 밤', '블루 게이트', 401, [1203, 1201], 136, 'E', 50],
  ['Iron Rain', 'Black Harbor', 402, [1203, 1601, 1902], 172, 'Em', 40],
  ['Get Up & Groove', 'Soul Kitchen Band', 403, [1202, 1201], 104, 'Gm', 50],
  ['시골길 산책', '들꽃', 404, [1102, 1304], 96, 'G', 55],
  ['Dusty Road Home', 'Cody & The Pines', 405, [1101, 1106], 122, 'A', 45],
  ['Midnight Train Blues', 'Slim Walker', 406, [1803, 1301], 84, 'E', 60],
  ['Electric Sky', 'NOVA-K', 501, [1201, 1203, 1607], 128, 'Fm', 50],
  ['Deep Night Lounge', 'Sunset Collective', 502, [1202, 1305], 124, 'Bbm', 60],
  ['돈 워리', 'Young Mist', 503, [1902, 1203], 140, 'F#m', 45],
  ['Gravity Drop', 'Bass Reactor', 504, [1203, 1601], 140, 'C#m', 40],
  ['Berlin Underground', 'Kontakt 9', 505, [1901, 1902], 132, 'Am', 55],
  ['Mirror Ball Fever', 'The Funky Jets', 506, [1201, 1202, 1101], 118, 'Eb', 50],
  ['君と夏の終わり', 'ひかり', 507, [1403, 1401], 150, 'D', 45],
  ['ピクセル大冒険', '8bit勇者団', 508, [1106, 1101, 1507], 156, 'C', 40],
  ['Neon Highway 1986', 'Chrome Sunset', 509, [1406, 1202], 108, 'Bm', 55],
  ['오늘 밤은 춤을', '네온 시티', 510, [1201, 1101], 126, 'A', 50],
  ['Concrete Dreams', 'MC Lowkey', 601, [1202, 1905], 92, 'Cm', 50],
  ['비 오는 날 공부방', '로파이 고양이', 602, [1302, 1804], 78, 'Eb', 65],
  ['Velvet Sunday', 'Mina Grace', 603, [1405, 1305], 84, 'Db', 60],
  ['Keep On Shining', 'The Golden Hours', 604, [1403, 1202], 98, 'G', 50],
  ['너에게 닿기를', '하루', 705, [1101, 1104, 1405], 112, 'D', 60],
  ['朝露', '木村 空', 701, [1102, 1404, 1304], 72, 'C', 70],
  ['Coffee & Sunshine', 'Emma Hart', 702, [1101, 1304], 104, 'A', 50],
  ['그 겨울의 기억', '이서연', 703, [1801, 1804, 1402], 66, 'G#m', 70],
  ['Snowy Bells', 'Winter Choir', 704, [1101, 1103, 1703], 120, 'G', 40],
  ['인생은 트로트', '박소리', 706, [1201, 1501, 2003], 130, 'Am', 45],
  ['Silk Road Caravan', 'Nomad Ensemble', 801, [2002, 1106], 100, 'Dm', 60],
  ['Clockwork Tension', 'Sound Lab Seoul', 802, [1901, 2001, 1602], 120, 'Am', 40],
  ['サクラ色の風', '澪とパラソル', 705, [1104, 1101, 2004], 124, 'E', 50],
  ['Late Night Study Room', 'Sleepy Fox', 602, [1302, 1406], 70, 'Ab', 65],
  ['深海の記憶', '海の音', 204, [1406, 1902, 1904], 60, 'C#m', 75],
  ['Letters I Never Sent', 'Daniel Moon', 703, [1801, 1405], 72, 'Eb', 70],
  ['골목길 비트', 'DJ 소리', 601, [1202, 1201], 88, 'Em', 45],
  ['Starlight Festival', 'Kira Beats', 501, [1201, 1607, 1101], 128, 'B', 50],
  ['Highway Sunrise', 'The Roadside', 401, [1201, 1106], 148, 'D', 45],
  ['Beneath the Surface', 'Arden Lowe', 203, [1602, 1901], 90, 'Fm', 60],
  ['月夜のワルツ', 'カルテット・ルナ', 304, [1405, 1804], 96, 'Gm', 55],
  ['엉뚱한 탐정', '뚝딱 사운드', 101, [1510, 1603, 1506], 116, 'Gm', 40],
  ['Summer Postcards', 'Lily & Ray', 705, [1101, 1403], 104, 'Ab', 50],
  ['남도 아리랑 변주', '가야금 프로젝트', 801, [2003, 1804], 80, 'A', 65],
  ["Dragon's Oath", 'Aurora Symphonic', 202, [1702, 1701], 96, 'Ebm', 60],
  ['Blue Lagoon Café', 'Lua Nova', 303, [1301, 1405], 134, 'Bb', 50],
  ['Midnight Factory', 'Kontakt 9', 505, [1902, 1901], 136, 'Fm', 45],
  ['Sunday Gospel', 'The Golden Hours', 604, [1703, 1403], 64, 'C', 60],
  ['Boss Battle!', '8bit勇者団', 508, [1601, 1606], 176, 'Cm', 35],
  ['Haunted Toy Box', 'Pumpkin Lane', 101, [2007, 1904, 1506], 110, 'Bbm', 40],
];

const LETTER_PC: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

function parseKey(key: string): { tonic: number; mode: KeyMode } {
  const m = /^([A-G])([#b]?)(m?)$/.exec(key);
  if (!m) throw new Error(`Bad demo key ${key}`);
  const acc = m[2] === '#' ? 1 : m[2] === 'b' ? -1 : 0;
  return { tonic: (LETTER_PC[m[1]!]! + acc + 12) % 12, mode: m[3] ? 'minor' : 'major' };
}

/** Seconds of ring-out after the last bar (reverb and the final chord's release). */
const TAIL_SEC = 2.5;
const MIN_DEMO_SEC = 30;

/** Whole four-bar phrases that fit in the target length (the ring-out tail comes on top). */
function barsFor(seconds: number, bpm: number, meter: number): number {
  let bars = Math.max(8, Math.floor(((seconds - TAIL_SEC) * bpm) / 60 / meter / 4) * 4);
  while ((bars * meter * 60) / bpm + TAIL_SEC < MIN_DEMO_SEC) bars += 4;
  return bars;
}

export const DEMO_CATALOGUE: readonly DemoTrack[] = ROWS.map(([title, artist, genre, moods, bpm, key, seconds], i) => {
  const style = STYLE_OF_GENRE[genre];
  if (!style) throw new Error(`No demo style for genre ${genre}`);
  const { tonic, mode } = parseKey(key);
  const meter = STYLES[style].meter;
  const bars = barsFor(seconds, bpm, meter);
  return Object.freeze({
    index: i + 1,
    slug: `demo-${String(i + 1).padStart(2, '0')}`,
    title,
    artist,
    genre,
    moods: Object.freeze([...moods]),
    bpm,
    tonic,
    mode,
    soundKey: KEY_NAME_BY_PITCH_CLASS[tonic]!,
    speed: speedFromBpm(bpm),
    style,
    durationSec: (bars * meter * 60) / bpm + TAIL_SEC,
    bars,
  });
});

const SCALES: Record<KeyMode, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
};

const PROGRESSIONS: Record<KeyMode, readonly (readonly number[])[]> = {
  major: [
    [0, 4, 5, 3],
    [0, 5, 3, 4],
    [0, 3, 4, 0],
    [0, 3, 0, 4],
    [0, 1, 4, 0],
    [0, 2, 3, 4],
  ],
  // Minor progressions start and end their phrase on i, as minor-key songs mostly do; a loop that spends
  // as long on the relative major's chords (i–VI–III–VII) is ambiguous even to listeners.
  minor: [
    [0, 5, 6, 0],
    [0, 3, 4, 0],
    [0, 3, 6, 0],
    [0, 0, 5, 4],
    [0, 5, 3, 4],
  ],
};
const BLUES = [0, 0, 0, 0, 3, 3, 0, 0, 4, 3, 0, 4];

interface Chord {
  root: number;
  /** Pitch classes (absolute) from the root up. */
  tones: number[];
  /** Intervals above the root of the third and seventh, for walking bass lines. */
  third: number;
  seventh: number;
}

function chordOf(degree: number, t: { tonic: number; mode: KeyMode }, style: Style, blues: boolean): Chord {
  const s = SCALES[t.mode];
  const at = (d: number) => (t.tonic + s[d % 7]!) % 12;
  const root = at(degree);
  let third = (at(degree + 2) - root + 12) % 12;
  const fifth = (at(degree + 4) - root + 12) % 12;
  let seventh = (at(degree + 6) - root + 12) % 12;
  if (t.mode === 'minor' && style.harmonicMinor && degree === 4) {
    third = 4;
    seventh = 10;
  }
  if (blues) {
    third = 4;
    seventh = 10;
  }
  const intervals = style.sevenths || blues ? [0, third, fifth, seventh] : [0, third, fifth];
  return { root, tones: intervals.map((iv) => (root + iv) % 12), third, seventh };
}

/** Places pitch classes within a fifth of a register centre: close voicings that move smoothly. */
function voice(tones: number[], centre: number): number[] {
  return tones
    .map((pc) => {
      let m = centre - 6 + ((((pc - (centre - 6)) % 12) + 12) % 12);
      if (m >= centre + 6) m -= 12;
      return m;
    })
    .sort((a, b) => a - b);
}

const LEAD_RHYTHMS: Record<Style['lead']['rhythm'], number[][][]> = {
  quarters: [
    [
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
    ],
    [
      [0, 2],
      [2, 1],
      [3, 1],
    ],
    [
      [0, 1],
      [1, 1],
      [2, 2],
    ],
  ],
  eighths: [
    [
      [0, 0.5],
      [0.5, 0.5],
      [1, 0.5],
      [1.5, 0.5],
      [2, 1],
      [3, 0.5],
      [3.5, 0.5],
    ],
    [
      [0, 1],
      [1, 0.5],
      [1.5, 0.5],
      [2, 0.5],
      [2.5, 0.5],
      [3, 1],
    ],
    [
      [0, 0.5],
      [0.5, 0.5],
      [1, 1],
      [2, 0.5],
      [2.5, 0.5],
      [3, 0.5],
      [3.5, 0.5],
    ],
  ],
  mixed: [
    [
      [0, 1.5],
      [1.5, 0.5],
      [2, 1],
      [3, 1],
    ],
    [
      [0, 0.5],
      [0.5, 0.5],
      [1, 1],
      [2, 2],
    ],
    [
      [0, 1],
      [1, 0.5],
      [1.5, 1.5],
      [3, 1],
    ],
  ],
  sparse: [
    [
      [0, 2],
      [2, 2],
    ],
    [
      [0, 3],
      [3, 1],
    ],
    [
      [0, 1],
      [1, 3],
    ],
    [[0, 4]],
  ],
};

interface Hit {
  drum: DrumName;
  t: number;
  vel: number;
}

interface Score {
  notes: Note[];
  hits: Hit[];
}

const DRUM_VEL: Record<string, number> = { X: 1, x: 0.75, o: 0.45, g: 0.22 };
const DRUM_LEVEL: Partial<Record<DrumName, number>> = {
  kick: 1,
  snare: 0.8,
  clap: 0.8,
  hat: 0.45,
  openHat: 0.4,
  ride: 0.5,
  rim: 0.6,
  shaker: 0.5,
  tom: 0.7,
  taiko: 0.9,
  woodblock: 0.6,
  crash: 0.5,
  conga: 0.6,
  noise: 0.6,
};
const DRUM_PAN: Partial<Record<DrumName, number>> = {
  hat: 0.3,
  openHat: 0.3,
  ride: -0.3,
  shaker: 0.4,
  conga: -0.35,
  tom: -0.2,
  woodblock: 0.25,
};

function compose(track: DemoTrack, style: Style, rand: () => number): Score {
  const beat = 60 / track.bpm;
  const bar = beat * style.meter;
  const stepsPerBeat = style.grid / style.meter;
  const swing = style.swing ?? 0.5;
  // Position of a grid step within its beat, with the off-beats pushed late by the swing.
  const stepTime = (step: number): number => {
    const b = Math.floor(step / stepsPerBeat);
    const p = step % stepsPerBeat;
    let within: number;
    if (stepsPerBeat === 4) within = [0, swing / 2, swing, swing + (1 - swing) / 2][p]!;
    else within = p / stepsPerBeat;
    return (b + within) * beat;
  };
  const jitter = () => (rand() - 0.5) * 0.006;
  const human = (v: number) => v * (0.92 + rand() * 0.16);

  const isBlues = track.style === 'blues';
  const progressions = PROGRESSIONS[track.mode];
  const progression = isBlues ? BLUES : progressions[Math.floor(rand() * progressions.length)]!;
  const chordAtBar = (b: number): Chord => {
    const idx = Math.floor(b / (isBlues ? 1 : style.chordBars)) % progression.length;
    return chordOf(progression[idx]!, track, style, isBlues);
  };

  const notes: Note[] = [];
  const hits: Hit[] = [];
  const lastBar = track.bars - 1;
  const scale = SCALES[track.mode];
  const leadBase = track.tonic + 12 * Math.floor((style.lead.centre - 6) / 12);
  const degreeToMidi = (d: number) => leadBase + scale[((d % 7) + 7) % 7]! + 12 * Math.floor(d / 7);
  let leadDegree = 7;
  while (degreeToMidi(leadDegree) < style.lead.centre - 3) leadDegree++;
  while (degreeToMidi(leadDegree) > style.lead.centre + 3) leadDegree--;

  const patternEvents = (pattern: string, onEvent: (step: number, ch: string, holdSteps: number) => void) => {
    for (let s = 0; s < style.grid; s++) {
      const ch = pattern[s % pattern.length]!;
      if (ch === '.' || ch === '-') continue;
      let hold = 1;
      while (s + hold < style.grid && pattern[(s + hold) % pattern.length] === '-') hold++;
      onEvent(s, ch, hold);
    }
  };
  const stepDur = bar / style.grid;

  for (let b = 0; b < track.bars; b++) {
    const t0 = b * bar;
    const chord = chordAtBar(b);
    const intro = b < 4;
    const ending = b === lastBar;
    const fillBar = b % 8 === 7 && !ending;

    // Drums
    if (ending) {
      hits.push({ drum: 'kick', t: t0, vel: 1 }, { drum: 'crash', t: t0, vel: 0.8 });
    } else {
      for (const [name, pattern] of Object.entries(style.drums) as [DrumName, string][]) {
        if (intro && b < 2 && (name === 'snare' || name === 'clap')) continue;
        for (let s = 0; s < style.grid; s++) {
          const ch = pattern[s % pattern.length]!;
          const v = DRUM_VEL[ch];
          if (v === undefined) continue;
          if (fillBar && s >= style.grid - stepsPerBeat) continue;
          hits.push({ drum: name, t: t0 + stepTime(s) + jitter(), vel: human(v) * (DRUM_LEVEL[name] ?? 0.6) });
        }
      }
      if (fillBar) {
        const fillDrum: DrumName = style.drums.snare ? 'snare' : style.drums.tom ? 'tom' : style.drums.taiko ? 'taiko' : 'rim';
        for (let s = style.grid - stepsPerBeat; s < style.grid; s++) {
          hits.push({ drum: fillDrum, t: t0 + stepTime(s) + jitter(), vel: human(0.5 + (0.4 * (s % stepsPerBeat)) / stepsPerBeat) * 0.8 });
        }
      }
      if (style.crashOnSections && b % 8 === 0 && b > 0) hits.push({ drum: 'crash', t: t0, vel: 0.7 });
    }

    // Bass
    const bassRoot = style.bass.centre - 6 + ((((chord.root - (style.bass.centre - 6)) % 12) + 12) % 12);
    const addPart = (p: Part, events: (onNote: (step: number, midi: number[], holdSteps: number) => void) => void) => {
      events((step, midis, hold) => {
        const t = t0 + stepTime(step) + jitter();
        const dur = ending ? bar : Math.max(stepDur * 0.9, hold * stepDur * 0.95);
        for (const midi of midis) notes.push({ t, dur, midi, vel: human(p.vel), timbre: p.timbre, pan: p.pan, send: p.send });
      });
    };
    if (ending) {
      notes.push({ t: t0, dur: bar, midi: bassRoot, vel: style.bass.vel, timbre: style.bass.timbre, pan: 0, send: style.bass.send });
    } else {
      addPart(style.bass, (on) =>
        patternEvents(style.bass.pattern, (s, ch, hold) => {
          const iv = { R: 0, F: 7, O: 12, T: chord.third, S: chord.seventh }[ch as 'R'] ?? 0;
          on(s, [bassRoot + iv], hold);
        }),
      );
    }

    // Accompaniment
    for (const p of style.comp) {
      const voiced = voice(chord.tones, p.centre);
      if (ending) {
        notes.push(...voiced.map((midi) => ({ t: t0, dur: bar, midi, vel: p.vel, timbre: p.timbre, pan: p.pan, send: p.send })));
        continue;
      }
      const arp = [...voiced, ...voiced.map((m) => m + 12)];
      let arpIndex = 0;
      addPart(p, (on) =>
        patternEvents(p.pattern, (s, ch, hold) => {
          if (ch === 'A') on(s, [arp[arpIndex++ % arp.length]!], Math.max(hold, 2));
          else on(s, voiced, hold);
        }),
      );
    }

    // Lead: eight bars on, eight off after the intro, resolving at phrase ends.
    const leadOn = !intro && !ending && Math.floor((b - 4) / 8) % 2 === 0;
    if (leadOn) {
      const cells = LEAD_RHYTHMS[style.lead.rhythm];
      const cell = cells[Math.floor(rand() * cells.length)]!.filter(([o]) => o! < style.meter);
      const chordPcs = new Set(chord.tones);
      cell.forEach(([offset, len], i) => {
        const strong = offset! % 1 === 0 && (offset === 0 || offset === 2);
        const phraseEnd = b % 4 === 3 && i === cell.length - 1;
        if (phraseEnd && chord.root === track.tonic) {
          // Cadence on the tonic nearest the current position.
          let d = leadDegree;
          while (((d % 7) + 7) % 7 !== 0) d += d % 7 < 4 ? -1 : 1;
          leadDegree = d;
        } else if (strong) {
          // Land on the nearest chord tone.
          let best = leadDegree;
          for (const delta of [0, 1, -1, 2, -2, 3, -3]) {
            if (chordPcs.has(((degreeToMidi(leadDegree + delta) % 12) + 12) % 12)) {
              best = leadDegree + delta;
              break;
            }
          }
          leadDegree = best;
        } else {
          const r = rand();
          leadDegree += r < 0.35 ? 1 : r < 0.7 ? -1 : r < 0.85 ? 2 : r < 0.95 ? -2 : 0;
        }
        if (degreeToMidi(leadDegree) > style.lead.centre + 8) leadDegree -= 2;
        if (degreeToMidi(leadDegree) < style.lead.centre - 8) leadDegree += 2;
        const whole = Math.floor(offset!);
        const frac = offset! - whole;
        const t = t0 + (whole + (frac === 0.5 ? swing : frac)) * beat + jitter();
        notes.push({
          t,
          dur: len! * beat * 0.9,
          midi: degreeToMidi(leadDegree),
          vel: human(style.lead.vel),
          timbre: style.lead.timbre,
          pan: style.lead.pan,
          send: style.lead.send,
        });
      });
    }
  }
  if (style.crackle) {
    const end = track.bars * bar;
    for (let t = rand() * 0.3; t < end; t += 0.05 + rand() * 0.4) hits.push({ drum: 'noise', t, vel: 0.1 + rand() * 0.25 });
  }
  return { notes, hits };
}

/** Renders one demo track to a stereo buffer (deterministic for a given track and sample rate). */
export function renderDemoTrack(track: DemoTrack, sampleRate = 44100): StereoBuffer {
  const style = STYLES[track.style];
  const rand = mulberry32(track.index * 7919 + 17);
  const score = compose(track, style, rand);
  const mixer = new Mixer(sampleRate, track.durationSec, track.index);
  const kit = drumKit(sampleRate, track.index * 31 + 5);
  for (const n of score.notes) mixer.note(n);
  for (const h of score.hits)
    mixer.hit(kit[h.drum], h.t, h.vel, DRUM_PAN[h.drum] ?? 0, h.drum === 'snare' || h.drum === 'clap' ? 0.25 : 0.08);
  mixer.reverb(style.reverb);
  return mixer.master(TAIL_SEC);
}

/** 16-bit PCM WAV of a stereo buffer. */
export function encodeWav(buf: StereoBuffer): Buffer {
  const frames = buf.left.length;
  const out = Buffer.alloc(44 + frames * 4);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + frames * 4, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(2, 22);
  out.writeUInt32LE(buf.sampleRate, 24);
  out.writeUInt32LE(buf.sampleRate * 4, 28);
  out.writeUInt16LE(4, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(frames * 4, 40);
  const pcm = new Int16Array(out.buffer, out.byteOffset + 44, frames * 2);
  for (let i = 0; i < frames; i++) {
    pcm[2 * i] = Math.max(-32768, Math.min(32767, Math.round(buf.left[i]! * 32767)));
    pcm[2 * i + 1] = Math.max(-32768, Math.min(32767, Math.round(buf.right[i]! * 32767)));
  }
  return out;
}

/** A cover for a demo track: a two-colour diagonal gradient with a disc, colours from the genre. */
export function renderDemoCover(track: DemoTrack, size = 500): Buffer {
  const rand = mulberry32(track.index * 104729);
  const group = Math.floor(track.genre / 100);
  const hue = (group * 47 + rand() * 40) % 360;
  const toRgb = (h: number, s: number, l: number): [number, number, number] => {
    const f = (n: number) => {
      const k = (n + h / 30) % 12;
      const a = s * Math.min(l, 1 - l);
      return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
    };
    return [f(0), f(8), f(4)];
  };
  const c1 = toRgb(hue, 0.55, 0.35);
  const c2 = toRgb((hue + 40 + rand() * 60) % 360, 0.6, 0.6);
  const disc = toRgb((hue + 180) % 360, 0.5, 0.8);
  const cx = size * (0.35 + rand() * 0.3);
  const cy = size * (0.35 + rand() * 0.3);
  const r = size * (0.15 + rand() * 0.15);
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const g = (x + y) / (2 * size);
      const d = Math.hypot(x - cx, y - cy);
      const inDisc = Math.max(0, Math.min(1, r - d + 0.5)) * 0.85;
      const i = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) {
        const base = c1[c]! * (1 - g) + c2[c]! * g;
        png.data[i + c] = Math.round(base * (1 - inDisc) + disc[c]! * inDisc);
      }
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const tmp = `${file}.${randomUUID()}.tmp`;
  const ws = createWriteStream(tmp);
  try {
    if (!ws.write(data)) await once(ws, 'drain');
    ws.end();
    await once(ws, 'finish');
    await rename(tmp, file);
  } catch (e) {
    ws.destroy();
    await rm(tmp, { force: true });
    throw e;
  }
}

export interface WrittenDemoTrack {
  track: DemoTrack;
  audioPath: string;
  coverPath: string;
}

/** Writes one track's WAV and cover PNG into `dir`. */
export async function writeDemoTrack(track: DemoTrack, dir: string, sampleRate = 44100): Promise<WrittenDemoTrack> {
  await mkdir(dir, { recursive: true });
  const audioPath = path.join(dir, `${track.slug}.wav`);
  const coverPath = path.join(dir, `${track.slug}.png`);
  await writeAtomically(audioPath, encodeWav(renderDemoTrack(track, sampleRate)));
  await writeAtomically(coverPath, renderDemoCover(track));
  return { track, audioPath, coverPath };
}

export interface WriteCatalogueOptions {
  tracks?: readonly DemoTrack[];
  sampleRate?: number;
  /** Worker threads rendering at once; 1 renders on the calling thread. */
  concurrency?: number;
  /** Called as each track is written (in completion order): ingest it, then delete the files if wanted. */
  onTrack?: (written: WrittenDemoTrack, done: number, total: number) => void | Promise<void>;
}

/**
 * Writes every demo track into `dir` and returns them in catalogue order. With `concurrency` above 1 the
 * rendering runs in worker threads while `onTrack` (ingesting, say) runs here on the main thread.
 */
export async function writeDemoCatalogue(dir: string, opts: WriteCatalogueOptions = {}): Promise<WrittenDemoTrack[]> {
  const tracks = opts.tracks ?? DEMO_CATALOGUE;
  const sampleRate = opts.sampleRate ?? 44100;
  const concurrency = Math.max(1, Math.min(opts.concurrency ?? 1, tracks.length));
  await mkdir(dir, { recursive: true });
  const out = new Map<number, WrittenDemoTrack>();
  let done = 0;
  const finished = async (written: WrittenDemoTrack) => {
    out.set(written.track.index, written);
    await opts.onTrack?.(written, ++done, tracks.length);
  };
  if (concurrency === 1) {
    for (const track of tracks) await finished(await writeDemoTrack(track, dir, sampleRate));
  } else {
    await renderInWorkers(tracks, dir, sampleRate, concurrency, finished);
  }
  return tracks.map((t) => out.get(t.index)!);
}

/**
 * Worker threads do not inherit the TypeScript loader of the main thread, so the worker's bootstrap
 * registers tsx itself before importing the (TypeScript) worker module.
 */
function startWorker(): Worker {
  // In the production bundle (apps/server/dist) the worker is plain JavaScript next to this module.
  if (import.meta.url.endsWith('.mjs')) return new Worker(new URL('./demo-worker.mjs', import.meta.url));
  const entry = new URL('./worker.ts', import.meta.url).href;
  let tsxApi = 'tsx/esm/api';
  try {
    // Resolved from here so the worker finds tsx whatever the process's working directory.
    tsxApi = import.meta.resolve('tsx/esm/api');
  } catch {
    // Runtimes without import.meta.resolve fall back to resolving from the working directory.
  }
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true });
}

async function renderInWorkers(
  tracks: readonly DemoTrack[],
  dir: string,
  sampleRate: number,
  concurrency: number,
  finished: (w: WrittenDemoTrack) => Promise<void>,
): Promise<void> {
  const queue = [...tracks];
  const byIndex = new Map(tracks.map((t) => [t.index, t]));
  const workers = Array.from({ length: concurrency }, () => startWorker());
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let pending: Promise<void> = Promise.resolve();
            const sendNext = () => {
              const track = queue.shift();
              if (!track) {
                pending.then(resolve, reject);
                return;
              }
              worker.postMessage({ index: track.index, dir, sampleRate });
            };
            worker.on('message', (reply: { index: number; audioPath?: string; coverPath?: string; error?: string }) => {
              if (reply.error !== undefined || !reply.audioPath || !reply.coverPath) {
                reject(new Error(`Rendering demo track ${reply.index} failed: ${reply.error ?? 'no output'}`));
                return;
              }
              const written = { track: byIndex.get(reply.index)!, audioPath: reply.audioPath, coverPath: reply.coverPath };
              // The next track renders while this one is handed over (and ingested) on the main thread.
              pending = pending.then(() => finished(written));
              pending.catch(reject);
              sendNext();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (code !== 0) reject(new Error(`Demo worker exited with ${code}`));
            });
            sendNext();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
