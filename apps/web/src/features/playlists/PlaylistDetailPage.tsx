import { parsePlaylistId, type Music } from '@sori/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ROUTES } from '../../lib/routes';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { isApiError } from '../../lib/api-client';
import { refocusAfterDialogs } from '../../lib/modal-focus';
import { notices } from '../../lib/notices';
import { setOwnTitle } from '../../lib/own-title';
import { useSession } from '../auth/useSession';
import { neighbourRow, refocusRow } from '../catalogue/row-focus';
import { TrackListScreen } from '../catalogue/TrackListScreen';
import { usePlaylistQuery, usePlaylistShareQuery, useRemoveFromPlaylistMutation } from './queries';

const SharePlaylistModal = lazy(() => import('./SharePlaylistModal'));

/** /playlist/{id}: a playlist with its own search bar; the id must be an integer (PRODUCT §5). */
export default function PlaylistDetailPage() {
  const { t } = useTranslation();
  const { id: rawId } = useParams();
  const id = parsePlaylistId(rawId);
  const { token } = useSession();
  const playlist = usePlaylistQuery(id);
  const removeTrack = useRemoveFromPlaylistMutation();
  const [sharing, setSharing] = useState(false);
  // The dialog is unmounted when closed, before its own focus return would run: the focus goes back here.
  const shareButton = useRef<HTMLButtonElement>(null);
  const owned = token !== null && id !== null && id > 0 && playlist.isSuccess;
  const shareState = usePlaylistShareQuery(id ?? 0, owned);
  // The tab names the playlist ('출근길 · Sori'), as a shared playlist's does; the screen's name until it is read.
  const ownName =
    id === null
      ? null
      : id > 0
        ? playlist.data
          ? playlist.data.title || playlist.data.name
          : null
        : id === 0
          ? t('playlists.liked')
          : id === -1
            ? t('playlists.downloaded')
            : null;
  useEffect(() => {
    setOwnTitle(ownName ? `${ownName} · ${t('app.name')}` : null);
    return () => setOwnTitle(null);
  }, [ownName, t]);

  if (id === null) {
    return (
      <div className="sori-page">
        <PageHeader title={t('playlistDetail.title')} />
        <EmptyState icon="list" title={t('playlistDetail.invalid')} body={t('playlistDetail.invalidBody')} testId="invalid-playlist" />
      </div>
    );
  }

  // Someone else's or a deleted playlist: say so, with a way back (spec: nothing may leave the UI stuck).
  if (token && id > 0 && playlist.isError && isApiError(playlist.error) && playlist.error.status === 404) {
    return (
      <div className="sori-page">
        <PageHeader title={t('playlistDetail.title')} />
        <EmptyState
          icon="list"
          title={t('playlistDetail.notFound')}
          body={t('playlistDetail.notFoundBody')}
          testId="playlist-not-found"
          action={
            <Link to={ROUTES.playlists} className="btn btn-outline-secondary">
              {t('playlistDetail.toPlaylists')}
            </Link>
          }
        />
      </div>
    );
  }

  const names: Record<number, string> = { 0: t('playlists.liked'), [-1]: t('playlists.downloaded') };
  const title =
    id > 0
      ? playlist.data
        ? playlist.data.title || playlist.data.name
        : t('playlistDetail.title')
      : (names[id] ?? t('playlistDetail.title'));
  const handleRemove = (track: Music) => {
    const next = neighbourRow(track.id);
    removeTrack.mutate(
      { playlistId: id, musicId: track.id },
      {
        onSuccess: () => {
          // The button went with its row: the focus goes to the next row's, so several can be removed in turn.
          refocusRow(track.id, next, 'row-remove');
          notices.show('success', t('playlists.removed', { title: track.title }));
        },
        onError: () => notices.show('danger', t('playlists.errors.removeTrack')),
      },
    );
  };

  return (
    <TrackListScreen
      key={id}
      title={title}
      label={title}
      subtitle={playlist.data?.description ?? undefined}
      headerExtra={
        playlist.data ? (
          <div className="d-flex flex-wrap align-items-center gap-2">
            <span className="sori-header-count" data-testid="playlist-count">
              {t('playlists.trackCount', { count: playlist.data.musicCount })}
            </span>
            {shareState.data ? (
              <span className="sori-badge-private" data-testid="playlist-shared">
                {t('playlistShare.shared')}
              </span>
            ) : null}
            <Button
              ref={shareButton}
              variant="outline-secondary"
              size="sm"
              className="d-inline-flex align-items-center gap-2"
              onClick={() => setSharing(true)}
              data-testid="playlist-share"
            >
              <Icon name="share" size={16} />
              {t('playlistShare.button')}
            </Button>
            {sharing ? (
              <Suspense fallback={null}>
                <SharePlaylistModal
                  playlistId={id}
                  onClose={() => {
                    setSharing(false);
                    refocusAfterDialogs(() => shareButton.current);
                  }}
                />
              </Suspense>
            ) : null}
          </div>
        ) : null
      }
      source={{ kind: 'playlist', playlistId: id }}
      requiresLogin
      loginBody={t('playlists.login')}
      searchable
      emptyTitle={t('playlists.emptyTitle')}
      emptyBody={t('playlists.emptyBody')}
      loadFailed={t('playlists.errors.load')}
      searchFailed={t('playlists.errors.search')}
      table={{ onRemove: handleRemove }}
    />
  );
}
