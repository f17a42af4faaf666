import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { Translation } from 'react-i18next';
import { useLocation } from 'react-router';
import { i18n } from '../i18n';
import { notices } from '../lib/notices';
import { focusNewScreen } from '../lib/screen-focus';
import { isChunkLoadError, reloadForNewVersion } from '../lib/stale-chunks';

/**
 * What failed: the screen's code ('broken'), a chunk of an older build that the server no longer has
 * ('stale': a new version is out), the same while the browser is offline, or nothing to show because the
 * page is reloading for the new version.
 */
type Failure = 'broken' | 'stale' | 'offline' | 'reloading';

interface ErrorBoundaryProps {
  children: ReactNode;
  /**
   * Shown in place of the children when they fail, for parts around the screens (the sidebar, the sign-in
   * dialogs): a new version is then said in a notice with its reload button, and a broken part only logged.
   * Without it, the failure takes the screen's place with its message and button.
   */
  partFallback?: ReactNode;
}

interface ErrorBoundaryState {
  failure: Failure | null;
}

const reload = () => window.location.reload();

/**
 * The notice that a new version is out (or, offline, that the network is down), with its reload button: for
 * a part that has no screen of its own to say so in (the sidebar, the sign-in dialogs, the player bar) once
 * the reload for a new version was not made (`reloadForNewVersion`).
 */
export function showNewVersionNotice(offline: boolean): void {
  notices.showAppWide('info', i18n.t(offline ? 'errors.network' : 'errors.newVersionTitle'), {
    label: i18n.t('errors.reload'),
    onClick: reload,
  });
}

/**
 * Keeps one broken screen (or a chunk that failed to download after a deploy) from blanking the whole app:
 * the navigation stays, and the screen offers a reload. A chunk that failed to download reloads the page at
 * once, the first time (`reloadForNewVersion`); after that, the screen says a new version is out.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failure: isChunkLoadError(error) ? 'stale' : 'broken' };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (!isChunkLoadError(error)) {
      console.error('[app] a screen failed to render', error, info.componentStack);
      return;
    }
    console.warn('[app] a chunk of the app failed to load; a new version may be out', error);
    if (reloadForNewVersion()) {
      this.setState({ failure: 'reloading' });
      return;
    }
    const offline = !navigator.onLine;
    if (offline) this.setState({ failure: 'offline' });
    if (this.props.partFallback !== undefined) showNewVersionNotice(offline);
  }

  override render() {
    const { failure } = this.state;
    if (failure === null) return this.props.children;
    if (this.props.partFallback !== undefined) return this.props.partFallback;
    return (
      <Translation>
        {(t) =>
          failure === 'reloading' ? (
            <div className="sori-page-loading" role="status">
              <span className="spinner-border spinner-border-sm" aria-hidden="true" />
              <span className="visually-hidden">{t('errors.newVersionLoading')}</span>
            </div>
          ) : (
            <section
              className="sori-empty"
              role="alert"
              aria-labelledby="screen-failure-title"
              data-testid="screen-failure"
              data-failure={failure}
            >
              <h1 className="h5" id="screen-failure-title">
                {failure === 'stale' ? t('errors.newVersionTitle') : t('errors.screenTitle')}
              </h1>
              <p className="text-body-secondary">
                {failure === 'stale' ? t('errors.newVersionBody') : failure === 'offline' ? t('errors.network') : t('errors.screenBody')}
              </p>
              <button type="button" className="btn btn-primary" onClick={reload} data-testid="screen-reload">
                {t('errors.reload')}
              </button>
            </section>
          )
        }
      </Translation>
    );
  }
}

/**
 * A screen under its own boundary, started afresh at each address (a failed screen is left behind by
 * navigating). A screen that stays itself across addresses (/track/1 to /track/2, /verify/A to /verify/B) is
 * mounted anew too, so its state and the focus in it are gone. The focus that was in the old screen therefore
 * goes to the new screen's heading, or `#main` while it loads (`focusNewScreen`), whichever screen it is: the
 * same after a similar track's link as after any other. Not on the first load, which starts at the top, unless
 * its address names a part of the screen (`/track/7#similar` opened from a bookmark or reloaded): the browser
 * cannot scroll to a part that is not there yet, so the part's heading is brought into view and focused as it
 * arrives, as after a link.
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const firstPath = useRef<string | null>(pathname);
  useEffect(() => {
    // The fragment names the part of the screen to go to (an id: letters, digits and hyphens).
    const anchor = /^#([\w-]+)$/u.exec(window.location.hash)?.[1] ?? '';
    const first = pathname === firstPath.current;
    firstPath.current = null;
    if (first && !anchor) return;
    const main = document.getElementById('main');
    return main ? focusNewScreen(main, { anchor }) : undefined;
  }, [pathname]);
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}
