import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN } from '@sori/contract';
import { FormError } from '../../components/form/FormError';
import { FormModalHeader } from '../../components/form/FormModalHeader';
import { EmailField } from '../../components/form/TextField';
import { api } from '../../lib/api-client';
import { useSiteQuery } from '../legal/queries';
import { languageFromTag } from '../../i18n/detect';
import { AuthSubmitButton } from './AuthFormParts';
import { failureMessage, validationMessage } from './messages';

/**
 * "Forgot password?": the e-mail step. The server answers alike whether or not the address has an account, so
 * this says the same either way. Without mail on the server, it points to support instead.
 */
export function ForgotForm({ onDone, onSwitch }: { onDone: () => void; onSwitch: () => void }) {
  const { t, i18n } = useTranslation();
  const site = useSiteQuery();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useMutation({ mutationFn: (address: string) => api.post('/findpw', { email: address }) });
  const mailOff = site.data?.mailEnabled === false;
  // Sent (or mail is off), the field and its button give way to a message and "확인": the focus, which was on
  // the one or the other, goes to "확인", which the message describes, rather than falling to the page's start.
  const finished = mailOff || request.isSuccess;
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (finished) ok.current?.focus();
  }, [finished]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setError(validationMessage('INVALID_EMAIL', languageFromTag(i18n.language) ?? 'en'));
      return;
    }
    setError(null);
    request.mutate(address, { onError: (failure) => setError(failureMessage(failure, t('auth.forgot.failed'), t('auth.forgot.failed'))) });
  };

  return (
    <Form noValidate onSubmit={handleSubmit}>
      <FormModalHeader titleId="forgot-title" title={t('auth.forgot.title')} size="h4" />
      <Modal.Body>
        {mailOff ? (
          <Alert variant="info" id="forgot-message" className="small mb-0" data-testid="forgot-mail-off">
            {t('auth.forgot.mailOff')}{' '}
            {site.data?.supportEmail ? <a href={`mailto:${site.data.supportEmail}`}>{site.data.supportEmail}</a> : null}
          </Alert>
        ) : request.isSuccess ? (
          <Alert variant="success" role="status" id="forgot-message" className="small mb-0" data-testid="forgot-sent">
            {t('auth.forgot.sent')}
          </Alert>
        ) : (
          <>
            <p className="text-body-secondary small mb-3">{t('auth.forgot.intro')}</p>
            <FormError message={error} id="forgot-error" testId="auth-error" />
            <EmailField controlId="forgot-email" autoFocus value={email} onChange={setEmail} errorId={error ? 'forgot-error' : undefined} />
          </>
        )}
      </Modal.Body>
      <Modal.Footer className="flex-column align-items-stretch gap-2">
        {finished ? (
          <Button
            ref={ok}
            variant="primary"
            className="w-100 m-0"
            onClick={onDone}
            aria-describedby="forgot-message"
            data-testid="forgot-done"
          >
            {t('common.ok')}
          </Button>
        ) : (
          <AuthSubmitButton
            pending={request.isPending}
            label={t('auth.forgot.submit')}
            pendingLabel={t('auth.forgot.submitting')}
            testId="forgot-submit"
          />
        )}
        <Button variant="link" size="sm" className="p-0" onClick={onSwitch}>
          {t('auth.forgot.back')}
        </Button>
      </Modal.Footer>
    </Form>
  );
}
