import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '@sori/contract';
import { useCreatePlaylistMutation } from './queries';

export interface NewPlaylistModalProps {
  show: boolean;
  onClose: () => void;
}

/** The sidebar's new-playlist modal (spec sections 2 and 5): the name is trimmed; Enter submits. */
export function NewPlaylistModal({ show, onClose }: NewPlaylistModalProps) {
  const { t } = useTranslation();
  const create = useCreatePlaylistMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('playlist.nameRequired'));
      return;
    }
    setError(null);
    create.mutate(
      { name: trimmed },
      {
        onSuccess: () => onClose(),
        onError: (failure) => setError(failure.message || t('playlist.createFailed')),
      },
    );
  };

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="new-playlist-title" data-testid="new-playlist-modal">
      <Form noValidate onSubmit={handleSubmit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id="new-playlist-title" as="h2" className="h5">
            {t('playlist.newTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error ? (
            <Alert variant="danger" role="alert" className="py-2 small">
              {error}
            </Alert>
          ) : null}
          <Form.Group controlId="new-playlist-name">
            <Form.Label>{t('playlist.name')}</Form.Label>
            <Form.Control
              autoFocus
              value={name}
              maxLength={TEXT_LIMITS.playlistName}
              onChange={(e) => setName(e.target.value)}
              placeholder={t('playlist.namePlaceholder')}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
            {t('playlist.add')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
