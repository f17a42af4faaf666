import { useSyncExternalStore } from 'react';
import { api } from '../../lib/api-client';
import { loadPeaks } from './peaks';
import { PlayerController, type PlayerState } from './player-controller';

/** The app's one player. Its audio lives outside React, so playback survives route changes. */
export const player = new PlayerController({
  createMedia: () => {
    const audio = new Audio();
    audio.preload = 'none';
    return audio;
  },
  recordHit: (trackId) => api.get('/log/hit', { musicId: trackId }),
  prefetch: (track) => {
    if (track.peaksUrl) void loadPeaks(track.peaksUrl);
  },
});

export function usePlayer(): PlayerState {
  return useSyncExternalStore(player.subscribe, player.getSnapshot, player.getSnapshot);
}

/** Loads the player bar's code (and wavesurfer.js) ahead of the first play, when the browser is idle. */
export const loadPlayerBar = () => import('./PlayerBar');
export function preloadPlayerBar(): void {
  const warm = () => void loadPlayerBar();
  if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 2000 });
  else setTimeout(warm, 200);
}
