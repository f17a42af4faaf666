import { isBlankText, type Playlist } from '@sori/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form/FormError';
import { playlistDescriptionLength, TextLimit, textLimitState } from '../../components/form/TextLimit';
import { PlaylistModalFooter, PlaylistNameField, playlistNameTooLong } from './PlaylistFormParts';
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

/**
 * The manager's create and edit modals (PRODUCT §2): the name is required, the description optional. Both take
 * a long paste whole and, past their limits, say so and are not sent (DECISIONS "Errors").
 */
export function PlaylistFormModal({ playlist, pending, error = null, onSubmit, onClose }: PlaylistFormModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(playlist ? playlist.title || playlist.name : '');
  const [description, setDescription] = useState(playlist?.description ?? '');
  const [tried, setTried] = useState(false);
  const missing = isBlankText(name);
  const nameTooLong = playlistNameTooLong(name);
  // The description as the server keeps it (NFC, trimmed, its line breaks kept) is what it counts against its limit.
  const descriptionLength = playlistDescriptionLength(description);
  const descriptionLimit = textLimitState('playlistDescription', descriptionLength);
  const descriptionTooLong = descriptionLimit === 'over';
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (missing || nameTooLong || descriptionTooLong) {
      // The first field to mend takes the focus; its message is read with it (aria-describedby).
      (missing || nameTooLong ? nameRef : descriptionRef).current?.focus();
      return;
    }
    if (pending) return;
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
            ref={nameRef}
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
              ref={descriptionRef}
              as="textarea"
              rows={3}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              isInvalid={descriptionTooLong}
              aria-invalid={descriptionTooLong}
              aria-describedby={descriptionLimit !== 'quiet' ? `${id}-description-limit` : undefined}
              data-testid="playlist-description"
            />
            <TextLimit id={`${id}-description-limit`} field="playlistDescription" length={descriptionLength} />
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
