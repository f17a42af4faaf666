import { matchPage, type PageName } from '@sori/contract';
import type { TranslationKey } from '../i18n/keys';

/** The name of each screen in the browser tab ('음악 검색 · Sori'): the key of its title text. */
const TITLES: Record<PageName, TranslationKey> = {
  home: 'nav.home',
  library: 'library.title',
  favorite: 'favorite.title',
  download: 'download.title',
  upload: 'upload.title',
  playlists: 'playlists.title',
  playlist: 'playlistDetail.title',
  track: 'trackPage.title',
  sharedPlaylist: 'sharedPlaylist.title',
  plan: 'plan.title',
  terms: 'legal.termsTitle',
  privacy: 'legal.privacyTitle',
  verify: 'verify.title',
  account: 'account.title',
  resetPassword: 'reset.title',
};

/** The title of the screen the router shows at an address (the contract's `matchPage`), or the not-found screen's. */
export function pageTitleKey(pathname: string): TranslationKey {
  const screen = matchPage(pathname);
  return screen ? TITLES[screen.name] : 'notFound.title';
}

/** The tab's text: the screen, then the brand. */
export const documentTitle = (screen: string, brand: string): string => `${screen} · ${brand}`;
