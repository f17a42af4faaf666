/**
 * What the key finder makes of sounds with one chord or one note throughout (drones, pads, a test tone), where
 * chord-based cues have the least to go on: 12 s of sines, read with KEY_PARAMS and with the eight weights of
 * before the chord weights (2026-11-27), from the same evidence.
 *
 *   node --import tsx bench/analysis/drones.ts
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Analyser } from '../../apps/server/src/media/analyse';
import { decodeMonoPcm } from '../../apps/server/src/media/decode';
import { decideKey, KEY_PARAMS, keyEvidence } from '../../apps/server/src/media/key';
import { probeFile } from '../../apps/server/src/media/probe';
import { render } from '../../apps/server/test/fixtures/audio';
const HZ = (m: number) => 440 * 2 ** ((m - 69) / 12);
/** The eight weights before the chord weights were fitted, and no chord weights. */
const OLD = {
  weights: {
    trebleProfile: 2.79,
    chordProfile: 3.81,
    dominantChord: 6.54,
    subdominantChord: 2.59,
    minor: 1.71,
    closing: 2.25,
    firstBass: 1.23,
    lastBass: 0.81,
    foregroundProfile: 0,
    foregroundFlat: 0,
    chordFlat: 0,
    trebleFlat: 0,
  },
  chordWeights: { major: new Array(24).fill(0), minor: new Array(24).fill(0) },
};
const OLD_WEIGHTS = { ...OLD, distorted: { weights: zeroes(OLD.weights), chordWeights: OLD.chordWeights } };
function zeroes<T extends Record<string, number>>(w: T): T {
  return Object.fromEntries(Object.keys(w).map((k) => [k, 0])) as T;
}
const N = ['C', 'D♭', 'D', 'E♭', 'E', 'F', 'F♯', 'G', 'A♭', 'A', 'B♭', 'B'];
const cases: [string, number[]][] = [
  ['lone A4', [69]],
  ['C major triad + bass', [60, 64, 67, 36]],
  ['A minor triad + bass', [57, 60, 64, 33]],
  ['D major triad + bass', [62, 66, 69, 38]],
  ['E minor triad + bass', [64, 67, 71, 40]],
  ['C5 power + bass', [48, 55, 36]],
];
for (const [name, notes] of cases) {
  const file = path.join(tmpdir(), `sori-drone-${process.pid}-${name.replace(/\W+/g, '_')}.wav`);
  const sines = notes.map((m) => `sin(2*PI*${HZ(m).toFixed(3)}*t)`).join('+');
  await render(`aevalsrc='0.15*(${sines})':s=44100:d=12`, file, 'wav', { channels: 1 });
  const a = new Analyser();
  await decodeMonoPcm(file, await probeFile(file), (x) => a.push(x));
  a.finish();
  await rm(file);
  const ev = keyEvidence(a.keyFrames, KEY_PARAMS);
  if (!ev) {
    console.log(name, 'no key');
    continue;
  }
  const now = decideKey(ev, KEY_PARAMS);
  const old = decideKey(ev, OLD_WEIGHTS);
  console.log(
    `${name.padEnd(24)} now ${N[now.tonic]} ${now.mode} (${now.confidence})   before ${N[old.tonic]} ${old.mode} (${old.confidence})  clarity ${ev.clarity.toFixed(2)}`,
  );
}
