import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choseongOf, choseongString, compactText, isChoseongQuery, isCjkCodePoint, normalizeText } from './normalize';

describe('normalizeText', () => {
  it('composes decomposed Hangul (macOS NFD paste)', () => {
    const nfd = '사랑의 노래'.normalize('NFD');
    expect(nfd).not.toBe('사랑의 노래');
    expect(normalizeText(nfd)).toBe('사랑의 노래');
  });

  it('folds full-width letters and digits to half-width and lower case', () => {
    expect(normalizeText('ＬＯＶＥ　Ｓｏｎｇ　２')).toBe('love song 2');
    expect(normalizeText('PIANO Sonata')).toBe('piano sonata');
  });

  it('writes katakana (full or half width) as hiragana', () => {
    expect(normalizeText('ピアノ')).toBe('ぴあの');
    expect(normalizeText('ｻｸﾗ')).toBe('さくら');
    expect(normalizeText('ガーデン')).toBe(normalizeText('がーでん'));
  });

  it('folds punctuation: any run of punctuation becomes "-", any run holding whitespace becomes " "', () => {
    for (const s of ['lo-fi', 'lo‐fi', 'lo–fi', 'lo—fi', 'lo_fi', 'lo·fi', 'lo/fi', 'lo.fi', 'lo~fi', 'Lo－Fi']) {
      expect(normalizeText(s)).toBe('lo-fi');
    }
    expect(normalizeText('lo - fi')).toBe('lo fi');
    expect(normalizeText('R.E.M.')).toBe('r-e-m');
    expect(normalizeText('AC/DC')).toBe('ac-dc');
    expect(normalizeText('  "Don’t stop"  ')).toBe('don-t stop');
    expect(normalizeText('월드·효과음')).toBe('월드-효과음');
  });

  it('keeps typed consonant jamo as compatibility jamo (NFKC would make them conjoining)', () => {
    expect(normalizeText('ㅅㄹ')).toBe('ㅅㄹ');
    expect(normalizeText('ﾡ')).toBe('ㄱ');
  });

  it('drops invisible characters instead of splitting words on them', () => {
    expect(normalizeText('lo\u200bfi')).toBe('lofi');
    expect(normalizeText('\ufeff사랑')).toBe('사랑');
  });

  it('folds Latin, Greek and Cyrillic diacritics, composed or not: cafe = Café', () => {
    for (const s of ['Café', 'CAFÉ', 'Cafe\u0301', 'cafè', 'Ｃａｆé']) expect(normalizeText(s)).toBe('cafe');
    expect(normalizeText('naïve façade Última')).toBe('naive facade ultima');
    expect(normalizeText('Straße Ærø Œuvre Łódź Smørrebrød þorn')).toBe('strasse aero oeuvre lodz smorrebrod thorn');
    expect(normalizeText('İstanbul')).toBe('istanbul');
    expect(normalizeText('ǿ ǽ')).toBe('o ae');
    // A mark no precomposed letter takes is dropped after a Latin letter.
    expect(normalizeText('q\u0303')).toBe('q');
    expect(normalizeText('Ελληνικά')).toBe('ελληνικα');
    expect(normalizeText('Ёлка')).toBe('елка');
  });

  it('never decomposes Hangul nor takes the dakuten off kana', () => {
    expect(normalizeText('사랑의 노래')).toBe('사랑의 노래');
    expect(normalizeText('사랑'.normalize('NFD'))).toBe('사랑');
    expect(normalizeText('がぎぐ ガギグ ｶﾞ パ')).toBe('がぎぐ がぎぐ が ぱ');
    expect(normalizeText('か\u3099')).toBe('が');
    expect(normalizeText('バッハ')).not.toBe(normalizeText('ハッハ'));
    // A Latin combining mark after a syllable is not the syllable's: it stays.
    expect(normalizeText('가\u0301')).toBe('가\u0301');
  });

  it('returns only word characters, " " and "-", never at the edges or doubled', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const n = normalizeText(s);
        expect(n).not.toMatch(/^[ -]|[ -]$|[ -]{2}/u);
        for (const ch of n) if (ch !== ' ' && ch !== '-') expect(ch).toMatch(/[\p{L}\p{N}\p{M}]/u);
      }),
    );
  });

  it('is idempotent', () => {
    const samples = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.string({
        unit: fc.constantFrom(...'사랑ㅅㄹ ピアノｻｸﾗ-.,ＡＢab12 İ\u0301\u0308\u200b\u1100\u1161\u11a8カ\u3099ﾞéßÆøǿёй가'.split('')),
        maxLength: 20,
      }),
    );
    fc.assert(
      fc.property(samples, (s) => {
        expect(normalizeText(normalizeText(s))).toBe(normalizeText(s));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('compactText', () => {
  it('ignores spacing and punctuation', () => {
    expect(compactText('잔잔한 피아노')).toBe(compactText('잔잔한피아노'));
    expect(compactText('R.E.M.')).toBe('rem');
    expect(compactText('Lo-Fi')).toBe('lofi');
  });
});

describe('초성', () => {
  it('gives the initial consonant of syllables and keeps consonant jamo', () => {
    expect(choseongOf('사'.codePointAt(0)!)).toBe('ㅅ');
    expect(choseongOf('랑'.codePointAt(0)!)).toBe('ㄹ');
    expect(choseongOf('ㅋ'.codePointAt(0)!)).toBe('ㅋ');
    expect(choseongOf('a'.codePointAt(0)!)).toBeNull();
    expect(choseongString('사랑의 노래')).toBe('ㅅㄹㅇㄴㄹ');
    expect(choseongString('사랑 a 노래')).toBe('ㅅㄹ.ㄴㄹ');
  });

  it('tells a query made only of consonant jamo', () => {
    expect(isChoseongQuery('ㅅㄹ')).toBe(true);
    expect(isChoseongQuery('ㅅㄹ ㄴㄹ')).toBe(true);
    expect(isChoseongQuery('ㅅ'.normalize('NFKD'))).toBe(true);
    expect(isChoseongQuery('사랑')).toBe(false);
    expect(isChoseongQuery('ㅅㄹ 노래')).toBe(false);
    expect(isChoseongQuery('ㅏ')).toBe(false);
    expect(isChoseongQuery('')).toBe(false);
  });
});

describe('isCjkCodePoint', () => {
  it('covers Hangul, kana (not the middle dot) and ideographs', () => {
    for (const ch of ['가', '힣', 'ㄱ', 'あ', 'ー', '漢', '々', '𠀋']) expect(isCjkCodePoint(ch.codePointAt(0)!)).toBe(true);
    for (const ch of ['a', '1', '・', '-', 'é']) expect(isCjkCodePoint(ch.codePointAt(0)!)).toBe(false);
  });
});
