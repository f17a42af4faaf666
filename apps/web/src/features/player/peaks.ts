import { fetchJsonAt } from '../../lib/api-client';

/** The server's precomputed waveform of a track (GET peaksUrl): values 0–1, loudest slice = 1. */
export interface PeaksDocument {
  version: number;
  length: number;
  durationSec?: number;
  peaks: number[];
}

const KEEP = 24;
const cache = new Map<string, Promise<PeaksDocument | null>>();

/**
 * Peaks by URL, fetched once and shared: pointing at a row starts the fetch, so by the time the track
 * plays the waveform can be drawn at once. A failed fetch resolves to null (the player then shows no
 * waveform) and is forgotten, so a later play tries again.
 */
export function loadPeaks(url: string): Promise<PeaksDocument | null> {
  const hit = cache.get(url);
  if (hit) {
    // Most recently used last, so the oldest entry is the one dropped.
    cache.delete(url);
    cache.set(url, hit);
    return hit;
  }
  const request = fetchJsonAt<PeaksDocument>(url)
    .then((doc) => (doc && Array.isArray(doc.peaks) ? doc : null))
    .catch((error: unknown) => {
      console.warn('[player] peaks could not be loaded', error);
      cache.delete(url);
      return null;
    });
  cache.set(url, request);
  while (cache.size > KEEP) cache.delete(cache.keys().next().value as string);
  return request;
}
