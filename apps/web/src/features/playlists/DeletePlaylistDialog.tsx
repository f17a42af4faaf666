import { matchPage, type Playlist } from '@sori/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../lib/routes';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notices } from '../../lib/notices';
import { useDeletePlaylistMutation } from './queries';

/**
 * The sidebar's delete confirmation, naming the playlist (PRODUCT §2 and §4). Deleting the playlist on
 * screen returns to the library; a failure shows an alert (PRODUCT §8).
 */
export default function DeletePlaylistDialog({
  playlist,
  onClose,
  onDeleted,
}: {
  playlist: Playlist;
  onClose: () => void;
  /** Called once the playlist is gone, after the dialog has been asked to close. */
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const remove = useDeletePlaylistMutation();
  const name = playlist.title || playlist.name;

  const confirm = () =>
    remove.mutate(playlist.id, {
      onSuccess: () => {
        onClose();
        onDeleted?.();
        notices.show('success', t('playlists.deleted', { name }));
        const shown = matchPage(pathname);
        if (shown?.name === 'playlist' && shown.params['id'] === String(playlist.id)) navigate(ROUTES.library);
      },
      onError: () => {
        onClose();
        notices.show('danger', t('playlists.errors.delete'));
      },
    });

  return (
    <ConfirmModal
      show
      title={t('playlists.deleteTitle')}
      body={t('playlists.deleteBody', { name })}
      confirmLabel={t('playlists.delete')}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      testId="side-delete-modal"
    />
  );
}
