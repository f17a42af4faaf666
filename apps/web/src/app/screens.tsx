import { PAGE_NAMES, PAGES, type PageName } from '@sori/contract';
import { lazy, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { HomePage } from '../features/home/HomePage';
import { AppLayout } from './AppLayout';

// Route-level code splitting: each screen is its own chunk, fetched when first opened. Home is eager
// because it is the landing page and its chunk would only add a round trip there.
const LibraryPage = lazy(() => import('../features/catalogue/LibraryPage'));
const FavoritePage = lazy(() => import('../features/catalogue/FavoritePage'));
const DownloadPage = lazy(() => import('../features/catalogue/DownloadPage'));
const UploadPage = lazy(() => import('../features/uploads/UploadPage'));
const PlaylistManagerPage = lazy(() => import('../features/playlists/PlaylistManagerPage'));
const PlaylistDetailPage = lazy(() => import('../features/playlists/PlaylistDetailPage'));
const PlanPage = lazy(() => import('../features/plan/PlanPage'));
const TermsPage = lazy(() => import('../features/legal/TermsPage'));
const PrivacyPage = lazy(() => import('../features/legal/PrivacyPage'));
const VerifyPage = lazy(() => import('../features/licences/VerifyPage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const TrackPage = lazy(() => import('../features/track/TrackPage'));
const SharedPlaylistPage = lazy(() => import('../features/playlists/SharedPlaylistPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

/** The element of each screen of the contract's `PAGES`: a screen added there is a compile error here until it has one. */
const SCREENS: Record<PageName, ReactElement> = {
  home: <HomePage />,
  library: <LibraryPage />,
  favorite: <FavoritePage />,
  download: <DownloadPage />,
  upload: <UploadPage />,
  playlists: <PlaylistManagerPage />,
  playlist: <PlaylistDetailPage />,
  track: <TrackPage />,
  sharedPlaylist: <SharedPlaylistPage />,
  plan: <PlanPage />,
  terms: <TermsPage />,
  privacy: <PrivacyPage />,
  verify: <VerifyPage />,
  account: <AccountPage />,
  resetPassword: <ResetPasswordPage />,
};

/**
 * The router's table, built from `PAGES` (which the server also reads to answer every other address 404):
 * the layout around one route per screen, and the not-found screen for any other address.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [...PAGE_NAMES.map((name) => ({ path: PAGES[name], element: SCREENS[name] })), { path: '*', element: <NotFoundPage /> }],
  },
];
