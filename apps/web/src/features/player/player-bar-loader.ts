import type { ComponentType } from 'react';
import { isChunkLoadError, reloadForNewVersion } from '../../lib/stale-chunks';

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

export interface PlayerBarFailureActions {
  /** Reloads for the new version unless the guard says no (`reloadForNewVersion`); whether it reloads. */
  reloadOnce: () => boolean;
  /** Says a new version is out, or the network is down, with a reload button (`showNewVersionNotice`). */
  notice: (offline: boolean) => void;
  online: () => boolean;
}

/**
 * The bar's code failed to load after the reader pressed play (the audio plays, with no bar to show it).
 * A chunk of an older build is a chunk the reader asked for, so it is met as a screen's is: the page reloads
 * once for the new version, else a notice says one is out, with its reload button. Returns what was done.
 * Other errors (a bug in the bar's module) are only logged. The idle warm-up (`preloadPlayerBar`) stays quiet.
 */
export function playerBarFailed(error: unknown, actions: PlayerBarFailureActions): 'reloading' | 'notice' | 'logged' {
  if (!isChunkLoadError(error)) {
    console.error('[player] the player bar failed to load', error);
    return 'logged';
  }
  console.warn('[player] the player bar failed to load; a new version may be out', error);
  if (actions.reloadOnce()) return 'reloading';
  actions.notice(!actions.online());
  return 'notice';
}

/** The browser's actions for `playerBarFailed`. */
export function browserPlayerBarActions(notice: (offline: boolean) => void): PlayerBarFailureActions {
  return { reloadOnce: () => reloadForNewVersion(), notice, online: () => navigator.onLine };
}
