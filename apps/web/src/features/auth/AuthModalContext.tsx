import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { AuthModalContext, type AuthModalMode } from './auth-modal-state';

export { useAuthModal, type AuthModalMode } from './auth-modal-state';

const loadAuthModals = () => import('./AuthModals');
const AuthModals = lazy(() => loadAuthModals().then((m) => ({ default: m.AuthModals })));

/** Warms the modal chunk when a pointer or focus gets near a sign-in control, so opening is instant. */
export function preloadAuthModals(): void {
  // A failure here is met again, and handled, when the dialog is opened.
  loadAuthModals().catch(() => undefined);
}

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthModalMode | null>(null);
  const [openCount, setOpenCount] = useState(0);
  // The modals' code is fetched on first use only: most visitors of / never sign in on that visit.
  const [requested, setRequested] = useState(false);

  const open = useCallback((next: AuthModalMode) => {
    setRequested(true);
    setOpenCount((count) => count + 1);
    setMode(next);
  }, []);
  const openLogin = useCallback(() => open('login'), [open]);
  const openSignup = useCallback(() => open('signup'), [open]);
  const openForgot = useCallback(() => open('forgot'), [open]);
  const close = useCallback(() => setMode(null), []);

  const value = useMemo(
    () => ({ mode, openCount, openLogin, openSignup, openForgot, close }),
    [mode, openCount, openLogin, openSignup, openForgot, close],
  );
  return (
    <AuthModalContext.Provider value={value}>
      {children}
      {requested ? (
        <ErrorBoundary placeholder={null}>
          <Suspense fallback={null}>
            <AuthModals />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </AuthModalContext.Provider>
  );
}
