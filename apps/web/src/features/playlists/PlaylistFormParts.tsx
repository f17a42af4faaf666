import type { Ref } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { isOverLimit, playlistNameLength, TextLimit, textLimitState } from '../../components/form/TextLimit';

/** Whether a playlist name, as the server keeps it (NFC, trimmed), is past its limit: the forms then refuse to send it. */
export const playlistNameTooLong = (name: string): boolean => isOverLimit('playlistName', playlistNameLength(name));

export interface PlaylistNameFieldProps {
  controlId: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown with its message under the field (the manager's form); the sidebar's modal uses an alert instead. */
  invalid?: boolean;
  className?: string;
  testId?: string;
  /** The input, which a form refusing a name past its limit focuses. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * The playlist name field of both playlist modals, focused. It takes whatever is typed or pasted (no
 * `maxLength`, which cut a long paste without a word); near the contract's limit it counts, past it it says so
 * (`TextLimit`) and the form refuses to send it (`playlistNameTooLong`).
 */
export function PlaylistNameField({ controlId, value, onChange, invalid, className, testId, ref }: PlaylistNameFieldProps) {
  const { t } = useTranslation();
  const length = playlistNameLength(value);
  const limit = textLimitState('playlistName', length);
  const marked = invalid === true || limit === 'over';
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{t('playlist.name')}</Form.Label>
      <Form.Control
        ref={ref}
        autoFocus
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={marked}
        aria-invalid={marked}
        aria-describedby={invalid ? `${controlId}-error` : limit !== 'quiet' ? `${controlId}-limit` : undefined}
        placeholder={t('playlist.namePlaceholder')}
        data-testid={testId}
      />
      {invalid ? (
        <Form.Control.Feedback type="invalid" id={`${controlId}-error`}>
          {t('playlist.nameRequired')}
        </Form.Control.Feedback>
      ) : null}
      <TextLimit id={`${controlId}-limit`} field="playlistName" length={length} />
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
