import type { Music } from '@sori/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notices } from '../../lib/notices';
import { neighbourRow, refocusRow } from '../catalogue/row-focus';
import { TrackListScreen } from '../catalogue/TrackListScreen';
import { player } from '../player/player';
import { useTrackDeleteMutation } from './queries';
import { TrackMetadataForm } from './TrackMetadataForm';
import { UploadPanel } from './UploadPanel';
import { refreshQuota } from './UploadQuota';
import { uploadQueue } from './upload-queue';

/** /upload: titled 'library', the user's own uploaded tracks with the upload form (PRODUCT §2, DECISIONS 13). */
export default function UploadPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Music | null>(null);
  const [deleting, setDeleting] = useState<Music | null>(null);
  const remove = useTrackDeleteMutation();
  const queryClient = useQueryClient();

  const confirmDelete = () => {
    if (!deleting) return;
    const track = deleting;
    const next = neighbourRow(track.id);
    remove.mutate(track.id, {
      onSuccess: () => {
        // The menu the dialog came from went with its row: the focus goes to the next row's menu (or the one
        // before), else to the list's heading, not to the page's start.
        refocusRow(track.id, next);
        // A deleted track must not stay loaded in the player.
        if (player.getSnapshot().track?.id === track.id) player.close();
        // Nor its upload card, whose form would save a track that is gone.
        uploadQueue.trackDeleted(track.id);
        setDeleting(null);
        refreshQuota(queryClient);
        notices.show('success', t('upload.deleted', { title: track.title }));
      },
      onError: (error) => notices.show('danger', error.message || t('upload.deleteFailed')),
    });
  };

  return (
    <>
      <TrackListScreen
        title={t('upload.title')}
        label={t('upload.title')}
        subtitle={t('upload.subtitle')}
        source={{ kind: 'mine' }}
        requiresLogin
        loginBody={t('upload.login')}
        emptyTitle={t('upload.empty')}
        emptyBody={t('upload.emptyBody')}
        loadFailed={t('upload.loadFailed')}
        searchFailed={t('upload.searchFailed')}
        before={<UploadPanel />}
        table={{
          extraActions: [
            { key: 'edit', label: t('upload.edit'), icon: 'edit', onSelect: setEditing },
            { key: 'delete', label: t('upload.delete'), icon: 'trash', danger: true, onSelect: setDeleting },
          ],
          renderBadge: (track) => (
            <span
              className="sori-badge-private"
              title={track.published === false ? t('upload.privateHint') : t('upload.publishedHint')}
              data-testid="visibility-badge"
            >
              {track.published === false ? t('upload.private') : t('upload.published')}
            </span>
          ),
        }}
      />
      <Modal
        show={editing !== null}
        onHide={() => setEditing(null)}
        size="lg"
        aria-labelledby="edit-track-title"
        data-testid="edit-track-modal"
      >
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id="edit-track-title" as="h2" className="h5 text-truncate">
            {t('upload.editTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {editing ? (
            <TrackMetadataForm
              key={editing.id}
              track={editing}
              onCancel={() => setEditing(null)}
              onSaved={() => {
                setEditing(null);
                notices.show('success', t('upload.savedNotice'));
              }}
            />
          ) : null}
        </Modal.Body>
      </Modal>
      <ConfirmModal
        show={deleting !== null}
        title={t('upload.deleteTitle')}
        body={t('upload.deleteBody', { title: deleting?.title ?? '' })}
        confirmLabel={t('upload.delete')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        testId="delete-track-modal"
      />
    </>
  );
}
