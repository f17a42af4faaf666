import { useTranslation } from 'react-i18next';
import { TrackListScreen } from './TrackListScreen';

/** /library: the catalogue search, titled 'music search' (spec section 2). */
export default function LibraryPage() {
  const { t } = useTranslation();
  return (
    <TrackListScreen
      title={t('library.title')}
      subtitle={t('library.subtitle')}
      source={{ kind: 'catalogue' }}
      requiresLogin={false}
      searchable
      emptyTitle={t('library.empty')}
      emptyBody={t('library.emptyBody')}
      loadFailed={t('library.loadFailed')}
    />
  );
}
