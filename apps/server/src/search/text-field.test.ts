import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeText, parseSearchQuery } from '@sori/contract';
import { bitsToIds, wordsFor } from './bitset';
import { lowerBound } from './postings';
import { gallop, TextField } from './text-field';

describe('gallop', () => {
  it('finds the same index as a binary search from any behind position', () => {
    const sorted = fc
      .uniqueArray(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 200 })
      .map((xs) => xs.sort((a, b) => a - b));
    fc.assert(
      fc.property(sorted, fc.nat(), fc.integer({ min: 0, max: 1100 }), (xs, fromSeed, x) => {
        const list = new Uint32Array(xs);
        const from = fromSeed % list.length;
        fc.pre(list[from]! < x);
        expect(gallop(list, from, x)).toBe(lowerBound(list, from + 1, list.length, x));
      }),
    );
  });
});

describe('TextField', () => {
  const texts = ['사랑의 노래', '사랑 love 랑의', '노래 노래 사랑의', '잔잔한 피아노', 'lo-fi beats', '봄'];
  const field = new TextField(16);
  texts.forEach((t, i) => field.add(i, normalizeText(t)));
  const match = (q: string): string[] => {
    const out = new Uint32Array(wordsFor(16));
    field.matchText(parseSearchQuery(q).readings[0]![0]!, out, null, (e) => normalizeText(texts[e]!));
    return bitsToIds(out).map((e) => texts[e]!);
  };

  it('confirms three-character terms by bigram positions, or by the text when a bigram repeats', () => {
    expect(match('사랑의')).toEqual(['사랑의 노래', '노래 노래 사랑의']);
    expect(match('랑의노')).toEqual(['사랑의 노래']);
    expect(match('한피아')).toEqual(['잔잔한 피아노']);
  });

  it('forgets removed entries and their vocabulary', () => {
    const f = new TextField(4);
    f.add(1, '봄 노래');
    f.add(2, '봄');
    f.remove(1, '봄 노래');
    const out = new Uint32Array(1);
    f.matchText(parseSearchQuery('봄').readings[0]![0]!, out, null, () => '봄');
    expect(bitsToIds(out)).toEqual([2]);
    expect(f.vocabularySize).toBe(1);
  });
});

describe('TextField bulk load', () => {
  it('keeps the Latin vocabulary right when an entry is replaced during the load', () => {
    const f = new TextField(8);
    f.beginBulk();
    f.add(1, 'zeta alpha');
    f.add(2, 'beta');
    f.remove(1, 'zeta alpha');
    f.add(1, 'gamma');
    f.endBulk();
    const prefix = (q: string): number[] => {
      const out = new Uint32Array(1);
      f.matchText(parseSearchQuery(q).readings[0]![0]!, out, null, () => '');
      return bitsToIds(out);
    };
    expect(prefix('z')).toEqual([]);
    expect(prefix('b')).toEqual([2]);
    expect(prefix('g')).toEqual([1]);
    f.add(3, 'alpha');
    expect(prefix('al')).toEqual([3]);
  });
});
