import { createContext, useContext } from 'react';

export type AuthModalMode = 'login' | 'signup' | 'forgot';

export interface AuthModalContextValue {
  mode: AuthModalMode | null;
  /** Increases with every opening, so each opening starts with empty fields. */
  openCount: number;
  openLogin: () => void;
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
