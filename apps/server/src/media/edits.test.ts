import { describe, expect, it } from 'vitest';
import { BEATS_PER_BAR, editLengthsFor, findBars, JOIN_CROSSFADE_SEC, planEdit } from './edits';
import { FRAME_RATE, type SoundAnalysis } from './sound';

/**
 * A made-up analysis: `seconds` of music at `bpm` whose beats start at `offset`, bars of `beatsPerBar` beats
 * and two kinds (A: chroma on C, B: on G) in the pattern given, and silence after the music ends.
 */
function analysis(
  seconds: number,
  bpm: number,
  pattern: string,
  offset = 0,
  silenceAfter = 0,
  beatsPerBar = 4,
  pickupBeats = 0,
): SoundAnalysis {
  const period = 60 / bpm;
  const beats: number[] = [];
  for (let t = offset - pickupBeats * period; t < seconds - 0.01; t += period) beats.push(Math.round(t * 1000) / 1000);
  const count = Math.floor((seconds + silenceAfter) * FRAME_RATE);
  const mfcc = new Float32Array(count * 13);
  const chroma = new Float32Array(count * 12);
  const db = new Float32Array(count).fill(-20);
  const onset = new Float32Array(count);
  const bar = period * beatsPerBar;
  for (let i = 0; i < count; i++) {
    const t = i / FRAME_RATE;
    if (t >= seconds) {
      db[i] = -90;
      continue;
    }
    const kind = pattern[Math.floor(Math.max(0, t - offset) / bar) % pattern.length] ?? 'A';
    chroma[i * 12 + (kind === 'A' ? 0 : 7)] = 1;
    mfcc[i * 13] = kind === 'A' ? 1 : -1;
  }
  return {
    durationSec: seconds + silenceAfter,
    tempo: null,
    key: null,
    beats,
    vector: [],
    frames: { fps: FRAME_RATE, count, mfcc, chroma, db, onset, lowOnset: onset },
  };
}

describe('planEdit', () => {
  it('offers the lengths a track is long enough for', () => {
    expect(editLengthsFor(null)).toEqual([]);
    expect(editLengthsFor(17)).toEqual([]);
    expect(editLengthsFor(18)).toEqual([15]);
    expect(editLengthsFor(40)).toEqual([15, 30]);
    expect(editLengthsFor(200)).toEqual([15, 30, 60]);
    expect(planEdit(analysis(40, 120, 'A'), 60)).toBeNull();
  });

  it('keeps the opening and the ending, cuts whole bars on downbeats, and hits the length', () => {
    // 120 BPM: 2 s bars; from 62, 78 or 94 s of music a 30 s edit leaves out 16, 24 or 32 whole bars.
    for (const seconds of [62, 78, 94]) {
      const a = analysis(seconds, 120, 'AABB');
      const plan = planEdit(a, 30)!;
      expect(plan.segments[0]!.from).toBe(a.beats[0]);
      expect(plan.fadeOutSec).toBe(0);
      expect(plan.segments.at(-1)!.to).toBeCloseTo(seconds, 1);
      expect(Math.abs(plan.lengthSec - 30)).toBeLessThanOrEqual(0.4);
      const cutFrom = plan.segments[0]!.to - JOIN_CROSSFADE_SEC / 2;
      const cutTo = plan.segments[1]!.from + JOIN_CROSSFADE_SEC / 2;
      // Both sides of the cut are downbeats (every fourth beat), so a whole number of bars is left out.
      expect(a.beats.indexOf(cutFrom) % BEATS_PER_BAR).toBe(0);
      expect(a.beats.indexOf(cutTo) % BEATS_PER_BAR).toBe(0);
      // …where the music is the same on both sides: the bar played after the join is the kind that would have come.
      const kind = (t: number) => 'AABB'[Math.floor(t / 2) % 4];
      expect(kind(cutTo)).toBe(kind(cutFrom));
      expect(kind(cutTo - 2)).toBe(kind(cutFrom - 2));
    }
  });

  it('finds bars of three in a waltz and cuts whole bars of three; music in four stays in four', () => {
    // 150 BPM in three: 1.2 s bars. Cutting groups of four beats would leave a bar of two or four behind.
    const waltz = analysis(70.8, 150, 'AB', 0, 0, 3);
    expect(findBars(waltz).beatsPerBar).toBe(3);
    const plan = planEdit(waltz, 30)!;
    expect(plan.beatsPerBar).toBe(3);
    expect(plan.fadeOutSec).toBe(0);
    expect(Math.abs(plan.lengthSec - 30)).toBeLessThanOrEqual(0.4);
    const cutFrom = plan.segments[0]!.to - JOIN_CROSSFADE_SEC / 2;
    const cutTo = plan.segments[1]!.from + JOIN_CROSSFADE_SEC / 2;
    expect(waltz.beats.indexOf(cutFrom) % 3).toBe(0);
    expect(waltz.beats.indexOf(cutTo) % 3).toBe(0);
    const kind = (t: number) => 'AB'[Math.floor(t / 1.2 + 1e-6) % 2];
    expect(kind(cutTo)).toBe(kind(cutFrom));
    // Chords changing every bar or every other bar in four; too few beats to tell: four.
    for (const pattern of ['AB', 'AABB', 'AAAB']) {
      const four = analysis(64, 120, pattern);
      expect(findBars(four).beatsPerBar, pattern).toBe(4);
      expect(planEdit(four, 30)!.beatsPerBar).toBe(4);
    }
    const short = analysis(9, 150, 'AB', 0, 0, 3);
    expect(findBars(short).beatsPerBar).toBe(4);
  });

  it('finds the downbeat after a pickup, keeps the pickup in the opening and cuts whole bars from the downbeats', () => {
    for (const [pickup, beatsPerBar] of [
      [1, 4],
      [3, 4],
      [2, 3],
    ] as const) {
      // The first bar starts `pickup` beats after the first beat (bars of A and B alternate, so the harmony changes there).
      const bpm = 120;
      const offset = (pickup * 60) / bpm;
      const a = analysis(70 + offset, bpm, 'AB', offset, 0, beatsPerBar, pickup);
      const plan = planEdit(a, 30)!;
      expect(plan.beatsPerBar, `${pickup} before bars of ${beatsPerBar}`).toBe(beatsPerBar);
      expect(plan.downbeat, `${pickup} before bars of ${beatsPerBar}`).toBe(pickup);
      expect(plan.segments[0]!.from).toBe(a.beats[0]);
      const cutFrom = a.beats.indexOf(plan.segments[0]!.to - JOIN_CROSSFADE_SEC / 2);
      const cutTo = a.beats.indexOf(plan.segments[1]!.from + JOIN_CROSSFADE_SEC / 2);
      expect((cutFrom - pickup) % beatsPerBar).toBe(0);
      expect((cutTo - pickup) % beatsPerBar).toBe(0);
    }
  });

  it('cuts the ending short with a fade only when no whole-bar cut lands on the length', () => {
    // 2 s bars: from 61.9 s, leaving out 32 s gives 29.9 s (within); from 62.9 s, 30.9 or 28.9 (neither).
    const kept = planEdit(analysis(61.9, 120, 'AB'), 30)!;
    expect(kept.fadeOutSec).toBe(0);
    const cut = planEdit(analysis(62.9, 120, 'AB'), 30)!;
    expect(cut.fadeOutSec).toBeGreaterThan(0);
    expect(cut.lengthSec).toBe(30);
  });

  it('leaves trailing silence out of the ending, and starts at the first beat', () => {
    const a = analysis(61, 120, 'AB', 0.4, 6);
    const plan = planEdit(a, 30)!;
    expect(plan.segments[0]!.from).toBe(0.4);
    expect(plan.segments.at(-1)!.to).toBeLessThanOrEqual(61.6);
    expect(Math.abs(plan.lengthSec - 30)).toBeLessThanOrEqual(0.4);
  });

  it('without a beat, cuts on a half-second grid', () => {
    const a = { ...analysis(50, 120, 'A'), beats: [] };
    const plan = planEdit(a, 15)!;
    expect(Math.abs(plan.lengthSec - 15)).toBeLessThanOrEqual(0.4);
    for (const s of plan.segments.slice(1)) expect(((s.from + JOIN_CROSSFADE_SEC / 2) * 2) % 1).toBeCloseTo(0, 6);
  });
});
