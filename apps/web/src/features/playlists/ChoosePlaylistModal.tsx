import { isBlankText, type Music, TEXT_LIMITS } from '@sori/contract';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { failureText, isRuleRefusal } from '../../lib/failure-text';
import { notices } from '../../lib/notices';
import { useAddToPlaylistMutation, useCreatePlaylistMutation, usePlaylistsHoldingQuery } from './queries';

export interface ChoosePlaylistModalProps {
  track: Pick<Music, 'id' | 'title'>;
  onClose: () => void;
}

/**
 * 'Choose playlist' (PRODUCT §2): the user's playlists, newest first, or 'no playlists'. Playlists that
 * already hold the track carry a check mark; choosing one says 'already in' (the server answers
 * `added: false`, DECISIONS 4). A new playlist can be named and created here; the track then goes into it.
 * A failed add here is swallowed and only logged (PRODUCT §8), except a full playlist, whose cap the user
 * is told (DECISIONS); a failed create says so, naming the cap when that is why.
 */
export default function ChoosePlaylistModal({ track, onClose }: ChoosePlaylistModalProps) {
  const { t } = useTranslation();
  const playlists = usePlaylistsHoldingQuery(track.id);
  const add = useAddToPlaylistMutation();
  const create = useCreatePlaylistMutation();
  const [newName, setNewName] = useState('');
  const busy = add.isPending || create.isPending;

  const choose = (playlistId: number, name: string, created = false) => {
    add.mutate(
      { playlistId, musicId: track.id },
      {
        onSuccess: (result) => {
          const key = created ? 'playlistChoose.created' : result.added === false ? 'playlistChoose.alreadyAdded' : 'playlists.added';
          notices.show('success', t(key, { name }));
        },
        onError: (error) => {
          if (isRuleRefusal(error)) notices.show('danger', error.message);
          else console.warn(`[playlist] could not add track ${track.id} to ${playlistId}`, error);
        },
        onSettled: onClose,
      },
    );
  };

  const submitNew = (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    if (isBlankText(name) || busy) return;
    create.mutate(
      { name },
      {
        onSuccess: (playlist) => choose(playlist.id, playlist.title || playlist.name, true),
        onError: (error) => notices.show('danger', failureText(error, t('playlists.errors.create'))),
      },
    );
  };

  const list = playlists.data ?? [];
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
        ) : list.length === 0 ? (
          <p className="text-center text-body-secondary py-3 mb-0" data-testid="no-playlists">
            {t('playlistChoose.none')}
          </p>
        ) : (
          <ListGroup className="sori-choose-list" data-testid="choose-playlist-list">
            {list.map((playlist) => {
              const name = playlist.title || playlist.name;
              return (
                <ListGroup.Item
                  key={playlist.id}
                  action
                  as="button"
                  type="button"
                  disabled={busy}
                  className="d-flex align-items-center gap-2"
                  data-has-music={playlist.hasMusic ? 'true' : 'false'}
                  onClick={() => choose(playlist.id, name)}
                >
                  <Icon name={playlist.hasMusic ? 'check' : 'list'} />
                  <span className="text-truncate me-auto">{name}</span>
                  {playlist.hasMusic ? (
                    <span className="badge text-bg-secondary" data-testid="already-in">
                      {t('playlistChoose.alreadyIn')}
                    </span>
                  ) : null}
                  <span className="small text-body-secondary text-nowrap">{t('playlists.trackCount', { count: playlist.musicCount })}</span>
                </ListGroup.Item>
              );
            })}
          </ListGroup>
        )}
        <Form onSubmit={submitNew} className="mt-3" data-testid="choose-playlist-create">
          <Form.Label htmlFor="choose-playlist-new" className="small mb-1">
            {t('playlistChoose.newLabel')}
          </Form.Label>
          <InputGroup>
            <Form.Control
              id="choose-playlist-new"
              value={newName}
              maxLength={TEXT_LIMITS.playlistName}
              onChange={(e) => setNewName(e.target.value)}
              placeholder={t('playlist.namePlaceholder')}
              data-testid="choose-playlist-new-name"
            />
            <Button type="submit" variant="primary" disabled={busy || isBlankText(newName)} data-testid="choose-playlist-new-submit">
              {create.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
              {t('playlistChoose.create')}
            </Button>
          </InputGroup>
        </Form>
      </Modal.Body>
    </Modal>
  );
}
