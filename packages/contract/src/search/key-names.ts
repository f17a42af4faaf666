/**
 * A key with its mode named in a search text, as musicians write it in each language:
 * - English: "A minor", "Am", "F# minor", "F sharp minor", "B♭ major", "Bb major", "Ebm", "C maj", "Cmaj";
 * - Korean: "가단조", "올림바단조" (F♯ minor), "내림나장조" (B♭ major), "A단조", "C# 장조", "A 마이너";
 * - Japanese: "イ短調", "嬰ヘ短調" (F♯ minor), "変ロ長調" (B♭ major), "Aマイナー", "C長調".
 *
 * The search reads such a name as the key and the mode (a track in A minor matches "A minor"), besides the
 * words themselves (a title "A Minor Waltz" still matches them). The name is read from the text as typed,
 * before normalisation, which folds ♯, # and ♭ away (F♯ minor would be read as F minor after it).
 *
 * Only a tonic with its mode is a key name: a letter alone ("a", "b") is too common a word, and a mode word
 * alone ("단조") is a mode (`KEY_MODE_WORDS`).
 */
import type { KeyMode } from '../api';

export interface KeyNamed {
  /** The tonic's pitch class, 0 (C) to 11 (B); enharmonic names (F♯, G♭) give the same one. */
  pitchClass: number;
  mode: KeyMode;
  /** The text without the key's name (the other words of the query), with one space where the name was. */
  rest: string;
  /** The name ends the text: none of the other words is the one still being typed. */
  atEnd: boolean;
}

const LETTER_PC: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };
const KOREAN_PC: Record<string, number> = { 다: 0, 라: 2, 마: 4, 바: 5, 사: 7, 가: 9, 나: 11 };
// With the hiragana spellings, as some type them.
const JAPANESE_PC: Record<string, number> = {
  ハ: 0,
  ニ: 2,
  ホ: 4,
  ヘ: 5,
  ト: 7,
  イ: 9,
  ロ: 11,
  は: 0,
  に: 2,
  ほ: 4,
  へ: 5,
  と: 7,
  い: 9,
  ろ: 11,
};

const MAJOR_WORDS = new Set(['major', 'maj', '장조', '메이저', '長調', 'メジャー', 'めじゃー']);
const sharpOrFlat = (word: string | undefined): number =>
  word === undefined ? 0 : /^(#|♯|sharp|올림|嬰)$/u.test(word) ? 1 : /^(b|♭|flat|내림|変)$/u.test(word) ? -1 : 0;

// A Latin letter tonic: the accidental as a sign (spaces allowed), a word ("F sharp", "F-sharp") or a b
// written against the letter ("Bb", "Eb"); then the mode, as a word ("minor", "단조", "マイナー") or an m
// written against the tonic ("Am", "F#m", "Ebm").
const LATIN =
  /(?<![\p{L}\p{N}])([a-g])(?:\s*([#♯♭])|[\s-]?(sharp|flat)|(b)(?=m|maj|min|[\s-]))?(?:[\s-]?(major|maj|minor|min|장조|단조|메이저|마이너)(?![\p{L}\p{N}])|\s*(長調|短調|メジャー|マイナー|めじゃー|まいなー)|(m)(?![\p{L}\p{N}]))/u;
// 가단조, 올림 바단조, 내림나장조: not inside a longer word (단조롭다 is "monotonous").
const KOREAN = /(?<![\p{L}\p{N}])(?:(올림|내림)\s*)?([다라마바사가나])\s*(장조|단조)(?![\p{L}\p{N}])/u;
// イ短調, 嬰ヘ短調, 変ロ長調 (Japanese writes no space before what follows: イ短調の曲).
const JAPANESE = /(?<![\p{L}\p{N}])([嬰変])?([ハニホヘトイロはにほへといろ])(長調|短調)/u;

/** The first key with its mode named in `query` (see above), or null when it names none. */
export function keyNamedIn(query: string): KeyNamed | null {
  const text = query.normalize('NFKC').toLowerCase();
  const found: { index: number; length: number; pitchClass: number; mode: KeyMode }[] = [];
  const add = (m: RegExpExecArray, tonic: number, shift: number, modeWord: string): void => {
    const mode: KeyMode = MAJOR_WORDS.has(modeWord) ? 'major' : 'minor';
    found.push({ index: m.index, length: m[0].length, pitchClass: (((tonic + shift) % 12) + 12) % 12, mode });
  };
  const latin = LATIN.exec(text);
  if (latin) add(latin, LETTER_PC[latin[1]!]!, sharpOrFlat(latin[2] ?? latin[3] ?? latin[4]), latin[5] ?? latin[6] ?? latin[7]!);
  const korean = KOREAN.exec(text);
  if (korean) add(korean, KOREAN_PC[korean[2]!]!, sharpOrFlat(korean[1]), korean[3]!);
  const japanese = JAPANESE.exec(text);
  if (japanese) add(japanese, JAPANESE_PC[japanese[2]!]!, sharpOrFlat(japanese[1]), japanese[3]!);
  if (found.length === 0) return null;
  // The name that comes first in the text.
  found.sort((a, b) => a.index - b.index);
  const { index, length, pitchClass, mode } = found[0]!;
  const after = text.slice(index + length);
  return { pitchClass, mode, rest: `${text.slice(0, index)} ${after}`.trim(), atEnd: after.trim() === '' };
}
