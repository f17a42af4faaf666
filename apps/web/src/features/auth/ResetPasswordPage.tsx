import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { validateNewPassword } from '@sori/contract';
import { PageHeader } from '../../components/PageHeader';
import { FormError } from '../../components/form/FormError';
import { PendingButton } from '../../components/form/PendingButton';
import { PasswordRules } from '../../components/form/PasswordRules';
import { PasswordField } from '../../components/form/TextField';
import { languageFromTag } from '../../i18n/detect';
import { api } from '../../lib/api-client';
import { notices } from '../../lib/notices';
import { ROUTES } from '../../lib/routes';
import { useAuthModal } from './auth-modal-state';
import { failureMessage, validationMessage } from './messages';
import { sessionStore } from './session';

/**
 * The reset screen a reset mail links to (`/reset-password?token=…`): a new password by the signup rules,
 * then the member is signed in on this device (every other session has ended) and lands on the home page.
 */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { openForgot } = useAuthModal();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const reset = useMutation({
    mutationFn: () => api.post('/resetpw', { token, password, confirmPassword }),
    onSuccess: (result) => {
      sessionStore.signIn(result.token, result.user);
      notices.show('success', t('reset.done'));
      void navigate(ROUTES.home);
    },
    onError: (failure) => setError(failureMessage(failure, t('reset.failed'), t('reset.failed'))),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const invalid = validateNewPassword(password, confirmPassword);
    setTried(invalid !== null);
    if (invalid) {
      setError(validationMessage(invalid, languageFromTag(i18n.language) ?? 'en'));
      document.getElementById('reset-password')?.focus();
      return;
    }
    setError(null);
    reset.mutate();
  };

  return (
    <div className="sori-page sori-page-narrow sori-reset-page">
      <PageHeader title={t('reset.title')} subtitle={token ? t('reset.intro') : undefined} />
      {!token ? (
        <Alert variant="warning" data-testid="reset-missing">
          <p>{t('reset.missing')}</p>
          <Button variant="primary" onClick={openForgot}>
            {t('reset.again')}
          </Button>
        </Alert>
      ) : (
        <Form noValidate onSubmit={handleSubmit} className="sori-form-card" data-testid="reset-form">
          <FormError message={error} id="reset-error" testId="reset-error">
            {' '}
            <Button variant="link" size="sm" className="p-0 align-baseline" onClick={openForgot}>
              {t('reset.again')}
            </Button>
          </FormError>
          <PasswordField
            className="mb-3"
            controlId="reset-password"
            label={t('account.password.new')}
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={setPassword}
            errorId={error ? 'reset-error' : undefined}
            hint={<PasswordRules password={password} confirmPassword={confirmPassword} tried={tried} />}
          />
          <PasswordField
            className="mb-3"
            controlId="reset-confirm"
            label={t('account.password.confirm')}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={setConfirmPassword}
          />
          <PendingButton
            type="submit"
            variant="primary"
            pending={reset.isPending}
            pendingLabel={t('reset.submitting')}
            data-testid="reset-submit"
          >
            {t('reset.submit')}
          </PendingButton>
        </Form>
      )}
    </div>
  );
}
