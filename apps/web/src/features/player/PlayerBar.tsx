import { formatDuration, PLAYER_WAVEFORM, VOLUME, WAVEFORM_BAR } from '@sori/contract';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import WaveSurfer from 'wavesurfer.js';
import { Icon } from '../../components/Icon';
import { refocusAfterDialogs } from '../../lib/modal-focus';
import { useTheme } from '../../theme/ThemeProvider';
import { loadPeaks } from './peaks';
import { player, usePlayer } from './player';
import { playerKey, SEEK_PAGE_SECONDS, type PlayerStatus, type PlayerTrack } from './player-controller';
import { NEXT_KEY, POSITION_KEYS, PREVIOUS_KEY, REPEAT_KEY, TOGGLE_KEY, useShortcuts } from './useShortcuts';

const time = (seconds: number) => formatDuration(seconds) ?? '0:00';

/** How long the player's live region waits, once on the page, before it says the first track. */
const FIRST_ANNOUNCEMENT_DELAY_MS = 100;

/** How long the waveform waits for playback to start before it is drawn anyway. */
const WAVEFORM_FALLBACK_MS = 120;

/**
 * The player bar (PRODUCT §2 and §4): hidden until a track plays, then fixed at the bottom of every
 * screen. The audio itself lives in the player controller; this is its face.
 */
export default function PlayerBar() {
  const { t } = useTranslation();
  const state = usePlayer();
  // What a shortcut changed where the focus is not (the position, repeat), for the announcer to say.
  const [said, setSaid] = useState<Said | null>(null);
  useShortcuts(state.track !== null, (action) => {
    const now = player.getSnapshot();
    const text =
      action === 'back' || action === 'forward'
        ? `${time(now.currentTime)} / ${time(now.duration)}`
        : action === 'repeat'
          ? t(now.repeat ? 'player.repeatOn' : 'player.repeatOff')
          : null;
    if (text !== null) setSaid({ text });
  });
  const { track } = state;
  const bar = useRef<HTMLElement>(null);
  // The control that started the track (a row's play button, the track page's waveform): closing the bar
  // returns focus there, so it does not fall to the page's start.
  const origin = useRef<HTMLElement | null>(null);
  const key = track ? playerKey(track) : null;
  useEffect(() => {
    const active = document.activeElement;
    if (key && active instanceof HTMLElement && active !== document.body && !bar.current?.contains(active)) origin.current = active;
  }, [key]);
  if (!track) return null;

  const close = () => {
    const from = origin.current;
    player.close();
    refocusAfterDialogs(() => (from?.isConnected && from.getClientRects().length > 0 ? from : document.getElementById('main')));
  };

  const playing = state.status === 'playing' || state.status === 'loading';
  const artist = track.artist || t('tracks.unknownArtist');
  return (
    <section
      ref={bar}
      className="sori-player"
      aria-label={t('player.label')}
      data-covers="bottom"
      data-testid="player-bar"
      data-status={state.status}
    >
      <Announcer track={track} status={state.status} said={said} />
      <div className="sori-player-inner">
        <div className="sori-player-track">
          {track.cover ? (
            <img src={track.cover} alt="" width={48} height={48} className="sori-player-cover" />
          ) : (
            <span className="sori-player-cover sori-cover-empty" aria-hidden="true">
              <Icon name="music" size={20} />
            </span>
          )}
          <div className="sori-player-text">
            <div className="sori-player-title text-truncate" title={track.title} data-testid="player-title">
              {track.title}
            </div>
            <div className="sori-player-artist text-truncate" data-testid="player-artist">
              {artist}
            </div>
          </div>
        </div>

        <div className="sori-player-transport">
          <button
            type="button"
            className="sori-icon-btn"
            onClick={() => player.previous()}
            aria-label={t('queue.previous')}
            title={t('queue.previousHint', { key: PREVIOUS_KEY })}
            aria-keyshortcuts={PREVIOUS_KEY}
            data-testid="player-previous"
          >
            <Icon name="previous" />
          </button>
          <button
            type="button"
            className="sori-player-play"
            onClick={() => player.toggle()}
            aria-label={playing ? t('player.pause') : t('player.play')}
            title={playing ? t('player.pauseHint', { key: TOGGLE_KEY }) : t('player.playHint', { key: TOGGLE_KEY })}
            aria-keyshortcuts={TOGGLE_KEY}
            data-testid="player-toggle"
          >
            <Icon name={playing ? 'pause' : 'play'} size={22} />
          </button>
          <button
            type="button"
            className="sori-icon-btn"
            onClick={() => player.next()}
            disabled={!state.hasNext}
            aria-label={t('queue.next')}
            title={t('queue.nextHint', { key: NEXT_KEY })}
            aria-keyshortcuts={NEXT_KEY}
            data-testid="player-next"
          >
            <Icon name="next" />
          </button>
        </div>

        <div className="sori-player-wave-area">
          <span className="sori-player-time" data-testid="player-elapsed">
            {time(state.currentTime)}
          </span>
          <Waveform key={`${track.id}:${state.mediaVersion}`} peaksUrl={track.peaksUrl} duration={state.duration} />
          <span className="sori-player-time" data-testid="player-total">
            {state.duration > 0 ? time(state.duration) : '-'}
          </span>
        </div>

        <div className="sori-player-controls">
          <button
            type="button"
            className={`sori-icon-btn${state.repeat ? ' active' : ''}`}
            aria-pressed={state.repeat}
            aria-label={t('player.repeat')}
            title={t('player.repeatHint', { key: REPEAT_KEY })}
            aria-keyshortcuts={REPEAT_KEY}
            onClick={() => player.toggleRepeat()}
            data-testid="player-repeat"
          >
            <Icon name="repeat" />
          </button>
          <label className="sori-player-volume d-none d-md-flex" title={t('player.volume')}>
            <Icon name={volumeIcon(state.volume)} />
            <span className="visually-hidden">{t('player.volume')}</span>
            <VolumeSlider volume={state.volume} />
          </label>
          <CompactVolume volume={state.volume} />
          <button type="button" className="sori-icon-btn" aria-label={t('player.close')} onClick={close} data-testid="player-close">
            <Icon name="close" />
          </button>
        </div>
      </div>
      {state.status === 'error' ? (
        <p className="sori-player-error" role="alert" data-testid="player-error">
          {t('player.failed')}
        </p>
      ) : null}
    </section>
  );
}

/** The speaker: crossed out when muted, one wave up to half volume, two above. */
const volumeIcon = (volume: number) => (volume === 0 ? 'volumeOff' : volume <= 0.5 ? 'volumeLow' : 'volume');

const percent = (volume: number) => Math.round(volume * 100);

/** The volume slider (PRODUCT §2.10: 0–1 in steps of 0.1): beside the bar's controls, or in the phone's popover. */
function VolumeSlider({ volume, inputRef, id }: { volume: number; inputRef?: Ref<HTMLInputElement>; id?: string }) {
  return (
    <input
      ref={inputRef}
      id={id}
      type="range"
      className="form-range"
      min={VOLUME.min}
      max={VOLUME.max}
      step={VOLUME.step}
      value={volume}
      onChange={(e) => player.setVolume(Number(e.target.value))}
      aria-valuetext={`${percent(volume)}%`}
      data-testid="player-volume"
    />
  );
}

/**
 * Below 768 px the slider does not fit the bar: one speaker button opens it in a small popover above. The
 * focus goes to the slider; Escape closes it and returns the focus to the button, as does a press outside
 * (without moving the focus) or Tab out of it.
 */
function CompactVolume({ volume }: { volume: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const slider = useRef<HTMLInputElement>(null);
  const id = useId();
  const label = t('player.volumeLevel', { level: percent(volume) });

  useEffect(() => {
    if (!open) return;
    slider.current?.focus();
    const handlePointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    return () => document.removeEventListener('pointerdown', handlePointer);
  }, [open]);

  const handleKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      ref={box}
      className="sori-player-volume-compact d-md-none"
      onKeyDown={handleKey}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && !box.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`sori-icon-btn${open ? ' active' : ''}`}
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
        data-testid="player-volume-button"
      >
        <Icon name={volumeIcon(volume)} />
      </button>
      {open ? (
        <div id={id} className="sori-player-volume-popover" data-testid="player-volume-popover">
          <label className="sori-player-volume d-flex">
            <span className="visually-hidden">{t('player.volume')}</span>
            <VolumeSlider volume={volume} inputRef={slider} />
            <span className="sori-player-volume-level" aria-hidden="true">
              {percent(volume)}%
            </span>
          </label>
        </div>
      ) : null}
    </div>
  );
}

/** A message a shortcut asks the announcer to say: a new object at each press, so that each is said. */
interface Said {
  text: string;
}

/**
 * Tells screen readers what the player does, politely: the track now playing when it changes (a row, next,
 * previous, or the end of the one before), "paused" when playback is paused, and the track again when it plays
 * on; and what a keyboard shortcut changed, which the focus is not on (the position after ← or →, repeat on or
 * off). Never the position as it plays, and nothing at a track's end, so it stays quiet while music plays.
 */
function Announcer({ track, status, said }: { track: PlayerTrack; status: PlayerStatus; said: Said | null }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const seen = useRef<{ key: string | null; status: PlayerStatus; paused: boolean; shown: boolean }>({
    key: null,
    status,
    paused: false,
    shown: false,
  });
  const key = playerKey(track);
  const nowPlaying = track.artist
    ? t('player.nowPlaying', { title: track.title, artist: track.artist })
    : t('player.nowPlayingNoArtist', { title: track.title });

  // A layout effect reads the position in the same task as the render: by a passive effect, a repeated
  // track may already have started over, and the pause at its end would read as the user's.
  useLayoutEffect(() => {
    const last = seen.current;
    const was = last.status;
    last.status = status;
    if (last.key !== key) {
      last.key = key;
      last.paused = false;
    } else if (status === 'paused' && (was === 'playing' || was === 'loading') && !player.atEnd()) {
      last.paused = true;
    } else if (status === 'playing') {
      last.paused = false;
    }
    const next = last.paused ? t('player.paused') : nowPlaying;
    if (last.shown) {
      setMessage(next);
      return;
    }
    // The region has just been added to the page: it is filled a moment later, as a change that screen
    // readers read out (text already there when a live region appears is not announced).
    const timer = setTimeout(() => {
      last.shown = true;
      setMessage(next);
    }, FIRST_ANNOUNCEMENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, status, nowPlaying, t]);

  // A shortcut's change (a jump of 5 seconds, repeat on or off), said where the focus is not.
  useLayoutEffect(() => {
    if (said && seen.current.shown) setMessage(said.text);
  }, [said]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="player-announcement">
      {message}
    </div>
  );
}

/** The theme's waveform colours, from theme.css: grey bars, the accent red for what has played. */
function waveColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    waveColor: read('--sori-wave-color', '#8a8a8a'),
    progressColor: read('--sori-wave-progress', '#a51d2d'),
    cursorColor: read('--sori-wave-cursor', '#a51d2d'),
  };
}

interface WaveformProps {
  peaksUrl: string | null;
  duration: number;
}

/**
 * wavesurfer.js drawn from the server's precomputed peaks: it is handed the peaks and the duration, so it
 * never fetches or decodes the audio (DESIGN: the browser never decodes audio to draw a waveform). It
 * shares the player's audio element, so clicking the waveform seeks what is playing. The parent keys it
 * by track and audio element, so each one starts afresh.
 */
function Waveform({ peaksUrl, duration }: WaveformProps) {
  const { t } = useTranslation();
  const { resolved } = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const surfer = useRef<WaveSurfer | null>(null);
  const [drawn, setDrawn] = useState<'pending' | 'ready' | 'none'>(peaksUrl ? 'pending' : 'none');
  const knownDuration = duration;

  useEffect(() => {
    const el = container.current;
    const media = player.getMedia();
    if (!el || !media || !peaksUrl) return;
    let cancelled = false;
    let started = false;
    let created: WaveSurfer | null = null;
    const draw = () => {
      if (started || cancelled) return;
      started = true;
      void loadPeaks(peaksUrl).then((doc) => {
        if (cancelled) return;
        const length = knownDuration > 0 ? knownDuration : (doc?.durationSec ?? 0);
        if (!doc || doc.peaks.length === 0 || length <= 0) {
          setDrawn('none');
          return;
        }
        // Created with the element that already plays this track: wavesurfer reads its source as is and,
        // given peaks and a duration, neither fetches nor decodes anything.
        created = WaveSurfer.create({
          container: el,
          height: WAVEFORM_BAR.height,
          barWidth: WAVEFORM_BAR.width,
          barRadius: WAVEFORM_BAR.radius,
          barGap: 1,
          cursorWidth: PLAYER_WAVEFORM.cursorWidth,
          sampleRate: PLAYER_WAVEFORM.sampleRate,
          media: media as HTMLMediaElement,
          peaks: [doc.peaks],
          duration: length,
          hideScrollbar: true,
          ...waveColours(),
        });
        created.on('redrawcomplete', () => setDrawn('ready'));
        surfer.current = created;
      });
    };
    // Drawn as soon as the audio plays, so building it never holds back the start of playback; a start
    // that is slow or refused still gets its waveform a moment later.
    const stop = player.subscribe(() => {
      if (player.getSnapshot().status === 'playing') draw();
    });
    if (player.getSnapshot().status === 'playing') draw();
    const fallback = setTimeout(draw, WAVEFORM_FALLBACK_MS);
    return () => {
      cancelled = true;
      stop();
      clearTimeout(fallback);
      created?.destroy();
      surfer.current = null;
    };
    // One waveform per track and audio element (the parent keys it); the duration known at that moment
    // is the one to draw with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [peaksUrl]);

  useEffect(() => {
    // The theme provider sets <html data-bs-theme> in its own effect, which runs after this one: read the
    // colours on the next frame, once the new theme's variables apply. (A waveform still being built reads
    // them when it is created.)
    const frame = requestAnimationFrame(() => surfer.current?.setOptions(waveColours()));
    return () => cancelAnimationFrame(frame);
  }, [resolved]);

  const state = usePlayer();
  const handleKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') player.skip(-1);
    else if (event.key === 'ArrowRight' || event.key === 'ArrowUp') player.skip(1);
    else if (event.key === 'PageDown') player.skip(-1, SEEK_PAGE_SECONDS);
    else if (event.key === 'PageUp') player.skip(1, SEEK_PAGE_SECONDS);
    else if (event.key === 'Home') player.seek(0);
    else if (event.key === 'End') player.seek(state.duration);
    // Space and Enter play or pause, as on the track page's waveform (Space would otherwise scroll the page).
    else if (event.key === ' ' || event.key === 'Enter') player.toggle();
    else return;
    event.preventDefault();
  };

  return (
    <div
      className="sori-player-wave"
      role="slider"
      tabIndex={0}
      aria-label={t('player.position')}
      title={t('player.positionHint')}
      aria-keyshortcuts={POSITION_KEYS}
      aria-valuemin={0}
      aria-valuemax={Math.round(state.duration)}
      aria-valuenow={Math.round(state.currentTime)}
      aria-valuetext={`${time(state.currentTime)} / ${time(state.duration)}`}
      onKeyDown={handleKey}
      data-testid="player-waveform"
      data-state={drawn}
    >
      <div ref={container} className="sori-player-wave-canvas" />
      {drawn === 'none' ? <span className="sori-player-nowave">{t('tracks.noWave')}</span> : null}
    </div>
  );
}
