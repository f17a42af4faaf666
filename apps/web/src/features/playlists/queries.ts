import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type Playlist } from '@sori/contract';
import { api, toPage } from '../../lib/api-client';
import { STALE } from '../../lib/query-client';
import { userKeys } from '../auth/queries';
import { useSession } from '../auth/useSession';
import { invalidatePlaylistTracks, musicKeys } from '../catalogue/queries';

export const playlistKeys = {
  all: [...userKeys.all, 'playlists'] as const,
  list: () => [...playlistKeys.all, 'list'] as const,
  detail: (id: number) => [...playlistKeys.all, 'detail', id] as const,
  holding: (musicId: number) => [...playlistKeys.all, 'holding', musicId] as const,
};

/** Newest first: by creation time, then id (the order the choose-playlist modal shows, PRODUCT §2). */
export function newestFirst(playlists: readonly Playlist[]): Playlist[] {
  return [...playlists].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

/** The signed-in user's playlists, newest first. */
export function usePlaylistsQuery() {
  const { token } = useSession();
  return useQuery({
    queryKey: playlistKeys.list(),
    queryFn: async ({ signal }) => newestFirst(toPage(await api.get('/playbox/list', { signal })).content),
    enabled: token !== null,
    staleTime: STALE.userLists,
  });
}

/**
 * The user's playlists, newest first, each with `hasMusic` for this track (GET /playbox/list?musicId=):
 * the choose-playlist modal marks where the track already is. Fetched fresh each time the modal opens.
 */
export function usePlaylistsHoldingQuery(musicId: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: playlistKeys.holding(musicId),
    queryFn: async ({ signal }) => newestFirst(toPage(await api.get('/playbox/list', { query: { musicId }, signal })).content),
    enabled: token !== null,
    staleTime: 0,
  });
}

/** One playlist (GET /playbox/{id}); a missing one is an error the detail screen shows. */
export function usePlaylistQuery(id: number | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: playlistKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get('/playbox/:id', { params: { id: id ?? 0 }, signal }),
    enabled: token !== null && id !== null && id > 0,
    staleTime: STALE.userLists,
  });
}

export interface PlaylistInput {
  name: string;
  description?: string | null;
}

const refreshPlaylists = (queryClient: QueryClient) => void queryClient.invalidateQueries({ queryKey: playlistKeys.all });

export function useCreatePlaylistMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaylistInput) => api.post('/playbox/create', { name: input.name, description: input.description ?? null }),
    onSuccess: (created) => {
      // A new playlist goes to the top at once (PRODUCT §4); the refetch then confirms the server's list.
      queryClient.setQueryData<Playlist[]>(playlistKeys.list(), (list) => [created, ...(list ?? []).filter((p) => p.id !== created.id)]);
      refreshPlaylists(queryClient);
    },
  });
}

export function useUpdatePlaylistMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: PlaylistInput & { id: number }) =>
      api.put('/playbox/:id', { name: input.name, description: input.description ?? null }, { params: { id } }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Playlist[]>(playlistKeys.list(), (list) => list?.map((p) => (p.id === updated.id ? updated : p)));
      queryClient.setQueryData(playlistKeys.detail(updated.id), updated);
      refreshPlaylists(queryClient);
    },
  });
}

export function useDeletePlaylistMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/playbox/:id', { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Playlist[]>(playlistKeys.list(), (list) => list?.filter((p) => p.id !== id));
      queryClient.removeQueries({ queryKey: playlistKeys.detail(id) });
      refreshPlaylists(queryClient);
    },
  });
}

export interface PlaylistTrackInput {
  playlistId: number;
  musicId: number;
}

/**
 * POST /playlist/add; adding a track already there is not an error (DECISIONS 4). The playlists are
 * refetched either way: after a success for the count, after a failure because the usual cause is a
 * playlist deleted elsewhere (another tab), which must then leave the lists instead of failing again.
 */
export function useAddToPlaylistMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaylistTrackInput) => api.post('/playlist/add', input),
    onSuccess: (_result, { playlistId }) => invalidatePlaylistTracks(queryClient, playlistId),
    onSettled: () => refreshPlaylists(queryClient),
  });
}

export function useRemoveFromPlaylistMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaylistTrackInput) => api.post('/playlist/remove', input),
    onSuccess: (_result, { playlistId }) => {
      invalidatePlaylistTracks(queryClient, playlistId);
      refreshPlaylists(queryClient);
    },
  });
}

// ---- Share links (PRODUCT §16) ------------------------------------------------------------------------

export const shareKeys = {
  /** The owner's link of one playlist (user data: dropped on sign-out). */
  state: (playlistId: number) => [...playlistKeys.all, 'share', playlistId] as const,
  /** A shared playlist as anyone reads it: under the catalogue's root, so a like flips its rows too. */
  shared: (token: string, page: number) => [...musicKeys.all, 'shared', token, page] as const,
};

/** The owner's current link of a playlist, or null when it is not shared. */
export function usePlaylistShareQuery(playlistId: number, enabled: boolean) {
  return useQuery({
    queryKey: shareKeys.state(playlistId),
    queryFn: ({ signal }) => api.get('/playbox/:id/share', { params: { id: playlistId }, signal }),
    enabled,
    staleTime: STALE.userLists,
  });
}

/** Shares a playlist (answers the same link while it stays shared) or ends its share. */
export function useShareMutation(playlistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (share: boolean) =>
      share
        ? api.post('/playbox/:id/share', {}, { params: { id: playlistId } })
        : api.delete('/playbox/:id/share', { params: { id: playlistId } }).then(() => null),
    onSuccess: (link) => queryClient.setQueryData(shareKeys.state(playlistId), link),
  });
}

/** A shared playlist and a page of its tracks (one-based here), to anyone holding the link. */
export function useSharedPlaylistQuery(token: string, page: number) {
  return useQuery({
    queryKey: shareKeys.shared(token, page),
    queryFn: ({ signal }) =>
      api.get('/shared/playlists/:token', {
        params: { token },
        query: { page: Math.max(0, page - 1), size: DEFAULT_PAGE_SIZE, sort: ['id', 'desc'] },
        signal,
      }),
    staleTime: STALE.catalogue,
    placeholderData: keepPreviousData,
  });
}
