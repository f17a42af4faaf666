import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

export interface RetryAlertProps {
  /** What failed, in the user's language (PRODUCT §8). */
  text: string;
  onRetry: () => void;
  testId?: string;
  className?: string;
}

/** A failed load: its message and a retry button, in a red alert. */
export function RetryAlert({ text, onRetry, testId, className = '' }: RetryAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="danger"
      className={`d-flex flex-wrap align-items-center justify-content-between gap-2 ${className}`.trim()}
      data-testid={testId}
    >
      <span>{text}</span>
      <Button variant="outline-danger" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
