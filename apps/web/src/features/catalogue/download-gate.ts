import { MIN_DOWNLOAD_LEVEL, type Music } from '@sori/contract';
import { isApiError } from '../../lib/api-client';

/** Why a download cannot start, checked in the order of PRODUCT §5, or 'ok'. */
export type DownloadGate = 'login' | 'noFile' | 'level' | 'ok';

export function downloadGate(
  session: { token: string | null; level: number | null },
  track: Pick<Music, 'filePath' | 'fileName'>,
): DownloadGate {
  if (!session.token) return 'login';
  if (!track.filePath || !track.fileName) return 'noFile';
  if ((session.level ?? 0) < MIN_DOWNLOAD_LEVEL) return 'level';
  return 'ok';
}

/** Which PRODUCT §8 download message a failure deserves. */
export type DownloadFailure = 'login' | 'noFile' | 'level' | 'failed' | 'error';

export function downloadFailure(error: unknown): DownloadFailure {
  if (!isApiError(error) || error.kind !== 'http') return 'error';
  if (error.status === 401) return 'login';
  if (error.code === 'LEVEL_TOO_LOW') return 'level';
  if (error.code === 'NO_FILE') return 'noFile';
  return 'failed';
}
