import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { validateLogin, validateSignup, type Lang } from '@sori/contract';
import { languageFromTag } from '../../i18n/detect';
import { isApiError } from '../../lib/api-client';
import { notices } from '../../lib/notices';
import { useAuthModal } from './auth-modal-state';
import { failureMessage, validationMessage } from './messages';
import { ConsentFields, type Consents } from './ConsentFields';
import { ForgotForm } from './ForgotForm';
import { useLoginMutation, useSignupMutation } from './queries';
import { invalidSignupFields, type SignupField, type SignupFields } from './signup-fields';

/** The login and signup modals (PRODUCT §2, §4, §5, §8); loaded on first use. */
export function AuthModals() {
  const { mode, openCount, close, openLogin, openSignup, openForgot } = useAuthModal();
  return (
    <>
      <Modal show={mode === 'login'} onHide={close} centered aria-labelledby="login-title" className="sori-auth-modal">
        {/* Keyed by the opening: closing or switching always comes back to empty fields and no error. */}
        <LoginForm key={`login-${openCount}`} onDone={close} onSwitch={openSignup} onForgot={openForgot} />
      </Modal>
      <Modal show={mode === 'forgot'} onHide={close} centered aria-labelledby="forgot-title" className="sori-auth-modal">
        <ForgotForm key={`forgot-${openCount}`} onDone={close} onSwitch={openLogin} />
      </Modal>
      <Modal show={mode === 'signup'} onHide={close} centered aria-labelledby="signup-title" className="sori-auth-modal">
        <SignupForm key={`signup-${openCount}`} onDone={close} onSwitch={openLogin} />
      </Modal>
    </>
  );
}

interface FormProps {
  /** Closes the modal after a success. */
  onDone: () => void;
  /** Switches to the other modal. */
  onSwitch: () => void;
}

function useLang(): Lang {
  const { i18n } = useTranslation();
  return languageFromTag(i18n.language) ?? 'en';
}

function LoginForm({ onDone, onSwitch, onForgot }: FormProps & { onForgot: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const login = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const invalid = validateLogin({ email, password });
    if (invalid) {
      setError(validationMessage(invalid, lang));
      return;
    }
    setError(null);
    login.mutate(
      { email, password },
      {
        onSuccess: () => onDone(),
        onError: (failure) => setError(failureMessage(failure, t('auth.loginFailed'), t('auth.loginError'))),
      },
    );
  };

  return (
    <Form noValidate onSubmit={handleSubmit} aria-describedby={error ? 'login-error' : undefined}>
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="login-title" as="h2" className="h4">
          {t('auth.login.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small mb-3">{t('auth.login.intro')}</p>
        {error ? (
          <Alert variant="danger" id="login-error" role="alert" className="py-2 small" data-testid="auth-error">
            {error}
          </Alert>
        ) : null}
        <Form.Group className="mb-3" controlId="login-email">
          <Form.Label>{t('auth.fields.email')}</Form.Label>
          <Form.Control
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder={t('auth.fields.emailPlaceholder')}
          />
        </Form.Group>
        <Form.Group className="mb-2" controlId="login-password">
          <Form.Label>{t('auth.fields.password')}</Form.Label>
          <Form.Control
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Form.Group>
        <Button variant="link" size="sm" className="p-0" onClick={onForgot} data-testid="open-forgot">
          {t('auth.login.forgot')}
        </Button>
      </Modal.Body>
      <Modal.Footer className="flex-column align-items-stretch gap-2">
        <Button type="submit" variant="primary" size="lg" disabled={login.isPending} className="w-100 m-0">
          {login.isPending ? (
            <>
              <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
              {t('auth.login.submitting')}
            </>
          ) : (
            t('auth.login.submit')
          )}
        </Button>
        <p className="text-center small m-0">
          {t('auth.login.noAccount')}{' '}
          <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onSwitch}>
            {t('auth.login.toSignup')}
          </Button>
        </p>
      </Modal.Footer>
    </Form>
  );
}

/** The ids react-bootstrap gives the sign-up inputs (their groups' controlId). */
const SIGNUP_IDS: Record<SignupField, string> = {
  email: 'signup-email',
  password: 'signup-password',
  confirmPassword: 'signup-confirm',
  name: 'signup-name',
  phone: 'signup-phone',
  team: 'signup-team',
};

const EMPTY_SIGNUP: SignupFields = { email: '', password: '', confirmPassword: '', name: '', phone: '', team: '' };
const NO_CONSENTS: Consents = { agreeTerms: false, agreePrivacy: false, agreeMarketing: false };

function SignupForm({ onDone, onSwitch }: FormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const signup = useSignupMutation();
  const [fields, setFields] = useState<SignupFields>(EMPTY_SIGNUP);
  const [consents, setConsents] = useState<Consents>(NO_CONSENTS);
  const [error, setError] = useState<string | null>(null);
  // The fields the error is about: marked invalid, the first one focused.
  const [marked, setMarked] = useState<readonly SignupField[]>([]);

  const update = (name: keyof SignupFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const fail = (message: string, code: string | null) => {
    const invalidFields = invalidSignupFields(code, fields);
    setError(message);
    setMarked(invalidFields);
    if (invalidFields[0]) document.getElementById(SIGNUP_IDS[invalidFields[0]])?.focus();
    else if (code === 'TERMS_NOT_AGREED') document.getElementById('signup-agree-terms')?.focus();
    else if (code === 'PRIVACY_NOT_AGREED') document.getElementById('signup-agree-privacy')?.focus();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signup.isPending) return;
    // Section 5 order: required fields, password length, confirmation, e-mail shape, phone shape.
    // …then the required consents.
    const invalid = validateSignup({ ...fields, ...consents });
    if (invalid) {
      fail(validationMessage(invalid, lang), invalid);
      return;
    }
    setError(null);
    setMarked([]);
    signup.mutate(
      { ...fields, ...consents },
      {
        onSuccess: (result) => {
          onDone();
          // Said, not only seen: the new member is welcomed by name.
          notices.show('success', t('signupDone.notice', { nick: result.user.nick }));
        },
        onError: (failure) =>
          fail(failureMessage(failure, t('auth.signupFailed'), t('auth.signupError')), isApiError(failure) ? failure.code : null),
      },
    );
  };
  /** Props marking a field the error is about (Bootstrap's red outline and aria-invalid). */
  const invalidProps = (name: SignupField) =>
    marked.includes(name) ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': 'signup-error' } : {};

  return (
    <Form noValidate onSubmit={handleSubmit}>
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="signup-title" as="h2" className="h4">
          {t('auth.signup.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small mb-3">{t('auth.signup.intro')}</p>
        {error ? (
          <Alert variant="danger" id="signup-error" role="alert" className="py-2 small" data-testid="auth-error">
            {error}
          </Alert>
        ) : null}
        <Form.Group className="mb-3" controlId="signup-email">
          <Form.Label>
            {t('auth.fields.email')} <RequiredMark />
          </Form.Label>
          <Form.Control
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            value={fields.email}
            onChange={update('email')}
            placeholder={t('auth.fields.emailPlaceholder')}
            {...invalidProps('email')}
          />
        </Form.Group>
        <div className="row g-3 mb-3">
          <Form.Group className="col-sm-6" controlId="signup-password">
            <Form.Label>
              {t('auth.fields.password')} <RequiredMark />
            </Form.Label>
            <Form.Control
              type="password"
              name="password"
              autoComplete="new-password"
              value={fields.password}
              onChange={update('password')}
              {...invalidProps('password')}
              aria-describedby={marked.includes('password') ? 'signup-error signup-password-hint' : 'signup-password-hint'}
            />
            <Form.Text id="signup-password-hint">{t('auth.fields.passwordHint')}</Form.Text>
          </Form.Group>
          <Form.Group className="col-sm-6" controlId="signup-confirm">
            <Form.Label>
              {t('auth.fields.confirmPassword')} <RequiredMark />
            </Form.Label>
            <Form.Control
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              value={fields.confirmPassword}
              onChange={update('confirmPassword')}
              {...invalidProps('confirmPassword')}
            />
          </Form.Group>
        </div>
        <div className="row g-3 mb-3">
          <Form.Group className="col-sm-6" controlId="signup-name">
            <Form.Label>
              {t('auth.fields.name')} <RequiredMark />
            </Form.Label>
            <Form.Control
              type="text"
              name="name"
              autoComplete="name"
              value={fields.name}
              onChange={update('name')}
              {...invalidProps('name')}
            />
          </Form.Group>
          <Form.Group className="col-sm-6" controlId="signup-phone">
            <Form.Label>
              {t('auth.fields.phone')} <RequiredMark />
            </Form.Label>
            <Form.Control
              type="tel"
              name="phone"
              autoComplete="tel"
              inputMode="tel"
              value={fields.phone}
              onChange={update('phone')}
              placeholder={t('auth.fields.phonePlaceholder')}
              {...invalidProps('phone')}
            />
          </Form.Group>
        </div>
        <Form.Group controlId="signup-team">
          <Form.Label>
            {t('auth.fields.team')} <span className="text-body-secondary small">({t('auth.fields.optional')})</span>
          </Form.Label>
          <Form.Control
            type="text"
            name="team"
            autoComplete="organization"
            value={fields.team}
            onChange={update('team')}
            {...invalidProps('team')}
          />
        </Form.Group>
        <ConsentFields value={consents} onChange={setConsents} />
      </Modal.Body>
      <Modal.Footer className="flex-column align-items-stretch gap-2">
        <Button type="submit" variant="primary" size="lg" disabled={signup.isPending} className="w-100 m-0">
          {signup.isPending ? (
            <>
              <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
              {t('auth.signup.submitting')}
            </>
          ) : (
            t('auth.signup.submit')
          )}
        </Button>
        <p className="text-center small m-0">
          {t('auth.signup.haveAccount')}{' '}
          <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onSwitch}>
            {t('auth.signup.toLogin')}
          </Button>
        </p>
      </Modal.Footer>
    </Form>
  );
}

function RequiredMark() {
  const { t } = useTranslation();
  return (
    <span className="text-primary-emphasis" title={t('auth.fields.required')}>
      *<span className="visually-hidden">{t('auth.fields.required')}</span>
    </span>
  );
}
