import type { Music, Playlist } from '@sori/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { playlistPath } from '../../lib/routes';
import { ConfirmModal } from '../../components/ConfirmModal';
import { EmptyState } from '../../components/EmptyState';
import { Icon, type IconName } from '../../components/Icon';
import { MenuButton } from '../../components/MenuButton';
import { PageHeader } from '../../components/PageHeader';
import { failureText, isRuleRefusal } from '../../lib/failure-text';
import { neighbourOf, refocusAfterDialogs } from '../../lib/modal-focus';
import { notices } from '../../lib/notices';
import { LoginRequired } from '../auth/LoginRequired';
import { useSession } from '../auth/useSession';
import { Pagination } from '../catalogue/Pagination';
import { useTracksQuery } from '../catalogue/queries';
import { neighbourRow, refocusRow } from '../catalogue/row-focus';
import { TrackTable } from '../catalogue/TrackTable';
import { PlaylistFormModal } from './PlaylistFormModal';
import {
  useCreatePlaylistMutation,
  useDeletePlaylistMutation,
  usePlaylistsQuery,
  useRemoveFromPlaylistMutation,
  useUpdatePlaylistMutation,
} from './queries';

interface Entry {
  id: number;
  label: string;
  icon: IconName;
  playlist?: Playlist;
}

type Dialog = { kind: 'create' } | { kind: 'edit'; playlist: Playlist } | { kind: 'delete'; playlist: Playlist } | null;

/** /playlist: the playlist manager, list at left and the selected playlist's tracks at right (PRODUCT §2). */
export default function PlaylistManagerPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <div className="sori-page">
      <PageHeader title={t('playlists.title')} subtitle={t('playlists.subtitle')} />
      {token ? <Manager /> : <LoginRequired body={t('playlists.login')} />}
    </div>
  );
}

function Manager() {
  const { t } = useTranslation();
  const playlists = usePlaylistsQuery();
  const create = useCreatePlaylistMutation();
  const update = useUpdatePlaylistMutation();
  const remove = useDeletePlaylistMutation();
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  // PRODUCT §8: playlist errors show in one dismissible red alert in the manager.
  const [error, setError] = useState<string | null>(null);
  const [loadErrorDismissed, setLoadErrorDismissed] = useState(false);
  const shownError = error ?? (playlists.isError && !loadErrorDismissed ? failureText(playlists.error, t('playlists.errors.load')) : null);

  const entries: Entry[] = [
    { id: 0, label: t('playlists.liked'), icon: 'heart' },
    { id: -1, label: t('playlists.downloaded'), icon: 'download' },
    ...(playlists.data ?? []).map((p) => ({ id: p.id, label: p.title || p.name, icon: 'list' as const, playlist: p })),
  ];
  const current = entries.find((entry) => entry.id === selected) ?? null;

  // A cap reached is said inside the create dialog, which keeps what was typed; other failures close it
  // and show in the manager's alert (PRODUCT §8).
  const [dialogError, setDialogError] = useState<string | null>(null);
  const closeDialog = () => {
    setDialog(null);
    setDialogError(null);
  };
  const handleCreate = (input: { name: string; description?: string | null }) =>
    create.mutate(input, {
      // PRODUCT §4: a new playlist joins the top of the list and is selected.
      onSuccess: (created) => {
        closeDialog();
        setSelected(created.id);
      },
      onError: (failure) => {
        if (isRuleRefusal(failure)) {
          setDialogError(failure.message);
          return;
        }
        closeDialog();
        setError(failureText(failure, t('playlists.errors.create')));
      },
    });
  const handleUpdate = (playlist: Playlist, input: { name: string; description?: string | null }) =>
    update.mutate(
      { id: playlist.id, ...input },
      {
        onSuccess: () => setDialog(null),
        onError: (failure) => {
          setDialog(null);
          setError(failureText(failure, t('playlists.errors.update')));
        },
      },
    );
  const handleDelete = (playlist: Playlist) => {
    const next = neighbourOf(
      entries.map((entry) => entry.id),
      playlist.id,
    );
    remove.mutate(playlist.id, {
      onSuccess: () => {
        setDialog(null);
        // PRODUCT §4: deleting the selected playlist deselects it.
        setSelected((id) => (id === playlist.id ? null : id));
        // Focus goes to the entry that took its place (or the one above), not the page's start.
        refocusAfterDialogs(() =>
          document.querySelector<HTMLElement>(`[data-testid="manager-entry"][data-playlist-id="${next}"] .sori-manager-select`),
        );
        // Said as the sidebar's delete says it.
        notices.show('success', t('playlists.deleted', { name: playlist.title || playlist.name }));
      },
      onError: (failure) => {
        setDialog(null);
        setError(failureText(failure, t('playlists.errors.delete')));
      },
    });
  };

  return (
    <>
      {shownError ? (
        <Alert
          variant="danger"
          dismissible
          closeLabel={t('common.close')}
          onClose={() => {
            setError(null);
            setLoadErrorDismissed(true);
          }}
          data-testid="manager-error"
        >
          {shownError}
        </Alert>
      ) : null}
      <div className="row g-4">
        <div className="col-md-5 col-xl-4">
          <div className="d-flex align-items-center justify-content-between mb-2">
            <h2 className="h6 text-uppercase text-body-secondary m-0 sori-eyebrow-plain">{t('playlists.listTitle')}</h2>
            <Button
              variant="primary"
              size="sm"
              className="d-inline-flex align-items-center gap-1"
              onClick={() => setDialog({ kind: 'create' })}
              data-testid="create-playlist"
            >
              <Icon name="plus" size={16} />
              {t('playlists.create')}
            </Button>
          </div>
          <ul className="sori-manager-list list-unstyled" data-testid="playlist-manager-list">
            {entries.map((entry) => {
              const active = entry.id === selected;
              return (
                <li
                  key={entry.id}
                  className={`sori-manager-item${active ? ' active' : ''}${entry.id <= 0 ? ' pinned' : ''}`}
                  data-testid="manager-entry"
                  data-playlist-id={entry.id}
                >
                  <button
                    type="button"
                    className="sori-manager-select"
                    aria-pressed={active}
                    // Selecting the selected playlist again deselects it (PRODUCT §4).
                    onClick={() => setSelected((id) => (id === entry.id ? null : entry.id))}
                  >
                    <Icon name={entry.icon} />
                    <span className="text-truncate">{entry.label}</span>
                    {entry.playlist ? (
                      <span
                        className="sori-count"
                        data-testid="manager-count"
                        aria-label={t('playlists.trackCount', { count: entry.playlist.musicCount })}
                      >
                        {entry.playlist.musicCount}
                      </span>
                    ) : null}
                  </button>
                  {entry.playlist ? (
                    <MenuButton
                      icon={<Icon name="more" />}
                      label={t('playlists.actionsFor', { name: entry.label })}
                      testId="manager-menu"
                      items={[
                        {
                          key: 'edit',
                          testId: 'manager-edit',
                          label: <MenuItem icon="edit" text={t('playlists.edit')} />,
                          onSelect: () => setDialog({ kind: 'edit', playlist: entry.playlist! }),
                        },
                        {
                          key: 'delete',
                          testId: 'manager-delete',
                          danger: true,
                          label: <MenuItem icon="trash" text={t('playlists.delete')} />,
                          onSelect: () => setDialog({ kind: 'delete', playlist: entry.playlist! }),
                        },
                      ]}
                    />
                  ) : null}
                </li>
              );
            })}
            {playlists.isPending ? (
              <li className="text-center py-3" role="status">
                <Spinner animation="border" size="sm" aria-hidden="true" />
                <span className="visually-hidden">{t('common.loading')}</span>
              </li>
            ) : null}
          </ul>
        </div>
        <div className="col-md-7 col-xl-8">
          {current ? (
            <SelectedTracks key={current.id} entry={current} onError={setError} />
          ) : (
            <EmptyState
              icon="list"
              title={t('playlists.selectTitle')}
              body={
                <>
                  <span className="sori-wide-only">{t('playlists.selectBody')}</span>
                  <span className="sori-stacked-only">{t('phone.selectBody')}</span>
                </>
              }
              testId="manager-empty"
            />
          )}
        </div>
      </div>

      {dialog?.kind === 'create' ? (
        <PlaylistFormModal playlist={null} pending={create.isPending} error={dialogError} onSubmit={handleCreate} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <PlaylistFormModal
          key={dialog.playlist.id}
          playlist={dialog.playlist}
          pending={update.isPending}
          onSubmit={(input) => handleUpdate(dialog.playlist, input)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <ConfirmModal
        show={dialog?.kind === 'delete'}
        title={t('playlists.deleteTitle')}
        body={t('playlists.deleteBody', { name: dialog?.kind === 'delete' ? dialog.playlist.title || dialog.playlist.name : '' })}
        confirmLabel={t('playlists.delete')}
        pending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && handleDelete(dialog.playlist)}
        onClose={() => setDialog(null)}
        testId="delete-playlist-modal"
      />
    </>
  );
}

function MenuItem({ icon, text }: { icon: IconName; text: string }) {
  return (
    <>
      <Icon name={icon} />
      <span>{text}</span>
    </>
  );
}

function SelectedTracks({ entry, onError }: { entry: Entry; onError: (message: string) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const tracks = useTracksQuery({ source: { kind: 'playlist', playlistId: entry.id }, page });
  const removeTrack = useRemoveFromPlaylistMutation();
  const handleRemove = (track: Music) => {
    const next = neighbourRow(track.id);
    removeTrack.mutate(
      { playlistId: entry.id, musicId: track.id },
      {
        // The button went with its row: the focus goes to the next row's; the notice says so, as on the
        // playlist's own page.
        onSuccess: () => {
          refocusRow(track.id, next, 'row-remove');
          notices.show('success', t('playlists.removed', { title: track.title }));
        },
        onError: () => onError(t('playlists.errors.removeTrack')),
      },
    );
  };

  const heading = (
    <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
      <h2 className="h5 m-0 text-truncate" data-testid="manager-selected-title">
        {entry.label}
      </h2>
      {entry.id > 0 ? (
        <Link to={playlistPath(entry.id)} className="small">
          {t('playlists.open')}
        </Link>
      ) : null}
      {entry.playlist?.description ? (
        <p className="w-100 m-0 text-body-secondary small" data-testid="manager-selected-description">
          {entry.playlist.description}
        </p>
      ) : null}
    </div>
  );

  if (tracks.isPending) {
    return (
      <section aria-label={entry.label}>
        {heading}
        <div className="sori-page-loading" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      </section>
    );
  }
  if (tracks.isError) {
    return (
      <section aria-label={entry.label}>
        {heading}
        <Alert variant="danger">{failureText(tracks.error, t('playlists.errors.load'))}</Alert>
      </section>
    );
  }
  const data = tracks.data;
  return (
    <section aria-label={entry.label} data-testid="manager-selected">
      {heading}
      {data.content.length === 0 ? (
        <EmptyState icon="music" title={t('playlists.emptyTitle')} body={t('playlists.emptyBody')} />
      ) : (
        <>
          <TrackTable tracks={data.content} caption={entry.label} playlistId={entry.id} onRemove={handleRemove} />
          <Pagination page={page} totalPages={data.totalPages} onChange={setPage} />
        </>
      )}
    </section>
  );
}
