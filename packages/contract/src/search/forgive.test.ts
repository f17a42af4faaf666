import { describe, expect, it } from 'vitest';
import { cjkLabelKeys, FORGIVING_TERMS_MAX, forgivingTerms, splitAtLabels } from './forgive';
import { parseSearchQuery, type SearchTerm } from './tokenize';

const texts = (terms: readonly SearchTerm[] | null) => terms?.map((t) => (t.kind === 'latin' ? t.joined : t.text)) ?? null;
const cjk = (text: string, last = true): SearchTerm => ({ kind: 'cjk', text, last });

describe('forgivingTerms', () => {
  it('counts the words of a query of two to eight terms', () => {
    expect(texts(forgivingTerms(parseSearchQuery('calm piano zzzz')))).toEqual(['calm', 'piano', 'zzzz']);
    expect(forgivingTerms(parseSearchQuery('piano'))).toBeNull();
    const words = Array.from({ length: FORGIVING_TERMS_MAX + 1 }, (_, i) => `w${'abcdefghij'[i]}`);
    expect(forgivingTerms(parseSearchQuery(words.slice(0, FORGIVING_TERMS_MAX).join(' ')))).toHaveLength(FORGIVING_TERMS_MAX);
    expect(forgivingTerms(parseSearchQuery(words.join(' ')))).toBeNull();
  });

  it('knows the CJK label keys the server finds labels by', () => {
    const keys = cjkLabelKeys();
    for (const k of ['잔잔한', '落ち着いた', '穏やか', 'ろーふぁい', '로파이']) expect(keys).toContain(k);
    expect(keys.every((k) => !/[a-z0-9]/u.test(k) && Array.from(k).length >= 2)).toBe(true);
    for (let i = 1; i < keys.length; i++) expect(keys[i - 1]!.length).toBeGreaterThanOrEqual(keys[i]!.length);
  });

  it('cuts a CJK run at the labels it holds, dropping the particles that join them', () => {
    expect(texts(forgivingTerms(parseSearchQuery('穏やかなピアノ')))).toEqual(['穏やか', 'ぴあの']);
    expect(texts(forgivingTerms(parseSearchQuery('잔잔한피아노')))).toEqual(['잔잔한', '피아노']);
    expect(texts(forgivingTerms(parseSearchQuery('落ち着いたピアノの曲')))).toEqual(['落ち着いた', 'ぴあのの曲']);
    // Only the piece ending the query keeps being typed (a prefix).
    expect(splitAtLabels(cjk('잔잔한피아노'))).toEqual([cjk('잔잔한', false), cjk('피아노', true)]);
    // A run that is a label, or holds none, stays whole.
    expect(splitAtLabels(cjk('잔잔한'))).toEqual([cjk('잔잔한')]);
    expect(splitAtLabels(cjk('사랑의노래'))).toEqual([cjk('사랑의노래')]);
    expect(forgivingTerms(parseSearchQuery('사랑의노래'))).toBeNull();
  });
});
