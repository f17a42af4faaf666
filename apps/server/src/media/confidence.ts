import type { KeyMode } from './key';

/**
 * Below these confidences a measured tempo or key is not published as fact on an upload: the track keeps
 * no BPM / key in its public fields and the uploader is offered the value to confirm. Chosen on the
 * held-out half of the evaluation set (bench/RESULTS.md, "Media analysis"):
 * - tempo 0.25: every held-out tempo measured at 0.25 or more was within 2 % (37 of 40 published); the
 *   three below are rubato ballads and solo piano (0.22–0.24), one of them doubled;
 * - key 0.1: the lowest confidence at which at least 95 % of the held-out keys at or above it had the right
 *   tonic was 0.08 (37 of 38), rounded up to 0.1: 36 of the 37 published are right (97 %) and the three
 *   below it (a distorted rock piece with no clear tonality, a jazz piece read as its relative minor, one
 *   right) go to the uploader. Higher thresholds only hold back right keys (0.5: 23 of 24 published). The
 *   fresh set, not used to choose it, publishes 76 of 80 at 0.1, all right.
 */
export const PUBLISH_MIN_CONFIDENCE = { bpm: 0.25, key: 0.1 } as const;

export interface Measured {
  bpm: number | null;
  bpmConfidence: number | null;
  soundKey: string | null;
  keyMode: KeyMode | null;
  keyConfidence: number | null;
}

/** Which of the measured values are sure enough to publish without the uploader's word. */
export function publishableEstimate(m: Measured): { bpm: boolean; key: boolean } {
  return {
    bpm: m.bpm !== null && (m.bpmConfidence ?? 0) >= PUBLISH_MIN_CONFIDENCE.bpm,
    key: m.soundKey !== null && (m.keyConfidence ?? 0) >= PUBLISH_MIN_CONFIDENCE.key,
  };
}
