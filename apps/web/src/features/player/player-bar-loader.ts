import type { ComponentType } from 'react';

/** The player bar's code is loaded apart from the player itself (player.ts), which the bar imports. */
interface PlayerBarModule {
  default: ComponentType;
}
let barModule: PlayerBarModule | null = null;
let barLoading: Promise<PlayerBarModule> | null = null;

/**
 * Loads the player bar's code (and wavesurfer.js). Kept as a plain module promise rather than React.lazy:
 * a lazy component suspends on its first render even when its code is already here, and React reveals
 * suspended content at most every 300 ms, which would hold back the bar (and its waveform) after a click.
 */
export function loadPlayerBar(): Promise<PlayerBarModule> {
  barLoading ??= import('./PlayerBar').then(
    (module) => (barModule = module),
    (error: unknown) => {
      barLoading = null;
      throw error;
    },
  );
  return barLoading;
}

/** The player bar component once its code has loaded, else null. */
export function loadedPlayerBar(): ComponentType | null {
  return barModule?.default ?? null;
}

/** Warms the player bar's code when the browser is idle, so the first play draws at once. */
export function preloadPlayerBar(): void {
  const warm = () => void loadPlayerBar().catch((error: unknown) => console.warn('[player] could not load the player bar', error));
  if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 2000 });
  else setTimeout(warm, 200);
}
