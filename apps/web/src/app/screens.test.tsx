import { matchPage, PAGE_NAMES, PAGES } from '@sori/contract';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { playlistPath, ROUTES, sharedPlaylistPath, trackPath } from '../lib/routes';
import { appRoutes } from './screens';

/** Every path the router's table holds, however deep (a route added by hand beside PAGES shows here). */
function routePaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path === undefined ? [] : [route.path]), ...routePaths(route.children ?? [])]);
}

const SAMPLE_PARAMS: Record<string, string> = { id: '42', token: 'k3VqT9mZ0aXcB1dE2fGh4w' };
const filled = (pattern: string) => pattern.replace(/:(\w+)/gu, (_, name: string) => SAMPLE_PARAMS[name]!);

/** What the router shows at an address: the screen's pattern and params, or '*' for the not-found screen. */
function routerSees(address: string): { path: string; params: Record<string, string | undefined> } {
  const matches = matchRoutes(appRoutes, address)!;
  const last = matches[matches.length - 1]!;
  return { path: last.route.path!, params: last.params };
}

describe('the screens: one list for the router and the server', () => {
  it('has exactly the contract’s pages in the router, each once, and the not-found screen for the rest', () => {
    const paths = routePaths(appRoutes);
    expect(paths.filter((path) => path !== '*').sort()).toEqual(Object.values(PAGES).sort());
    expect(paths.filter((path) => path === '*')).toHaveLength(1);
  });

  it('matches an address as the router does, so the server’s 404 is the router’s not-found screen', () => {
    const pages = PAGE_NAMES.map((name) => filled(PAGES[name]));
    const variants = pages.flatMap((path) => [path, `${path}/`, `${path}//`, path.toUpperCase(), `${path}/extra`]);
    const others = [
      '/no-such-page',
      '/librar',
      '/library-old',
      '/playlists',
      '/favorites',
      '/track',
      '/track/',
      '/shared//',
      '/playlist/3/edit',
      '//library',
      '/index.html',
      '/assets/index-3f9a2c.js',
      '/libr%61ry',
      '/%EC%9D%8C%EC%95%85',
      '/track/12%2F3',
      '/verify/SORI-7GWR-M0X5-WYAE',
      '/playlist/%ED%95%9C',
      '/api/musics',
    ];
    for (const address of [...variants, ...others]) {
      const router = routerSees(address);
      const page = matchPage(address);
      if (router.path === '*') {
        expect(page, address).toBeNull();
      } else {
        expect(page, address).not.toBeNull();
        expect(PAGES[page!.name], address).toBe(router.path);
        expect(page!.params, address).toEqual(router.params);
      }
    }
    // The samples do reach both sides.
    expect(matchPage('/library/')?.name).toBe('library');
    expect(matchPage('/track/12%2F3')?.params).toEqual({ id: '12/3' });
    expect(matchPage('/no-such-page')).toBeNull();
  });

  it('has a page behind every link the app builds', () => {
    for (const path of [...Object.values(ROUTES), playlistPath(7), trackPath(12), sharedPlaylistPath('k3VqT9mZ0aXcB1dE2fGh4w')]) {
      expect(matchPage(path), path).not.toBeNull();
    }
  });
});
