import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Music, TrackMetadataRequest, UploadStatus } from '@sori/contract';
import { api } from '../../lib/api-client';
import { musicKeys, updateCachedTrack } from '../catalogue/queries';
import { playlistKeys } from '../playlists/queries';

export interface UploadInput {
  file: File;
  cover?: File | null;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** POST /my/uploads as multipart (`file`, optional `cover`), with upload progress: answered once stored. */
export function uploadTrack({ file, cover, onProgress, signal }: UploadInput): Promise<UploadStatus> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (cover) form.append('cover', cover, cover.name);
  return api.upload('/my/uploads', form, { onProgress, signal });
}

/** How often an upload's page asks how its ingest is going. */
const FOLLOW_EVERY_MS = 1000;

/**
 * Follows a stored upload until its ingest is over, telling each state it passes (queued, ingesting with
 * progress): resolves with the ready track, rejects with the reason (in the reader's language) if it failed.
 */
export async function followUpload(id: number, onStatus: (status: UploadStatus) => void, signal?: AbortSignal): Promise<Music> {
  for (;;) {
    const list = await api.get('/my/uploads', signal ? { signal } : {});
    const mine = list.find((u) => u.id === id);
    if (!mine) return api.get('/musics/:id', { params: { id }, ...(signal ? { signal } : {}) });
    if (mine.status === 'failed') throw new UploadFailed(mine.error?.message ?? '', mine.error?.code ?? null);
    onStatus(mine);
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_EVERY_MS));
  }
}

/** An upload the server gave up on: its message (in the language asked in) and its code. */
export class UploadFailed extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
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
