import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

export interface PendingButtonProps extends ButtonProps {
  /** The request runs: the button is disabled and shows a spinner. */
  pending: boolean;
  /** What the button says while pending (beside the spinner); without it, the spinner stands before the usual label. */
  pendingLabel?: string;
}

/** A button whose request may take a moment: disabled while it runs, with a spinner (hidden from screen readers). */
export function PendingButton({ pending, pendingLabel, disabled, children, ...props }: PendingButtonProps) {
  const spinner = pending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null;
  return (
    <Button {...props} disabled={pending || disabled}>
      {spinner}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
