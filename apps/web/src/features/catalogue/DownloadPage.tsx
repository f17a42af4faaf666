import { useTranslation } from 'react-i18next';
import { LicenceLine } from '../licences/LicenceLine';
import { TrackListScreen } from './TrackListScreen';

/**
 * /download: the tracks the user downloaded (the virtual playlist -1), each with the licence it was
 * downloaded under: the download history is the licence history.
 * A screen of its own (DECISIONS 21): its rows keep their actions, unlike the playlist manager's downloaded entry.
 */
export default function DownloadPage() {
  const { t } = useTranslation();
  return (
    <TrackListScreen
      title={t('download.title')}
      label={t('download.title')}
      subtitle={t('download.subtitle')}
      source={{ kind: 'playlist', playlistId: -1 }}
      requiresLogin
      keepsActions
      loginBody={t('download.login')}
      emptyTitle={t('download.empty')}
      emptyBody={t('download.emptyBody')}
      loadFailed={t('download.loadFailed')}
      searchFailed={t('download.searchFailed')}
      table={{ renderBadge: (track) => <LicenceLine track={track} /> }}
    />
  );
}
