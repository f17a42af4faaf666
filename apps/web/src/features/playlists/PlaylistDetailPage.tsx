import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { parsePlaylistId } from '@sori/contract';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { TrackListScreen } from '../catalogue/TrackListScreen';
import { usePlaylistsQuery } from './queries';

/** /playlist/{id}: a playlist with its own search bar; the id must be an integer (spec section 5). */
export default function PlaylistDetailPage() {
  const { t } = useTranslation();
  const { id: rawId } = useParams();
  const id = parsePlaylistId(rawId);
  const playlists = usePlaylistsQuery();

  if (id === null) {
    return (
      <div className="sori-page">
        <PageHeader title={t('playlistDetail.title')} />
        <EmptyState icon="list" title={t('playlistDetail.invalid')} body={t('playlistDetail.invalidBody')} testId="invalid-playlist" />
      </div>
    );
  }

  const names: Record<number, string> = { 0: t('playlists.liked'), [-1]: t('playlists.downloaded') };
  const found = playlists.data?.find((p) => p.id === id);
  const title = found ? found.title || found.name : (names[id] ?? t('playlistDetail.title'));

  return (
    <TrackListScreen
      key={id}
      title={title}
      subtitle={found?.description ?? undefined}
      source={{ kind: 'playlist', playlistId: id }}
      requiresLogin
      loginBody={t('playlists.login')}
      searchable
      emptyTitle={t('playlists.emptyTitle')}
      emptyBody={t('playlists.emptyBody')}
      loadFailed={t('playlists.tracksFailed')}
    />
  );
}
