import { useTranslation } from 'react-i18next';
import { TrackListScreen } from './TrackListScreen';

/**
 * /favorite: the liked tracks (the virtual playlist 0).
 * A screen of its own (DECISIONS 21): its rows keep their actions, unlike the playlist manager's liked entry.
 */
export default function FavoritePage() {
  const { t } = useTranslation();
  return (
    <TrackListScreen
      title={t('favorite.title')}
      label={t('favorite.title')}
      subtitle={t('favorite.subtitle')}
      source={{ kind: 'playlist', playlistId: 0 }}
      requiresLogin
      keepsActions
      loginBody={t('favorite.login')}
      emptyTitle={t('favorite.empty')}
      emptyBody={t('favorite.emptyBody')}
      loadFailed={t('favorite.loadFailed')}
      searchFailed={t('favorite.searchFailed')}
    />
  );
}
