import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { preloadAuthModals, useAuthModal } from './AuthModalContext';

/** What a personal screen shows to a visitor who is not signed in. */
export function LoginRequired({ body }: { body: string }) {
  const { t } = useTranslation();
  const { openLogin, openSignup } = useAuthModal();
  return (
    <EmptyState
      icon="lock"
      title={t('auth.required.title')}
      body={body}
      testId="login-required"
      action={
        <div className="d-flex flex-wrap justify-content-center gap-2" onPointerEnter={preloadAuthModals}>
          <Button variant="primary" onClick={openLogin}>
            {t('user.login')}
          </Button>
          <Button variant="outline-secondary" onClick={openSignup}>
            {t('user.signup')}
          </Button>
        </div>
      }
    />
  );
}
