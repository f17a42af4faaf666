import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalisePhone } from '@sori/contract';
import en from '../../public/locales/en/translation.json';
import ja from '../../public/locales/ja/translation.json';
import ko from '../../public/locales/ko/translation.json';

type Tree = { [key: string]: string | Tree };
const LOCALES: Record<string, Tree> = { ko, en, ja };
const SRC = join(import.meta.dirname, '..');

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const FLAT = Object.fromEntries(Object.entries(LOCALES).map(([lng, tree]) => [lng, flatten(tree)]));
const PLURAL = /_(zero|one|two|few|many|other)$/u;
/** A plural key exists in a language when its `_other` form does (Korean and Japanese have no `_one`). */
const has = (lng: string, key: string) => FLAT[lng]!.has(key) || FLAT[lng]!.has(`${key}_other`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/u.test(name) && !/\.test\.tsx?$/u.test(name) ? [path] : [];
  });
}

/**
 * Every key the code names: arguments of t() and i18nKey, plus any string literal shaped like a key under
 * one of the translation file's top-level sections (keys kept in data tables, e.g. the nav items).
 */
function keysUsedInCode(): Map<string, string> {
  const roots = new Set(Object.keys(en));
  const used = new Map<string, string>();
  const literal = /(['"`])([a-zA-Z][\w]*(?:\.[\w]+)+)\1/gu;
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(literal)) {
      const key = match[2]!;
      const root = key.split('.')[0]!;
      if (!roots.has(root)) continue;
      used.set(key, relative(SRC, file));
    }
  }
  return used;
}

describe('translations', () => {
  const used = keysUsedInCode();

  it('should find the keys the code uses', () => {
    expect(used.size).toBeGreaterThan(100);
    expect(used.has('auth.login.submitting')).toBe(true);
    expect(used.has('nav.library')).toBe(true);
  });

  it.each(['ko', 'en', 'ja'])('should have every key the code uses in %s', (lng) => {
    const missing = [...used].filter(([key]) => !has(lng, key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('should have the same keys in ko, en and ja (plural forms aside)', () => {
    const base = (lng: string) => new Set([...FLAT[lng]!.keys()].map((key) => key.replace(PLURAL, '')));
    const enKeys = base('en');
    for (const lng of ['ko', 'ja']) {
      const other = base(lng);
      expect([...enKeys].filter((key) => !other.has(key))).toEqual([]);
      expect([...other].filter((key) => !enKeys.has(key))).toEqual([]);
    }
  });

  it('should have no empty texts and the same placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/gu)].map((m) => m[1]).sort();
    for (const [key, text] of FLAT.en!) {
      const base = key.replace(PLURAL, '');
      for (const lng of ['ko', 'ja']) {
        const other = FLAT[lng]!.get(key) ?? FLAT[lng]!.get(`${base}_other`);
        expect(other, `${lng}:${key}`).toBeTruthy();
        expect(placeholders(other!), `${lng}:${key}`).toEqual(placeholders(text));
      }
      expect(text.trim(), `en:${key}`).not.toBe('');
    }
  });
});

describe('examples the forms show', () => {
  // The ja sign-up once suggested 090-1234-5678, a Japanese number written at home, which the rule refuses
  // (a number outside Korea starts with its country code): the example must pass the rule it sits above.
  it('should suggest, in every language, a phone number the sign-up accepts', () => {
    for (const lng of Object.keys(LOCALES)) {
      // The hint's number: from its first digit or + to its last digit ("예: 010-1234-5678").
      const example = /[+\d][\d -]*\d/u.exec(FLAT[lng]!.get('auth.fields.phoneHint')!)?.[0] ?? '';
      expect(normalisePhone(example), `${lng}: ${example}`).not.toBeNull();
    }
  });
});

describe('what the product promises', () => {
  // The landing and plan pages once sold the licence for "영상, 방송, 광고" (ads and broadcast television), which
  // its terms do not grant: they cover online video, social media that is not advertising, podcasts and live
  // streams (LICENCE_SCOPES). A video maker choosing Sori for an ad would have used music outside the licence.
  const NOT_GRANTED: Record<string, RegExp> = {
    ko: /광고|(?<!라이브 )방송/u,
    en: /\bads?\b|advert|broadcast/iu,
    ja: /広告|放送/u,
  };
  it('should promise no use the licence does not grant on the landing and plan pages', () => {
    for (const [lng, words] of Object.entries(NOT_GRANTED)) {
      const promises = [...FLAT[lng]!].filter(([key]) => key.startsWith('home.') || key.startsWith('plan.'));
      expect(promises.length).toBeGreaterThan(10);
      expect(promises.filter(([, text]) => words.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    }
  });
});
