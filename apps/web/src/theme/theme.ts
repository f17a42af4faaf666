/** Theme preference and its resolution (DECISIONS 14). Mirrors theme/boot-script.ts, which runs first. */

export type ThemePreference = 'light' | 'dark' | 'auto';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'auto'];
/** The brand is dark with a dark-red accent, so a first visit starts dark. */
export const DEFAULT_THEME: ThemePreference = 'dark';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function parseThemePreference(value: unknown): ThemePreference {
  return value === 'light' || value === 'dark' || value === 'auto' ? value : DEFAULT_THEME;
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

export function readThemePreference(storage: Pick<Storage, 'getItem'> | null = safeStorage()): ThemePreference {
  try {
    return parseThemePreference(storage?.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

export function writeThemePreference(preference: ThemePreference): void {
  try {
    safeStorage()?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // A full or disabled storage only means the choice is not remembered.
  }
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-bs-theme', theme);
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
