/**
 * The Hangul syllable still being typed. A Korean keyboard shows every keystroke as a syllable: 골목 passes
 * through 고, 골, 곪 and 골모 on its way, and a pause as long as the search's debounce in the middle of a word
 * searches one of those. So the last syllable of a query's last term is read as the start of what it may
 * still become, as a last Latin word is read as a word prefix (pian → piano):
 *
 * - **in place**: a syllable without a final consonant may take one (모 → 목) and its vowel may take a second
 *   (오 → 와, 왜, 외; 우 → 워, 웨, 위; 으 → 의); a final may become a double final (갈 → 갉, 갑 → 값);
 * - **moved on**: once a vowel follows, the final consonant (or a double final's second part) moves to the
 *   next syllable: 산 → 사나, 곪 → 골모, 값 → 갑시. The syllable without it is then followed by a syllable
 *   that starts with it;
 * - **begun**: a consonant typed after a syllable it cannot join shows alone (골목ㄱ on the way to 골목길)
 *   and is the first sound of the next syllable.
 *
 * Used alike by the index (which tracks match) and by the highlighting (where in the title).
 */

import { CHOSEONG } from './normalize';

const FIRST = 0xac00;
const LAST = 0xd7a3;
const VOWELS = 21;
const FINALS = 28;

/** Vowels (medial indexes) a vowel may still become by typing another: ㅗ → ㅘ ㅙ ㅚ, ㅘ → ㅙ, ㅜ → ㅝ ㅞ ㅟ, ㅝ → ㅞ, ㅡ → ㅢ. */
const VOWEL_GROWTH: Readonly<Record<number, readonly number[]>> = { 8: [9, 10, 11], 9: [10], 13: [14, 15, 16], 14: [15], 18: [19] };
/** Finals a final may still become: ㄱ → ㄳ, ㄴ → ㄵ ㄶ, ㄹ → ㄺ … ㅀ, ㅂ → ㅄ. */
const FINAL_GROWTH: Readonly<Record<number, readonly number[]>> = {
  1: [3],
  4: [5, 6],
  8: [9, 10, 11, 12, 13, 14, 15],
  17: [18],
};
/**
 * What a final leaves behind when a vowel follows, and the initial (index) it gives the next syllable: a
 * single final leaves none (산 → 사 + ㄴ…), a double final its first part (곪 → 골 + ㅁ…).
 */
const FINAL_MOVES: Readonly<Record<number, readonly [rest: number, initial: number]>> = {
  1: [0, 0],
  2: [0, 1],
  3: [1, 9],
  4: [0, 2],
  5: [4, 12],
  6: [4, 18],
  7: [0, 3],
  8: [0, 5],
  9: [8, 0],
  10: [8, 6],
  11: [8, 7],
  12: [8, 9],
  13: [8, 16],
  14: [8, 17],
  15: [8, 18],
  16: [0, 6],
  17: [0, 7],
  18: [17, 9],
  19: [0, 9],
  20: [0, 10],
  21: [0, 11],
  22: [0, 12],
  23: [0, 14],
  24: [0, 15],
  25: [0, 16],
  26: [0, 17],
  27: [0, 18],
};

function parts(ch: string): [initial: number, vowel: number, final: number] | null {
  const cp = ch.codePointAt(0)!;
  if (ch.length !== 1 || cp < FIRST || cp > LAST) return null;
  const n = cp - FIRST;
  return [Math.floor(n / (VOWELS * FINALS)), Math.floor(n / FINALS) % VOWELS, n % FINALS];
}

const syllable = (initial: number, vowel: number, final: number): string =>
  String.fromCharCode(FIRST + (initial * VOWELS + vowel) * FINALS + final);

/** Whether `ch` is one precomposed Hangul syllable (가–힣). */
export function isHangulSyllable(ch: string): boolean {
  return parts(ch) !== null;
}

/** The initial consonant's index (0 = ㄱ … 18 = ㅎ) of a Hangul syllable, or -1. */
export function initialIndexOf(ch: string): number {
  return parts(ch)?.[0] ?? -1;
}

/** The syllables `ch` may still become in place, itself first; empty when it is not a Hangul syllable. */
export function syllableGrowth(ch: string): string[] {
  const p = parts(ch);
  if (!p) return [];
  const [initial, vowel, final] = p;
  const out = [ch];
  if (final === 0) {
    for (const v of [vowel, ...(VOWEL_GROWTH[vowel] ?? [])]) {
      for (let f = 0; f < FINALS; f++) if (v !== vowel || f !== 0) out.push(syllable(initial, v, f));
    }
  } else {
    for (const f of FINAL_GROWTH[final] ?? []) out.push(syllable(initial, vowel, f));
  }
  return out;
}

/**
 * When `ch` ends in a final consonant: the syllable it leaves once a vowel follows, and the initial (index)
 * of the syllable that then follows it. Null for a syllable without a final, or anything else.
 */
export function finalMove(ch: string): { rest: string; initial: number } | null {
  const p = parts(ch);
  if (!p || p[2] === 0) return null;
  const [rest, initial] = FINAL_MOVES[p[2]]!;
  return { rest: syllable(p[0], p[1], rest), initial };
}

const WITH_INITIAL: (readonly string[])[] = [];

/** Every syllable starting with the initial `initial` (588 of them; made once per initial). */
export function syllablesWithInitial(initial: number): readonly string[] {
  let out = WITH_INITIAL[initial];
  if (!out) {
    const made: string[] = [];
    for (let v = 0; v < VOWELS; v++) for (let f = 0; f < FINALS; f++) made.push(syllable(initial, v, f));
    WITH_INITIAL[initial] = out = made;
  }
  return out;
}

/** One way a term still being typed may continue: its prefix, then one character `next` accepts (`nextChars` lists them). */
export interface TypingReading {
  prefix: string;
  next: (ch: string) => boolean;
  nextChars: () => readonly string[];
}

/**
 * The ways a last term still being typed may continue, each as a prefix and a test for the character that
 * follows it: `text` minus its last syllable, then a syllable it may grow into; and, when that syllable has
 * a final, the text with the final moved on, then a syllable starting with it. A term ending in a lone
 * consonant after a syllable is its syllables, then one starting with that consonant. Null when the term is one
 * character or does not end in a Hangul syllable (it is then matched as typed): a lone syllable is found
 * in most titles anyway, and reading it as any of the 28 it may become (사 → 삭, 산, 살 …) would make
 * the broadest searches broader still.
 */
export function typingReadings(text: string): TypingReading[] | null {
  const chars = Array.from(text);
  const last = chars.pop();
  if (last === undefined || chars.length === 0) return null;
  const head = chars.join('');
  // A consonant typed after a syllable it could not join (골목ㄱ on the way to 골목길): the first sound of
  // the next syllable.
  const lone = CHOSEONG.indexOf(last as (typeof CHOSEONG)[number]);
  if (lone >= 0) {
    if (!isHangulSyllable(chars[chars.length - 1]!)) return null;
    return [{ prefix: head, next: (ch: string) => initialIndexOf(ch) === lone, nextChars: () => syllablesWithInitial(lone) }];
  }
  if (!isHangulSyllable(last)) return null;
  const grown = syllableGrowth(last);
  const growSet = new Set(grown);
  const readings: TypingReading[] = [{ prefix: head, next: (ch: string) => growSet.has(ch), nextChars: () => grown }];
  const moved = finalMove(last);
  if (moved) {
    readings.push({
      prefix: head + moved.rest,
      next: (ch: string) => initialIndexOf(ch) === moved.initial,
      nextChars: () => syllablesWithInitial(moved.initial),
    });
  }
  return readings;
}

/** Whether `text` begins as `reading` continues: its prefix, then a character the reading allows (산채 → 산책…). */
export function beginsAsTyped(text: string, { prefix, next }: TypingReading): boolean {
  if (!text.startsWith(prefix) || text.length <= prefix.length) return false;
  return next(String.fromCodePoint(text.codePointAt(prefix.length)!));
}
