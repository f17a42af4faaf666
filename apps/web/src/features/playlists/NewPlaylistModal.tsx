import { isBlankText } from '@sori/contract';
import { useRef, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form/FormError';
import { FormModalHeader } from '../../components/form/FormModalHeader';
import { PlaylistModalFooter, PlaylistNameField, playlistNameTooLong } from './PlaylistFormParts';
import { useCreatePlaylistMutation } from './queries';

export interface NewPlaylistModalProps {
  show: boolean;
  onClose: () => void;
}

/** The sidebar's new-playlist modal (PRODUCT §2 and §5): the name is trimmed; Enter submits. */
export function NewPlaylistModal({ show, onClose }: NewPlaylistModalProps) {
  const { t } = useTranslation();
  const create = useCreatePlaylistMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = name.trim();
    if (isBlankText(trimmed)) {
      setError(t('playlist.nameRequired'));
      return;
    }
    if (playlistNameTooLong(name)) {
      // The field itself says by how much (TextLimit); the focus goes back to it to shorten.
      setError(null);
      nameRef.current?.focus();
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
        <FormModalHeader titleId="new-playlist-title" title={t('playlist.newTitle')} />
        <Modal.Body>
          <FormError message={error} />
          <PlaylistNameField ref={nameRef} controlId="new-playlist-name" value={name} onChange={setName} />
        </Modal.Body>
        <PlaylistModalFooter pending={create.isPending} submitLabel={t('playlist.add')} onCancel={onClose} />
      </Form>
    </Modal>
  );
}
