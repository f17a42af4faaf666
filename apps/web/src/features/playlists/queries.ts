import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, Playlist } from '@sori/contract';
import { api, toPage } from '../../lib/api-client';
import { STALE } from '../../lib/query-client';
import { userKeys } from '../auth/queries';
import { useSession } from '../auth/useSession';

export const playlistKeys = {
  all: [...userKeys.all, 'playlists'] as const,
  list: () => [...playlistKeys.all, 'list'] as const,
};

/** The signed-in user's playlists, newest first (the server's order). */
export function usePlaylistsQuery() {
  const { token } = useSession();
  return useQuery({
    queryKey: playlistKeys.list(),
    queryFn: async ({ signal }) =>
      toPage(await api.get<Playlist[] | Page<Playlist>>('/playbox/list', undefined, signal)).content,
    enabled: token !== null,
    staleTime: STALE.userLists,
  });
}

export interface CreatePlaylistInput {
  name: string;
  description?: string | null;
}

export function useCreatePlaylistMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePlaylistInput) =>
      api.post<Playlist>('/playbox/create', { name: input.name, description: input.description ?? null }),
    onSuccess: (created) => {
      // A new playlist goes to the top at once; the refetch then confirms the server's list.
      queryClient.setQueryData<Playlist[]>(playlistKeys.list(), (list) => [
        created,
        ...(list ?? []).filter((p) => p.id !== created.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: playlistKeys.list() });
    },
  });
}
