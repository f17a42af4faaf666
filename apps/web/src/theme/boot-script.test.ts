import { describe, expect, it, vi } from 'vitest';
import { detectLanguage } from '../i18n/detect';
import { bootDocument } from './boot-script';
import { parseThemePreference, resolveTheme } from './theme';

interface Case {
  theme: string | null;
  stored: string | null;
  languages: string[];
  dark: boolean;
  htmlLang: string;
}

function fakeWindow(c: Case, throwingStorage = false) {
  const doc = document.implementation.createHTMLDocument('boot');
  doc.documentElement.setAttribute('lang', c.htmlLang);
  const values: Record<string, string | null> = { theme: c.theme, language: c.stored };
  const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
  const win = {
    document: doc,
    localStorage: {
      getItem: (key: string) => {
        if (throwingStorage) throw new Error('SecurityError');
        return values[key] ?? null;
      },
    },
    navigator: { languages: c.languages, language: c.languages[0] ?? '' },
    matchMedia: (query: string) => ({ matches: query.includes('dark') && c.dark }),
    fetch,
  };
  return { win: win as unknown as Window & { __soriLocale?: { url: string } }, doc, fetch };
}

const CASES: Case[] = [];
for (const theme of [null, 'light', 'dark', 'auto', 'bogus']) {
  for (const stored of [null, 'ko', 'en', 'ja', 'fr']) {
    for (const languages of [[], ['ko-KR'], ['ja', 'en'], ['de-DE'], ['fr', 'en-US']]) {
      for (const dark of [true, false]) CASES.push({ theme, stored, languages, dark, htmlLang: 'ja' });
    }
  }
}

describe('boot script (runs inline before React)', () => {
  it('should agree with theme.ts and detect.ts on every combination', () => {
    for (const c of CASES) {
      const { win, doc } = fakeWindow(c);
      bootDocument(win);
      expect(doc.documentElement.getAttribute('data-bs-theme')).toBe(resolveTheme(parseThemePreference(c.theme), c.dark));
      expect(doc.documentElement.getAttribute('lang')).toBe(
        detectLanguage({ stored: c.stored, browser: c.languages, htmlLang: c.htmlLang }),
      );
    }
  });

  it('should start fetching the translation file of the detected language, uncached', () => {
    const { win, fetch } = fakeWindow({ theme: null, stored: 'ja', languages: ['ko'], dark: true, htmlLang: 'ko' });
    bootDocument(win);
    expect(fetch).toHaveBeenCalledWith('/locales/ja/translation.json', { cache: 'no-store', credentials: 'same-origin' });
    expect(win.__soriLocale?.url).toBe('/locales/ja/translation.json');
  });

  it('should fall back to dark and the browser language when storage is unavailable', () => {
    const { win, doc } = fakeWindow({ theme: 'light', stored: 'en', languages: ['ko-KR'], dark: false, htmlLang: 'en' }, true);
    bootDocument(win);
    expect(doc.documentElement.getAttribute('data-bs-theme')).toBe('dark');
    expect(doc.documentElement.getAttribute('lang')).toBe('ko');
  });
});
