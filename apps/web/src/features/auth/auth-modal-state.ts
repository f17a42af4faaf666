import { createContext, useContext } from 'react';

export type AuthModalMode = 'login' | 'signup' | 'forgot';

/**
 * The control the login was asked for from (a certificate or download button, through its notice's "로그인"),
 * found afresh when called: it may have been drawn anew while the reader signed in. Null when it is gone.
 */
export type ReturnFocus = () => HTMLElement | null;

export interface AuthModalContextValue {
  mode: AuthModalMode | null;
  /** Increases with every opening, so each opening starts with empty fields. */
  openCount: number;
  openLogin: () => void;
  /**
   * The login, asked for from a notice that belongs to a control: once signed in (or up, switching there),
   * the focus goes back to `returnFocus()` if it is still there, rather than to the account menu.
   */
  openLoginFor: (returnFocus: ReturnFocus) => void;
  /** The control the open modal was asked for from (`openLoginFor`); null when opened from anywhere else. */
  returnFocus: ReturnFocus | null;
  openSignup: () => void;
  /** "Forgot password?": the e-mail step of a password reset. */
  openForgot: () => void;
  close: () => void;
}

/**
 * Which sign-in modal is open. Apart from the provider (AuthModalContext.tsx), which loads the modals
 * lazily, so that the modals can read it without importing their own loader.
 */
export const AuthModalContext = createContext<AuthModalContextValue | null>(null);

export function useAuthModal(): AuthModalContextValue {
  const value = useContext(AuthModalContext);
  if (!value) throw new Error('useAuthModal must be used inside <AuthModalProvider>');
  return value;
}
