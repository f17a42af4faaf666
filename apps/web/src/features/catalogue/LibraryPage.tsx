import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notices } from '../../lib/notices';
import { useTrackQuery } from './queries';
import { TrackListScreen } from './TrackListScreen';

const TrackDetailsPanel = lazy(() => import('./TrackDetailsPanel'));

/** /library: the catalogue search, titled 'music search' (PRODUCT §2). */
export default function LibraryPage() {
  const { t } = useTranslation();
  return (
    <>
      <TrackListScreen
        title={t('library.title')}
        label={t('library.title')}
        subtitle={t('library.subtitle')}
        source={{ kind: 'catalogue' }}
        requiresLogin={false}
        searchable
        emptyTitle={t('library.empty')}
        emptyBody={t('library.emptyBody')}
        loadFailed={t('library.loadFailed')}
      />
      <SharedTrack />
    </>
  );
}

/** A shared link (/library?track=ID, DECISIONS 18) opens that track's details over the search. */
function SharedTrack() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('track');
  const id = raw && /^\d{1,15}$/u.test(raw) ? Number(raw) : null;
  const track = useTrackQuery(id);
  const missing = raw !== null && (id === null || track.isError);

  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('track');
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if (!missing) return;
    // A deleted or unknown track: say so and leave the search as it is.
    notices.show('danger', t('tracks.notFound'));
    const next = new URLSearchParams(params);
    next.delete('track');
    setParams(next, { replace: true });
  }, [missing, params, setParams, t]);

  if (!track.data || id === null) return null;
  return (
    <Suspense fallback={null}>
      <TrackDetailsPanel track={track.data} onClose={close} />
    </Suspense>
  );
}
