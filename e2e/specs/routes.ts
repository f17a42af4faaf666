import type { Lang } from '../app';

export interface RouteCase {
  path: string;
  /** Translation key of the page's h1. */
  title: string;
  /** The top-navigation item marked current, if any. */
  nav: 'home' | 'search' | 'plan' | null;
  sidebar: boolean;
}

/** Every route of PRODUCT §2 with what its chrome must look like. */
export const ROUTE_CASES: RouteCase[] = [
  { path: '/', title: 'home.title', nav: 'home', sidebar: false },
  { path: '/library', title: 'library.title', nav: 'search', sidebar: true },
  { path: '/favorite', title: 'favorite.title', nav: 'search', sidebar: true },
  { path: '/download', title: 'download.title', nav: 'search', sidebar: true },
  { path: '/upload', title: 'upload.title', nav: 'search', sidebar: true },
  { path: '/playlist', title: 'playlists.title', nav: 'search', sidebar: true },
  { path: '/playlist/987654', title: 'playlistDetail.title', nav: 'search', sidebar: true },
  { path: '/plan', title: 'plan.title', nav: 'plan', sidebar: false },
  { path: '/terms', title: 'legal.termsTitle', nav: null, sidebar: false },
  { path: '/privacy', title: 'legal.privacyTitle', nav: null, sidebar: false },
];

export const LANGS: Lang[] = ['ko', 'en', 'ja'];
