import type { Music, UploadStatus } from '@sori/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client';
import { unsavedWork, type UnsavedWork } from '../../lib/unsaved';
import { sessionStore } from '../auth/session';
import { followUpload, refreshMyTracks, UploadFailed, uploadTrack } from './queries';
import type { KeptReview } from './TrackMetadataForm';
import { refreshQuota } from './UploadQuota';

export type ItemState =
  | { phase: 'waiting' }
  | { phase: 'sending'; percent: number }
  | { phase: 'processing' }
  | { phase: 'queued' }
  | { phase: 'analysing'; percent: number }
  | { phase: 'review'; track: Music }
  | { phase: 'saved'; track: Music }
  | { phase: 'failed'; failure: Failure };

/**
 * Why an upload failed, kept as the server's code (and details) so that it is said in the language the
 * screen shows now, also after a language switch; the server's message only for a code the contract does
 * not know, and the screen's own text without either.
 */
export interface Failure {
  code: string | null;
  details?: unknown;
  message: string | null;
}

export interface Item {
  key: number;
  name: string;
  /** Bytes of a file chosen in this tab; null for an upload stored earlier. */
  size: number | null;
  /** The file to send, until it is sent; null for an upload already stored. */
  file: File | null;
  cover: File | null;
  /** The track the server made of it, once stored. */
  uploadId: number | null;
  state: ItemState;
  /** Its review, typed and not saved, while the upload screen is not shown. */
  review?: KeptReview | null;
}

function failureOf(error: unknown): Failure {
  if (error instanceof UploadFailed) return { code: error.code, message: error.message || null };
  if (isApiError(error)) return { code: error.code, details: error.details, message: error.message || null };
  return { code: null, message: null };
}

/** Until the server has the bytes, closing the tab loses the file; after that the server carries on alone. */
const UNSENT: ReadonlySet<ItemState['phase']> = new Set(['waiting', 'sending', 'processing']);

/**
 * The upload screen's files, for the whole visit of the app rather than one visit of the screen: uploads go
 * on while the uploader browses elsewhere, and the screen shows them as it left them (a review half typed
 * included, TrackMetadataForm). Files go one at a time, so one large file never starves the others of
 * bandwidth or the server of cores. Signing out, or in as someone else, stops and forgets them.
 */
function createUploadQueue() {
  let items: readonly Item[] = [];
  let owner: number | null = null;
  let nextKey = 1;
  let waiting: Item[] = [];
  let running = false;
  let stop = new AbortController();
  const followed = new Set<number>();
  let client: QueryClient | null = null;
  const listeners = new Set<() => void>();

  // Closing the tab asks first while a file is not yet on the server, or a review is typed and not saved
  // (lib/unsaved.ts).
  const holds: Record<UnsavedWork, (() => void) | null> = { uploads: null, changes: null };
  const hold = (kind: UnsavedWork, held: boolean) => {
    if (held && !holds[kind]) holds[kind] = unsavedWork.hold(kind);
    else if (!held && holds[kind]) {
      holds[kind]();
      holds[kind] = null;
    }
  };
  const emit = (next: readonly Item[]) => {
    items = next;
    hold(
      'uploads',
      items.some((item) => UNSENT.has(item.state.phase)),
    );
    hold(
      'changes',
      items.some((item) => item.state.phase === 'review' && item.review),
    );
    for (const listener of listeners) listener();
  };
  const update = (key: number, change: Partial<Item>) => emit(items.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const patch = (key: number, state: ItemState) => update(key, { state });
  const refresh = (tracks: boolean) => {
    if (!client) return;
    refreshQuota(client);
    if (tracks) refreshMyTracks(client);
  };

  /** Another member's session (or none) in this tab: what the last one was sending stops and is forgotten. */
  const checkOwner = () => {
    const id = sessionStore.getSnapshot().user?.id ?? null;
    if (id === owner) return;
    owner = id;
    stop.abort();
    stop = new AbortController();
    waiting = [];
    followed.clear();
    emit([]);
  };

  /** Follows a stored upload until it is ready (then offered for review) or failed (with the reason). */
  const follow = (key: number, uploadId: number) => {
    if (followed.has(uploadId)) return;
    followed.add(uploadId);
    const { signal } = stop;
    void followUpload(
      uploadId,
      (s) => patch(key, s.status === 'ingesting' ? { phase: 'analysing', percent: s.progress ?? 0 } : { phase: 'queued' }),
      signal,
    )
      .then((track) => {
        patch(key, { phase: 'review', track });
        refresh(true);
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        refresh(false);
        patch(key, { phase: 'failed', failure: failureOf(error) });
      })
      .finally(() => followed.delete(uploadId));
  };

  // Settles when the files of this tab are all on the server (or refused): until then one of them may be
  // listed by the server before its own answer names its id.
  let idle: Promise<void> = Promise.resolve();
  const pump = async () => {
    if (running) return;
    running = true;
    let settle!: () => void;
    idle = new Promise((resolve) => (settle = resolve));
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      const { key } = next;
      const { signal } = stop;
      patch(key, { phase: 'sending', percent: 0 });
      try {
        const stored = await uploadTrack({
          file: next.file!,
          cover: next.cover,
          signal,
          onProgress: (sent, total) => {
            // Once every byte is out, the server is storing the file: the bar says so.
            if (total > 0 && sent >= total) patch(key, { phase: 'processing' });
            else patch(key, { phase: 'sending', percent: total > 0 ? Math.round((sent / total) * 100) : 0 });
          },
        });
        update(key, { uploadId: stored.id, file: null, state: { phase: 'queued' } });
        refresh(false);
        // Stored: the next file goes up while this one is analysed, and its state is followed meanwhile.
        follow(key, stored.id);
      } catch (error) {
        if (!signal.aborted) patch(key, { phase: 'failed', failure: failureOf(error) });
      }
    }
    running = false;
    settle();
  };

  sessionStore.subscribe(checkOwner);

  return {
    getSnapshot: () => items,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** The screen's query client, for the quota and the track list to be read again as uploads land. */
    bind(queryClient: QueryClient) {
      client = queryClient;
      checkOwner();
    },
    add(files: readonly File[], cover: File | null) {
      checkOwner();
      if (files.length === 0) return;
      const added: Item[] = files.map((file) => ({
        key: nextKey++,
        name: file.name,
        size: file.size,
        file,
        cover,
        uploadId: null,
        state: { phase: 'waiting' },
      }));
      waiting.push(...added);
      emit([...items, ...added]);
      void pump();
    },
    /** Uploads stored earlier (another tab, a reload) that are still waiting, being analysed, or failed. */
    async showEarlier() {
      checkOwner();
      const { signal } = stop;
      await idle;
      const earlier: UploadStatus[] = await api.get('/my/uploads', { signal }).catch(() => []);
      if (signal.aborted || earlier.length === 0) return;
      const added: Item[] = earlier
        .filter((u) => !items.some((item) => item.uploadId === u.id))
        .map((u) => ({
          key: nextKey++,
          name: u.title,
          size: null,
          file: null,
          cover: null,
          uploadId: u.id,
          state:
            u.status === 'failed'
              ? { phase: 'failed', failure: { code: u.error?.code ?? null, message: u.error?.message ?? null } }
              : u.status === 'ingesting'
                ? { phase: 'analysing', percent: u.progress ?? 0 }
                : { phase: 'queued' },
        }));
      if (added.length === 0) return;
      emit([...added, ...items]);
      for (const item of added) if (item.state.phase !== 'failed') follow(item.key, item.uploadId!);
    },
    /** The reviewed track as it now stands (a suggestion confirmed, the review saved). */
    setTrack(key: number, track: Music, saved: boolean) {
      update(key, saved ? { state: { phase: 'saved', track }, review: null } : { state: { phase: 'review', track } });
      if (saved) refresh(true);
    },
    /** The review typed and not saved, kept for when the upload screen shows again (null: nothing is). */
    keepReview(key: number, review: KeptReview | null) {
      const item = items.find((i) => i.key === key);
      if (item && (item.review ?? null) !== review) update(key, { review });
    },
    /**
     * The track was deleted (from its row's menu): its card goes, review or saved. Left, its form offered to
     * save a track that no longer exists, and a save with nothing changed said "saved".
     */
    trackDeleted(trackId: number) {
      const next = items.filter((i) => !('track' in i.state && i.state.track.id === trackId));
      if (next.length !== items.length) emit(next);
    },
    /** Hides a finished or failed upload; a failed one the server kept goes there too, with its quota. */
    dismiss(key: number) {
      const item = items.find((i) => i.key === key);
      emit(items.filter((i) => i.key !== key));
      if (item?.state.phase === 'failed' && item.uploadId !== null) {
        void api
          .delete('/my/musics/:id', { params: { id: item.uploadId } })
          .then(() => refresh(true))
          .catch(() => undefined);
      }
    },
  };
}

export const uploadQueue = createUploadQueue();
