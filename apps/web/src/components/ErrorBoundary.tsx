import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Translation } from 'react-i18next';
import { useLocation } from 'react-router';

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * Keeps one broken screen (or a chunk that failed to download after a deploy) from blanking the whole app:
 * the navigation stays, and the screen offers a reload.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[app] a screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <section className="sori-empty" role="alert">
            <h2 className="h5">{t('errors.screenTitle')}</h2>
            <p className="text-body-secondary">{t('errors.screenBody')}</p>
            <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
              {t('errors.reload')}
            </button>
          </section>
        )}
      </Translation>
    );
  }
}

/**
 * A screen under its own boundary, started afresh at each address (a failed screen is left behind by
 * navigating). A screen that stays itself across addresses (/verify/A to /verify/B) is mounted anew too, so
 * its state and the focus in it are gone: what must outlive that (the focus after "check another") is placed
 * from outside the screen (`refocusAfterDialogs`).
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}
