import {
  EDIT_SECONDS,
  formatDuration,
  keyLabel,
  LICENCE_SCOPE_LABELS,
  LICENCE_TERMS,
  parseIdText,
  type EditSeconds,
  type Lang,
  type Music,
  type TrackEdit,
} from '@sori/contract';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Icon } from '../../components/Icon';
import { MissingPage } from '../../components/MissingPage';
import { RetryAlert } from '../../components/RetryAlert';
import { isApiError } from '../../lib/api-client';
import { failureText } from '../../lib/failure-text';
import { ROUTES } from '../../lib/routes';
import { pressedControl, useAuthModal } from '../auth/AuthModalContext';
import { useSession } from '../auth/useSession';
import { LicenceLine } from '../licences/LicenceLine';
import { SIMILAR_ANCHOR } from '../../lib/routes';
import { genreLabel, moodLabel, speedLabel, useLabelLanguage } from '../catalogue/filters/labels';
import { Pagination } from '../catalogue/Pagination';
import { useLikeMutation, useTrackQuery } from '../catalogue/queries';
import { conditionsToParams, NO_CONDITIONS, type SearchConditions } from '../catalogue/search-conditions';
import { copyTrackLink } from '../catalogue/share';
import { TrackTable } from '../catalogue/TrackTable';
import { useDownload } from '../catalogue/useDownload';
import { player, usePlayerSelector } from '../player/player';
import { preloadPlayerBar } from '../player/player-bar-loader';
import { playerKey, type PlayerTrack } from '../player/player-controller';
import { useEditsQuery, useSimilarQuery } from './queries';
import { TrackWave } from './TrackWave';
import { setOwnTitle } from '../../lib/own-title';
import { sentenceGap } from '../../i18n/grammar';

const ChoosePlaylistModal = lazy(() => import('../playlists/ChoosePlaylistModal'));

/** The library filtered by one genre or mood: where a tag of the track page leads. */
const libraryWith = (conditions: Partial<SearchConditions>) =>
  `${ROUTES.library}?${conditionsToParams({ ...NO_CONDITIONS, ...conditions }).toString()}`;

/** `/track/{id}`: one track's page, where shared links and the details panel lead (PRODUCT §16). */
export default function TrackPage() {
  const { t } = useTranslation();
  const { id: raw } = useParams();
  const id = parseIdText(raw);
  const track = useTrackQuery(id);

  if (id === null || (track.isError && isApiError(track.error) && track.error.status === 404)) {
    return (
      <MissingPage
        icon="music"
        title={t('trackPage.notFound')}
        body={t('trackPage.notFoundBody')}
        testId="track-not-found"
        action={
          <Link to={ROUTES.library} className="btn btn-primary">
            {t('trackPage.toLibrary')}
          </Link>
        }
      />
    );
  }
  if (track.isError) {
    return (
      <div className="sori-page">
        <h1 className="visually-hidden">{t('trackPage.title')}</h1>
        <RetryAlert text={failureText(track.error, t('trackPage.loadFailed'))} onRetry={() => void track.refetch()} testId="track-error" />
      </div>
    );
  }
  if (!track.data) {
    return (
      <div className="sori-page" aria-busy="true">
        <h1 className="visually-hidden">{t('trackPage.title')}</h1>
        <span className="visually-hidden" role="status">
          {t('common.loading')}
        </span>
      </div>
    );
  }
  return <TrackView key={track.data.id} track={track.data} />;
}

function TrackView({ track }: { track: Music }) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  const artist = track.artist || t('tracks.unknownArtist');

  useEffect(() => preloadPlayerBar(), []);
  useEffect(() => {
    // The tab names the track, not only the screen.
    setOwnTitle(`${track.title} · ${artist} · ${t('app.name')}`);
    return () => setOwnTitle(null);
  }, [track.title, artist, t]);

  const facts: [string, ReactNode][] = [
    [
      t('filters.genre'),
      track.genre !== null ? (
        <TagLinks tags={[{ key: track.genre, name: genreLabel(track.genre, lang), to: libraryWith({ genre: track.genre }) }]} />
      ) : (
        '-'
      ),
    ],
    [
      t('filters.moods'),
      track.moods.length ? (
        <TagLinks tags={track.moods.map((m) => ({ key: m, name: moodLabel(m, lang), to: libraryWith({ moods: [m] }) }))} />
      ) : (
        '-'
      ),
    ],
    [t('tracks.key'), keyLabel(track.soundkey, track.keyMode, lang)],
    [t('tracks.bpm'), track.bpm !== null ? String(track.bpm) : '-'],
    [t('tracks.time'), track.duration || '-'],
    [t('filters.speed'), track.speed !== null ? speedLabel(track.speed, lang) : '-'],
  ];

  return (
    <div className="sori-page sori-track-page" data-testid="track-page">
      <header className="sori-track-hero">
        {track.cover ? (
          <img src={track.cover} alt="" width={160} height={160} className="sori-track-hero-cover" />
        ) : (
          <span className="sori-track-hero-cover sori-cover-empty" aria-hidden="true">
            <Icon name="music" size={48} />
          </span>
        )}
        <div className="sori-track-hero-text">
          <p className="sori-track-eyebrow">{t('trackPage.title')}</p>
          <h1 className="sori-page-title" data-testid="page-title">
            {track.title}
          </h1>
          <p className="sori-track-hero-artist" data-testid="track-page-artist">
            {artist}
          </p>
          <TrackPageActions track={track} />
        </div>
      </header>
      <TrackWave track={track} />
      <div className="sori-track-columns">
        <section aria-labelledby="track-facts-title" className="sori-track-section">
          <h2 id="track-facts-title" className="sori-track-section-title">
            {t('trackPage.facts')}
          </h2>
          <dl className="sori-details-list mb-0" data-testid="track-facts">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <LicenceSummary track={track} />
      </div>
      <EditsSection track={track} />
      <SimilarSection track={track} />
    </div>
  );
}

function TagLinks({ tags }: { tags: { key: number; name: string; to: string }[] }) {
  const { t } = useTranslation();
  return (
    <span className="sori-tags mt-0">
      {tags.map((tag) => (
        <Link
          key={tag.key}
          to={tag.to}
          className="sori-tag sori-tag-link"
          aria-label={t('trackPage.browseTag', { name: tag.name })}
          data-testid="track-tag"
        >
          {tag.name}
        </Link>
      ))}
    </span>
  );
}

/** The row actions of the track table, as buttons with their words: play, like, download, add, copy link. */
function TrackPageActions({ track }: { track: Music }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const { openLoginFor } = useAuthModal();
  const like = useLikeMutation();
  const download = useDownload();
  const [choosing, setChoosing] = useState(false);
  // Signed out, liking or adding asks to sign in first, and then likes (not toggles: the track may already be
  // liked) or opens the playlist chooser.
  const playing = usePlayerSelector(
    (s) => s.track !== null && playerKey(s.track) === playerKey(track) && (s.status === 'playing' || s.status === 'loading'),
  );

  return (
    <div className="sori-track-actions">
      <Button
        variant="primary"
        className="d-inline-flex align-items-center gap-2"
        onClick={() => player.play(track)}
        aria-label={playing ? t('player.pauseTrack', { title: track.title }) : t('player.playTrack', { title: track.title })}
        data-testid="track-play"
      >
        <Icon name={playing ? 'pause' : 'play'} filled={!playing} size={18} />
        {playing ? t('player.pause') : t('player.play')}
      </Button>
      <Button
        variant="outline-secondary"
        className={`d-inline-flex align-items-center gap-2 sori-like${track.liked ? ' active' : ''}`}
        onClick={(event) =>
          token
            ? like.mutate({ id: track.id, liked: !track.liked })
            : openLoginFor(pressedControl(event.currentTarget), () => like.mutate({ id: track.id, liked: true }))
        }
        aria-pressed={track.liked}
        // As on a track row: once on, the tooltip says what a press does.
        title={track.liked ? t('tracks.unlike') : undefined}
        data-testid="track-like"
      >
        <Icon name="heart" filled={track.liked} size={18} />
        {t('tracks.like')}
      </Button>
      <Button
        variant="outline-secondary"
        className="d-inline-flex align-items-center gap-2"
        onClick={() => void download(track)}
        data-testid="track-download"
      >
        <Icon name="download" size={18} />
        {t('tracks.download')}
      </Button>
      <Button
        variant="outline-secondary"
        className="d-inline-flex align-items-center gap-2"
        onClick={(event) => (token ? setChoosing(true) : openLoginFor(pressedControl(event.currentTarget), () => setChoosing(true)))}
        data-testid="track-add"
      >
        <Icon name="listAdd" size={18} />
        {t('tracks.addToPlaylist')}
      </Button>
      <Button
        variant="outline-secondary"
        className="d-inline-flex align-items-center gap-2"
        onClick={() => void copyTrackLink(track, t)}
        data-testid="track-share"
      >
        <Icon name="link" size={18} />
        {t('tracks.share')}
      </Button>
      {choosing ? (
        <Suspense fallback={null}>
          <ChoosePlaylistModal track={track} onClose={() => setChoosing(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * The licence terms in short: who gets one, what it covers, and the full terms; first, for a member who holds
 * licences for this track, those licences (one for each file downloaded), with their certificates and verify
 * pages, as the download history lists them. Signed out, none is shown, whatever the cache still holds.
 */
function LicenceSummary({ track }: { track: Music }) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  const { token } = useSession();
  const held = token ? (track.licences ?? []) : [];
  return (
    <section aria-labelledby="track-licence-title" className="sori-track-section" data-testid="track-licence">
      <h2 id="track-licence-title" className="sori-track-section-title">
        {t('trackPage.licenceTitle')}
      </h2>
      {held.length ? (
        <div className="sori-track-held mb-3" data-testid="track-held-licences">
          <p className="fw-semibold mb-1">
            {held.length === 1 ? t('trackPage.licenceHeld') : t('trackPage.licencesHeld', { count: held.length })}
          </p>
          <LicenceLine track={track} />
        </div>
      ) : null}
      <p className="mb-2">{t('trackPage.licenceLead')}</p>
      <ul className="sori-licence-scope">
        {LICENCE_TERMS.scope.map((scope) => (
          <li key={scope}>{LICENCE_SCOPE_LABELS[scope][lang]}</li>
        ))}
      </ul>
      <Link to={LICENCE_TERMS.url}>{t('trackPage.licenceTerms')}</Link>
    </section>
  );
}

/** How the lengths a track is too short for are listed: "30·60초", "30・60秒", "30 or 60-second". */
const MISSING_JOIN: Record<Lang, string> = { ko: '·', ja: '・', en: ' or ' };

/** An edit as the player plays it: the same track id (its plays count for the track), its own audio. */
function editTrack(track: Music, edit: TrackEdit, title: string): PlayerTrack {
  return {
    id: track.id,
    variant: String(edit.seconds),
    title,
    artist: track.artist,
    cover: track.cover,
    playTime: edit.playTime,
    filePath: edit.filePath,
    fileUrl: null,
    peaksUrl: edit.peaksUrl,
  };
}

/** The track's 15, 30 and 60-second edits: each plays in the player and downloads under the licence rules. */
function EditsSection({ track }: { track: Music }) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  const edits = useEditsQuery(track.id);
  // The lead names every length; a track too short for some gets the others, and the lead says which it lacks.
  const missing = edits.data?.length ? EDIT_SECONDS.filter((s) => !edits.data.some((e) => e.seconds === s)) : [];
  let body: ReactNode;
  if (edits.isPending) {
    body = <Spinner animation="border" size="sm" role="status" aria-label={t('common.loading')} />;
  } else if (edits.isError) {
    body = (
      <RetryAlert
        text={failureText(edits.error, t('trackPage.editsFailed'))}
        onRetry={() => void edits.refetch()}
        testId="edits-error"
        className="mb-0"
      />
    );
  } else if (edits.data.length === 0) {
    body = (
      <p className="text-body-secondary mb-0" data-testid="edits-empty">
        {t('trackPage.editsEmpty')}
      </p>
    );
  } else {
    body = (
      <ul className="sori-edits" data-testid="edits">
        {edits.data.map((edit) => (
          <EditRow key={edit.seconds} track={track} edit={edit} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="track-edits-title" className="sori-track-section" data-testid="track-edits">
      <h2 id="track-edits-title" className="sori-track-section-title">
        {t('trackPage.editsTitle')}
      </h2>
      <p className="text-body-secondary">
        {t('trackPage.editsLead')}
        {missing.length > 0 ? (
          <>
            {sentenceGap(lang)}
            <span data-testid="edits-missing">{t('trackPage.editsTooShort', { seconds: missing.join(MISSING_JOIN[lang]) })}</span>
          </>
        ) : null}
      </p>
      {body}
    </section>
  );
}

function EditRow({ track, edit }: { track: Music; edit: TrackEdit }) {
  const { t } = useTranslation();
  const download = useDownload();
  const seconds = edit.seconds;
  const playable = editTrack(track, edit, t('trackPage.editPlayerTitle', { title: track.title, seconds }));
  const key = playerKey(playable);
  const playing = usePlayerSelector(
    (s) => s.track !== null && playerKey(s.track) === key && (s.status === 'playing' || s.status === 'loading'),
  );
  const ready = edit.status === 'ready' && edit.filePath !== null;
  return (
    <li className="sori-edit" data-testid="edit-row" data-seconds={seconds} data-status={edit.status}>
      <button
        type="button"
        className="sori-icon-btn sori-edit-play"
        disabled={!ready}
        onClick={() => player.play(playable)}
        aria-label={
          playing ? t('trackPage.pauseEdit', { title: track.title, seconds }) : t('trackPage.playEdit', { title: track.title, seconds })
        }
        data-testid="edit-play"
      >
        <Icon name={playing ? 'pause' : 'play'} filled={!playing} />
      </button>
      <span className="sori-edit-name">{t('trackPage.editName', { seconds })}</span>
      <span className="sori-edit-time text-body-secondary">
        {ready ? (
          (formatDuration(edit.playTime) ?? '-')
        ) : (
          <span data-testid="edit-pending">
            <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            {t('trackPage.editPending')}
          </span>
        )}
      </span>
      <span className="sori-edit-wave">
        {ready && edit.waveUrl ? <img src={edit.waveUrl} alt="" width={220} height={25} className="sori-wave" /> : null}
      </span>
      <button
        type="button"
        className="sori-icon-btn"
        disabled={!ready}
        onClick={() => void download(track, seconds as EditSeconds)}
        aria-label={t('trackPage.downloadEdit', { title: track.title, seconds })}
        title={t('tracks.download')}
        data-testid="edit-download"
      >
        <Icon name="download" />
      </button>
    </li>
  );
}

/** Published tracks that sound like this one, in the track table, a page at a time. */
function SimilarSection({ track }: { track: Music }) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  const [page, setPage] = useState(1);
  const similar = useSimilarQuery(track.id, page);
  let body: ReactNode;
  if (similar.isPending) {
    body = <Spinner animation="border" size="sm" role="status" aria-label={t('common.loading')} />;
  } else if (similar.isError) {
    body = (
      <RetryAlert
        text={failureText(similar.error, t('trackPage.similarFailed'))}
        onRetry={() => void similar.refetch()}
        testId="similar-error"
        className="mb-0"
      />
    );
  } else if (similar.data.content.length === 0) {
    // Only tracks close enough are listed (the server's cut-off): when none is, the track's genre is the next place to look.
    body = (
      <div data-testid="similar-empty">
        <p className="text-body-secondary mb-2">{t('trackPage.similarEmpty')}</p>
        {track.genre !== null && (
          <Link to={libraryWith({ genre: track.genre })} data-testid="similar-browse-genre">
            {t('trackPage.similarBrowseGenre', { name: genreLabel(track.genre, lang) })}
          </Link>
        )}
      </div>
    );
  } else {
    body = (
      <div className={similar.isPlaceholderData ? 'is-updating' : undefined}>
        <TrackTable tracks={similar.data.content} caption={t('trackPage.similarTitle')} />
        <Pagination page={Math.min(page, Math.max(1, similar.data.totalPages))} totalPages={similar.data.totalPages} onChange={setPage} />
      </div>
    );
  }
  return (
    <section id={SIMILAR_ANCHOR} aria-labelledby="track-similar-title" className="sori-track-section" data-testid="track-similar">
      <h2 id="track-similar-title" className="sori-track-section-title">
        {t('trackPage.similarTitle')}
      </h2>
      {body}
    </section>
  );
}
