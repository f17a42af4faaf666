/**
 * Every screen of the web app, by its address pattern (react-router's syntax, only plain segments and
 * `:param` segments). This is the one list of them: the web app's router is built from it
 * (`apps/web/src/app/screens.tsx`, which must give each name its element), and the server answers an
 * address that matches none of them with the app's HTML and status 404, so a new screen cannot be served
 * as missing or a missing one as a page.
 */
export const PAGES = {
  home: '/',
  library: '/library',
  favorite: '/favorite',
  download: '/download',
  upload: '/upload',
  playlists: '/playlist',
  playlist: '/playlist/:id',
  track: '/track/:id',
  sharedPlaylist: '/shared/:token',
  plan: '/plan',
  terms: '/terms',
  privacy: '/privacy',
  verify: '/verify/:id',
  account: '/account',
  resetPassword: '/reset-password',
} as const;

export type PageName = keyof typeof PAGES;

export const PAGE_NAMES = /* @__PURE__ */ Object.keys(PAGES) as PageName[];

export interface PageMatch {
  name: PageName;
  params: Record<string, string>;
}

interface CompiledPage {
  name: PageName;
  params: string[];
  pattern: RegExp;
}

let compiled: CompiledPage[] | null = null;

/** The patterns as react-router compiles them: case-insensitive, any number of trailing slashes. */
function compile(): CompiledPage[] {
  return PAGE_NAMES.map((name) => {
    const params: string[] = [];
    const source = PAGES[name]
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => {
        if (segment.startsWith(':')) {
          params.push(segment.slice(1));
          return '/([^/]+)';
        }
        return '/' + segment.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
      })
      .join('');
    return { name, params, pattern: new RegExp(`^${source === '' ? '/' : source}/*$`, 'iu') };
  });
}

/** Each segment percent-decoded, an encoded `/` kept encoded (it stays inside its segment), as react-router does. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//gu, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/**
 * The screen the web app shows at an address (its path, without the query), matched as its router matches:
 * letters in any case, trailing slashes ignored, segments percent-decoded. `null`: the not-found screen.
 */
export function matchPage(pathname: string): PageMatch | null {
  compiled ??= compile();
  const decoded = decodePath(pathname);
  for (const page of compiled) {
    const found = page.pattern.exec(decoded);
    if (!found) continue;
    const params: Record<string, string> = {};
    page.params.forEach((param, i) => {
      params[param] = found[i + 1]!.replace(/%2F/gu, '/');
    });
    return { name: page.name, params };
  }
  return null;
}
