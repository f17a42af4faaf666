import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { Icon, type IconName } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { LoginRequired } from '../auth/LoginRequired';
import { useSession } from '../auth/useSession';
import { useTracksQuery } from '../catalogue/queries';
import { TrackTable } from '../catalogue/TrackTable';
import { usePlaylistsQuery } from './queries';

interface Entry {
  id: number;
  label: string;
  icon: IconName;
  count?: number;
}

/** /playlist: the playlist manager, list at left and the selected playlist's tracks at right (spec section 2). */
export default function PlaylistManagerPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <div className="sori-page">
      <PageHeader title={t('playlists.title')} subtitle={t('playlists.subtitle')} />
      {token ? <Manager /> : <LoginRequired body={t('playlists.login')} />}
    </div>
  );
}

function Manager() {
  const { t } = useTranslation();
  const playlists = usePlaylistsQuery();
  const [selected, setSelected] = useState<number | null>(null);

  // The two pinned virtual entries come first: liked (0) and downloaded (-1), then the user's own.
  const entries: Entry[] = [
    { id: 0, label: t('playlists.liked'), icon: 'heart' },
    { id: -1, label: t('playlists.downloaded'), icon: 'download' },
    ...(playlists.data ?? []).map((p) => ({ id: p.id, label: p.title || p.name, icon: 'list' as const, count: p.musicCount })),
  ];
  const current = entries.find((entry) => entry.id === selected) ?? null;

  return (
    <div className="row g-4">
      <div className="col-md-5 col-xl-4">
        {playlists.isError ? (
          <Alert variant="danger" dismissible onClose={() => void playlists.refetch()}>
            {t('playlists.loadFailed')}
          </Alert>
        ) : null}
        <ListGroup as="ul" className="sori-playlist-list" data-testid="playlist-manager-list">
          {entries.map((entry) => (
            <ListGroup.Item
              as="li"
              key={entry.id}
              action
              active={entry.id === selected}
              aria-current={entry.id === selected ? 'true' : undefined}
              // Selecting the selected playlist again deselects it (spec section 4).
              onClick={() => setSelected((id) => (id === entry.id ? null : entry.id))}
              className="d-flex align-items-center gap-2"
            >
              <Icon name={entry.icon} />
              <span className="text-truncate me-auto">{entry.label}</span>
              {entry.count !== undefined ? (
                <Badge bg="secondary" pill>
                  {entry.count}
                </Badge>
              ) : null}
            </ListGroup.Item>
          ))}
          {playlists.isPending ? (
            <ListGroup.Item as="li" className="text-center" role="status">
              <Spinner animation="border" size="sm" aria-hidden="true" />
              <span className="visually-hidden">{t('common.loading')}</span>
            </ListGroup.Item>
          ) : null}
        </ListGroup>
      </div>
      <div className="col-md-7 col-xl-8">
        {current ? (
          <SelectedTracks id={current.id} label={current.label} />
        ) : (
          <EmptyState icon="list" title={t('playlists.selectTitle')} body={t('playlists.selectBody')} />
        )}
      </div>
    </div>
  );
}

function SelectedTracks({ id, label }: { id: number; label: string }) {
  const { t } = useTranslation();
  const tracks = useTracksQuery({ source: { kind: 'playlist', playlistId: id }, page: 1 });
  if (tracks.isPending) {
    return (
      <div className="sori-page-loading" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  }
  if (tracks.isError) return <Alert variant="danger">{t('playlists.tracksFailed')}</Alert>;
  if (tracks.data.content.length === 0) {
    return <EmptyState icon="music" title={t('playlists.emptyTitle')} body={t('playlists.emptyBody')} />;
  }
  return (
    <section aria-label={label}>
      <h2 className="h5 mb-3">{label}</h2>
      <TrackTable tracks={tracks.data.content} caption={label} />
    </section>
  );
}
