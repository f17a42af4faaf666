import { isBlankText, type Music } from '@sori/contract';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form/FormError';
import { playlistNameLength, TextLimit, textLimitState } from '../../components/form/TextLimit';
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
 * A failed add here is swallowed and only logged (PRODUCT §8), except a cap reached (a full playlist, too
 * many playlists): the dialog says so and stays open, so another playlist can be chosen (DECISIONS). Any
 * other failed create says so in a notice.
 */
export default function ChoosePlaylistModal({ track, onClose }: ChoosePlaylistModalProps) {
  const { t } = useTranslation();
  const playlists = usePlaylistsHoldingQuery(track.id);
  const add = useAddToPlaylistMutation();
  const create = useCreatePlaylistMutation();
  const [newName, setNewName] = useState('');
  // A cap reached (a full playlist, too many playlists), said inside the dialog, which stays open so that
  // another playlist can be chosen at once.
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = add.isPending || create.isPending;
  // The new name takes a long paste whole (no maxLength): near its limit it counts, past it it is not sent.
  const newNameLength = playlistNameLength(newName);
  const newNameLimit = textLimitState('playlistName', newNameLength);
  const newNameTooLong = newNameLimit === 'over';

  const choose = (playlistId: number, name: string, created = false) => {
    setRefusal(null);
    // The chosen row is disabled while the request runs; a refusal gives focus back to it.
    const from = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    add.mutate(
      { playlistId, musicId: track.id },
      {
        onSuccess: (result) => {
          const key = created ? 'playlistChoose.created' : result.added === false ? 'playlistChoose.alreadyAdded' : 'playlists.added';
          notices.show('success', t(key, { name }));
          onClose();
        },
        onError: (error) => {
          if (isRuleRefusal(error)) {
            setRefusal(error.message);
            requestAnimationFrame(() => from?.focus());
            return;
          }
          console.warn(`[playlist] could not add track ${track.id} to ${playlistId}`, error);
          onClose();
        },
      },
    );
  };

  const submitNew = (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    if (isBlankText(name) || busy) return;
    if (newNameTooLong) {
      document.getElementById('choose-playlist-new')?.focus();
      return;
    }
    setRefusal(null);
    create.mutate(
      { name },
      {
        onSuccess: (playlist) => choose(playlist.id, playlist.title || playlist.name, true),
        onError: (error) => {
          if (isRuleRefusal(error)) setRefusal(error.message);
          else notices.show('danger', failureText(error, t('playlists.errors.create')));
          // The button was disabled while the request ran, which took focus from it: back to the name.
          document.getElementById('choose-playlist-new')?.focus();
        },
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
        <FormError message={refusal} testId="choose-playlist-refusal" />
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
              onChange={(e) => setNewName(e.target.value)}
              isInvalid={newNameTooLong}
              aria-invalid={newNameTooLong}
              aria-describedby={newNameLimit !== 'quiet' ? 'choose-playlist-new-limit' : undefined}
              placeholder={t('playlist.namePlaceholder')}
              data-testid="choose-playlist-new-name"
            />
            <Button type="submit" variant="primary" disabled={busy || isBlankText(newName)} data-testid="choose-playlist-new-submit">
              {create.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
              {t('playlistChoose.create')}
            </Button>
          </InputGroup>
          <TextLimit id="choose-playlist-new-limit" field="playlistName" length={newNameLength} />
        </Form>
      </Modal.Body>
    </Modal>
  );
}
