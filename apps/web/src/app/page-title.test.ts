import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/i18n';
import { documentTitle, pageTitleKey } from './page-title';

describe('the browser tab title', () => {
  it('should name the screen of every route, in the UI language', async () => {
    const [ko, en, ja] = await Promise.all([createTestI18n('ko'), createTestI18n('en'), createTestI18n('ja')]);
    expect(documentTitle(ko.t(pageTitleKey('/library')), 'Sori')).toBe('음악 검색 · Sori');
    expect(documentTitle(en.t(pageTitleKey('/library/')), 'Sori')).toBe('Music search · Sori');
    expect(documentTitle(ja.t(pageTitleKey('/library')), 'Sori')).toBe('音楽検索 · Sori');
    const paths = [
      '/',
      '/library',
      '/favorite',
      '/download',
      '/upload',
      '/playlist',
      '/playlist/3',
      '/plan',
      '/terms',
      '/privacy',
      '/verify/SORI-7GWR-M0X5-WYAE',
      '/nowhere',
    ];
    const titles = paths.map((path) => ko.t(pageTitleKey(path)));
    // Each screen has its own name (a playlist's screen and the manager share '플레이리스트').
    expect(new Set(titles).size).toBe(paths.length - 1);
    expect(ko.t(pageTitleKey('/nowhere'))).toBe(ko.t('notFound.title'));
    expect(ja.t(pageTitleKey('/verify/SORI-7GWR-M0X5-WYAE'))).toBe('ライセンス確認');
    // The screen the router shows, however the address is spelt; an extra segment is no screen.
    expect(pageTitleKey('/LIBRARY/')).toBe('library.title');
    expect(pageTitleKey('/Track/3')).toBe('trackPage.title');
    expect(pageTitleKey('/track/3/extra')).toBe('notFound.title');
    expect(pageTitleKey('/verify/')).toBe('notFound.title');
  });
});
