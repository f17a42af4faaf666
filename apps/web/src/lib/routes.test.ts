import { describe, expect, it } from 'vitest';
import { activeNavKey, menuKey, showsSidebar } from './routes';

describe('route chrome (PRODUCT §2)', () => {
  it('should hide the sidebar on /, /plan, /terms and /privacy only', () => {
    for (const path of ['/', '/plan', '/terms', '/privacy', '/plan/', '/verify/SORI-7GWR-M0X5-WYAE'])
      expect(showsSidebar(path)).toBe(false);
    for (const path of ['/library', '/favorite', '/download', '/upload', '/playlist', '/playlist/3', '/playlist/abc']) {
      expect(showsSidebar(path)).toBe(true);
    }
  });

  it('should make library the active item across the library area', () => {
    for (const path of [
      '/library',
      '/favorite',
      '/download',
      '/upload',
      '/playlist',
      '/playlist/12',
      '/playlist/x',
      '/track/3',
      '/shared/abc',
    ]) {
      expect(activeNavKey(path)).toBe('search');
    }
    expect(activeNavKey('/')).toBe('home');
    expect(activeNavKey('/plan')).toBe('plan');
    expect(activeNavKey('/terms')).toBeNull();
    expect(activeNavKey('/privacy')).toBeNull();
    expect(activeNavKey('/playlists-of-others')).toBeNull();
  });

  it('should give each screen its menu key', () => {
    expect(menuKey('/')).toBe('home');
    expect(menuKey('/library')).toBe('search');
    expect(menuKey('/favorite')).toBe('favorite');
    expect(menuKey('/download')).toBe('download');
    expect(menuKey('/upload')).toBe('upload');
    expect(menuKey('/playlist')).toBe('playlist');
    expect(menuKey('/plan')).toBe('plan');
    expect(menuKey('/playlist/7')).toBe('/playlist/7');
    expect(menuKey('/terms')).toBeNull();
  });

  // The router takes an address in any case and with trailing slashes; the chrome follows the screen it
  // shows, and an address that is no screen (an extra segment) gets the not-found screen's chrome.
  it('should give the chrome of the screen the router shows, whatever the spelling', () => {
    expect(activeNavKey('/LIBRARY')).toBe('search');
    expect(menuKey('/Library/')).toBe('search');
    expect(menuKey('/PLAYLIST/7/')).toBe('/playlist/7');
    expect(showsSidebar('/PLAN')).toBe(false);
    expect(showsSidebar('/Verify/SORI-7GWR-M0X5-WYAE/')).toBe(false);
    expect(activeNavKey('/track/3/extra')).toBeNull();
    expect(activeNavKey('/playlist/3/tracks')).toBeNull();
    expect(menuKey('/playlist/3/tracks')).toBeNull();
    expect(showsSidebar('/plan/extra')).toBe(true);
  });
});
