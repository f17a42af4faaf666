import { LOOP_RESTART_MS, SEEK_STEP_SECONDS, VOLUME, type Music } from '@sori/contract';

/**
 * The one player of the app (PRODUCT §4), free of React: it owns the audio elements, so playback
 * carries on across route changes, and the player bar only renders its state.
 *
 * Two elements take turns. Pointing at a row "primes" the standby element with that track's audio; a click
 * that follows plays the already-buffered element at once instead of building a media pipeline from
 * nothing (which costs Chromium 50–170 ms), then the previous element becomes the standby.
 */

export type PlayerTrack = Pick<Music, 'id' | 'title' | 'artist' | 'cover' | 'playTime' | 'filePath' | 'fileUrl' | 'peaksUrl'> & {
  /** Another recording of the same track (a short edit: '30'); absent for the track itself. */
  variant?: string;
};

/** Which recording a track stands for: its id, and the variant when it is a short edit. */
export const playerKey = (track: Pick<PlayerTrack, 'id' | 'variant'>): string => `${track.id}:${track.variant ?? ''}`;

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'error';

export interface PlayerState {
  track: PlayerTrack | null;
  status: PlayerStatus;
  /** Seconds. */
  currentTime: number;
  /** Seconds; the track's known length until the media reports its own. */
  duration: number;
  repeat: boolean;
  /** 0–1 in steps of 0.1. */
  volume: number;
  /** Increases whenever another audio element becomes the playing one (the waveform follows it). */
  mediaVersion: number;
  /** The queue (the list the track was played from) has a track before / after this one. */
  hasPrevious: boolean;
  hasNext: boolean;
}

export interface PlayOptions {
  /** The list the track was played from: next, previous and the end of a track move through it. */
  queue?: readonly PlayerTrack[];
  /** Start (or, for the loaded track, jump) to this many seconds instead of toggling pause. */
  at?: number;
}

/** 'Previous' more than this many seconds into a track starts it over, as music players do. */
export const PREVIOUS_RESTARTS_AFTER_SECONDS = 3;

/** PageUp / PageDown on the position slider: three of the arrows' 5-second steps. */
export const SEEK_PAGE_SECONDS = 3 * SEEK_STEP_SECONDS;

/** A position this close to the end counts as the end: Play there starts the track over. */
const AT_END_SECONDS = 0.05;

/** The part of HTMLAudioElement the controller uses (tests pass a fake). */
export interface MediaLike extends EventTarget {
  src: string;
  preload: string;
  currentTime: number;
  readonly duration: number;
  volume: number;
  readonly paused: boolean;
  play: () => Promise<void>;
  pause: () => void;
  removeAttribute: (name: string) => void;
  load: () => void;
}

export interface PlayerDeps {
  createMedia: () => MediaLike;
  /** GET /log/hit; its failure is ignored (PRODUCT §4). */
  recordHit: (trackId: number) => Promise<unknown>;
  /** Warms what the waveform needs (peaks) when a row is pointed at or played. */
  prefetch?: (track: PlayerTrack) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

const INITIAL: PlayerState = {
  track: null,
  status: 'idle',
  currentTime: 0,
  duration: 0,
  repeat: false,
  volume: VOLUME.default,
  mediaVersion: 0,
  hasPrevious: false,
  hasNext: false,
};

/** Where a track's audio comes from: its file path, else its file URL (PRODUCT §7). */
export function audioUrlOf(track: Pick<PlayerTrack, 'id' | 'filePath' | 'fileUrl'>): string {
  return track.filePath || track.fileUrl || `/api/musics/${track.id}/stream`;
}

const clampVolume = (v: number) => Math.round(Math.min(VOLUME.max, Math.max(VOLUME.min, v)) * 10) / 10;

export class PlayerController {
  private state: PlayerState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private active: MediaLike | null = null;
  private standby: MediaLike | null = null;
  private standbyKey: string | null = null;
  private restartTimer: unknown = null;
  private queue: readonly PlayerTrack[] = [];
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly deps: PlayerDeps) {
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  getSnapshot = (): PlayerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The element playing now, for the waveform to follow and seek. */
  getMedia(): MediaLike | null {
    return this.active;
  }

  /** Buffers a track the user is about to play (pointer over its row, focus on its button). */
  prime(track: PlayerTrack): void {
    this.deps.prefetch?.(track);
    if (this.isLoaded(track) || this.standbyKey === playerKey(track)) return;
    const standby = this.ensureStandby();
    standby.preload = 'auto';
    standby.src = audioUrlOf(track);
    this.standbyKey = playerKey(track);
  }

  /**
   * Plays a track; the track already loaded toggles between playing and paused instead (or, with `at`,
   * jumps there and plays). With a queue, next and previous move through that list.
   */
  play(track: PlayerTrack, options: PlayOptions = {}): void {
    if (options.queue) this.queue = options.queue;
    if (this.isLoaded(track) && this.active) {
      this.set(this.neighbours(track.id));
      if (options.at === undefined) {
        this.toggle();
        return;
      }
      this.seek(options.at);
      if (this.active.paused) this.start(this.active);
      return;
    }
    this.cancelRestart();
    this.deps.prefetch?.(track);
    let media: MediaLike;
    if (this.standby && this.standbyKey === playerKey(track)) {
      media = this.standby;
      this.standby = this.active;
      this.active = media;
      this.standbyKey = null;
      if (this.standby) this.unload(this.standby);
    } else {
      media = this.active ?? this.createMedia();
      this.active = media;
      media.pause();
      media.preload = 'auto';
      media.src = audioUrlOf(track);
    }
    media.volume = this.state.volume;
    // Before the media has loaded, this sets where it will start (HTML's default playback start position).
    const at = options.at !== undefined && options.at > 0 ? options.at : 0;
    if (at > 0 || media.currentTime !== 0) media.currentTime = at;
    this.set({
      track,
      status: 'loading',
      currentTime: at,
      duration: track.playTime ?? 0,
      mediaVersion: this.state.mediaVersion + 1,
      ...this.neighbours(track.id),
    });
    this.start(media);
    // PRODUCT §4: a play records a hit; whether that worked never matters to the listener.
    this.deps.recordHit(track.id).catch(() => undefined);
  }

  /** The next track of the queue, if any. */
  next(): void {
    const i = this.indexOfCurrent();
    const next = i >= 0 ? this.queue[i + 1] : undefined;
    if (next) this.play(next);
  }

  /** More than 3 s in, or at the queue's start, the track starts over; else the previous track plays. */
  previous(): void {
    if (!this.active || !this.state.track) return;
    const i = this.indexOfCurrent();
    const position = this.active.currentTime;
    const before = i > 0 ? this.queue[i - 1] : undefined;
    if (!before || position > PREVIOUS_RESTARTS_AFTER_SECONDS) {
      this.seek(0);
      if (this.active.paused) this.start(this.active);
      return;
    }
    this.play(before);
  }

  /** Pauses, or plays; played at the end of the track (after it ended, or a seek there), it starts over. */
  toggle(): void {
    const media = this.active;
    if (!media || !this.state.track) return;
    if (!media.paused) {
      media.pause();
      return;
    }
    if (this.isAtEnd(media)) this.seek(0);
    this.start(media);
  }

  /** Seeks to a position in seconds, kept within the track. */
  seek(seconds: number): void {
    const media = this.active;
    if (!media || !this.state.track) return;
    const end = this.endOf(media);
    const to = Math.max(0, end > 0 ? Math.min(end, seconds) : seconds);
    media.currentTime = to;
    this.set({ currentTime: to });
  }

  /** The loaded track is at its end (it ended, or was sought there). */
  atEnd(): boolean {
    return this.active !== null && this.state.track !== null && this.isAtEnd(this.active);
  }

  /** Moves 5 seconds (or the given step) back (negative) or forward (PRODUCT §4 and §9). */
  skip(direction: 1 | -1, seconds: number = SEEK_STEP_SECONDS): void {
    this.seek((this.active?.currentTime ?? this.state.currentTime) + direction * seconds);
  }

  setRepeat(repeat: boolean): void {
    this.set({ repeat });
  }

  toggleRepeat(): void {
    this.set({ repeat: !this.state.repeat });
  }

  setVolume(volume: number): void {
    const v = clampVolume(volume);
    if (this.active) this.active.volume = v;
    this.set({ volume: v });
  }

  /** Stops and hides the player. */
  close(): void {
    this.cancelRestart();
    if (this.active) this.unload(this.active);
    this.set({ track: null, status: 'idle', currentTime: 0, duration: 0 });
  }

  private start(media: MediaLike): void {
    media.play().catch((error: unknown) => {
      if (media !== this.active) return;
      // A refused autoplay (no user gesture) leaves the track ready to start with the play button.
      const refused = error instanceof Error && error.name === 'NotAllowedError';
      const aborted = error instanceof Error && error.name === 'AbortError';
      if (aborted) return;
      this.set({ status: refused ? 'paused' : 'error' });
    });
  }

  /** The track's length in seconds: the media's own once known, else the track's (0 when neither is). */
  private endOf(media: MediaLike): number {
    return Number.isFinite(media.duration) && media.duration > 0 ? media.duration : this.state.duration;
  }

  /** The position is the track's end, where playing would stop again at once. */
  private isAtEnd(media: MediaLike): boolean {
    const end = this.endOf(media);
    return end > 0 && media.currentTime >= end - AT_END_SECONDS;
  }

  /** The track (or the same edit of it) is the one loaded now. */
  private isLoaded(track: PlayerTrack): boolean {
    return this.state.track !== null && playerKey(this.state.track) === playerKey(track);
  }

  private indexOfCurrent(): number {
    const id = this.state.track?.id;
    return id === undefined ? -1 : this.queue.findIndex((t) => t.id === id);
  }

  private neighbours(id: number): Pick<PlayerState, 'hasPrevious' | 'hasNext'> {
    const i = this.queue.findIndex((t) => t.id === id);
    return { hasPrevious: i > 0, hasNext: i >= 0 && i < this.queue.length - 1 };
  }

  private set(patch: Partial<PlayerState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private cancelRestart(): void {
    if (this.restartTimer !== null) this.clearTimer(this.restartTimer);
    this.restartTimer = null;
  }

  private unload(media: MediaLike): void {
    media.pause();
    media.removeAttribute('src');
    media.load();
  }

  private ensureStandby(): MediaLike {
    this.standby ??= this.createMedia();
    return this.standby;
  }

  private createMedia(): MediaLike {
    const media = this.deps.createMedia();
    const mine = () => media === this.active;
    media.addEventListener('playing', () => mine() && this.set({ status: 'playing' }));
    media.addEventListener('pause', () => {
      if (mine() && this.state.status !== 'loading' && this.restartTimer === null) this.set({ status: 'paused' });
    });
    media.addEventListener('timeupdate', () => mine() && this.set({ currentTime: media.currentTime }));
    const readDuration = () => {
      if (mine() && Number.isFinite(media.duration) && media.duration > 0) this.set({ duration: media.duration });
    };
    media.addEventListener('loadedmetadata', readDuration);
    media.addEventListener('durationchange', readDuration);
    media.addEventListener('ended', () => {
      if (!mine()) return;
      if (!this.state.repeat) {
        // Repeat off: the next track of the queue follows; at the queue's end the player stops.
        if (this.state.hasNext) {
          this.next();
          return;
        }
        this.set({ status: 'paused', currentTime: this.state.duration });
        return;
      }
      // Repeat: the track starts over 50 ms after it finished (PRODUCT §4 and §9).
      this.restartTimer = this.setTimer(() => {
        this.restartTimer = null;
        if (!mine()) return;
        media.currentTime = 0;
        this.start(media);
      }, LOOP_RESTART_MS);
    });
    media.addEventListener('error', () => {
      if (mine() && this.state.track) this.set({ status: 'error' });
    });
    return media;
  }
}
