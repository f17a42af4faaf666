import { formatDuration, SEEK_STEP_SECONDS } from '@sori/contract';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../theme/ThemeProvider';
import { player, usePlayerSelector } from '../player/player';
import { playerKey, type PlayerTrack } from '../player/player-controller';
import { usePeaksQuery } from './queries';

const HEIGHT = 96;
const BAR = 3;
const GAP = 1;

/**
 * The track page's large waveform, drawn on a canvas from the server's peaks (never decoded in the
 * browser). The part played shows in the accent colour while this track (or this edit) is the one loaded;
 * a click plays it from that point; it is a slider for the keyboard and assistive technology.
 */
export function TrackWave({ track, testId = 'track-wave' }: { track: PlayerTrack; testId?: string }) {
  const { t } = useTranslation();
  const { resolved } = useTheme();
  const canvas = useRef<HTMLCanvasElement>(null);
  const peaks = usePeaksQuery(track.peaksUrl).data ?? null;
  const [width, setWidth] = useState(0);
  const key = playerKey(track);
  // Thousandths of the track played: the canvas is redrawn at most that often.
  const progress = usePlayerSelector((s) =>
    s.track && playerKey(s.track) === key && s.duration > 0 ? Math.round((Math.min(s.currentTime, s.duration) / s.duration) * 1000) : 0,
  );

  useEffect(() => {
    const el = canvas.current?.parentElement;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = canvas.current;
    if (!el || !peaks || peaks.length === 0 || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = width * ratio;
    el.height = HEIGHT * ratio;
    const ctx = el.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, HEIGHT);
    const style = getComputedStyle(document.documentElement);
    const colour = style.getPropertyValue('--sori-wave-color').trim() || '#8a8a8a';
    const played = style.getPropertyValue('--sori-wave-progress').trim() || '#a51d2d';
    const bars = Math.max(1, Math.floor(width / (BAR + GAP)));
    const step = peaks.length / bars;
    const playedBars = Math.round((progress / 1000) * bars);
    for (let i = 0; i < bars; i++) {
      let peak = 0;
      for (let j = Math.floor(i * step); j < Math.max(Math.floor(i * step) + 1, Math.floor((i + 1) * step)); j++)
        peak = Math.max(peak, peaks[j] ?? 0);
      const h = Math.max(2, peak * (HEIGHT - 4));
      ctx.fillStyle = i < playedBars ? played : colour;
      ctx.fillRect(i * (BAR + GAP), (HEIGHT - h) / 2, BAR, h);
    }
    // The theme's colours are read when it changes (`resolved`).
  }, [peaks, width, progress, resolved]);

  const seek = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || !track.playTime) return;
    const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    player.play(track, { at: fraction * track.playTime });
  };
  // The keyboard's way: ← and → move 5 s (as the player's shortcuts do), Home and End to either end, Space
  // or Enter plays or pauses; on a recording not loaded yet, each plays it from that point.
  const length = track.playTime ?? 0;
  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    const now = player.getSnapshot();
    const loaded = now.track !== null && playerKey(now.track) === key;
    const at = loaded ? now.currentTime : 0;
    const to: Record<string, number> = {
      ArrowLeft: at - SEEK_STEP_SECONDS,
      ArrowRight: at + SEEK_STEP_SECONDS,
      Home: 0,
      End: Math.max(0, length - 1),
    };
    if (event.key in to) player.play(track, { at: Math.min(Math.max(0, to[event.key]!), length) });
    else if (event.key === ' ' || event.key === 'Enter') player.play(track);
    else return;
    // Handled here: the player's own shortcuts must not move it again.
    event.preventDefault();
  };
  const seconds = Math.floor((progress / 1000) * length);

  if (peaks !== null && peaks.length === 0) {
    return (
      <p className="sori-nowave" data-testid={`${testId}-none`}>
        {t('tracks.noWave')}
      </p>
    );
  }
  return (
    <div
      className="sori-track-wave"
      onClick={seek}
      onKeyDown={keys}
      role="slider"
      tabIndex={0}
      aria-label={t('trackPage.waveLabel', { title: track.title })}
      aria-valuemin={0}
      aria-valuemax={Math.round(length)}
      aria-valuenow={seconds}
      aria-valuetext={`${formatDuration(seconds) ?? '0:00'} / ${formatDuration(length) ?? '0:00'}`}
      title={t('trackPage.waveHint')}
      data-testid={testId}
      data-progress={progress}
    >
      <canvas ref={canvas} aria-hidden="true" style={{ width: '100%', height: HEIGHT }} />
    </div>
  );
}
