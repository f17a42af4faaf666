import { describe, expect, it } from 'vitest';
import { detectLanguage, languageFromTag, parseStoredLanguage } from './detect';

describe('language detection (PRODUCT §4)', () => {
  it('should accept a stored preference only when it is ko, en or ja', () => {
    expect(parseStoredLanguage('ko')).toBe('ko');
    expect(parseStoredLanguage('ja')).toBe('ja');
    expect(parseStoredLanguage('en')).toBe('en');
    for (const bad of ['kr', 'KO', 'fr', '', 'en-US', null, undefined, 3, '"ko"']) {
      expect(parseStoredLanguage(bad)).toBeNull();
    }
  });

  it('should map ko/kr to ko, ja/jp to ja, en to en, ignoring region', () => {
    expect(languageFromTag('ko')).toBe('ko');
    expect(languageFromTag('ko-KR')).toBe('ko');
    expect(languageFromTag('kr')).toBe('ko');
    expect(languageFromTag('ja-JP')).toBe('ja');
    expect(languageFromTag('jp')).toBe('ja');
    expect(languageFromTag('en-GB')).toBe('en');
    expect(languageFromTag('EN_us')).toBe('en');
    expect(languageFromTag('fr-FR')).toBeNull();
    expect(languageFromTag('')).toBeNull();
    expect(languageFromTag(null)).toBeNull();
  });

  it('should prefer the stored preference over the browser', () => {
    expect(detectLanguage({ stored: 'ja', browser: ['ko-KR'], htmlLang: 'en' })).toBe('ja');
  });

  it('should ignore an invalid stored value and use the browser', () => {
    expect(detectLanguage({ stored: 'de', browser: ['ko-KR', 'en'], htmlLang: null })).toBe('ko');
    expect(detectLanguage({ stored: '{broken', browser: ['ja'], htmlLang: null })).toBe('ja');
  });

  it('should take the first browser language Sori offers', () => {
    expect(detectLanguage({ stored: null, browser: ['fr-FR', 'ja-JP', 'ko'], htmlLang: null })).toBe('ja');
  });

  it('should fall back to English for a browser naming only other languages', () => {
    expect(detectLanguage({ stored: null, browser: ['de-DE', 'fr'], htmlLang: 'ko' })).toBe('en');
  });

  it('should use the document language when the browser names none', () => {
    expect(detectLanguage({ stored: null, browser: [], htmlLang: 'ja' })).toBe('ja');
    expect(detectLanguage({ stored: null, browser: [], htmlLang: 'xx' })).toBe('en');
    expect(detectLanguage({ stored: null, browser: [], htmlLang: null })).toBe('en');
  });
});
