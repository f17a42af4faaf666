import type { MouseEvent, Ref } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

export interface PendingButtonProps extends ButtonProps {
  /** The request runs: the button says it is busy, shows a spinner and ignores a press. */
  pending: boolean;
  /** What the button says while pending (beside the spinner); without it, the spinner stands before the usual label. */
  pendingLabel?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button whose request may take a moment. While it runs the button is busy (a spinner hidden from screen
 * readers, `aria-busy`, and `aria-disabled` with Bootstrap's disabled look) rather than `disabled`: a disabled
 * button drops the focus to the page's start, so a keyboard or screen-reader user pressing "로그인" was left
 * at the top of the page whatever the answer. A press meanwhile, or Enter in one of its form's fields (which
 * presses the submit button), is stopped here, before the form is sent; the forms check it too.
 * `disabled` still disables it for good (a step that cannot be taken yet).
 */
export function PendingButton({ pending, pendingLabel, disabled, children, className, onClick, ...props }: PendingButtonProps) {
  const spinner = pending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null;
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (pending) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <Button
      {...props}
      className={[className, pending ? 'disabled' : null].filter(Boolean).join(' ') || undefined}
      disabled={disabled}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={press}
    >
      {spinner}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
