import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerBarFailed, type PlayerBarFailureActions } from './player-bar-loader';

/** Chromium's wording when the chunk is gone (404 after a deploy). */
const staleChunk = () => new TypeError('Failed to fetch dynamically imported module: https://sori.example/assets/PlayerBar-Cq3v7X1a.js');

function actions(reloads: boolean, online = true) {
  const done = { reloadOnce: vi.fn(() => reloads), notice: vi.fn<(offline: boolean) => void>(), online: () => online };
  return done satisfies PlayerBarFailureActions;
}

describe('the player bar’s code failing to load after play was pressed', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reloads the page once for the new version, saying nothing else', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = actions(true);
    expect(playerBarFailed(staleChunk(), a)).toBe('reloading');
    expect(a.reloadOnce).toHaveBeenCalledTimes(1);
    expect(a.notice).not.toHaveBeenCalled();
  });

  it('says a new version is out when the reload was already tried (or cannot be guarded)', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = actions(false);
    expect(playerBarFailed(staleChunk(), a)).toBe('notice');
    expect(a.notice).toHaveBeenCalledWith(false);
  });

  it('names the network when offline', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = actions(false, false);
    playerBarFailed(staleChunk(), a);
    expect(a.notice).toHaveBeenCalledWith(true);
  });

  it('only logs a failure that is not a missing chunk (a bug in the bar’s module): no reload, no notice', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const a = actions(true);
    expect(playerBarFailed(new ReferenceError('WaveSurfer is not defined'), a)).toBe('logged');
    expect(a.reloadOnce).not.toHaveBeenCalled();
    expect(a.notice).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
  });
});
