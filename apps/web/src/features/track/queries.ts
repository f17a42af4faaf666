import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type TrackEdit } from '@sori/contract';
import { api } from '../../lib/api-client';
import { STALE } from '../../lib/query-client';
import { musicKeys } from '../catalogue/queries';
import { loadPeaks } from '../player/peaks';

/** While an edit is being made, its list is asked again this often. */
const PENDING_EDITS_POLL_MS = 5000;

export const trackPageKeys = {
  // Under the catalogue's root, so a like flips these rows too (updateCachedTrack).
  similar: (id: number, page: number) => [...musicKeys.all, 'similar', id, page] as const,
  edits: (id: number) => [...musicKeys.all, 'edits', id] as const,
};

/** Published tracks that sound like this one, nearest first, a page at a time (one-based here). */
export function useSimilarQuery(id: number, page: number) {
  return useQuery({
    queryKey: trackPageKeys.similar(id, page),
    queryFn: ({ signal }) =>
      api.get('/musics/:id/similar', { params: { id }, query: { page: Math.max(0, page - 1), size: DEFAULT_PAGE_SIZE }, signal }),
    staleTime: STALE.catalogue,
    placeholderData: keepPreviousData,
  });
}

/** The track's short edits (15, 30, 60 s); asked again while one is still being made. */
export function useEditsQuery(id: number) {
  return useQuery({
    queryKey: trackPageKeys.edits(id),
    queryFn: ({ signal }) => api.get('/musics/:id/edits', { params: { id }, signal }),
    staleTime: STALE.catalogue,
    refetchInterval: (query) =>
      (query.state.data as TrackEdit[] | undefined)?.some((e) => e.status === 'pending') ? PENDING_EDITS_POLL_MS : false,
  });
}

/** A recording's peaks for the page's large waveform (shared with the player's own cache of them). */
export function usePeaksQuery(url: string | null) {
  return useQuery({
    queryKey: ['peaks', url],
    queryFn: async () => (url ? ((await loadPeaks(url))?.peaks ?? []) : []),
    staleTime: Infinity,
  });
}
