import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingButton } from './form/PendingButton';

export interface ConfirmModalProps {
  show: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  /** Shown inside the dialog when the action failed. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
  /**
   * The line under the body: "cannot be undone" unless given, for a step that can be (adding something the
   * member can remove again), with the confirm button then the form's primary one rather than a danger one.
   */
  note?: string;
  confirmVariant?: 'danger' | 'primary';
}

/** Asks before something that cannot be undone (deleting a playlist or a track), or that the member should know before it happens. */
export function ConfirmModal({
  show,
  title,
  body,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
  testId,
  note,
  confirmVariant = 'danger',
}: ConfirmModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={titleId} data-testid={testId}>
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1">{body}</p>
        <p className="small text-body-secondary mb-0">{note ?? t('common.cannotUndo')}</p>
        {error ? (
          <p className="text-danger small mt-2 mb-0" role="alert">
            {error}
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        {/* Busy, not disabled, while the step runs: the focus stays on it rather than falling to the page. */}
        <PendingButton variant={confirmVariant} onClick={onConfirm} pending={pending ?? false} data-testid="confirm-button">
          {confirmLabel}
        </PendingButton>
      </Modal.Footer>
    </Modal>
  );
}
