import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { PendingButton } from '../../components/form/PendingButton';

export interface AuthSubmitButtonProps {
  pending: boolean;
  label: string;
  /** What it says while the request runs. */
  pendingLabel: string;
  testId?: string;
}

/** The sign-in modals' wide submit button, with a spinner and its pending label while the request runs. */
export function AuthSubmitButton({ pending, label, pendingLabel, testId }: AuthSubmitButtonProps) {
  return (
    <PendingButton
      type="submit"
      variant="primary"
      size="lg"
      pending={pending}
      pendingLabel={pendingLabel}
      className="w-100 m-0"
      data-testid={testId}
    >
      {label}
    </PendingButton>
  );
}

export interface AuthFooterProps extends AuthSubmitButtonProps {
  /** "No account yet?" and the link that switches to the other modal. */
  question: string;
  switchLabel: string;
  onSwitch: () => void;
}

/** The login and sign-up modals' footer: the submit button, then the way to the other modal. */
export function AuthFooter({ question, switchLabel, onSwitch, ...submit }: AuthFooterProps) {
  return (
    <Modal.Footer className="flex-column align-items-stretch gap-2">
      <AuthSubmitButton {...submit} />
      <p className="text-center small m-0">
        {question}{' '}
        <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onSwitch}>
          {switchLabel}
        </Button>
      </p>
    </Modal.Footer>
  );
}
