import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type DownloadTicket, type EditSeconds, type Music, type Page } from '@sori/contract';
import { api, toPage } from '../../lib/api-client';
import { STALE } from '../../lib/query-client';
import { userKeys } from '../auth/queries';
import { NO_CONDITIONS, normalizeConditions, toApiQuery, type SearchConditions } from './search-conditions';
import { NO_SORT, sortKey, sortToApiQuery, type SortChoice } from './sort';

/**
 * Where a track list comes from (PRODUCT §7): the public catalogue, the user's own uploads, or a
 * playlist through `tempPlayListId` (0 liked, -1 downloaded, a positive id one of the user's playlists).
 */
export type TrackSource = { kind: 'catalogue' } | { kind: 'mine' } | { kind: 'playlist'; playlistId: number };

export interface TrackListParams {
  source: TrackSource;
  /** One-based, as the UI counts; sent zero-based. */
  page: number;
  conditions?: SearchConditions;
  /** The order chosen in the list's sort menu. */
  sort?: SortChoice;
}

const isPersonal = (source: TrackSource) => source.kind !== 'catalogue';

export const musicKeys = {
  all: ['musics'] as const,
  /** Personal lists live under the user root, so signing out drops them at once. */
  personal: [...userKeys.all, 'musics'] as const,
  lists: (source: TrackSource) =>
    isPersonal(source) ? ([...musicKeys.personal, 'list', source] as const) : ([...musicKeys.all, 'list', source] as const),
  list: (params: TrackListParams) =>
    [
      ...musicKeys.lists(params.source),
      params.page,
      normalizeConditions(params.conditions ?? NO_CONDITIONS),
      sortKey(params.sort ?? NO_SORT),
    ] as const,
  track: (id: number) => [...musicKeys.all, 'track', id] as const,
};

export function fetchTracks(params: TrackListParams, signal?: AbortSignal): Promise<Page<Music>> {
  const { source, page } = params;
  const conditions = params.conditions ?? NO_CONDITIONS;
  const query = {
    ...toApiQuery(conditions),
    page: Math.max(0, page - 1),
    size: DEFAULT_PAGE_SIZE,
    // Personal lists show what was added last first, as the spec's client asks (sort=id&sort=desc),
    // unless another order is chosen.
    ...sortToApiQuery(params.sort ?? NO_SORT, conditions.q, source.kind === 'playlist'),
    tempPlayListId: source.kind === 'playlist' ? source.playlistId : undefined,
  };
  const path = source.kind === 'mine' ? '/my/musics' : '/musics';
  return api.get(path, { query, signal }).then(toPage);
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

/** One track (a shared link, the details panel). */
export function useTrackQuery(id: number | null) {
  return useQuery({
    queryKey: musicKeys.track(id ?? 0),
    queryFn: ({ signal }) => api.get('/musics/:id', { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: STALE.catalogue,
  });
}

const isMusicPage = (data: unknown): data is Page<Music> =>
  data !== null && typeof data === 'object' && Array.isArray((data as Page<Music>).content);

const patchPage = (data: Page<Music>, id: number, patch: (track: Music) => Music): Page<Music> =>
  data.content.some((t) => t.id === id) ? { ...data, content: data.content.map((t) => (t.id === id ? patch(t) : t)) } : data;

/** Rewrites one track wherever it is cached: every list page (a shared playlist's too) and the single-track entry. */
export function updateCachedTrack(queryClient: QueryClient, id: number, patch: (track: Music) => Music): void {
  const roots: readonly (readonly string[])[] = [musicKeys.all, musicKeys.personal];
  for (const root of roots) {
    queryClient.setQueriesData<unknown>({ queryKey: root }, (data: unknown) => {
      if (isMusicPage(data)) return patchPage(data, id, patch);
      const tracks = data && typeof data === 'object' ? (data as { tracks?: unknown }).tracks : undefined;
      if (isMusicPage(tracks)) {
        const patched = patchPage(tracks, id, patch);
        return patched === tracks ? data : { ...(data as object), tracks: patched };
      }
      if (data && typeof data === 'object' && (data as Music).id === id && 'liked' in (data as Music)) return patch(data as Music);
      return data;
    });
  }
}

export interface LikeInput {
  id: number;
  liked: boolean;
}

/** The track lists and tracks being fetched right now (a list reloaded as the member signs in, say). */
function tracksLoading(queryClient: QueryClient) {
  return [musicKeys.all, musicKeys.personal].flatMap((root) =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: root, fetchStatus: 'fetching' })
      .map((query) => query.queryKey),
  );
}

/**
 * The like toggle (PRODUCT §4): the flag flips in every list at once, then the server is told. A
 * failure is only logged (no message); the flag is put back so the heart shows what the server holds.
 * A list still loading when the heart is pressed (the one reloaded as the member signs in, which a like
 * pressed while signed out then makes) would land after the flip with the old flag: it is stopped first and
 * fetched again once the server has the like.
 */
export function useLikeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, liked }: LikeInput) => api.post(liked ? '/my/like' : '/my/unlike', { musicId: id }),
    onMutate: async ({ id, liked }) => {
      const loading = tracksLoading(queryClient);
      await Promise.all(loading.map((queryKey) => queryClient.cancelQueries({ queryKey, exact: true })));
      updateCachedTrack(queryClient, id, (t) => ({ ...t, liked }));
      return { loading };
    },
    onError: (error, { id, liked }) => {
      console.warn(`[like] could not ${liked ? 'like' : 'unlike'} track ${id}`, error);
      updateCachedTrack(queryClient, id, (t) => ({ ...t, liked: !liked }));
    },
    onSuccess: () => {
      // The liked list is refetched when next shown; the one on screen keeps its rows, so an unliked
      // track can be liked again right there.
      void queryClient.invalidateQueries({ queryKey: musicKeys.lists({ kind: 'playlist', playlistId: 0 }), refetchType: 'none' });
    },
    onSettled: (_data, _error, _input, context) => {
      for (const queryKey of context?.loading ?? []) void queryClient.invalidateQueries({ queryKey, exact: true });
    },
  });
}

/** GET /download/download: records the download and answers a short-lived link to the original (or to a short edit). */
export function requestDownload(id: number, edit?: EditSeconds): Promise<DownloadTicket> {
  return api.get('/download/download', { query: { musicId: id, edit } });
}

export function invalidateDownloads(queryClient: QueryClient, trackId: number): void {
  void queryClient.invalidateQueries({ queryKey: musicKeys.lists({ kind: 'playlist', playlistId: -1 }) });
  // The track page lists the licences its member holds: a download may have issued one.
  void queryClient.invalidateQueries({ queryKey: musicKeys.track(trackId) });
}

/** The lists a playlist change affects: that playlist's pages (and the playlists with their counts). */
export function invalidatePlaylistTracks(queryClient: QueryClient, playlistId: number): void {
  void queryClient.invalidateQueries({ queryKey: musicKeys.lists({ kind: 'playlist', playlistId }) });
}
