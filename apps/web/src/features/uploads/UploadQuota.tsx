import { formatBytes } from '@sori/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { userKeys } from '../auth/queries';
import { useSession } from '../auth/useSession';

/** Under the user's keys, so signing out empties it without asking again and signing in asks anew. */
export const quotaKey = [...userKeys.all, 'quota'] as const;

export function refreshQuota(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: quotaKey });
}

/** What the user's uploads take against their quota (GET /my/quota): tracks and bytes stored, with meters. */
export function UploadQuotaMeter() {
  const { t } = useTranslation();
  // Asked only while signed in: a screen still showing as its member signs out must not ask again (a 401).
  const { token } = useSession();
  const quota = useQuery({ queryKey: quotaKey, queryFn: ({ signal }) => api.get('/my/quota', { signal }), enabled: token !== null });
  if (!quota.data) return null;
  const q = quota.data;
  const tracks = t('upload.quota.tracks', { used: q.tracks, limit: q.tracksLimit });
  const bytes = t('upload.quota.bytes', { used: formatBytes(q.bytes), limit: formatBytes(q.bytesLimit) });
  const share = (used: number, limit: number) => Math.min(100, Math.round((used / Math.max(1, limit)) * 100));
  return (
    <div className="sori-upload-quota small mb-3" data-testid="upload-quota">
      <div className="text-body-secondary" data-testid="upload-quota-text">
        {t('upload.quota.label')}: {tracks} · {bytes}
      </div>
      <div className="d-flex gap-2 mt-1">
        {/* The label and the spoken value go on the element with role="progressbar" (a child bar), not its wrapper. */}
        <ProgressBar className="flex-grow-1" data-testid="upload-quota-tracks">
          <ProgressBar now={share(q.tracks, q.tracksLimit)} aria-label={t('upload.quota.tracksMeter')} aria-valuetext={tracks} />
        </ProgressBar>
        <ProgressBar className="flex-grow-1" data-testid="upload-quota-bytes">
          <ProgressBar now={share(q.bytes, q.bytesLimit)} aria-label={t('upload.quota.bytesMeter')} aria-valuetext={bytes} />
        </ProgressBar>
      </div>
    </div>
  );
}
