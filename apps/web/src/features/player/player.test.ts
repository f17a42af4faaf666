import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelPrime, player, primeSoon } from './player';
import type { PlayerTrack } from './player-controller';

const track = (id: number): PlayerTrack => ({
  id,
  title: `t${id}`,
  artist: null,
  cover: null,
  playTime: 30,
  filePath: `/api/musics/${id}/stream`,
  fileUrl: null,
  peaksUrl: null,
});

describe('priming a row the pointer rests on', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(player, 'prime').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cancelPrime();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('should prime only after the pointer has rested 80 ms', () => {
    primeSoon(track(1));
    vi.advanceTimersByTime(79);
    expect(player.prime).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(player.prime).toHaveBeenCalledExactlyOnceWith(track(1));
  });

  it('should prime nothing for rows swept past', () => {
    primeSoon(track(1));
    vi.advanceTimersByTime(40);
    primeSoon(track(2));
    vi.advanceTimersByTime(40);
    cancelPrime();
    vi.advanceTimersByTime(500);
    expect(player.prime).not.toHaveBeenCalled();
  });

  it('should prime the row last pointed at', () => {
    primeSoon(track(1));
    primeSoon(track(2));
    vi.advanceTimersByTime(100);
    expect(player.prime).toHaveBeenCalledExactlyOnceWith(track(2));
  });
});
