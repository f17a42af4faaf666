import { messageForCode, type Lang, type Music } from '@sori/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { languageFromTag } from '../../i18n/detect';
import { refocusAfterDialogs } from '../../lib/modal-focus';
import { trackPath } from '../../lib/routes';
import { TrackMetadataForm } from './TrackMetadataForm';
import { uploadQueue, type Failure, type Item } from './upload-queue';
import { UploadQuotaMeter } from './UploadQuota';

function failureSaid(failure: Failure, lang: Lang, fallback: string): string {
  return (failure.code ? messageForCode(failure.code, lang, failure.details) : null) ?? failure.message ?? fallback;
}

/** The uploader's own track that a refused upload would have copied (409 DUPLICATE_UPLOAD names it). */
function duplicateOf(failure: Failure): { trackId: number; title: string } | null {
  if (failure.code !== 'DUPLICATE_UPLOAD') return null;
  const d = failure.details as { trackId?: unknown; title?: unknown } | null | undefined;
  return typeof d?.trackId === 'number' && typeof d.title === 'string' ? { trackId: d.trackId, title: d.title } : null;
}

const AUDIO_ACCEPT = 'audio/*,.wav,.wave,.aif,.aiff,.flac,.mp3,.ogg,.oga,.opus,.m4a,.aac';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The upload form of the 'library' screen: drop audio files or choose them; each one uploads with
 * its progress, then Sori's analysis (BPM, key, duration) comes back as suggestions to review and correct.
 * The files live in the upload queue (upload-queue.ts), so they go on while the uploader is on other screens.
 */
export function UploadPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const items = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.getSnapshot);
  const [cover, setCover] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
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

  // Uploads stored earlier (a reload, another tab) that are still waiting, being analysed, or failed: shown and
  // followed. Those of this tab stayed in the queue while the uploader was elsewhere.
  useEffect(() => {
    uploadQueue.bind(queryClient);
    void uploadQueue.showEarlier();
  }, [queryClient]);

  const add = (files: readonly File[]) => uploadQueue.add(files, cover);

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
            <UploadItem key={item.key} item={item} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function UploadItem({ item }: { item: Item }) {
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
  // Saving the review takes its form away, and the focus that was in it with it: it goes to the line saying the
  // track is saved, which is read as it lands. Only when the reader had put the focus elsewhere meanwhile is
  // "saved" said by the live region instead (both would say it twice).
  const statusLine = useRef<HTMLDivElement>(null);
  const [savedAloud, setSavedAloud] = useState(false);
  const saved = (track: Music) => {
    setSavedAloud(false);
    uploadQueue.setTrack(item.key, track, true);
    refocusAfterDialogs(() => statusLine.current, { otherwise: () => setSavedAloud(true) });
  };
  const spoken = state.phase === 'failed' || (state.phase === 'saved' && !savedAloud) ? '' : step;
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
              at once; the visible line, with its percentage, is for the eye, except "saved", which takes the focus. */}
          <div
            ref={statusLine}
            className={`small ${state.phase === 'failed' ? 'text-danger' : 'text-body-secondary'}`}
            role={state.phase === 'failed' ? 'alert' : undefined}
            aria-hidden={state.phase === 'failed' || state.phase === 'saved' ? undefined : true}
            tabIndex={state.phase === 'saved' ? -1 : undefined}
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
            {spoken}
          </span>
          {state.phase === 'review' || state.phase === 'saved' ? (
            <div className="small mt-1" data-testid="upload-visibility">
              <span className="sori-badge-private ms-0 me-2">{state.track.published ? t('upload.published') : t('upload.private')}</span>
              <span className="text-body-secondary">{state.track.published ? t('upload.publishedHint') : t('upload.privateHint')}</span>
            </div>
          ) : null}
        </div>
        {state.phase === 'failed' || state.phase === 'saved' ? (
          <button
            type="button"
            className="sori-icon-btn"
            aria-label={t('upload.dismiss', { name: item.name })}
            onClick={() => uploadQueue.dismiss(item.key)}
          >
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
          <TrackMetadataForm
            track={state.track}
            suggested
            kept={item.review ?? null}
            onKeep={(review) => uploadQueue.keepReview(item.key, review)}
            onTrackChange={(track) => uploadQueue.setTrack(item.key, track, false)}
            onSaved={saved}
          />
        </div>
      ) : null}
    </li>
  );
}
