import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalize';
import {
  cjkGrams,
  denseCjkIndex,
  gramKey,
  gramText,
  highlightRanges,
  indexTokens,
  indexTokensFromSegments,
  parseSearchQuery,
  segmentsOf,
  termKey,
} from './tokenize';

const tokens = (s: string) => {
  const t = indexTokens(normalizeText(s));
  return { ...t, cjk: t.cjk.map(gramText) };
};

describe('segmentsOf', () => {
  it('keeps a CJK run across spaces and punctuation, ends it at Latin letters or digits', () => {
    expect(segmentsOf(normalizeText('잔잔한 피아노'))).toEqual([{ kind: 'cjk', text: '잔잔한피아노' }]);
    expect(segmentsOf(normalizeText('사랑·노래'))).toEqual([{ kind: 'cjk', text: '사랑노래' }]);
    expect(segmentsOf(normalizeText('사랑 2 노래'))).toEqual([
      { kind: 'cjk', text: '사랑' },
      { kind: 'latin', parts: ['2'] },
      { kind: 'cjk', text: '노래' },
    ]);
  });

  it('joins Latin parts across punctuation only, and splits letters from digits', () => {
    expect(segmentsOf('lo-fi beats')).toEqual([
      { kind: 'latin', parts: ['lo', 'fi'] },
      { kind: 'latin', parts: ['beats'] },
    ]);
    expect(segmentsOf('mp3')).toEqual([{ kind: 'latin', parts: ['mp', '3'] }]);
    expect(segmentsOf('love사랑')).toEqual([
      { kind: 'latin', parts: ['love'] },
      { kind: 'cjk', text: '사랑' },
    ]);
  });
});

describe('indexTokens', () => {
  it('indexes the bigrams of each run, a one-character run as itself', () => {
    expect(tokens('사랑의노래').cjk).toEqual(['사랑', '랑의', '의노', '노래']);
    expect(tokens('봄').cjk).toEqual(['봄']);
    expect(tokens('잔잔한 피아노').cjk).toEqual(['잔잔', '잔한', '한피', '피아', '아노']);
  });

  it('records where each bigram first occurs, counting CJK characters across runs', () => {
    const t = tokens('사랑 love 노래 1 사랑');
    expect(t.cjk).toEqual(['사랑', '노래']);
    // 사랑 occurs twice: position unknown. 노래 starts at the third CJK character.
    expect(t.cjkPositions).toEqual([0, 3]);
    expect(tokens('잔잔한 피아노').cjkPositions).toEqual([1, 2, 3, 4, 5]);
    expect(tokens('봄').cjkPositions).toEqual([0]);
  });

  it('indexes Latin parts and joined compounds', () => {
    expect(tokens('Lo-Fi Beats').latin).toEqual(['lo', 'fi', 'lofi', 'beats']);
    expect(tokens('R.E.M.').latin).toEqual(['r', 'e', 'm', 'rem']);
    expect(tokens('AC/DC').latin).toEqual(['ac', 'dc', 'acdc']);
    expect(tokens('Track 2').latin).toEqual(['track', '2']);
  });

  it('collects the initial consonants of the runs', () => {
    expect(tokens('사랑 love').consonants.sort()).toEqual(['ㄹ', 'ㅅ']);
  });

  it('equals the segment-based definition on any text', () => {
    const unit = fc.constantFrom(...'사랑의노래ㅅㄹ 피아노-.abZ09 ピアノ漢字𠀋é'.split(''), '𠀋');
    const text = fc.oneof(fc.string({ unit, maxLength: 24 }), fc.string({ unit: 'grapheme', maxLength: 24 }));
    fc.assert(
      fc.property(text, (s) => {
        const n = normalizeText(s);
        const a = indexTokens(n);
        const b = indexTokensFromSegments(n);
        const withPositions = (t: typeof a) => t.cjk.map((g, i) => `${String(g)}@${t.cjkPositions[i]}`).sort();
        expect(withPositions(a)).toEqual(withPositions(b));
        expect([...a.latin].sort()).toEqual([...b.latin].sort());
        expect([...a.consonants].sort()).toEqual([...b.consonants].sort());
      }),
      { numRuns: 500 },
    );
  });
});

describe('gram keys', () => {
  it('are small integers for common scripts and round-trip through gramText', () => {
    for (const g of ['사랑', '가', '힣힣', 'ㅋㅋ', 'あい', '漢字', '々', 'ー']) {
      expect(typeof gramKey(g)).toBe('number');
      expect(Number.isSafeInteger(gramKey(g))).toBe(true);
      expect(Math.abs(gramKey(g) as number)).toBeLessThan(2 ** 30);
      expect(gramText(gramKey(g))).toBe(g);
    }
    expect(gramKey('𠀋가')).toBe('𠀋가');
    expect(gramKey('\u3400')).toBe('\u3400');
  });

  it('give distinct keys to distinct grams', () => {
    const cjkChar = fc
      .oneof(
        fc.integer({ min: 0xac00, max: 0xd7a3 }),
        fc.integer({ min: 0x3131, max: 0x318e }),
        fc.integer({ min: 0x3041, max: 0x30ff }),
        fc.integer({ min: 0x4e00, max: 0x9fff }),
        fc.integer({ min: 0x3005, max: 0x3007 }),
        fc.constant(0x20000),
      )
      .map((cp) => String.fromCodePoint(cp));
    const gram = fc.oneof(
      cjkChar,
      fc.tuple(cjkChar, cjkChar).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(gram, gram, (a, b) => {
        expect(gramText(gramKey(a))).toBe(a);
        expect(gramKey(a) === gramKey(b)).toBe(a === b);
      }),
      { numRuns: 2000 },
    );
    expect(denseCjkIndex('a'.codePointAt(0)!)).toBe(-1);
  });
});

describe('cjkGrams', () => {
  it('works on code points, not UTF-16 units', () => {
    expect(cjkGrams('𠀋𠀋가')).toEqual(['𠀋𠀋', '𠀋가']);
  });
});

describe('parseSearchQuery', () => {
  it('reads a multi-word query as its words and as the words joined', () => {
    const p = parseSearchQuery('잔잔한 피아노');
    expect(p.compact).toBe('잔잔한피아노');
    expect(p.readings.map((r) => r.map(termKey))).toEqual([['c:잔잔한', 'c*:피아노'], ['c*:잔잔한피아노']]);
  });

  it('marks the last Latin term as a prefix and makes compounds one term', () => {
    const p = parseSearchQuery('Lo-Fi pian');
    expect(p.readings[0]).toEqual([
      { kind: 'latin', parts: ['lo', 'fi'], joined: 'lofi', last: false },
      { kind: 'latin', parts: ['pian'], joined: 'pian', last: true },
    ]);
  });

  it('treats a run of consonant jamo as a 초성 term', () => {
    expect(parseSearchQuery('ㅅㄹ').readings).toEqual([[{ kind: 'choseong', text: 'ㅅㄹ' }]]);
    expect(parseSearchQuery('ㅅㄹ 노래').readings[0]!.map(termKey)).toEqual(['h:ㅅㄹ', 'c*:노래']);
  });

  it('has no readings when nothing searchable is left', () => {
    expect(parseSearchQuery(' ?! ').readings).toEqual([]);
    expect(parseSearchQuery(' ?! ').compact).toBe('');
  });

  it('skips a joined reading identical to the words', () => {
    expect(parseSearchQuery('사랑 2').readings).toHaveLength(1);
  });
});

describe('highlightRanges', () => {
  const marked = (text: string, query: string) => highlightRanges(text, query).map((r) => text.slice(r.start, r.end));

  it('marks matches in the original text, whatever its form', () => {
    expect(marked('사랑의 노래', '노래')).toEqual(['노래']);
    expect(marked('사랑의노래'.normalize('NFD'), '노래')).toEqual(['노래'.normalize('NFD')]);
    expect(marked('잔잔한 피아노', '잔잔한피아노')).toEqual(['잔잔한 피아노']);
    expect(marked('ＬＯＶＥ song', 'love')).toEqual(['ＬＯＶＥ']);
    expect(marked('ピアノの森', 'ぴあの')).toEqual(['ピアノ']);
  });

  it('marks a word typed without its diacritics, and the other way round', () => {
    expect(marked('Blue Lagoon Café', 'cafe')).toEqual(['Café']);
    expect(marked('Cafe\u0301 Noir', 'café')).toEqual(['Cafe\u0301']);
    expect(marked('Straße 5', 'strasse')).toEqual(['Straße']);
  });

  it('marks the words of a run a forgiven query cuts at a label', () => {
    expect(marked('ピアノ日和', '穏やかなピアノ')).toEqual(['ピアノ']);
    expect(marked('피아노 소품', '잔잔한피아노')).toEqual(['피아노']);
  });

  it('marks 초성, Latin prefixes, compounds and digits', () => {
    expect(marked('사랑 노래', 'ㄴㄹ')).toEqual(['노래']);
    expect(marked('Piano Sonata', 'pian')).toEqual(['Pian']);
    expect(marked('Lo-Fi Beats', 'lofi')).toEqual(['Lo-Fi']);
    expect(marked('R.E.M. Sleep', 'rem sl')).toEqual(['R.E.M', 'Sl']);
    expect(marked('Track 2', '2')).toEqual(['2']);
    expect(marked('Track 2', 'rain')).toEqual([]);
  });

  it('marks the syllable a last Hangul syllable still being typed has become', () => {
    expect(marked('뒷 골목', '골모')).toEqual(['골목']);
    expect(marked('사나운 바람', '사낭')).toEqual(['사나운']);
    expect(marked('골목길 비트', '골목ㄱ')).toEqual(['골목길']);
    expect(marked('고래의 꿈', '골')).toEqual([]);
    expect(marked('사랑 노래', '노래 사')).toEqual(['사', '노래']);
  });

  it('returns sorted, disjoint ranges inside the text', () => {
    const unit = fc.constantFrom(...'사랑의노래ㅅㄹ 피아노-.abZ09 ピアノé'.split(''));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 20 }), fc.string({ unit, maxLength: 6 }), (text, query) => {
        let end = 0;
        for (const r of highlightRanges(text, query)) {
          expect(r.start).toBeGreaterThanOrEqual(end);
          expect(r.end).toBeGreaterThan(r.start);
          expect(r.end).toBeLessThanOrEqual(text.length);
          end = r.end;
        }
      }),
    );
  });
});
