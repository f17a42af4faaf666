import { describe, expect, it } from 'vitest';
import { decideKey, KEY_FEATURES, KEY_PARAMS, type KeyCandidate, type KeyEvidence, type KeyFeature } from './key';

/** A candidate with every feature at 0 but those given, and no chords heard. */
function candidate(tonic: number, features: Partial<Record<KeyFeature, number>>): KeyCandidate {
  const all = Object.fromEntries(KEY_FEATURES.map((f) => [f, features[f] ?? 0])) as Record<KeyFeature, number>;
  return { tonic, mode: 'major', features: all, chords: new Float64Array(24) };
}

describe('the key finder’s distorted weights', () => {
  // B♭ major (10): the last bass note is its tonic. F major (5): the treble fits it better, as a distorted
  // guitar's harmonics make it (each power chord sounds its own major third).
  const evidence = (gate: number): KeyEvidence => ({
    tuningCents: 0,
    clarity: 1,
    gate,
    candidates: [candidate(10, { trebleProfile: 0.3, lastBass: 1 }), candidate(5, { trebleProfile: 0.8 })],
  });

  it('in a clean track the treble outweighs the last bass note', () => {
    expect(decideKey(evidence(0), KEY_PARAMS).tonic).toBe(5);
  });

  it('in a distorted track (a full flatness gate) the bass counts for more and the treble for less', () => {
    expect(KEY_PARAMS.distorted.weights.lastBass).toBeGreaterThan(0);
    expect(KEY_PARAMS.distorted.weights.trebleProfile).toBeLessThan(0);
    expect(decideKey(evidence(1), KEY_PARAMS).tonic).toBe(10);
  });
});
