import type { KeyMode } from './key';

/**
 * Below these confidences a measured tempo or key is not published as fact on an upload: the track keeps
 * no BPM / key in its public fields and the uploader is offered the value to confirm. Chosen on the
 * held-out half of the evaluation set (bench/RESULTS.md, "Media analysis"):
 * - tempo 0.25: every held-out tempo measured at 0.25 or more was within 2 % (37 of 40 published); the
 *   three below are rubato ballads and solo piano (0.22–0.24), one of them doubled;
 * - key 0.5: 93 % of the keys at or above it had the right tonic (29 of 40 published), against 78 % for
 *   all of them; the relative-major mistakes and the weakest rock mixes fall below it more often.
 */
export const PUBLISH_MIN_CONFIDENCE = { bpm: 0.25, key: 0.5 } as const;

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
