import { matchPage, PAGES, type PageName } from '@sori/contract';

/** Which chrome a path gets (PRODUCT §2): pure functions, unit-tested in routes.test.ts. */

/** The screens without a parameter, by name: their addresses are the contract's one list (`PAGES`). */
const { home, library, favorite, download, upload, playlists, plan, terms, privacy, account, resetPassword } = PAGES;
export const ROUTES = { home, library, favorite, download, upload, playlists, plan, terms, privacy, account, resetPassword } as const;

export const playlistPath = (id: number | string): string => `/playlist/${id}`;

/** A track's own page (`/track/{id}`): where shared links and the details panel lead. */
export const TRACK_PREFIX = '/track/';
export const trackPath = (id: number | string): string => `${TRACK_PREFIX}${id}`;
/** The similar tracks on a track's page: `/track/{id}#similar`, where a row menu's "similar tracks" leads. */
export const SIMILAR_ANCHOR = 'similar';
export const similarPath = (id: number | string): string => `${trackPath(id)}#${SIMILAR_ANCHOR}`;

/** A playlist shared by its owner (`/shared/{token}`), readable by anyone with the link. */
export const SHARED_PREFIX = '/shared/';
export const sharedPlaylistPath = (token: string): string => `${SHARED_PREFIX}${token}`;

// The chrome below is decided by the screen at an address as the router picks it (the contract's
// `matchPage`: letters in any case, trailing slashes ignored), never by a prefix of the address, so
// `/LIBRARY` gets the library's chrome and `/track/1/more` the not-found screen's.

/** Whether each screen shows the sidebar (PRODUCT §2): every screen of the library area does. */
const SIDEBAR: Record<PageName, boolean> = {
  home: false,
  library: true,
  favorite: true,
  download: true,
  upload: true,
  playlists: true,
  playlist: true,
  track: true,
  sharedPlaylist: true,
  plan: false,
  terms: false,
  privacy: false,
  verify: false,
  account: false,
  resetPassword: false,
};

/** The sidebar shows on every screen except /, /plan, /terms, /privacy, /account, /reset-password and the licence check. */
export function showsSidebar(pathname: string): boolean {
  const screen = matchPage(pathname);
  // The not-found screen keeps the sidebar, so the reader can go on from it.
  return screen ? SIDEBAR[screen.name] : true;
}

export type NavKey = 'home' | 'search' | 'plan';

/**
 * The top navigation's item of each screen. Library ('search') covers its whole area: /library, /favorite,
 * /download, /upload, the playlist manager and every playlist, track pages and shared playlists.
 */
const NAV: Record<PageName, NavKey | null> = {
  home: 'home',
  library: 'search',
  favorite: 'search',
  download: 'search',
  upload: 'search',
  playlists: 'search',
  playlist: 'search',
  track: 'search',
  sharedPlaylist: 'search',
  plan: 'plan',
  terms: null,
  privacy: null,
  verify: null,
  account: null,
  resetPassword: null,
};

/** The top navigation's active item. */
export function activeNavKey(pathname: string): NavKey | null {
  const screen = matchPage(pathname);
  return screen ? NAV[screen.name] : null;
}

export type MenuKey = 'home' | 'search' | 'favorite' | 'download' | 'upload' | 'playlist' | 'plan' | `/playlist/${string}`;

const MENU: Partial<Record<PageName, MenuKey>> = {
  home: 'home',
  library: 'search',
  favorite: 'favorite',
  download: 'download',
  upload: 'upload',
  playlists: 'playlist',
  plan: 'plan',
};

/** The menu key of a path (PRODUCT §2): the sidebar highlights its item with it; a playlist's is its own path. */
export function menuKey(pathname: string): MenuKey | null {
  const screen = matchPage(pathname);
  if (!screen) return null;
  if (screen.name === 'playlist') return playlistPath(screen.params['id']!) as MenuKey;
  return MENU[screen.name] ?? null;
}
