import { useTranslation } from 'react-i18next';
import { TrackListScreen } from './TrackListScreen';

/** /upload: titled 'library', the user's own uploaded tracks (spec section 2, DECISIONS 13). */
export default function UploadPage() {
  const { t } = useTranslation();
  return (
    <TrackListScreen
      title={t('upload.title')}
      subtitle={t('upload.subtitle')}
      source={{ kind: 'mine' }}
      requiresLogin
      loginBody={t('upload.login')}
      emptyTitle={t('upload.empty')}
      emptyBody={t('upload.emptyBody')}
      loadFailed={t('upload.loadFailed')}
    />
  );
}
