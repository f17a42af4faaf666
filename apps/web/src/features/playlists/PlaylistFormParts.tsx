import { TEXT_LIMITS } from '@sori/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

export interface PlaylistNameFieldProps {
  controlId: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown with its message under the field (the manager's form); the sidebar's modal uses an alert instead. */
  invalid?: boolean;
  className?: string;
  testId?: string;
}

/** The playlist name field of both playlist modals: focused, capped at the contract's length. */
export function PlaylistNameField({ controlId, value, onChange, invalid, className, testId }: PlaylistNameFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{t('playlist.name')}</Form.Label>
      <Form.Control
        autoFocus
        value={value}
        maxLength={TEXT_LIMITS.playlistName}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={invalid}
        placeholder={t('playlist.namePlaceholder')}
        data-testid={testId}
      />
      {invalid !== undefined ? <Form.Control.Feedback type="invalid">{t('playlist.nameRequired')}</Form.Control.Feedback> : null}
    </Form.Group>
  );
}

export interface PlaylistModalFooterProps {
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
  submitTestId?: string;
}

/** Cancel, and the submit button with a spinner while the request runs. */
export function PlaylistModalFooter({ pending, submitLabel, onCancel, submitTestId }: PlaylistModalFooterProps) {
  const { t } = useTranslation();
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" variant="primary" disabled={pending} data-testid={submitTestId}>
        {pending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
        {submitLabel}
      </Button>
    </Modal.Footer>
  );
}
