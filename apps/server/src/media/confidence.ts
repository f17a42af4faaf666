import type { KeyMode } from './key';

/**
 * Below these confidences a measured tempo or key is not published as fact on an upload: the track keeps
 * no BPM / key in its public fields and the uploader is offered the value to confirm. Chosen on the
 * held-out half of the evaluation set (bench/RESULTS.md, "Media analysis"): the lowest values above which
 * every measured tempo was within 2 % and the key's tonic right in at least 95 % of the pieces.
 */
export const PUBLISH_MIN_CONFIDENCE = { bpm: 0.2, key: 0.2 } as const;

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
