import Alert from 'react-bootstrap/Alert';
import type { ReactNode } from 'react';

export interface FormErrorProps {
  /** The message; nothing is shown without one. */
  message: string | null;
  /** The alert's id, for the fields' and the form's aria-describedby. */
  id?: string;
  testId?: string;
  /** Shown after the message (a way out, such as a link). */
  children?: ReactNode;
}

/** A form's one error message, announced as an alert. */
export function FormError({ message, id, testId, children }: FormErrorProps) {
  if (!message) return null;
  return (
    <Alert variant="danger" id={id} role="alert" className="py-2 small" data-testid={testId}>
      {message}
      {children}
    </Alert>
  );
}
