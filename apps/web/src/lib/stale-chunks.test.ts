import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isChunkLoadError,
  noteFailedChunks,
  RELOAD_GUARD_MS,
  RELOAD_MARKER,
  reloadForNewVersion,
  type ReloadEnvironment,
} from './stale-chunks';

/** A tab's session storage and clock, and the reloads asked for. */
function tab(start = Date.UTC(2026, 11, 3, 9, 41)) {
  const stored = new Map<string, string>();
  let now = start;
  const env: ReloadEnvironment = {
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    now: () => now,
    reload: vi.fn(),
    online: () => true,
  };
  return { env, stored, later: (ms: number) => (now += ms) };
}

describe('reloading once for a new version', () => {
  it('reloads at the first failed chunk and notes when, then shows the message for a failure soon after', () => {
    const { env, stored, later } = tab();
    expect(reloadForNewVersion(env)).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(stored.get(RELOAD_MARKER)).toBe(String(env.now()));
    // The reloaded page fails again (the server still lacks the chunk): no second reload, no loop.
    later(1500);
    expect(reloadForNewVersion(env)).toBe(false);
    later(RELOAD_GUARD_MS - 1501);
    expect(reloadForNewVersion(env)).toBe(false);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a later deploy, once the guard has passed', () => {
    const { env, later } = tab();
    reloadForNewVersion(env);
    later(RELOAD_GUARD_MS);
    expect(reloadForNewVersion(env)).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(2);
  });

  it('does not trust a note from the future (a clock set back) or one that is not a time', () => {
    const { env, stored } = tab();
    stored.set(RELOAD_MARKER, String(env.now() + 60_000));
    expect(reloadForNewVersion(env)).toBe(true);
    stored.set(RELOAD_MARKER, 'soon');
    expect(reloadForNewVersion({ ...env, now: () => env.now() + RELOAD_GUARD_MS })).toBe(true);
  });

  it('never reloads where no guard can be kept, or offline', () => {
    const { env } = tab();
    expect(reloadForNewVersion({ ...env, storage: null })).toBe(false);
    const throwing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(reloadForNewVersion({ ...env, storage: throwing })).toBe(false);
    expect(reloadForNewVersion({ ...env, storage: { getItem: () => null, setItem: () => undefined } }), 'a storage that forgets').toBe(
      false,
    );
    expect(reloadForNewVersion({ ...env, online: () => false })).toBe(false);
    expect(env.reload).not.toHaveBeenCalled();
  });
});

describe('telling a failed chunk from a broken screen', () => {
  let release: (() => void) | null = null;
  afterEach(() => release?.());

  it('knows the browsers’ wordings of a failed import, and nothing else', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://sori.example/assets/TrackPage-LS_RA1p2.js',
      'error loading dynamically imported module: https://sori.example/assets/TrackPage-LS_RA1p2.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/LibraryPage-BMHpDUEm.css',
    ])
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('knows any error Vite reported as a failed preload, whatever its wording', () => {
    release = noteFailedChunks(window);
    const error = new Error('Load failed');
    expect(isChunkLoadError(error)).toBe(false);
    window.dispatchEvent(Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error }));
    expect(isChunkLoadError(error)).toBe(true);
  });
});
