import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { AuthModalContext, pressedControl, type AuthModalMode, type Resume, type ReturnFocus } from './auth-modal-state';

export { pressAgain, pressedControl, useAuthModal, type AuthModalMode, type Resume, type ReturnFocus } from './auth-modal-state';

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
  // Kept while the reader moves between the modals (login → signup), dropped when they close.
  const [returnFocus, setReturnFocus] = useState<{ to: ReturnFocus; resume: Resume | null } | null>(null);
  // The control that opened the first modal, taken as it is pressed (the focus is still on it then), and kept
  // while the reader switches between the modals (`shown` says at once whether one is open).
  const shown = useRef<AuthModalMode | null>(null);
  const [opener, setOpener] = useState<ReturnFocus | null>(null);

  const open = useCallback((next: AuthModalMode) => {
    if (shown.current === null) setOpener(() => pressedControl());
    shown.current = next;
    setRequested(true);
    setOpenCount((count) => count + 1);
    setMode(next);
  }, []);
  // Handlers take no argument: `onClick={openLogin}` passes an event.
  const openLogin = useCallback(() => open('login'), [open]);
  const openLoginFor = useCallback(
    (to: ReturnFocus, resume?: Resume) => {
      setReturnFocus({ to, resume: resume ?? null });
      open('login');
    },
    [open],
  );
  const openSignup = useCallback(() => open('signup'), [open]);
  const openForgot = useCallback(() => open('forgot'), [open]);
  const close = useCallback(() => {
    shown.current = null;
    setMode(null);
    setReturnFocus(null);
    setOpener(null);
  }, []);

  const value = useMemo(
    () => ({
      mode,
      openCount,
      openLogin,
      openLoginFor,
      returnFocus: returnFocus?.to ?? null,
      resume: returnFocus?.resume ?? null,
      opener,
      openSignup,
      openForgot,
      close,
    }),
    [mode, openCount, openLogin, openLoginFor, returnFocus, opener, openSignup, openForgot, close],
  );
  return (
    <AuthModalContext.Provider value={value}>
      {children}
      {requested ? (
        <ErrorBoundary partFallback={null}>
          <Suspense fallback={null}>
            <AuthModals />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </AuthModalContext.Provider>
  );
}
