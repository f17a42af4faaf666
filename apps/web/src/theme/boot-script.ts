/**
 * Runs inline in <head> before any stylesheet or React code (vite.config.ts inlines `bootDocument`'s
 * source), so the first paint already has the right `data-bs-theme` and `lang` (DECISIONS 14, 15).
 * It must stay self-contained: no imports, no closures, only what a 2020 browser understands, because its
 * source text is what ships. It also starts fetching the translation file so the JSON download overlaps
 * the JavaScript download instead of following it (i18n/index.ts picks the response up).
 * The same rules live, testable, in theme/theme.ts and i18n/detect.ts; boot-script.test.ts checks that
 * both agree.
 */
export function bootDocument(win: Window & { __soriLocale?: { url: string; response: Promise<Response> } }): void {
  const root = win.document.documentElement;
  let theme: string | null = null;
  let stored: string | null = null;
  try {
    theme = win.localStorage.getItem('theme');
    stored = win.localStorage.getItem('language');
  } catch {
    // Storage can be disabled (privacy mode); the defaults below apply.
  }
  if (theme !== 'light' && theme !== 'dark' && theme !== 'auto') theme = 'dark';
  if (theme === 'auto') {
    theme = win.matchMedia && win.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  root.setAttribute('data-bs-theme', theme);

  const fromTag = (tag: string | null | undefined): string | null => {
    const primary = String(tag || '')
      .toLowerCase()
      .split(/[-_]/)[0];
    if (primary === 'ko' || primary === 'kr') return 'ko';
    if (primary === 'ja' || primary === 'jp') return 'ja';
    if (primary === 'en') return 'en';
    return null;
  };
  let lang: string | null = stored === 'ko' || stored === 'en' || stored === 'ja' ? stored : null;
  if (!lang) {
    const nav = win.navigator;
    const list = nav.languages && nav.languages.length ? nav.languages : nav.language ? [nav.language] : [];
    for (let i = 0; i < list.length && !lang; i++) lang = fromTag(list[i]);
    if (!lang && list.length) lang = 'en';
  }
  if (!lang) lang = fromTag(root.getAttribute('lang')) || 'en';
  root.setAttribute('lang', lang);

  if (typeof win.fetch === 'function') {
    const url = '/locales/' + lang + '/translation.json';
    const response = win.fetch(url, { cache: 'no-store', credentials: 'same-origin' });
    // Marks the promise as handled; i18n/index.ts still sees a rejection when it consumes it.
    response.catch(() => undefined);
    win.__soriLocale = { url, response };
  }
}
