import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { MissingPage } from '../../components/MissingPage';
import { RetryAlert } from '../../components/RetryAlert';
import { isApiError } from '../../lib/api-client';
import { failureText } from '../../lib/failure-text';
import { ROUTES } from '../../lib/routes';
import { Pagination } from '../catalogue/Pagination';
import { pageFromParams } from '../catalogue/search-conditions';
import { TrackTable } from '../catalogue/TrackTable';
import { preloadPlayerBar } from '../player/player-bar-loader';
import { useSharedPlaylistQuery } from './queries';
import { setOwnTitle } from '../../lib/own-title';

/**
 * `/shared/{token}`: a playlist its owner shared by link, to anyone, signed out too (PRODUCT §16). Read-only:
 * its tracks play, and a visitor's own actions (like, add to their playlist, download) stay on the rows;
 * nothing changes the playlist. Private tracks are never listed (the server leaves them out).
 */
export default function SharedPlaylistPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const shared = useSharedPlaylistQuery(token, page);
  const section = useRef<HTMLElement>(null);
  const name = shared.data?.playlist.name;

  useEffect(() => preloadPlayerBar(), []);
  useEffect(() => {
    setOwnTitle(name ? `${name} · ${t('app.name')}` : null);
    return () => setOwnTitle(null);
  }, [name, t]);

  if (shared.isError && isApiError(shared.error) && shared.error.status === 404) {
    return (
      <MissingPage
        icon="list"
        title={t('sharedPlaylist.notFound')}
        body={t('sharedPlaylist.notFoundBody')}
        testId="shared-not-found"
        action={
          <Link to={ROUTES.library} className="btn btn-primary">
            {t('trackPage.toLibrary')}
          </Link>
        }
      />
    );
  }

  const data = shared.data;
  const goTo = (next: number) => {
    const nextParams = new URLSearchParams(params);
    if (next > 1) nextParams.set('page', String(next));
    else nextParams.delete('page');
    setParams(nextParams);
    section.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="sori-page" data-testid="shared-playlist">
      <header className="sori-page-header">
        <p className="sori-track-eyebrow">{t('sharedPlaylist.title')}</p>
        <div className="d-flex flex-wrap align-items-end justify-content-between gap-3">
          <div>
            <h1 className="sori-page-title" data-testid="page-title">
              {data ? data.playlist.name : t('sharedPlaylist.title')}
            </h1>
            {data?.playlist.description ? <p className="sori-page-subtitle">{data.playlist.description}</p> : null}
          </div>
          {data ? (
            <div className="d-flex flex-wrap align-items-center gap-2">
              <span className="sori-badge-private" data-testid="shared-view-only">
                {t('sharedPlaylist.viewOnly')}
              </span>
              <span className="sori-header-count" data-testid="playlist-count">
                {t('playlists.trackCount', { count: data.playlist.musicCount })}
              </span>
            </div>
          ) : null}
        </div>
      </header>
      {shared.isError ? (
        <RetryAlert
          text={failureText(shared.error, t('sharedPlaylist.loadFailed'))}
          onRetry={() => void shared.refetch()}
          testId="list-error"
        />
      ) : !data ? (
        <span className="visually-hidden" role="status">
          {t('common.loading')}
        </span>
      ) : data.tracks.content.length === 0 ? (
        <EmptyState icon="music" title={t('sharedPlaylist.empty')} body={t('sharedPlaylist.emptyBody')} testId="empty-state" />
      ) : (
        <section
          ref={section}
          aria-label={data.playlist.name}
          className={`sori-results${shared.isPlaceholderData ? ' is-updating' : ''}`}
          data-testid="results"
        >
          <TrackTable tracks={data.tracks.content} caption={data.playlist.name} />
          <Pagination page={Math.min(page, Math.max(1, data.tracks.totalPages))} totalPages={data.tracks.totalPages} onChange={goTo} />
        </section>
      )}
    </div>
  );
}
