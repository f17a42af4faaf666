import type { KeyMode } from './key';

/**
 * Below these confidences a measured tempo or key is not published as fact on an upload: the track keeps
 * no BPM / key in its public fields and the uploader is offered the value to confirm. Chosen on the
 * held-out half of the evaluation set (bench/RESULTS.md, "Media analysis"):
 * - tempo 0.25: 37 of the 38 held-out tempi measured at 0.25 or more were within 2 % (the other is solo piano
 *   read at double tempo); the two below are rubato ballads, both right;
 * - key 0.6: the lowest confidence at which at least 90 % of the held-out keys at or above it had the right
 *   tonic was 0.57 (33 of 36), rounded up: 35 of the 40 held-out keys pass it, 32 of them right. Below it a
 *   key and its relative are often nearly tied (loops that never come home, power chords without thirds).
 *   The fresh set, not used to choose it, publishes 69 of 80 at 0.6, 66 of them right. (The same rule gave
 *   0.7 for the key finder before its chroma dropped the sidebands of repeated notes; see RESULTS.)
 */
export const PUBLISH_MIN_CONFIDENCE = { bpm: 0.25, key: 0.6 } as const;

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
