import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './layout/Footer';
import { NoticeStack } from '../components/NoticeStack';
import { TopNav } from './layout/TopNav';
import { Icon } from '../components/Icon';
import { useUserRefresh } from '../features/auth/queries';
import { usePlayerSelector } from '../features/player/player';
import { browserPlayerBarActions, loadedPlayerBar, loadPlayerBar, playerBarFailed } from '../features/player/player-bar-loader';
import { ErrorBoundary, ScreenBoundary, showNewVersionNotice } from '../components/ErrorBoundary';
import { documentTitle, pageTitleKey } from './page-title';
import { useFocusClear } from '../lib/focus-clear';
import { notices } from '../lib/notices';
import { ownDocumentTitle } from '../lib/own-title';
import { showsSidebar } from '../lib/routes';

// The sidebar never shows on /, so its code (offcanvas, playlists) stays out of the home page's bundle.
const Sidebar = lazy(() => import('./layout/Sidebar').then((m) => ({ default: m.Sidebar })));

export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const withSidebar = showsSidebar(pathname);
  const playing = usePlayerSelector((state) => state.track !== null);
  useUserRefresh();
  useFocusClear();

  useEffect(() => {
    // A new screen starts at its top, as a full page load would, at once: Bootstrap's smooth scrolling could
    // be cut short by the new screen's content arriving and leave it part-way down.
    window.scrollTo({ top: 0, behavior: 'instant' });
    // A notice waiting for its button was about the screen left (lib/notices.ts).
    notices.leavePage();
  }, [pathname]);

  // The browser tab names the screen, in the UI language; at each address afresh, since a screen that named
  // itself (a track) is gone, and the next one of the same kind names itself only once it has loaded.
  const screenTitle = t(pageTitleKey(pathname));
  useEffect(() => {
    document.title = ownDocumentTitle() ?? documentTitle(screenTitle, t('app.name'));
  }, [pathname, screenTitle, t]);

  return (
    <div className={`sori-app${playing ? ' with-player' : ''}`}>
      <a href="#main" className="visually-hidden-focusable sori-skip-link">
        {t('app.skipToContent')}
      </a>
      <TopNav />
      <NoticeStack />
      <div className={`sori-body${withSidebar ? ' with-sidebar' : ''}`}>
        {withSidebar ? (
          <ErrorBoundary partFallback={<SidebarReservedSpace />}>
            <Suspense fallback={<SidebarReservedSpace />}>
              <Sidebar />
            </Suspense>
          </ErrorBoundary>
        ) : null}
        <main id="main" tabIndex={-1} className="sori-main" data-testid="main">
          <ScreenBoundary>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ScreenBoundary>
        </main>
      </div>
      <Footer />
      {playing ? <PlayerSlot /> : null}
    </div>
  );
}

/**
 * The player bar, shown from the first play on; its code loads then if the screen has not warmed it. The
 * reader pressed play, so a chunk of an older build reloads the page once, else says a new version is out.
 */
function PlayerSlot() {
  const [Bar, setBar] = useState(() => loadedPlayerBar());
  useEffect(() => {
    if (Bar) return;
    let live = true;
    loadPlayerBar().then(
      (module) => {
        if (live) setBar(() => module.default);
      },
      (error: unknown) => {
        if (live) playerBarFailed(error, browserPlayerBarActions(showNewVersionNotice));
      },
    );
    return () => {
      live = false;
    };
  }, [Bar]);
  return Bar ? <Bar /> : null;
}

/**
 * Holds the sidebar's place while its code loads: the column from lg up, and below that the bar with the
 * menu button (an unseen copy of the same height), so the page does not jump down when the bar arrives.
 */
function SidebarReservedSpace() {
  const { t } = useTranslation();
  return (
    <>
      <div className="sori-sidebar-bar d-lg-none" aria-hidden="true">
        <span className="btn btn-sm btn-outline-secondary d-inline-flex align-items-center gap-2 invisible">
          <Icon name="menu" />
          {t('sidebar.open')}
        </span>
      </div>
      <div className="sori-sidebar-space d-none d-lg-block" />
    </>
  );
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="sori-page-loading" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
