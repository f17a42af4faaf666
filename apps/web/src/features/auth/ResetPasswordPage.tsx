import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { validateNewPassword } from '@sori/contract';
import { PageHeader } from '../../components/PageHeader';
import { FormError } from '../../components/form/FormError';
import { PendingButton } from '../../components/form/PendingButton';
import { PasswordRules } from '../../components/form/PasswordRules';
import { PasswordField } from '../../components/form/TextField';
import { languageFromTag } from '../../i18n/detect';
import { api, isApiError } from '../../lib/api-client';
import { notices } from '../../lib/notices';
import { ROUTES } from '../../lib/routes';
import { useAuthModal } from './auth-modal-state';
import { failureMessage, validationMessage } from './messages';
import { invalidNewPasswordFields, type NewPasswordField } from './password-fields';
import { sessionStore } from './session';

const ERROR_ID = 'reset-error';
const FIELD_IDS: Record<NewPasswordField, string> = { password: 'reset-password', confirmPassword: 'reset-confirm' };

/**
 * The reset screen a reset mail links to (`/reset-password?token=…`). It first asks whether the link can still
 * be used (`GET /api/resetpw`, which uses nothing): a link used, expired or whose account is gone says so at
 * once, with the way to ask for a new one, rather than after the new password has been typed twice. Otherwise
 * a new password by the signup rules, then the member is signed in on this device (every other session has
 * ended) and lands on the home page.
 */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const check = useQuery({
    queryKey: ['reset-link', token],
    queryFn: ({ signal }) => api.get('/resetpw', { query: { token }, signal }),
    enabled: token !== '',
    // A link is checked once as the screen opens; a failed check (offline, too many) leaves the form, whose
    // sending will tell.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The fields the error is about: marked invalid and described by it, the first one focused (as in sign-up).
  const [marked, setMarked] = useState<readonly NewPasswordField[]>([]);
  const [tried, setTried] = useState(false);
  // The link was found used or expired only as the new password was sent (it ran out meanwhile).
  const [goneOnSending, setGoneOnSending] = useState(false);

  const fail = (message: string, code: string | null) => {
    const invalidFields = invalidNewPasswordFields(code, password, confirmPassword);
    setError(message);
    setMarked(invalidFields);
    if (invalidFields[0]) document.getElementById(FIELD_IDS[invalidFields[0]])?.focus();
  };
  const reset = useMutation({
    mutationFn: () => api.post('/resetpw', { token, password, confirmPassword }),
    onSuccess: (result) => {
      sessionStore.signIn(result.token, result.user);
      notices.show('success', t('reset.done'));
      void navigate(ROUTES.home);
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.code === 'RESET_TOKEN_INVALID') setGoneOnSending(true);
      else fail(failureMessage(failure, t('reset.failed'), t('reset.failed')), isApiError(failure) ? failure.code : null);
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const invalid = validateNewPassword(password, confirmPassword);
    setTried(invalid !== null);
    if (invalid) {
      fail(validationMessage(invalid, languageFromTag(i18n.language) ?? 'en'), invalid);
      return;
    }
    setError(null);
    setMarked([]);
    reset.mutate();
  };
  const fieldState = (name: NewPasswordField) => (marked.includes(name) ? { invalid: true, errorId: ERROR_ID } : {});

  const gone = goneOnSending || check.data?.usable === false;
  const checking = token !== '' && check.isPending;
  return (
    <div className="sori-page sori-page-narrow sori-reset-page">
      <PageHeader title={t('reset.title')} subtitle={token && !gone && !checking ? t('reset.intro') : undefined} />
      {!token ? (
        <AskAgain message={t('reset.missing')} testId="reset-missing" />
      ) : gone ? (
        // Found out on sending, the form gives way to this: the focus, which was in the form, goes to the way on.
        <AskAgain message={t('reset.expired')} testId="reset-expired" focus={goneOnSending} />
      ) : checking ? (
        <p className="text-body-secondary d-flex align-items-center gap-2" role="status" data-testid="reset-checking">
          <Spinner as="span" animation="border" size="sm" aria-hidden="true" />
          {t('reset.checking')}
        </p>
      ) : (
        <Form noValidate onSubmit={handleSubmit} className="sori-form-card" data-testid="reset-form">
          <FormError message={error} id={ERROR_ID} testId="reset-error" />
          <PasswordField
            className="mb-3"
            controlId={FIELD_IDS.password}
            label={t('account.password.new')}
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={setPassword}
            hint={<PasswordRules password={password} confirmPassword={confirmPassword} tried={tried} />}
            {...fieldState('password')}
          />
          <PasswordField
            className="mb-3"
            controlId={FIELD_IDS.confirmPassword}
            label={t('account.password.confirm')}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={setConfirmPassword}
            {...fieldState('confirmPassword')}
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

/**
 * Why this link cannot set a password, and the way to a new one: "비밀번호 찾기 다시 요청" opens the e-mail step,
 * and is described by the message, so that a screen reader says why along with it. `focus` puts the focus on
 * it as it appears.
 */
function AskAgain({ message, testId, focus = false }: { message: string; testId: string; focus?: boolean }) {
  const { t } = useTranslation();
  const { openForgot } = useAuthModal();
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) again.current?.focus();
  }, [focus]);
  return (
    <Alert variant="warning" data-testid={testId}>
      <p id={`${testId}-message`}>{message}</p>
      <Button ref={again} variant="primary" onClick={openForgot} aria-describedby={`${testId}-message`} data-testid="reset-again">
        {t('reset.again')}
      </Button>
    </Alert>
  );
}
