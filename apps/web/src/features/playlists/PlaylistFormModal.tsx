import { isBlankText, type Playlist, TEXT_LIMITS } from '@sori/contract';
import { useId, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form/FormError';
import { PlaylistModalFooter, PlaylistNameField } from './PlaylistFormParts';
import type { PlaylistInput } from './queries';

export interface PlaylistFormModalProps {
  /** The playlist to edit, or null to create one. */
  playlist: Playlist | null;
  pending: boolean;
  /** A refusal to show inside the dialog, which stays open with what was typed (a cap reached). */
  error?: string | null;
  onSubmit: (input: PlaylistInput) => void;
  onClose: () => void;
}

/** The manager's create and edit modals (PRODUCT §2): the name is required, the description optional. */
export function PlaylistFormModal({ playlist, pending, error = null, onSubmit, onClose }: PlaylistFormModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(playlist ? playlist.title || playlist.name : '');
  const [description, setDescription] = useState(playlist?.description ?? '');
  const [tried, setTried] = useState(false);
  const missing = isBlankText(name);

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
          <FormError message={error} testId="playlist-form-error" />
          <PlaylistNameField
            className="mb-3"
            controlId={`${id}-name`}
            value={name}
            onChange={setName}
            invalid={tried && missing}
            testId="playlist-name"
          />
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
        <PlaylistModalFooter
          pending={pending}
          submitLabel={playlist ? t('playlists.save') : t('playlists.create')}
          onCancel={onClose}
          submitTestId="playlist-save"
        />
      </Form>
    </Modal>
  );
}
