import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import {
  signupTooLong,
  TEXT_LIMITS,
  tooLongDetails,
  unmetPasswordRules,
  validateLogin,
  validateSignup,
  type ErrorCode,
} from '@sori/contract';
import { FormError } from '../../components/form/FormError';
import { FormModalHeader } from '../../components/form/FormModalHeader';
import { PasswordRules } from '../../components/form/PasswordRules';
import { EmailField, PasswordField, TextField } from '../../components/form/TextField';
import { useLang } from '../../i18n/useLang';
import type { TranslationKey } from '../../i18n/keys';
import { isApiError } from '../../lib/api-client';
import { refocusAfterDialogs, usableControl } from '../../lib/modal-focus';
import { notices } from '../../lib/notices';
import { useAuthModal, type AuthModalMode } from './auth-modal-state';
import { failureMessage, validationMessage } from './messages';
import { AuthFooter } from './AuthFormParts';
import { ConsentFields, type Consents, type MissingConsent } from './ConsentFields';
import { ForgotForm } from './ForgotForm';
import { useLoginMutation, useSignupMutation } from './queries';
import { invalidSignupFields, type SignupField, type SignupFields } from './signup-fields';

/**
 * The header's account menu button, or on a phone (where it is folded away) the button that shows the
 * menu: the first of them on screen.
 */
function accountButton(): HTMLElement | null {
  const candidates = ['[data-testid="user-menu"] > button', '[data-testid="nav-toggle"]'];
  for (const selector of candidates) {
    const element = document.querySelector<HTMLElement>(selector);
    if (element && element.getClientRects().length > 0) return element;
  }
  return null;
}

/** The login and signup modals (PRODUCT §2, §4, §5, §8); loaded on first use. */
export function AuthModals() {
  const { mode, openCount, close, openLogin, openSignup, openForgot, returnFocus, resume, opener } = useAuthModal();
  // The modals give the focus back themselves (react-bootstrap's `restoreFocus` is off): each dialog gave it
  // back as it finished leaving, so switching, the one that left took it from the next one's first field a
  // moment later (to the dialog itself, once react-bootstrap pulled it back in), and the next one, opened
  // from a button of the first, gave it back to that button, gone, so closing it left the focus on the page.
  const openedFrom = () => usableControl(opener?.());
  // Closed without signing in (Escape, ×, "확인"), the focus goes back to what opened the first modal,
  // or to the control a notice asked the login for; when that is gone or hidden (the account menu folded
  // away with the phone menu), to the account menu button on screen.
  const dismiss = () => {
    const control = returnFocus;
    close();
    refocusAfterDialogs(() => usableControl(control?.()) ?? openedFrom() ?? accountButton());
  };
  // Signed in (or up), the modal gives focus back to the control that opened it; when signing in removed
  // that control (the home page's "start free", a sign-in prompt), focus goes to the account menu, where
  // signing in from the header leaves it, rather than to the page's start. Asked for from a notice that
  // belongs to a control (`openLoginFor`: a certificate or download button), the focus goes back to that
  // control, waiting a moment for it while the screen draws it anew (a 401 gave way to a sign-in prompt);
  // gone or disabled by then, to the account menu as well. Then what the reader had asked for is done
  // (`resume`: the download starts, the like is made, the playlist chooser opens), once.
  const signedIn = () => {
    close();
    if (!returnFocus) {
      refocusAfterDialogs(() => openedFrom() ?? accountButton());
      return;
    }
    const control = () => usableControl(returnFocus());
    refocusAfterDialogs(() => control() ?? accountButton(), {
      until: () => control() !== null,
      after: resume ? () => resume(control()) : undefined,
    });
  };
  // Each form is keyed by its own last opening: closing or switching always comes back to empty fields and no
  // error. Keyed by every opening, the form leaving was drawn anew too as the next one opened, and its first
  // field, focused on mounting, took the focus from the next one's (all but login → sign-up, where the one
  // opening comes later in the page and was focused last).
  const [openedAt, setOpenedAt] = useState<Record<AuthModalMode, number>>({ login: 0, forgot: 0, signup: 0 });
  if (mode && openedAt[mode] !== openCount) setOpenedAt({ ...openedAt, [mode]: openCount });
  const modal = { onHide: dismiss, centered: true, restoreFocus: false, className: 'sori-auth-modal' } as const;
  return (
    <>
      <Modal show={mode === 'login'} aria-labelledby="login-title" {...modal}>
        <LoginForm key={openedAt.login} onDone={signedIn} onSwitch={openSignup} onForgot={openForgot} />
      </Modal>
      <Modal show={mode === 'forgot'} aria-labelledby="forgot-title" {...modal}>
        <ForgotForm key={openedAt.forgot} onDone={dismiss} onSwitch={openLogin} />
      </Modal>
      <Modal show={mode === 'signup'} aria-labelledby="signup-title" {...modal}>
        <SignupForm key={openedAt.signup} onDone={signedIn} onSwitch={openLogin} />
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

type LoginField = 'email' | 'password';

/** The ids react-bootstrap gives the login inputs (their groups' controlId). */
const LOGIN_IDS: Record<LoginField, string> = { email: 'login-email', password: 'login-password' };

/** The login fields a refusal before sending is about: the empty ones, or the e-mail of no address's shape. */
function invalidLoginFields(code: ErrorCode, form: Record<LoginField, string>): LoginField[] {
  if (code === 'INVALID_EMAIL') return ['email'];
  if (code === 'LOGIN_REQUIRED_FIELDS') return (['email', 'password'] as const).filter((f) => !form[f].trim());
  return [];
}

function LoginForm({ onDone, onSwitch, onForgot }: FormProps & { onForgot: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const login = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The fields a check before sending is about (an empty one, an address of no e-mail's shape): marked invalid.
  const [marked, setMarked] = useState<readonly LoginField[]>([]);

  // A marked field fixed is no longer marked, and with none left the message goes too: a screen reader does not
  // keep saying "invalid" of a field that is now right until the form is sent again.
  const recheck = (next: Record<LoginField, string>) => {
    if (marked.length === 0) return;
    const invalid = validateLogin(next);
    const still = invalid ? invalidLoginFields(invalid, next).filter((f) => marked.includes(f)) : [];
    setMarked(still);
    setError(invalid && still.length > 0 ? validationMessage(invalid, lang) : null);
  };
  const changeEmail = (value: string) => {
    setEmail(value);
    recheck({ email: value, password });
  };
  const changePassword = (value: string) => {
    setPassword(value);
    recheck({ email, password: value });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const invalid = validateLogin({ email, password });
    if (invalid) {
      const fields = invalidLoginFields(invalid, { email, password });
      setError(validationMessage(invalid, lang));
      setMarked(fields);
      if (fields[0]) document.getElementById(LOGIN_IDS[fields[0]])?.focus();
      return;
    }
    setError(null);
    setMarked([]);
    login.mutate(
      { email, password },
      {
        onSuccess: (result) => {
          onDone();
          // Said, not only seen (the account button's name changes without a word), as signing up is.
          notices.show('success', t('user.signedIn', { nick: result.user.nick || t('user.member') }));
        },
        onError: (failure) => {
          setError(failureMessage(failure, t('auth.loginFailed'), t('auth.loginError')));
          // Refused address and password (which of the two is not said): the password, selected, is what to
          // type again. Anything else (no connection, too many tries) leaves the focus on "로그인", to press again.
          if (isApiError(failure) && failure.code === 'INVALID_CREDENTIALS') {
            const field = document.getElementById(LOGIN_IDS.password);
            if (field instanceof HTMLInputElement) {
              field.focus();
              field.select();
            }
          }
        },
      },
    );
  };
  const markedProps = (name: LoginField) =>
    marked.includes(name) ? { invalid: true, errorId: 'login-error' } : error ? { errorId: 'login-error' } : {};

  return (
    <Form noValidate onSubmit={handleSubmit} aria-describedby={error ? 'login-error' : undefined}>
      <FormModalHeader titleId="login-title" title={t('auth.login.title')} size="h4" />
      <Modal.Body>
        <p className="text-body-secondary small mb-3">{t('auth.login.intro')}</p>
        <FormError message={error} id="login-error" testId="auth-error" />
        <EmailField className="mb-3" controlId={LOGIN_IDS.email} autoFocus value={email} onChange={changeEmail} {...markedProps('email')} />
        <PasswordField
          {...markedProps('password')}
          className="mb-2"
          controlId={LOGIN_IDS.password}
          label={t('auth.fields.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={changePassword}
        />
        <Button variant="link" size="sm" className="p-0" onClick={onForgot} data-testid="open-forgot">
          {t('auth.login.forgot')}
        </Button>
      </Modal.Body>
      <AuthFooter
        pending={login.isPending}
        label={t('auth.login.submit')}
        pendingLabel={t('auth.login.submitting')}
        question={t('auth.login.noAccount')}
        switchLabel={t('auth.login.toSignup')}
        onSwitch={onSwitch}
      />
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

interface SignupInput {
  label: TranslationKey;
  type: 'password' | 'text' | 'tel';
  autoComplete: string;
  marker: 'required' | 'optional';
  inputMode?: 'tel';
  /** The line under the field (an example of what it takes), which the input is described by. */
  hint?: TranslationKey;
  /** The contract's limit: typing and pasting stop there, rather than a "too long" error after. */
  maxLength?: number;
}

/** The sign-up fields below the e-mail. */
const SIGNUP_INPUTS: Record<Exclude<SignupField, 'email'>, SignupInput> = {
  password: {
    label: 'auth.fields.password',
    type: 'password',
    autoComplete: 'new-password',
    marker: 'required',
  },
  confirmPassword: { label: 'auth.fields.confirmPassword', type: 'password', autoComplete: 'new-password', marker: 'required' },
  name: { label: 'auth.fields.name', type: 'text', autoComplete: 'name', marker: 'required', maxLength: TEXT_LIMITS.name },
  phone: {
    label: 'auth.fields.phone',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    marker: 'required',
    hint: 'auth.fields.phoneHint',
    maxLength: TEXT_LIMITS.phone,
  },
  team: { label: 'auth.fields.team', type: 'text', autoComplete: 'organization', marker: 'optional', maxLength: TEXT_LIMITS.team },
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
  const [missingConsent, setMissingConsent] = useState<MissingConsent | null>(null);
  // Sent once with a password rule unmet: the rules under the password show what is left as errors.
  const [passwordTried, setPasswordTried] = useState(false);

  // As in the login form: a marked field fixed is unmarked, and with none left the message goes (a refusal about
  // something else, a consent, stays until it is fixed or the form is sent again).
  const update = (name: keyof SignupFields) => (value: string) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    if (marked.length === 0) return;
    const invalid = validateSignup({ ...next, ...consents });
    const still = invalid ? invalidSignupFields(invalid, next).filter((f) => marked.includes(f)) : [];
    setMarked(still);
    if (still.length === 0) setError(null);
    else if (invalid)
      setError(validationMessage(invalid, lang, invalid === 'FIELD_TOO_LONG' ? tooLongDetails(signupTooLong(next)!) : undefined));
  };
  // A required consent ticked after it was asked for: its message goes.
  const changeConsents = (next: Consents) => {
    setConsents(next);
    if (missingConsent && next[missingConsent.key]) {
      setMissingConsent(null);
      setError(null);
    }
  };

  const fail = (message: string, code: string | null) => {
    const invalidFields = invalidSignupFields(code, fields);
    setError(message);
    setMarked(invalidFields);
    // An unticked required consent is told beside its box too: the message at the top may be out of view.
    const consent = code === 'TERMS_NOT_AGREED' ? 'agreeTerms' : code === 'PRIVACY_NOT_AGREED' ? 'agreePrivacy' : null;
    setMissingConsent(consent && invalidFields.length === 0 ? { key: consent, message } : null);
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
    setPasswordTried(invalid !== null && unmetPasswordRules(fields.password, fields.confirmPassword).length > 0);
    if (invalid) {
      fail(validationMessage(invalid, lang, invalid === 'FIELD_TOO_LONG' ? tooLongDetails(signupTooLong(fields)!) : undefined), invalid);
      return;
    }
    setError(null);
    setMarked([]);
    setMissingConsent(null);
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
  const invalidProps = (name: SignupField) => (marked.includes(name) ? { invalid: true, errorId: 'signup-error' } : {});
  /** A field below the e-mail, as SIGNUP_INPUTS describes it. */
  const input = (name: Exclude<SignupField, 'email'>, className?: string) => {
    const { label, hint, ...attributes } = SIGNUP_INPUTS[name];
    return (
      <TextField
        className={className}
        controlId={SIGNUP_IDS[name]}
        label={t(label)}
        hint={
          name === 'password' ? (
            <PasswordRules password={fields.password} confirmPassword={fields.confirmPassword} tried={passwordTried} />
          ) : (
            hint && t(hint)
          )
        }
        name={name}
        {...attributes}
        value={fields[name]}
        onChange={update(name)}
        {...invalidProps(name)}
      />
    );
  };

  return (
    <Form noValidate onSubmit={handleSubmit}>
      <FormModalHeader titleId="signup-title" title={t('auth.signup.title')} size="h4" />
      <Modal.Body>
        <p className="text-body-secondary small mb-3">{t('auth.signup.intro')}</p>
        <FormError message={error} id="signup-error" testId="auth-error" />
        <EmailField
          className="mb-3"
          controlId={SIGNUP_IDS.email}
          marker="required"
          autoFocus
          value={fields.email}
          onChange={update('email')}
          {...invalidProps('email')}
        />
        <div className="row g-3 mb-3">
          {input('password', 'col-sm-6')}
          {input('confirmPassword', 'col-sm-6')}
        </div>
        <div className="row g-3 mb-3">
          {input('name', 'col-sm-6')}
          {input('phone', 'col-sm-6')}
        </div>
        {input('team')}
        <ConsentFields value={consents} onChange={changeConsents} missing={missingConsent} />
      </Modal.Body>
      <AuthFooter
        pending={signup.isPending}
        label={t('auth.signup.submit')}
        pendingLabel={t('auth.signup.submitting')}
        question={t('auth.signup.haveAccount')}
        switchLabel={t('auth.signup.toLogin')}
        onSwitch={onSwitch}
      />
    </Form>
  );
}
