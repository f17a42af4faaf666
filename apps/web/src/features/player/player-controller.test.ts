import { describe, expect, it, vi } from 'vitest';
import { audioUrlOf, PlayerController, SEEK_PAGE_SECONDS, type MediaLike, type PlayerTrack } from './player-controller';

/** Enough of an audio element: play() resolves and fires 'playing' as a real one does. */
class FakeMedia extends EventTarget implements MediaLike {
  src = '';
  preload = 'none';
  currentTime = 0;
  duration = NaN;
  volume = 1;
  paused = true;
  playCalls = 0;
  refuse: Error | null = null;
  play = () => {
    this.playCalls += 1;
    if (this.refuse) return Promise.reject(this.refuse);
    this.paused = false;
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  };
  pause = () => {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  };
  removeAttribute = (name: string) => {
    if (name === 'src') this.src = '';
  };
  load = () => undefined;
  /** Plays to the end, as the media would. */
  finish() {
    this.currentTime = this.duration;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
    this.dispatchEvent(new Event('ended'));
  }
  setDuration(seconds: number) {
    this.duration = seconds;
    this.dispatchEvent(new Event('durationchange'));
  }
}

const track = (id: number, extra: Partial<PlayerTrack> = {}): PlayerTrack => ({
  id,
  title: `Track ${id}`,
  artist: null,
  cover: null,
  playTime: 30,
  filePath: `/api/musics/${id}/stream`,
  fileUrl: null,
  peaksUrl: `/api/media/peaks/${id}.json`,
  ...extra,
});

function setup() {
  const made: FakeMedia[] = [];
  const hits: number[] = [];
  const prefetched: number[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const player = new PlayerController({
    createMedia: () => {
      const media = new FakeMedia();
      made.push(media);
      return media;
    },
    recordHit: (id) => {
      hits.push(id);
      return Promise.reject(new Error('hit endpoint down'));
    },
    prefetch: (t) => prefetched.push(t.id),
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
  });
  return { player, made, hits, prefetched, timers };
}

describe('PlayerController', () => {
  it('should start hidden and show a track as soon as it is played', () => {
    const { player, made } = setup();
    expect(player.getSnapshot()).toMatchObject({ track: null, status: 'idle', volume: 1, repeat: false });
    player.play(track(1));
    expect(made).toHaveLength(1);
    expect(made[0]!.src).toBe('/api/musics/1/stream');
    expect(player.getSnapshot()).toMatchObject({ track: { id: 1 }, status: 'playing', duration: 30 });
  });

  it('should record a hit and keep playing when that fails', async () => {
    const { player, hits } = setup();
    player.play(track(3));
    await Promise.resolve();
    expect(hits).toEqual([3]);
    expect(player.getSnapshot().status).toBe('playing');
  });

  it('should toggle when the loaded track is played again, without a second hit', () => {
    const { player, hits } = setup();
    player.play(track(1));
    player.play(track(1));
    expect(player.getSnapshot().status).toBe('paused');
    player.toggle();
    expect(player.getSnapshot().status).toBe('playing');
    expect(hits).toEqual([1]);
  });

  it('should play a primed track on the element that buffered it, and swap the elements', () => {
    const { player, made, prefetched } = setup();
    player.play(track(1));
    player.prime(track(2));
    expect(made).toHaveLength(2);
    expect(made[1]!.src).toBe('/api/musics/2/stream');
    expect(made[1]!.preload).toBe('auto');
    expect(prefetched).toEqual([1, 2]);
    const before = player.getSnapshot().mediaVersion;
    player.play(track(2));
    expect(player.getMedia()).toBe(made[1]);
    expect(made[0]!.src).toBe('');
    expect(made[0]!.paused).toBe(true);
    expect(player.getSnapshot().mediaVersion).toBe(before + 1);
    // The old element is the standby now: priming reuses it instead of creating a third.
    player.prime(track(3));
    expect(made).toHaveLength(2);
    expect(made[0]!.src).toBe('/api/musics/3/stream');
  });

  it('should not prime the track already playing', () => {
    const { player, made } = setup();
    player.play(track(1));
    player.prime(track(1));
    expect(made).toHaveLength(1);
  });

  it('should stop at the end without repeat', () => {
    const { player, made, timers } = setup();
    player.play(track(1));
    made[0]!.setDuration(2);
    made[0]!.finish();
    expect(player.getSnapshot()).toMatchObject({ status: 'paused', currentTime: 2 });
    expect(timers).toEqual([]);
  });

  it('should start over from 0 when Play is pressed at the end, after a seek there or after the track ended', () => {
    const { player, made } = setup();
    player.play(track(1));
    made[0]!.setDuration(15);
    player.toggle();
    player.seek(15);
    expect(player.getSnapshot()).toMatchObject({ status: 'paused', currentTime: 15 });
    player.toggle();
    expect(made[0]!.currentTime).toBe(0);
    expect(player.getSnapshot()).toMatchObject({ status: 'playing', currentTime: 0 });

    made[0]!.finish();
    expect(player.getSnapshot()).toMatchObject({ status: 'paused', currentTime: 15 });
    player.play(track(1));
    expect(made[0]!.currentTime).toBe(0);
    expect(player.getSnapshot()).toMatchObject({ status: 'playing', currentTime: 0 });

    // Paused elsewhere, Play goes on from there.
    player.seek(7);
    player.toggle();
    player.toggle();
    expect(made[0]!.currentTime).toBe(7);
  });

  it('should restart 50 ms after the end with repeat on', () => {
    const { player, made, timers } = setup();
    player.play(track(1));
    player.toggleRepeat();
    made[0]!.setDuration(2);
    made[0]!.finish();
    expect(timers.map((t) => t.ms)).toEqual([50]);
    timers[0]!.fn();
    expect(made[0]!.currentTime).toBe(0);
    expect(made[0]!.playCalls).toBe(2);
    expect(player.getSnapshot().status).toBe('playing');
  });

  it('should seek within the track and skip 5 seconds either way', () => {
    const { player, made } = setup();
    player.play(track(1));
    made[0]!.setDuration(40);
    player.seek(12);
    expect(made[0]!.currentTime).toBe(12);
    player.skip(1);
    expect(made[0]!.currentTime).toBe(17);
    player.skip(-1);
    player.skip(-1);
    player.skip(-1);
    player.skip(-1);
    expect(made[0]!.currentTime).toBe(0);
    player.seek(99);
    expect(made[0]!.currentTime).toBe(40);
  });

  it('should move a page (15 seconds) for the slider’s PageUp and PageDown, kept within the track', () => {
    const { player, made } = setup();
    player.play(track(1));
    made[0]!.setDuration(40);
    player.seek(12);
    player.skip(1, SEEK_PAGE_SECONDS);
    expect(made[0]!.currentTime).toBe(27);
    player.skip(1, SEEK_PAGE_SECONDS);
    expect(made[0]!.currentTime).toBe(40);
    player.skip(-1, SEEK_PAGE_SECONDS);
    player.skip(-1, SEEK_PAGE_SECONDS);
    player.skip(-1, SEEK_PAGE_SECONDS);
    expect(made[0]!.currentTime).toBe(0);
  });

  it('should keep the volume within 0–1 in steps of 0.1 and apply it to the next track', () => {
    const { player, made } = setup();
    player.setVolume(0.34);
    expect(player.getSnapshot().volume).toBe(0.3);
    player.setVolume(7);
    expect(player.getSnapshot().volume).toBe(1);
    player.setVolume(-1);
    expect(player.getSnapshot().volume).toBe(0);
    player.setVolume(0.5);
    player.play(track(1));
    expect(made[0]!.volume).toBe(0.5);
  });

  it('should show a refused autoplay as paused and a broken source as an error', async () => {
    const { player, made } = setup();
    player.prime(track(1));
    made[0]!.refuse = Object.assign(new Error('no gesture'), { name: 'NotAllowedError' });
    player.play(track(1));
    await vi.waitFor(() => expect(player.getSnapshot().status).toBe('paused'));
    made[0]!.refuse = null;
    made[0]!.dispatchEvent(new Event('error'));
    expect(player.getSnapshot().status).toBe('error');
  });

  it('should hide again when closed', () => {
    const { player, made } = setup();
    player.play(track(1));
    player.close();
    expect(player.getSnapshot()).toMatchObject({ track: null, status: 'idle' });
    expect(made[0]!.src).toBe('');
  });

  it('should move through the queue it was played from with next and previous', () => {
    const { player } = setup();
    const queue = [track(1), track(2), track(3)];
    player.play(queue[1]!, { queue });
    expect(player.getSnapshot()).toMatchObject({ hasPrevious: true, hasNext: true });
    player.next();
    expect(player.getSnapshot()).toMatchObject({ track: { id: 3 }, status: 'playing', hasPrevious: true, hasNext: false });
    player.next();
    expect(player.getSnapshot().track?.id).toBe(3);
    player.previous();
    expect(player.getSnapshot().track?.id).toBe(2);
    player.previous();
    expect(player.getSnapshot()).toMatchObject({ track: { id: 1 }, hasPrevious: false, hasNext: true });
    expect(player.getMedia()!.src).toBe('/api/musics/1/stream');
  });

  it('should restart the track on previous more than 3 s in, and at the start of the queue', () => {
    const { player } = setup();
    const queue = [track(1), track(2)];
    player.play(queue[1]!, { queue });
    player.getMedia()!.currentTime = 3.5;
    player.previous();
    expect(player.getSnapshot()).toMatchObject({ track: { id: 2 }, currentTime: 0 });
    expect(player.getMedia()!.currentTime).toBe(0);
    player.getMedia()!.currentTime = 2;
    player.previous();
    expect(player.getSnapshot().track?.id).toBe(1);
    player.getMedia()!.currentTime = 1;
    player.previous();
    expect(player.getSnapshot()).toMatchObject({ track: { id: 1 }, currentTime: 0, status: 'playing' });
  });

  it('should play the next track of the queue at the end without repeat, and stop at the end of the queue', () => {
    const { player, timers } = setup();
    const queue = [track(1), track(2)];
    player.play(queue[0]!, { queue });
    const first = player.getMedia() as FakeMedia;
    first.setDuration(2);
    first.finish();
    expect(player.getSnapshot()).toMatchObject({ track: { id: 2 }, status: 'playing' });
    const second = player.getMedia() as FakeMedia;
    second.setDuration(3);
    second.finish();
    expect(player.getSnapshot()).toMatchObject({ track: { id: 2 }, status: 'paused', currentTime: 3 });
    expect(timers).toEqual([]);
  });

  it('should restart the same track with repeat on, not move to the next', () => {
    const { player, timers } = setup();
    const queue = [track(1), track(2)];
    player.play(queue[0]!, { queue });
    player.toggleRepeat();
    const media = player.getMedia() as FakeMedia;
    media.setDuration(2);
    media.finish();
    timers[0]!.fn();
    expect(player.getSnapshot()).toMatchObject({ track: { id: 1 }, status: 'playing' });
  });

  it('should start a track at a position, or jump within the loaded one, when asked', () => {
    const { player, made } = setup();
    player.play(track(1), { at: 12 });
    expect(made[0]!.currentTime).toBe(12);
    expect(player.getSnapshot()).toMatchObject({ track: { id: 1 }, currentTime: 12, status: 'playing' });
    made[0]!.pause();
    made[0]!.setDuration(30);
    player.play(track(1), { at: 20 });
    expect(made[0]!.currentTime).toBe(20);
    expect(player.getSnapshot().status).toBe('playing');
    player.play(track(2));
    expect(made[0]!.currentTime).toBe(0);
  });

  it('should tell subscribers about every change', () => {
    const { player } = setup();
    const listener = vi.fn();
    const stop = player.subscribe(listener);
    player.play(track(1));
    expect(listener).toHaveBeenCalled();
    stop();
    listener.mockClear();
    player.toggleRepeat();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('audioUrlOf', () => {
  it('should take the file path, else the file URL, else the stream path by id', () => {
    expect(audioUrlOf({ id: 1, filePath: '/a', fileUrl: 'https://cdn/b' })).toBe('/a');
    expect(audioUrlOf({ id: 1, filePath: null, fileUrl: 'https://cdn/b' })).toBe('https://cdn/b');
    expect(audioUrlOf({ id: 9, filePath: null, fileUrl: null })).toBe('/api/musics/9/stream');
  });
});
