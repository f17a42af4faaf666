import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type Music, type Page } from '@sori/contract';
import { api, toPage } from '../../lib/api-client';
import { STALE } from '../../lib/query-client';
import { userKeys } from '../auth/queries';

/**
 * Where a track list comes from (spec section 7): the public catalogue, the user's own uploads, or a
 * playlist through `tempPlayListId` (0 liked, -1 downloaded, a positive id one of the user's playlists).
 */
export type TrackSource = { kind: 'catalogue' } | { kind: 'mine' } | { kind: 'playlist'; playlistId: number };

export interface TrackListParams {
  source: TrackSource;
  /** One-based, as the UI counts; sent zero-based. */
  page: number;
  q?: string;
}

const isPersonal = (source: TrackSource) => source.kind !== 'catalogue';

export const musicKeys = {
  all: ['musics'] as const,
  /** Personal lists live under the user root, so signing out drops them at once. */
  personal: [...userKeys.all, 'musics'] as const,
  list: (params: TrackListParams) =>
    isPersonal(params.source)
      ? ([...musicKeys.personal, 'list', params] as const)
      : ([...musicKeys.all, 'list', params] as const),
};

export function fetchTracks(params: TrackListParams, signal?: AbortSignal): Promise<Page<Music>> {
  const { source, page, q } = params;
  const query = {
    page: Math.max(0, page - 1),
    size: DEFAULT_PAGE_SIZE,
    q: q?.trim() || undefined,
    // Playlists list newest additions first, as the spec's client asks (sort=id&sort=desc).
    sort: source.kind === 'playlist' ? ['id', 'desc'] : undefined,
    tempPlayListId: source.kind === 'playlist' ? source.playlistId : undefined,
  };
  const path = source.kind === 'mine' ? '/my/musics' : '/musics';
  return api.get<Music[] | Page<Music>>(path, query, signal).then(toPage);
}

export function useTracksQuery(params: TrackListParams, enabled = true) {
  return useQuery({
    queryKey: musicKeys.list(params),
    queryFn: ({ signal }) => fetchTracks(params, signal),
    enabled,
    staleTime: isPersonal(params.source) ? STALE.userLists : STALE.catalogue,
    placeholderData: keepPreviousData,
  });
}
