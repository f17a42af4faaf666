import type { Lang } from '@sori/contract';

/** Language rules of PRODUCT §4 (and DECISIONS 15), as pure functions. */

export const LANGUAGE_STORAGE_KEY = 'language';
export const SUPPORTED_LANGUAGES: readonly Lang[] = ['ko', 'en', 'ja'];
export const FALLBACK_LANGUAGE: Lang = 'en';

/** A stored preference counts only when it is exactly one of the three. */
export function parseStoredLanguage(value: unknown): Lang | null {
  return value === 'ko' || value === 'en' || value === 'ja' ? value : null;
}

/** ko or kr gives ko, ja or jp gives ja, en gives en (region and script subtags ignored). */
export function languageFromTag(tag: string | null | undefined): Lang | null {
  const primary = String(tag ?? '')
    .toLowerCase()
    .split(/[-_]/u)[0];
  if (primary === 'ko' || primary === 'kr') return 'ko';
  if (primary === 'ja' || primary === 'jp') return 'ja';
  if (primary === 'en') return 'en';
  return null;
}

export interface DetectionInput {
  stored: string | null;
  /** navigator.languages, most preferred first (falls back to [navigator.language]). */
  browser: readonly string[];
  htmlLang: string | null;
}

/**
 * Stored preference, then the browser's languages (the first one we offer wins; a browser that names only
 * languages we do not offer gets English), then the document's lang attribute, then English.
 */
export function detectLanguage({ stored, browser, htmlLang }: DetectionInput): Lang {
  const saved = parseStoredLanguage(stored);
  if (saved) return saved;
  for (const tag of browser) {
    const lang = languageFromTag(tag);
    if (lang) return lang;
  }
  if (browser.length > 0) return FALLBACK_LANGUAGE;
  return languageFromTag(htmlLang) ?? FALLBACK_LANGUAGE;
}

export function readDetectionInput(win: Window = window): DetectionInput {
  let stored: string | null = null;
  try {
    stored = win.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    stored = null;
  }
  const nav = win.navigator;
  const browser = nav.languages?.length ? [...nav.languages] : nav.language ? [nav.language] : [];
  return { stored, browser, htmlLang: win.document.documentElement.getAttribute('lang') };
}
