import { describe, expect, it } from 'vitest';
import { beatGrid, FRAME_RATE, onTheBeat } from './sound';

/** Onset strengths at the analysis frame rate: a spike at each given time, nothing between. */
function spikes(seconds: number, times: number[], height = 1): Float32Array {
  const o = new Float32Array(Math.round(seconds * FRAME_RATE));
  // A frame's onset belongs to its centre (beatGrid's times): frame i is centred at (i + 2) / FRAME_RATE.
  for (const t of times) {
    const i = Math.round(t * FRAME_RATE) - 2;
    if (i >= 0 && i < o.length) o[i] = height;
  }
  return o;
}

describe('the beat grid', () => {
  // 120 BPM: beats every 0.5 s from 1 s; the off-beats a quarter of a second later.
  const beats = Array.from({ length: 40 }, (_, k) => 1 + k * 0.5);
  const offBeats = beats.map((t) => t + 0.25);

  it('follows the strongest onsets at the tempo it is given', () => {
    const grid = beatGrid(spikes(22, beats), FRAME_RATE, 120);
    expect(grid.length).toBeGreaterThanOrEqual(39);
    for (const t of grid) expect(Math.abs((t - 1) / 0.5 - Math.round((t - 1) / 0.5))).toBeLessThan(0.1);
  });

  it('moves half a beat when the kick and bass play between its beats (hats and stabs on the off-beat)', () => {
    // The whole band is loudest on the off-beats, so the grid lands there; the low bands hit on the beats.
    const grid = beatGrid(spikes(22, offBeats), FRAME_RATE, 120);
    expect(Math.abs(grid[5]! - offBeats[5]!)).toBeLessThan(0.05);
    const moved = onTheBeat(grid, spikes(22, beats));
    expect(moved.length).toBeGreaterThanOrEqual(grid.length - 1);
    for (const t of moved) expect(Math.abs((t - 1) / 0.5 - Math.round((t - 1) / 0.5))).toBeLessThan(0.1);
  });

  it('stays put when the low bands agree with it, or say nothing', () => {
    const grid = beatGrid(spikes(22, beats), FRAME_RATE, 120);
    expect(onTheBeat(grid, spikes(22, beats))).toEqual(grid);
    expect(onTheBeat(grid, new Float32Array(Math.round(22 * FRAME_RATE)))).toEqual(grid);
    // A bass on every eighth, a little louder on the beat: on the beat already.
    const eighths = new Float32Array(spikes(22, beats));
    spikes(22, offBeats, 0.8).forEach((v, i) => (eighths[i] = Math.max(eighths[i]!, v)));
    expect(onTheBeat(grid, eighths)).toEqual(grid);
  });
});
