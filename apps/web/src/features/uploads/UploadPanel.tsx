import { messageForCode, type Lang, type Music, type UploadStatus } from '@sori/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { languageFromTag } from '../../i18n/detect';
import { api, isApiError } from '../../lib/api-client';
import { trackPath } from '../../lib/routes';
import { followUpload, refreshMyTracks, UploadFailed, uploadTrack } from './queries';
import { TrackMetadataForm } from './TrackMetadataForm';
import { refreshQuota, UploadQuotaMeter } from './UploadQuota';

type ItemState =
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
interface Failure {
  code: string | null;
  details?: unknown;
  message: string | null;
}

function failureOf(error: unknown): Failure {
  if (error instanceof UploadFailed) return { code: error.code, message: error.message || null };
  if (isApiError(error)) return { code: error.code, details: error.details, message: error.message || null };
  return { code: null, message: null };
}

function failureSaid(failure: Failure, lang: Lang, fallback: string): string {
  return (failure.code ? messageForCode(failure.code, lang, failure.details) : null) ?? failure.message ?? fallback;
}

/** The uploader's own track that a refused upload would have copied (409 DUPLICATE_UPLOAD names it). */
function duplicateOf(failure: Failure): { trackId: number; title: string } | null {
  if (failure.code !== 'DUPLICATE_UPLOAD') return null;
  const d = failure.details as { trackId?: unknown; title?: unknown } | null | undefined;
  return typeof d?.trackId === 'number' && typeof d.title === 'string' ? { trackId: d.trackId, title: d.title } : null;
}

interface Item {
  key: number;
  name: string;
  /** Bytes of a file chosen on this visit; null for an upload stored on an earlier one. */
  size: number | null;
  /** The file to send, until it is sent; null for an upload already stored. */
  file: File | null;
  cover: File | null;
  /** The track the server made of it, once stored. */
  uploadId: number | null;
  state: ItemState;
}

const AUDIO_ACCEPT = 'audio/*,.wav,.wave,.aif,.aiff,.flac,.mp3,.ogg,.oga,.opus,.m4a,.aac';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The upload form of the 'library' screen: drop audio files or choose them; each one uploads with
 * its progress, then Sori's analysis (BPM, key, duration) comes back as suggestions to review and correct.
 * Files go one at a time, so one large file never starves the others of bandwidth or the server of cores.
 */
export function UploadPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [items, setItems] = useState<Item[]>([]);
  const [cover, setCover] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(1);
  const queue = useRef<Item[]>([]);
  const running = useRef(false);
  const coverInput = useRef<HTMLInputElement>(null);
  // The button the focus was on is replaced when a cover is chosen or removed: the focus goes to the one that
  // takes its place (remove the chosen cover; choose one), not to the page's start.
  const coverAdd = useRef<HTMLButtonElement>(null);
  const coverRemove = useRef<HTMLButtonElement>(null);
  const coverFocus = useRef<'chosen' | 'add' | null>(null);
  useEffect(() => {
    const next = coverFocus.current;
    coverFocus.current = null;
    if (next === 'chosen') coverRemove.current?.focus();
    else if (next === 'add') coverAdd.current?.focus();
  }, [cover]);

  const patch = (key: number, state: ItemState) => setItems((list) => list.map((item) => (item.key === key ? { ...item, state } : item)));

  /** Follows a stored upload until it is ready (then offered for review) or failed (with the reason). */
  const follow = (key: number, uploadId: number) => {
    void followUpload(uploadId, (s) =>
      patch(key, s.status === 'ingesting' ? { phase: 'analysing', percent: s.progress ?? 0 } : { phase: 'queued' }),
    )
      .then((track) => {
        patch(key, { phase: 'review', track });
        refreshMyTracks(queryClient);
        refreshQuota(queryClient);
      })
      .catch((error: unknown) => {
        refreshQuota(queryClient);
        patch(key, { phase: 'failed', failure: failureOf(error) });
      });
  };

  // Uploads stored on an earlier visit that are still waiting, being analysed, or failed: shown and followed.
  useEffect(() => {
    let cancelled = false;
    api
      .get('/my/uploads')
      .then((earlier: UploadStatus[]) => {
        if (cancelled || earlier.length === 0) return;
        const added: Item[] = earlier.map((u) => ({
          key: nextKey.current++,
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
        setItems((list) => [...added.filter((a) => !list.some((i) => i.uploadId === a.uploadId)), ...list]);
        for (const item of added) if (item.state.phase !== 'failed') follow(item.key, item.uploadId!);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // Once per visit of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pump = async () => {
    if (running.current) return;
    running.current = true;
    for (let next = queue.current.shift(); next; next = queue.current.shift()) {
      const { key } = next;
      patch(key, { phase: 'sending', percent: 0 });
      try {
        const stored = await uploadTrack({
          file: next.file!,
          cover: next.cover,
          onProgress: (sent, total) => {
            // Once every byte is out, the server is storing the file: the bar says so.
            if (total > 0 && sent >= total) patch(key, { phase: 'processing' });
            else patch(key, { phase: 'sending', percent: total > 0 ? Math.round((sent / total) * 100) : 0 });
          },
        });
        setItems((list) => list.map((item) => (item.key === key ? { ...item, uploadId: stored.id, state: { phase: 'queued' } } : item)));
        refreshQuota(queryClient);
        // Stored: the next file goes up while this one is analysed, and its state is followed meanwhile.
        follow(key, stored.id);
      } catch (error) {
        patch(key, { phase: 'failed', failure: failureOf(error) });
      }
    }
    running.current = false;
  };

  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    const added: Item[] = files.map((file) => ({
      key: nextKey.current++,
      name: file.name,
      size: file.size,
      file,
      cover,
      uploadId: null,
      state: { phase: 'waiting' },
    }));
    queue.current.push(...added);
    setItems((list) => [...list, ...added]);
    void pump();
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  return (
    <section className="sori-upload" aria-labelledby={`${id}-title`} data-testid="upload-panel">
      <h2 id={`${id}-title`} className="h5 mb-3">
        {t('upload.formTitle')}
      </h2>
      <UploadQuotaMeter />
      <p className="small text-body-secondary" data-testid="publishing-note">
        {t('upload.publishing')}
      </p>
      <div
        className={`sori-dropzone${dragging ? ' dragging' : ''}`}
        onDragEnter={(event) => {
          if (event.dataTransfer.types.includes('Files')) setDragging(true);
        }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={handleDrop}
        data-testid="dropzone"
      >
        <span className="sori-dropzone-icon" aria-hidden="true">
          <Icon name="upload" size={26} />
        </span>
        <p className="mb-1 fw-semibold" data-testid="dropzone-title">
          <span className="sori-pointer-only">{t('upload.drop')}</span>
          <span className="sori-touch-only">{t('phone.drop')}</span>
        </p>
        <p className="small text-body-secondary mb-3">{t('upload.formats')}</p>
        <label className="btn btn-primary">
          {t('upload.choose')}
          <input
            type="file"
            className="visually-hidden"
            multiple
            accept={AUDIO_ACCEPT}
            onChange={(event) => {
              add(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
            data-testid="upload-input"
          />
        </label>
        <div className="sori-cover-pick mt-3">
          {cover ? (
            <span className="sori-tag" data-testid="cover-chosen">
              <Icon name="file" size={14} />
              <span className="text-truncate">{t('upload.coverChosen', { name: cover.name })}</span>
              <button
                ref={coverRemove}
                type="button"
                aria-label={t('upload.coverRemove')}
                onClick={() => {
                  coverFocus.current = 'add';
                  setCover(null);
                }}
                data-testid="cover-remove"
              >
                <Icon name="close" size={14} />
              </button>
            </span>
          ) : (
            <Button ref={coverAdd} variant="link" size="sm" onClick={() => coverInput.current?.click()} data-testid="cover-add">
              {t('upload.coverAdd')}
            </Button>
          )}
          <input
            ref={coverInput}
            type="file"
            className="visually-hidden"
            accept="image/jpeg,image/png,image/webp"
            tabIndex={-1}
            aria-label={t('upload.coverAdd')}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              if (file) coverFocus.current = 'chosen';
              setCover(file);
              event.target.value = '';
            }}
            data-testid="cover-input"
          />
        </div>
      </div>

      {items.length > 0 ? (
        <ul className="sori-upload-list list-unstyled" data-testid="upload-list">
          {items.map((item) => (
            <UploadItem
              key={item.key}
              item={item}
              onDone={(track) => {
                patch(item.key, { phase: 'saved', track });
                refreshMyTracks(queryClient);
              }}
              onDismiss={() => {
                setItems((list) => list.filter((other) => other.key !== item.key));
                // A failed upload the server kept goes too, with what it held against the quota.
                if (item.state.phase === 'failed' && item.uploadId !== null) {
                  void api
                    .delete('/my/musics/:id', { params: { id: item.uploadId } })
                    .then(() => (refreshQuota(queryClient), refreshMyTracks(queryClient)))
                    .catch(() => undefined);
                }
              }}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function UploadItem({ item, onDone, onDismiss }: { item: Item; onDone: (track: Music) => void; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  const { state } = item;
  const percent =
    state.phase === 'sending' || state.phase === 'analysing'
      ? state.percent
      : state.phase === 'waiting' || state.phase === 'queued'
        ? 0
        : 100;
  const following = state.phase === 'processing' || state.phase === 'queued' || state.phase === 'analysing';
  const status =
    state.phase === 'waiting'
      ? t('upload.waiting')
      : state.phase === 'sending'
        ? t('upload.sending', { percent: state.percent })
        : state.phase === 'processing'
          ? t('upload.processing')
          : state.phase === 'queued'
            ? t('upload.queued')
            : state.phase === 'analysing'
              ? t('upload.analysing', { percent: state.percent })
              : state.phase === 'review'
                ? t('upload.review')
                : state.phase === 'saved'
                  ? t('upload.saved')
                  : failureSaid(state.failure, languageFromTag(i18n.language) ?? 'en', t('upload.failed'));
  // What a screen reader is told as each step comes: the step without its percentage, which the progress bar
  // gives (a live region saying every 5 % would talk over everything else).
  const duplicate = state.phase === 'failed' ? duplicateOf(state.failure) : null;
  const step = state.phase === 'sending' ? t('upload.sendingStep') : state.phase === 'analysing' ? t('upload.analysingStep') : status;
  return (
    <li className={`sori-upload-item phase-${state.phase}`} data-testid="upload-item" data-phase={state.phase}>
      <div className="d-flex align-items-center gap-3">
        <span className="sori-upload-file-icon" aria-hidden="true">
          <Icon name={state.phase === 'saved' ? 'check' : 'music'} />
        </span>
        <div className="flex-grow-1 min-w-0">
          <div className="d-flex justify-content-between gap-2">
            <span className="fw-semibold text-truncate">{item.name}</span>
            {item.size !== null ? <span className="small text-body-secondary flex-shrink-0">{size(item.size)}</span> : null}
          </div>
          {/* Each step (uploading, waiting its turn, being analysed, ready to review) is said as it comes, a failure
              at once; the visible line, with its percentage, is for the eye. */}
          <div
            className={`small ${state.phase === 'failed' ? 'text-danger' : 'text-body-secondary'}`}
            role={state.phase === 'failed' ? 'alert' : undefined}
            aria-hidden={state.phase === 'failed' ? undefined : true}
            data-testid="upload-status"
          >
            {status}
          </div>
          {duplicate ? (
            <Link className="small" to={trackPath(duplicate.trackId)} data-testid="upload-duplicate">
              {t('upload.openExisting', { title: duplicate.title })}
            </Link>
          ) : null}
          <span className="visually-hidden" role="status" data-testid="upload-step">
            {state.phase === 'failed' ? '' : step}
          </span>
          {state.phase === 'review' || state.phase === 'saved' ? (
            <div className="small mt-1" data-testid="upload-visibility">
              <span className="sori-badge-private ms-0 me-2">{state.track.published ? t('upload.published') : t('upload.private')}</span>
              <span className="text-body-secondary">{state.track.published ? t('upload.publishedHint') : t('upload.privateHint')}</span>
            </div>
          ) : null}
        </div>
        {state.phase === 'failed' || state.phase === 'saved' ? (
          <button type="button" className="sori-icon-btn" aria-label={t('upload.dismiss', { name: item.name })} onClick={onDismiss}>
            <Icon name="close" />
          </button>
        ) : null}
      </div>
      {state.phase === 'waiting' || state.phase === 'sending' || following ? (
        // The label and the spoken value go on the element with role="progressbar" (a child bar), not its wrapper.
        <ProgressBar className="sori-upload-progress mt-2" data-testid="upload-progress">
          <ProgressBar now={percent} animated={following} striped={following} aria-label={t('upload.progress', { name: item.name })} />
        </ProgressBar>
      ) : null}
      {state.phase === 'review' ? (
        <div className="mt-3">
          <TrackMetadataForm track={state.track} suggested onSaved={onDone} />
        </div>
      ) : null}
    </li>
  );
}
