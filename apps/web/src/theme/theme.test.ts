import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, parseThemePreference, readThemePreference, resolveTheme } from './theme';

describe('theme resolution (DECISIONS 14)', () => {
  it('should default to dark', () => {
    expect(DEFAULT_THEME).toBe('dark');
    expect(parseThemePreference(null)).toBe('dark');
    expect(parseThemePreference('purple')).toBe('dark');
    expect(parseThemePreference('')).toBe('dark');
  });

  it('should keep the three valid preferences', () => {
    expect(parseThemePreference('light')).toBe('light');
    expect(parseThemePreference('dark')).toBe('dark');
    expect(parseThemePreference('auto')).toBe('auto');
  });

  it('should resolve auto from the system preference and leave explicit choices alone', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('should survive a storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readThemePreference(throwing)).toBe('dark');
    expect(readThemePreference(null)).toBe('dark');
  });
});
