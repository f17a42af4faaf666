import { TEXT_LIMITS, type Playlist } from '@sori/contract';
import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { PlaylistInput } from './queries';

export interface PlaylistFormModalProps {
  /** The playlist to edit, or null to create one. */
  playlist: Playlist | null;
  pending: boolean;
  onSubmit: (input: PlaylistInput) => void;
  onClose: () => void;
}

/** The manager's create and edit modals (spec section 2): the name is required, the description optional. */
export function PlaylistFormModal({ playlist, pending, onSubmit, onClose }: PlaylistFormModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(playlist ? playlist.title || playlist.name : '');
  const [description, setDescription] = useState(playlist?.description ?? '');
  const [tried, setTried] = useState(false);
  const missing = name.trim() === '';

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (missing || pending) return;
    onSubmit({ name: name.trim(), description: description.trim() || null });
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`} data-testid="playlist-form-modal">
      <Form noValidate onSubmit={handleSubmit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {playlist ? t('playlists.editTitle') : t('playlists.createTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId={`${id}-name`}>
            <Form.Label>{t('playlist.name')}</Form.Label>
            <Form.Control
              autoFocus
              value={name}
              maxLength={TEXT_LIMITS.playlistName}
              onChange={(e) => setName(e.target.value)}
              isInvalid={tried && missing}
              placeholder={t('playlist.namePlaceholder')}
              data-testid="playlist-name"
            />
            <Form.Control.Feedback type="invalid">{t('playlist.nameRequired')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId={`${id}-description`}>
            <Form.Label>
              {t('playlists.description')} <span className="text-body-secondary small">({t('auth.fields.optional')})</span>
            </Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={description}
              maxLength={TEXT_LIMITS.playlistDescription}
              onChange={(e) => setDescription(e.target.value)}
              data-testid="playlist-description"
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={pending} data-testid="playlist-save">
            {pending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
            {playlist ? t('playlists.save') : t('playlists.create')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
