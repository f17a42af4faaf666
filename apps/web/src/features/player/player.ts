import { useSyncExternalStore } from 'react';
import { api } from '../../lib/api-client';
import { loadPeaks } from './peaks';
import { PlayerController, type PlayerState, type PlayerTrack } from './player-controller';

/** The app's one player. Its audio lives outside React, so playback survives route changes. */
export const player = new PlayerController({
  createMedia: () => {
    const audio = new Audio();
    audio.preload = 'none';
    return audio;
  },
  recordHit: (trackId) => api.get('/log/hit', { query: { musicId: trackId } }),
  prefetch: (track) => {
    if (track.peaksUrl) void loadPeaks(track.peaksUrl);
  },
});

const PRIME_DWELL_MS = 80;
let primeTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Primes a track once the pointer has rested on its row for a moment: sweeping across a list does not
 * start a download per row passed over, while a pointer on its way to click still gets a head start.
 */
export function primeSoon(track: PlayerTrack): void {
  cancelPrime();
  primeTimer = setTimeout(() => {
    primeTimer = null;
    player.prime(track);
  }, PRIME_DWELL_MS);
}

export function cancelPrime(): void {
  if (primeTimer !== null) clearTimeout(primeTimer);
  primeTimer = null;
}

export function usePlayer(): PlayerState {
  return useSyncExternalStore(player.subscribe, player.getSnapshot, player.getSnapshot);
}

/**
 * One derived value of the player state. The state changes several times a second while playing (the
 * position); a component that only cares which track is on re-renders only when that changes, so it
 * must select a primitive (or a value that stays the same object).
 */
export function usePlayerSelector<T extends string | number | boolean | null>(select: (state: PlayerState) => T): T {
  const read = () => select(player.getSnapshot());
  return useSyncExternalStore(player.subscribe, read, read);
}
