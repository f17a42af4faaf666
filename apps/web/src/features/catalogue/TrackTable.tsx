import { highlightRanges, type Music } from '@sori/contract';
import { lazy, Suspense, useState, type DragEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/Icon';
import { MenuButton, type MenuButtonItem } from '../../components/MenuButton';
import { similarPath } from '../../lib/routes';
import { pressedControl, useAuthModal } from '../auth/AuthModalContext';
import { useSession } from '../auth/useSession';
import { cancelPrime, player, primeSoon, usePlayerSelector } from '../player/player';
import { useLabelLanguage } from './filters/labels';
import { keyLabel, spokenKeyLabel } from './key-label';
import { useLikeMutation } from './queries';
import { copyTrackLink } from './share';
import { TRACK_DRAG_TYPE } from './track-drag';
import { useDownload } from './useDownload';

const ChoosePlaylistModal = lazy(() => import('../playlists/ChoosePlaylistModal'));
const TrackDetailsPanel = lazy(() => import('./TrackDetailsPanel'));

/** A row's own actions beyond the standard ones (the upload screen's edit and delete). */
export interface ExtraAction {
  key: string;
  label: string;
  icon: 'edit' | 'trash';
  danger?: boolean;
  onSelect: (track: Music) => void;
}

export interface TrackTableProps {
  tracks: readonly Music[];
  /** Accessible name of the table, e.g. the screen's title. */
  caption: string;
  /**
   * The playlist being shown: a real one (> 0) adds 'remove from playlist'; the virtual liked (0) and
   * downloaded (-1) lists hide the actions column (PRODUCT §2).
   */
  playlistId?: number;
  /** Search text whose words are marked in titles and artists. */
  highlight?: string;
  onRemove?: (track: Music) => void;
  extraActions?: readonly ExtraAction[];
  /** Extra content under a title (e.g. 'private' on an unpublished upload). */
  renderBadge?: (track: Music) => ReactNode;
}

/** The track table (PRODUCT §2): cover, title with artist, wave, time, key, BPM and actions. */
export function TrackTable({ tracks, caption, playlistId, highlight, onRemove, extraActions, renderBadge }: TrackTableProps) {
  const { t } = useTranslation();
  const showActions = playlistId === undefined || playlistId > 0;
  const [choosing, setChoosing] = useState<Music | null>(null);
  const [details, setDetails] = useState<Music | null>(null);
  const { token } = useSession();
  const { openLoginFor } = useAuthModal();
  // 'id:playing' of the loaded track: the table re-renders when that changes, not with every position tick.
  const now = usePlayerSelector((s) => (s.track ? `${s.track.id}:${s.status === 'playing' || s.status === 'loading'}` : ''));
  const [nowId, nowPlaying] = now.split(':');

  const handlers: RowHandlers = {
    // The queue is the list the track was played from: next, previous and the end of a track follow it.
    play: (track, at) => player.play(track, { queue: tracks, at }),
    // Signed out, the login comes first, and then the playlist chooser.
    addToPlaylist: (track) => (token ? setChoosing(track) : openLoginFor(pressedControl(), () => setChoosing(track))),
    showDetails: setDetails,
    remove: playlistId !== undefined && playlistId > 0 ? onRemove : undefined,
    extraActions,
  };

  return (
    <div className="sori-track-table-wrap">
      <table className="table sori-track-table align-middle mb-0" data-testid="track-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="sori-col-cover">
              <span className="visually-hidden">{t('tracks.cover')}</span>
            </th>
            <th scope="col" className="sori-col-title">
              {t('tracks.title')}
            </th>
            <th scope="col" className="sori-col-wave">
              {t('tracks.wave')}
            </th>
            <th scope="col" className="sori-col-time text-end">
              {t('tracks.time')}
            </th>
            <th scope="col" className="sori-col-key text-center">
              {t('tracks.key')}
            </th>
            <th scope="col" className="sori-col-bpm text-end">
              {t('tracks.bpm')}
            </th>
            {showActions ? (
              <th scope="col" className="sori-col-actions text-end">
                <span className="visually-hidden">{t('tracks.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {tracks.map((track) => (
            <TrackRow
              key={track.id}
              track={track}
              current={nowId === String(track.id)}
              playing={nowId === String(track.id) && nowPlaying === 'true'}
              highlight={highlight}
              showActions={showActions}
              handlers={handlers}
              badge={renderBadge?.(track)}
            />
          ))}
        </tbody>
      </table>
      {choosing ? (
        <Suspense fallback={null}>
          <ChoosePlaylistModal track={choosing} onClose={() => setChoosing(null)} />
        </Suspense>
      ) : null}
      {details ? (
        <Suspense fallback={null}>
          <TrackDetailsPanel track={details} onClose={() => setDetails(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

interface RowHandlers {
  play: (track: Music, at?: number) => void;
  addToPlaylist: (track: Music) => void;
  showDetails: (track: Music) => void;
  remove: ((track: Music) => void) | undefined;
  extraActions: readonly ExtraAction[] | undefined;
}

interface TrackRowProps {
  track: Music;
  current: boolean;
  playing: boolean;
  highlight: string | undefined;
  showActions: boolean;
  handlers: RowHandlers;
  badge: ReactNode;
}

/** Clicks on a control inside the row do their own thing; anywhere else plays the track. */
const fromControl = (event: MouseEvent) => (event.target as Element).closest('button, a, input, label, [role="menu"]') !== null;

function TrackRow({ track, current, playing, highlight, showActions, handlers, badge }: TrackRowProps) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  const artist = track.artist || t('tracks.unknownArtist');
  const keyShort = track.soundkey ? `${track.soundkey}${track.keyMode === 'minor' ? 'm' : ''}` : null;
  const bpm = track.bpm === null ? null : `${track.bpm} BPM`;
  const facts = [keyShort, bpm].filter(Boolean).join(' · ');
  // Keys said in words to a screen reader, which reads 'B♭m' as letters.
  const spokenFacts = [spokenKeyLabel(track.soundkey, track.keyMode, lang) || null, bpm].filter(Boolean).join(', ');

  const handleDragStart = (event: DragEvent<HTMLTableRowElement>) => {
    // The track id travels with the drag (PRODUCT §2); a sidebar playlist accepts it.
    event.dataTransfer.setData(TRACK_DRAG_TYPE, String(track.id));
    event.dataTransfer.setData('text/plain', track.title);
    event.dataTransfer.effectAllowed = 'copy';
  };

  return (
    <tr
      className={`sori-track-row${current ? ' is-current' : ''}`}
      draggable
      onDragStart={handleDragStart}
      onPointerEnter={() => primeSoon(track)}
      onPointerLeave={cancelPrime}
      onClick={(event) => {
        if (!fromControl(event)) handlers.play(track);
      }}
      data-testid="track-row"
      data-track-id={track.id}
      aria-current={current ? 'true' : undefined}
    >
      <td className="sori-col-cover">
        <button
          type="button"
          className="sori-cover-btn"
          onClick={() => handlers.play(track)}
          onFocus={() => player.prime(track)}
          aria-label={playing ? t('player.pauseTrack', { title: track.title }) : t('player.playTrack', { title: track.title })}
          data-testid="row-play"
        >
          {track.cover ? (
            <img src={track.cover} alt="" width={40} height={40} loading="lazy" decoding="async" className="sori-cover" />
          ) : (
            <span className="sori-cover sori-cover-empty">
              <Icon name="music" size={16} />
            </span>
          )}
          <span className="sori-cover-overlay">
            <Icon name={playing ? 'pause' : 'play'} size={16} filled={!playing} />
          </span>
        </button>
      </td>
      <td className="sori-col-title">
        <div className="sori-track-title text-truncate" title={track.title} data-testid="track-title">
          <Highlighted text={track.title} query={highlight} />
        </div>
        <div className="sori-track-artist" data-testid="track-artist">
          <span className="text-truncate">
            <Highlighted text={artist} query={track.artist ? highlight : undefined} />
          </span>
          {badge}
        </div>
        {/* On a phone the key and BPM columns give the title their room: the two ride under the artist, so a
            list filtered by BPM still shows it (CSS shows this line only where it hides the columns). */}
        {facts ? (
          <div className="sori-track-facts" data-testid="track-row-facts">
            <span aria-hidden="true">{facts}</span>
            <span className="visually-hidden">{spokenFacts}</span>
          </div>
        ) : null}
      </td>
      <td className="sori-col-wave">
        <WaveImage
          url={track.waveUrl}
          trackId={current ? track.id : null}
          onSeek={(fraction) => handlers.play(track, fraction * (track.playTime ?? 0))}
        />
      </td>
      <td className="sori-col-time text-end" data-testid="track-time">
        {track.duration || '-'}
      </td>
      <td className="sori-col-key text-center" data-testid="track-key">
        {/* The column is narrow: a minor key is written as chord symbols write it ('Am'), a major key by its
            tonic alone ('C'), the full name ('A 단조', 'A minor', 'イ短調') on hover, and said in words to a
            screen reader ('B-flat minor', 'B플랫 단조'), which reads 'B♭m' as letters: the symbol is hidden from
            it, so that neither it nor its title (which would be read as a description) is said. */}
        {track.soundkey ? (
          <>
            <span title={keyLabel(track.soundkey, track.keyMode, lang)} aria-hidden="true" data-testid="track-key-shown">
              {keyShort}
            </span>
            <span className="visually-hidden">{spokenKeyLabel(track.soundkey, track.keyMode, lang)}</span>
          </>
        ) : (
          '-'
        )}
      </td>
      <td className="sori-col-bpm text-end" data-testid="track-bpm">
        {track.bpm ?? '-'}
      </td>
      {showActions ? (
        <td className="sori-col-actions">
          <TrackActions track={track} handlers={handlers} />
        </td>
      ) : null}
    </tr>
  );
}

function TrackActions({ track, handlers }: { track: Music; handlers: RowHandlers }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const { openLoginFor } = useAuthModal();
  const like = useLikeMutation();
  const download = useDownload();
  const navigate = useNavigate();
  // Signed out, a like asks to sign in first and is made then (a like, not a toggle: the track may already
  // be among the member's likes).
  const toggleLike = (event: MouseEvent<HTMLElement>) =>
    token
      ? like.mutate({ id: track.id, liked: !track.liked })
      : openLoginFor(pressedControl(event.currentTarget), () => like.mutate({ id: track.id, liked: true }));
  const { remove } = handlers;

  // In a narrow table these live in the menu instead of beside it (see the container queries in theme.css).
  const phoneOnly = 'sori-action-narrow';
  const items: MenuButtonItem[] = [
    {
      key: 'download',
      className: phoneOnly,
      label: <MenuLabel icon="download" text={t('tracks.download')} />,
      onSelect: () => void download(track),
    },
    {
      key: 'add',
      className: phoneOnly,
      label: <MenuLabel icon="listAdd" text={t('tracks.addToPlaylist')} />,
      onSelect: () => handlers.addToPlaylist(track),
    },
    ...(remove
      ? [
          {
            key: 'remove',
            className: phoneOnly,
            label: <MenuLabel icon="listRemove" text={t('tracks.removeFromPlaylist')} />,
            onSelect: () => remove(track),
          },
        ]
      : []),
    {
      key: 'share',
      testId: 'row-share',
      label: <MenuLabel icon="link" text={t('tracks.share')} />,
      onSelect: () => void copyTrackLink(track, t),
    },
    {
      key: 'similar',
      testId: 'row-similar',
      label: <MenuLabel icon="wave" text={t('tracks.similar')} />,
      onSelect: () => void navigate(similarPath(track.id)),
    },
    {
      key: 'details',
      testId: 'row-details',
      label: <MenuLabel icon="info" text={t('tracks.details')} />,
      onSelect: () => handlers.showDetails(track),
    },
    ...(handlers.extraActions ?? []).map((action) => ({
      key: action.key,
      testId: `row-${action.key}`,
      danger: action.danger,
      label: <MenuLabel icon={action.icon} text={action.label} />,
      onSelect: () => action.onSelect(track),
    })),
  ];

  return (
    <div className="sori-actions">
      <button
        type="button"
        className="sori-icon-btn sori-action-wide"
        onClick={() => void download(track)}
        aria-label={t('tracks.downloadTrack', { title: track.title })}
        title={t('tracks.download')}
        data-testid="row-download"
      >
        <Icon name="download" />
      </button>
      <button
        type="button"
        className="sori-icon-btn sori-action-wide"
        onClick={() => handlers.addToPlaylist(track)}
        aria-label={t('tracks.addTrack', { title: track.title })}
        title={t('tracks.addToPlaylist')}
        data-testid="row-add"
      >
        <Icon name="listAdd" />
      </button>
      {remove ? (
        <button
          type="button"
          className="sori-icon-btn sori-action-wide"
          onClick={() => remove(track)}
          aria-label={t('tracks.removeTrack', { title: track.title })}
          title={t('tracks.removeFromPlaylist')}
          data-testid="row-remove"
        >
          <Icon name="listRemove" />
        </button>
      ) : null}
      <button
        type="button"
        className={`sori-icon-btn sori-like${track.liked ? ' active' : ''}`}
        onClick={toggleLike}
        aria-pressed={track.liked}
        aria-label={t('tracks.likeTrack', { title: track.title })}
        title={track.liked ? t('tracks.unlike') : t('tracks.like')}
        data-testid="row-like"
      >
        <Icon name="heart" filled={track.liked} />
      </button>
      <MenuButton icon={<Icon name="more" />} label={t('tracks.more', { title: track.title })} items={items} testId="row-menu" />
    </div>
  );
}

function MenuLabel({ icon, text }: { icon: Parameters<typeof Icon>[0]['name']; text: string }) {
  return (
    <>
      <Icon name={icon} />
      <span>{text}</span>
    </>
  );
}

/** Marks the words of the search in a title; markup in a title is text like any other. */
export function Highlighted({ text, query }: { text: string; query: string | undefined }) {
  const q = query?.trim();
  if (!q) return <>{text}</>;
  const ranges = highlightRanges(text, q);
  if (ranges.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const range of ranges) {
    if (range.start > at) parts.push(text.slice(at, range.start));
    parts.push(<mark key={range.start}>{text.slice(range.start, range.end)}</mark>);
    at = range.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

interface WaveImageProps {
  url: string | null;
  /** The loaded track's id when this row is it: its progress is painted over the wave. */
  trackId: number | null;
  /** A click on the wave plays the track from that point (0–1 of its length). */
  onSeek: (fraction: number) => void;
}

/**
 * The track's 220×25 waveform image, loaded lazily; a missing or broken image gives way to 'no waveform'.
 * Clicking it plays the track from there; on the loaded track the part played shows in the accent colour.
 */
function WaveImage({ url, trackId, onSeek }: WaveImageProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <span className="sori-nowave" data-testid="no-wave">
        {t('tracks.noWave')}
      </span>
    );
  }
  const seek = (event: MouseEvent<HTMLSpanElement>) => {
    event.stopPropagation();
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) onSeek(Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)));
  };
  return (
    <span className="sori-wave-box" onClick={seek} data-testid="wave-seek">
      <img
        src={url}
        alt=""
        width={220}
        height={25}
        loading="lazy"
        decoding="async"
        className="sori-wave"
        onError={() => setFailed(true)}
        data-testid="wave-image"
      />
      {trackId !== null ? <WaveProgress url={url} /> : null}
    </span>
  );
}

/** The played part of the loaded track's wave: the same image as a mask, filled with the accent colour. */
function WaveProgress({ url }: { url: string }) {
  // Rounded to 0.5 %: the row re-renders a few times a second at most, and only this row.
  const percent = usePlayerSelector((s) => (s.duration > 0 ? Math.round((Math.min(s.currentTime, s.duration) / s.duration) * 200) / 2 : 0));
  return (
    <span
      className="sori-wave-progress"
      style={{ maskImage: `url("${url}")`, WebkitMaskImage: `url("${url}")`, clipPath: `inset(0 ${100 - percent}% 0 0)` }}
      data-progress={percent}
      data-testid="wave-progress"
      aria-hidden="true"
    />
  );
}
