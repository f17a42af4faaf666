import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { TRANSLATION_LOADER, type Lang } from '@sori/contract';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  detectLanguage,
  languageFromTag,
  readDetectionInput,
} from './detect';
import { addKoreanParticles } from './grammar';

declare global {
  interface Window {
    /** Set by the boot script in index.html: the translation file it already started fetching. */
    __soriLocale?: { url: string; response: Promise<Response> };
  }
}

export const LOCALE_PATH = `${import.meta.env.BASE_URL}locales/{{lng}}/{{ns}}.json`;

const detector = new LanguageDetector();
detector.addDetector({
  name: 'sori',
  lookup: () => detectLanguage(readDetectionInput()),
});

/** Reuses the boot script's early request once; every later load (and every retry) fetches afresh. */
function alternateFetch(url: string, options: RequestInit): Promise<Response> | undefined {
  void options;
  const early = window.__soriLocale;
  if (early && early.url === url) {
    window.__soriLocale = undefined;
    return early.response;
  }
  return undefined;
}

/** The language the page is really shown in: English when the chosen language failed to load. */
export function displayedLanguage(): Lang {
  return languageFromTag(i18n.resolvedLanguage ?? i18n.language) ?? FALLBACK_LANGUAGE;
}

/** The language the user chose (or that was detected), whether or not its file loaded. */
export function currentLanguage(): Lang {
  return languageFromTag(i18n.language) ?? FALLBACK_LANGUAGE;
}

function syncDocumentLanguage(): void {
  // A translation file can land after a unit test's page is gone (the test imported this instance through a
  // component and ended first): there is no document to label then.
  if (typeof document === 'undefined') return;
  document.documentElement.setAttribute('lang', displayedLanguage());
}

i18n.on('languageChanged', syncDocumentLanguage);
i18n.on('loaded', syncDocumentLanguage);
i18n.on('failedLoading', (lng, ns, message) => {
  // PRODUCT §8: translation failures are only logged; English (the fallback) keeps the app readable.
  console.warn(`[i18n] could not load ${lng}/${ns}: ${message}`);
  syncDocumentLanguage();
});

export const i18nReady = i18n
  .use(HttpBackend)
  .use(detector)
  .use(initReactI18next)
  .init<HttpBackendOptions>({
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    maxParallelReads: TRANSLATION_LOADER.maxParallelReads,
    maxRetries: TRANSLATION_LOADER.retries,
    retryTimeout: TRANSLATION_LOADER.retryDelayMs,
    // React escapes what it renders, and placeholders use {{double curly braces}} (PRODUCT §9).
    interpolation: { escapeValue: false },
    detection: {
      order: ['sori'],
      caches: ['localStorage'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
    },
    backend: {
      loadPath: LOCALE_PATH,
      // PRODUCT §7: translation texts are requested uncached, with same-origin credentials.
      requestOptions: { cache: 'no-store', credentials: 'same-origin' },
      alternateFetch,
    },
    react: { useSuspense: true },
    returnNull: false,
  })
  .then(syncDocumentLanguage)
  .catch((error: unknown) => {
    console.warn('[i18n] initialisation failed', error);
  });
// init() has set up its formatter synchronously: Korean texts can now pick their particles.
addKoreanParticles(i18n);

export { i18n };
