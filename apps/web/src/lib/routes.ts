import { PAGES } from '@sori/contract';

/** Which chrome a path gets (PRODUCT §2): pure functions, unit-tested in routes.test.ts. */

/** The screens without a parameter, by name: their addresses are the contract's one list (`PAGES`). */
const { home, library, favorite, download, upload, playlists, plan, terms, privacy, account, resetPassword } = PAGES;
export const ROUTES = { home, library, favorite, download, upload, playlists, plan, terms, privacy, account, resetPassword } as const;

export const playlistPath = (id: number | string): string => `/playlist/${id}`;

/** A track's own page (`/track/{id}`): where shared links and the details panel lead. */
export const TRACK_PREFIX = '/track/';
export const trackPath = (id: number | string): string => `${TRACK_PREFIX}${id}`;

/** A playlist shared by its owner (`/shared/{token}`), readable by anyone with the link. */
export const SHARED_PREFIX = '/shared/';
export const sharedPlaylistPath = (token: string): string => `${SHARED_PREFIX}${token}`;

/** Trailing slashes do not make a different screen. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/u, '');
  return trimmed === '' ? '/' : trimmed;
}

const WITHOUT_SIDEBAR = new Set<string>([ROUTES.home, ROUTES.plan, ROUTES.terms, ROUTES.privacy, ROUTES.account, ROUTES.resetPassword]);

/** The public licence check (`/verify/{id}`). */
export const VERIFY_PREFIX = '/verify/';

/** The sidebar shows on every route except /, /plan, /terms, /privacy, /account, /reset-password and the licence check. */
export function showsSidebar(pathname: string): boolean {
  const path = normalizePath(pathname);
  return !WITHOUT_SIDEBAR.has(path) && !path.startsWith(VERIFY_PREFIX);
}

export type NavKey = 'home' | 'search' | 'plan';

/**
 * The top navigation's active item. Library ('search') covers its whole area: /library, /favorite,
 * /download, /upload, every /playlist/… path, track pages and shared playlists; the playlist manager /playlist belongs there too, since
 * it lives in the same sidebar.
 */
export function activeNavKey(pathname: string): NavKey | null {
  const path = normalizePath(pathname);
  if (path === ROUTES.home) return 'home';
  if (path === ROUTES.plan) return 'plan';
  if (
    path === ROUTES.library ||
    path === ROUTES.favorite ||
    path === ROUTES.download ||
    path === ROUTES.upload ||
    path === ROUTES.playlists ||
    path.startsWith(`${ROUTES.playlists}/`) ||
    path.startsWith(TRACK_PREFIX) ||
    path.startsWith(SHARED_PREFIX)
  ) {
    return 'search';
  }
  return null;
}

export type MenuKey = 'home' | 'search' | 'favorite' | 'download' | 'upload' | 'playlist' | 'plan' | `/playlist/${string}`;

/** The menu key of a path (PRODUCT §2): the sidebar highlights its item with it. */
export function menuKey(pathname: string): MenuKey | null {
  const path = normalizePath(pathname);
  switch (path) {
    case ROUTES.home:
      return 'home';
    case ROUTES.library:
      return 'search';
    case ROUTES.favorite:
      return 'favorite';
    case ROUTES.download:
      return 'download';
    case ROUTES.upload:
      return 'upload';
    case ROUTES.playlists:
      return 'playlist';
    case ROUTES.plan:
      return 'plan';
    default:
      return path.startsWith(`${ROUTES.playlists}/`) ? (path as MenuKey) : null;
  }
}
