import type { Music } from '@sori/contract';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { notices } from '../../lib/notices';
import { useAddToPlaylistMutation, usePlaylistsQuery } from './queries';

export interface ChoosePlaylistModalProps {
  track: Pick<Music, 'id' | 'title'>;
  onClose: () => void;
}

/**
 * 'Choose playlist' (spec section 2): the user's playlists, newest first, or 'no playlists'. A failed add
 * here is swallowed and only logged (spec section 8).
 */
export default function ChoosePlaylistModal({ track, onClose }: ChoosePlaylistModalProps) {
  const { t } = useTranslation();
  const playlists = usePlaylistsQuery();
  const add = useAddToPlaylistMutation();

  const choose = (playlistId: number, name: string) => {
    add.mutate(
      { playlistId, musicId: track.id },
      {
        onSuccess: () => notices.show('success', t('playlists.added', { name })),
        onError: (error) => console.warn(`[playlist] could not add track ${track.id} to ${playlistId}`, error),
        onSettled: onClose,
      },
    );
  };

  return (
    <Modal show onHide={onClose} centered scrollable aria-labelledby="choose-playlist-title" data-testid="choose-playlist-modal">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="choose-playlist-title" as="h2" className="h5">
          {t('playlists.chooseTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary text-truncate mb-3">{t('playlists.chooseFor', { title: track.title })}</p>
        {playlists.isPending ? (
          <div className="text-center py-3" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span className="visually-hidden">{t('common.loading')}</span>
          </div>
        ) : (playlists.data ?? []).length === 0 ? (
          <p className="text-center text-body-secondary py-3 mb-0" data-testid="no-playlists">
            {t('playlists.none')}
          </p>
        ) : (
          <ListGroup className="sori-choose-list" data-testid="choose-playlist-list">
            {(playlists.data ?? []).map((playlist) => (
              <ListGroup.Item
                key={playlist.id}
                action
                as="button"
                type="button"
                disabled={add.isPending}
                className="d-flex align-items-center gap-2"
                onClick={() => choose(playlist.id, playlist.title || playlist.name)}
              >
                <Icon name="list" />
                <span className="text-truncate me-auto">{playlist.title || playlist.name}</span>
                <span className="small text-body-secondary">{t('playlists.trackCount', { count: playlist.musicCount })}</span>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Modal.Body>
    </Modal>
  );
}
