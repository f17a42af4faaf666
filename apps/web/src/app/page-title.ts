import type { TranslationKey } from '../i18n/keys';
import { normalizePath, ROUTES, SHARED_PREFIX, TRACK_PREFIX, VERIFY_PREFIX } from '../lib/routes';

/** The name of each screen in the browser tab ('음악 검색 · Sori'): the key of its title text. */
export function pageTitleKey(pathname: string): TranslationKey {
  const path = normalizePath(pathname);
  switch (path) {
    case ROUTES.home:
      return 'nav.home';
    case ROUTES.library:
      return 'library.title';
    case ROUTES.favorite:
      return 'favorite.title';
    case ROUTES.download:
      return 'download.title';
    case ROUTES.upload:
      return 'upload.title';
    case ROUTES.playlists:
      return 'playlists.title';
    case ROUTES.plan:
      return 'plan.title';
    case ROUTES.terms:
      return 'legal.termsTitle';
    case ROUTES.privacy:
      return 'legal.privacyTitle';
    case ROUTES.account:
      return 'account.title';
    case ROUTES.resetPassword:
      return 'reset.title';
    default:
      if (path.startsWith(VERIFY_PREFIX)) return 'verify.title';
      if (path.startsWith(TRACK_PREFIX)) return 'trackPage.title';
      if (path.startsWith(SHARED_PREFIX)) return 'sharedPlaylist.title';
      return path.startsWith(`${ROUTES.playlists}/`) ? 'playlistDetail.title' : 'notFound.title';
  }
}

/** The tab's text: the screen, then the brand. */
export const documentTitle = (screen: string, brand: string): string => `${screen} · ${brand}`;
