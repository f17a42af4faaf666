import { createContext, useContext } from 'react';

export type AuthModalMode = 'login' | 'signup' | 'forgot';

/**
 * The control the login was asked for from (a certificate or download button, through its notice's "로그인"),
 * found afresh when called: it may have been drawn anew while the reader signed in. Null when it is gone.
 */
export type ReturnFocus = () => HTMLElement | null;

/**
 * What the reader asked for before being asked to sign in (a download, a like, adding to a playlist), done
 * once signed in (or up), after the focus is back: given the control if it is there again and usable (a
 * plan's button is disabled once it is the member's own plan; another member's licence is not on their
 * screen), else null.
 */
export type Resume = (control: HTMLElement | null) => void;

/** The resume of a control whose own press does the thing again, signed in: it is pressed again, if it is there. */
export const pressAgain: Resume = (control) => control?.click();

/**
 * The control being pressed, as a `ReturnFocus`: the element given (a click's `currentTarget`), else the one
 * holding the focus as it is pressed (a menu item, or a button pressed with Enter or Space); none when the
 * focus is on the page.
 */
export function pressedControl(element?: Element | null): ReturnFocus {
  const pressed = element ?? document.activeElement;
  const control = pressed instanceof HTMLElement && pressed !== document.body ? pressed : null;
  return () => control;
}

export interface AuthModalContextValue {
  mode: AuthModalMode | null;
  /** Increases with every opening, so each opening starts with empty fields. */
  openCount: number;
  openLogin: () => void;
  /**
   * The login, asked for by a control or a notice that belongs to one: once signed in (or up, switching
   * there), the focus goes back to `returnFocus()` if it is still there, rather than to the account menu,
   * and `resume` does what the reader had asked for.
   */
  openLoginFor: (returnFocus: ReturnFocus, resume?: Resume) => void;
  /** The control the open modal was asked for from (`openLoginFor`); null when opened from anywhere else. */
  returnFocus: ReturnFocus | null;
  /** What to do once signed in (`openLoginFor`); null when nothing waits. */
  resume: Resume | null;
  /**
   * The control that had the focus as the first of the modals opened (the account menu, a sign-in prompt's
   * button, "비밀번호 찾기 다시 요청"), kept while the reader moves between them: closing gives the focus back
   * to it. Null when the focus was on the page, or no modal is open.
   */
  opener: ReturnFocus | null;
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
