import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Music, TrackMetadataRequest } from '@sori/contract';
import { api } from '../../lib/api-client';
import { musicKeys, updateCachedTrack } from '../catalogue/queries';
import { playlistKeys } from '../playlists/queries';

export interface UploadInput {
  file: File;
  cover?: File | null;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** POST /my/musics as multipart (`file`, optional `cover`), with upload progress. */
export function uploadTrack({ file, cover, onProgress, signal }: UploadInput): Promise<Music> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (cover) form.append('cover', cover, cover.name);
  return api.upload('/my/musics', form, { onProgress, signal });
}

export function useTrackUpdateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: TrackMetadataRequest }) => api.put('/my/musics/:id', changes, { params: { id } }),
    onSuccess: (updated) => {
      updateCachedTrack(queryClient, updated.id, () => updated);
      void queryClient.invalidateQueries({ queryKey: musicKeys.personal });
      void queryClient.invalidateQueries({ queryKey: musicKeys.all });
    },
  });
}

export function useTrackDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/my/musics/:id', { params: { id } }),
    onSuccess: () => {
      // The track may sit in likes, downloads and playlists too.
      void queryClient.invalidateQueries({ queryKey: musicKeys.personal });
      void queryClient.invalidateQueries({ queryKey: musicKeys.all });
      void queryClient.invalidateQueries({ queryKey: playlistKeys.all });
    },
  });
}

export function refreshMyTracks(queryClient: ReturnType<typeof useQueryClient>): void {
  void queryClient.invalidateQueries({ queryKey: musicKeys.lists({ kind: 'mine' }) });
}
