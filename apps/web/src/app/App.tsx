import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { HomePage } from '../features/home/HomePage';
import { AppLayout } from './AppLayout';
import { Providers } from './providers';
import type { QueryClient } from '@tanstack/react-query';

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

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <BrowserRouter>
      <Providers queryClient={queryClient}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route index element={<HomePage />} />
            <Route path="library" element={<LibraryPage />} />
            <Route path="favorite" element={<FavoritePage />} />
            <Route path="download" element={<DownloadPage />} />
            <Route path="upload" element={<UploadPage />} />
            <Route path="playlist" element={<PlaylistManagerPage />} />
            <Route path="playlist/:id" element={<PlaylistDetailPage />} />
            <Route path="track/:id" element={<TrackPage />} />
            <Route path="shared/:token" element={<SharedPlaylistPage />} />
            <Route path="plan" element={<PlanPage />} />
            <Route path="terms" element={<TermsPage />} />
            <Route path="privacy" element={<PrivacyPage />} />
            <Route path="verify/:id" element={<VerifyPage />} />
            <Route path="account" element={<AccountPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Providers>
    </BrowserRouter>
  );
}
