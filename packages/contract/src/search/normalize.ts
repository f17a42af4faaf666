/**
 * Text normalisation shared by the search index (server), the query parser and the web app.
 *
 * Index and query go through the same function, so whatever a user can type (full-width letters, NFD Hangul
 * pasted from macOS, half-width katakana, curly quotes, a dash instead of a hyphen) meets the stored text in
 * one canonical form. The output contains only word characters and two separators: ' ' (the input had
 * whitespace there) and '-' (the input had only punctuation or symbols there). Keeping that one distinction
 * is what lets "lo-fi" also be read as the single word "lofi" while "lo fi" stays two words.
 */

/** The 19 initial consonants in syllable order, as compatibility jamo (what a keyboard types). */
export const CHOSEONG = [
  'ㄱ',
  'ㄲ',
  'ㄴ',
  'ㄷ',
  'ㄸ',
  'ㄹ',
  'ㅁ',
  'ㅂ',
  'ㅃ',
  'ㅅ',
  'ㅆ',
  'ㅇ',
  'ㅈ',
  'ㅉ',
  'ㅊ',
  'ㅋ',
  'ㅌ',
  'ㅍ',
  'ㅎ',
] as const;

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const SYLLABLES_PER_INITIAL = 21 * 28;
/** Compatibility consonants ㄱ (U+3131) to ㅎ (U+314E): a query made only of these is a 초성 query. */
const COMPAT_CONSONANT_FIRST = 0x3131;
const COMPAT_CONSONANT_LAST = 0x314e;

/**
 * NFKC turns a typed compatibility jamo (ㄱ, U+3131) into a conjoining one (ᄀ, U+1100), which no keyboard
 * produces and which would not equal the ㄱ a 초성 query compares against; map the lone ones back.
 */
const CONJOINING_TO_COMPAT: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (let cp = 0x3131; cp <= 0x318e; cp++) {
    const compat = String.fromCodePoint(cp);
    const nfkc = compat.normalize('NFKC');
    if (nfkc !== compat && nfkc.length === 1 && !m.has(nfkc)) m.set(nfkc, compat);
  }
  return m;
})();

const BEYOND_PRINTABLE_ASCII = /[^ -~\t\n\r]/u;
const SEPARATORS = /[ -]/gu;

// Character classes of the normalising pass, cached per UTF-16 unit (the regexes are too slow per character
// for a million titles at boot).
const UNKNOWN = 0;
const WORD = 1;
const SPACE = 2;
const PUNCT = 3;
/** Invisible characters that would otherwise split or glue words: format controls and variation selectors. */
const DROP = 4;
/** Word characters written differently: katakana (as hiragana) and lone conjoining jamo (as compatibility jamo). */
const MAPPED = 5;
/** Latin, Greek and Cyrillic letters written without their diacritics: é → e, ß → ss, æ → ae, ё → е. */
const FOLDED = 6;
/** A combining mark that no precomposed letter absorbed: dropped after a Latin, Greek or Cyrillic letter. */
const MARK = 7;
/** Any other combining mark (kana's dakuten): kept, and what it follows still counts as the letter before it. */
const OTHER_MARK = 8;
const IS_MARK = /\p{M}/u;
const IS_WORD = /[\p{L}\p{N}\p{M}]/u;
const IS_SPACE = /[\s\p{Cc}]/u;
const IS_DROP = /[\p{Cf}\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
/** Combining diacritical marks (the blocks used by Latin, Greek and Cyrillic; not kana's dakuten, U+3099). */
function isDiacritic(unit: number): boolean {
  return (
    (unit >= 0x300 && unit <= 0x36f) ||
    (unit >= 0x1ab0 && unit <= 0x1aff) ||
    (unit >= 0x1dc0 && unit <= 0x1dff) ||
    (unit >= 0x20d0 && unit <= 0x20ff) ||
    (unit >= 0xfe20 && unit <= 0xfe2f)
  );
}
/** Letters with no decomposition that a reader still sees as a base letter with something added. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  ŧ: 't',
  ƀ: 'b',
  ɨ: 'i',
  ʉ: 'u',
};

/**
 * Latin (Latin-1 Supplement to Extended-B, Extended Additional, -C, -D, -E), Greek (and Extended) and
 * Cyrillic (and Supplement, Extended): the scripts whose diacritics are folded. Hangul, kana and kanji are
 * outside every range, so a syllable is never decomposed and が keeps its dakuten.
 */
function isFoldableScript(unit: number): boolean {
  return (
    (unit >= 0x61 && unit <= 0x7a) ||
    (unit >= 0xc0 && unit <= 0x24f) ||
    (unit >= 0x370 && unit <= 0x52f) ||
    (unit >= 0x1c80 && unit <= 0x1c8f) ||
    (unit >= 0x1e00 && unit <= 0x1fff) ||
    (unit >= 0x2c60 && unit <= 0x2c7f) ||
    (unit >= 0xa640 && unit <= 0xa69f) ||
    (unit >= 0xa720 && unit <= 0xa7ff) ||
    (unit >= 0xab30 && unit <= 0xab6f)
  );
}

/** The letter without its diacritics (NFD, marks dropped, LETTER_FOLDS), or null when that changes nothing. */
function foldLetter(ch: string): string | null {
  let out = '';
  for (const c of ch.normalize('NFD')) if (!isDiacritic(c.charCodeAt(0))) out += LETTER_FOLDS[c] ?? c;
  return out === ch || out === '' ? null : out;
}

const unitClass = new Uint8Array(0x10000);
const mappedUnit = new Uint16Array(0x10000);
for (let c = 0x30a1; c <= 0x30f6; c++) mappedUnit[c] = c - 0x60;
mappedUnit[0x30fd] = 0x309d;
mappedUnit[0x30fe] = 0x309e;
for (const [conjoining, compat] of CONJOINING_TO_COMPAT) mappedUnit[conjoining.charCodeAt(0)] = compat.charCodeAt(0);
/** FOLDED units: their folded text. */
const foldedUnit = new Map<number, string>();
const astralClass = new Map<number, number>();

function classify(ch: string): number {
  if (IS_DROP.test(ch)) return DROP;
  if (IS_WORD.test(ch)) return WORD;
  return IS_SPACE.test(ch) ? SPACE : PUNCT;
}
function classOfUnit(unit: number): number {
  let k = unitClass[unit]!;
  if (k === UNKNOWN) {
    const ch = String.fromCharCode(unit);
    k = mappedUnit[unit] !== 0 ? MAPPED : classify(ch);
    if (k === WORD && isDiacritic(unit)) k = MARK;
    else if (k === WORD && IS_MARK.test(ch)) k = OTHER_MARK;
    else if (k === WORD && unit >= 0xc0 && isFoldableScript(unit)) {
      const folded = foldLetter(ch);
      if (folded !== null) {
        foldedUnit.set(unit, folded);
        k = FOLDED;
      }
    }
    unitClass[unit] = k;
  }
  return k;
}
function classOfAstral(cp: number): number {
  let k = astralClass.get(cp);
  if (k === undefined) {
    k = classify(String.fromCodePoint(cp));
    astralClass.set(cp, k);
  }
  return k;
}

/**
 * True when the folding pass would return `s` unchanged: only word characters needing no mapping, and
 * single ' ' or '-' between them. Most titles are (once lower-cased), and skipping the rebuild saves an
 * allocation per title at boot.
 */
function isCanonical(s: string): boolean {
  const n = s.length;
  let afterWord = false;
  for (let i = 0; i < n; i++) {
    const unit = s.charCodeAt(i);
    if (unit === 0x20 || unit === 0x2d) {
      if (!afterWord || i === n - 1) return false;
      afterWord = false;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      return false;
    } else if (classOfUnit(unit) === WORD) {
      afterWord = true;
    } else {
      return false;
    }
  }
  return true;
}

/**
 * Canonical search form: NFKC (full-width → half-width, half-width kana → full), lower case, Hangul composed
 * (NFD input matches), lone jamo as compatibility jamo, katakana as hiragana, invisible characters dropped,
 * each run of whitespace/punctuation/symbols folded to one ' ' (if it held whitespace) or '-', edges trimmed.
 * Idempotent: normalizeText(normalizeText(s)) === normalizeText(s).
 */
export function normalizeText(input: string): string {
  const nfkc = input.normalize('NFKC');
  let s = nfkc.toLowerCase();
  // Lower-casing can produce sequences NFKC would rewrite again (e.g. from U+0130), hence a second pass
  // when it changed anything and the text is not plain ASCII.
  if (s !== nfkc && BEYOND_PRINTABLE_ASCII.test(s)) s = s.normalize('NFKC');
  if (isCanonical(s)) return s;
  let out = '';
  let sliceStart = -1;
  let pendingSeparator = 0;
  let dropped = false;
  // Whether the last word character written was a Latin, Greek or Cyrillic letter (a mark after it is dropped).
  let afterFoldable = false;
  const n = s.length;
  for (let i = 0; i < n;) {
    const unit = s.charCodeAt(i);
    let width = 1;
    let k: number;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < n) {
      k = classOfAstral(s.codePointAt(i)!);
      width = 2;
    } else {
      k = classOfUnit(unit);
    }
    if (k === MARK) {
      if (afterFoldable && pendingSeparator === 0) {
        if (sliceStart >= 0) out += s.slice(sliceStart, i);
        sliceStart = -1;
        i += width;
        continue;
      }
      k = WORD;
    } else if (k === OTHER_MARK) {
      // A mark between a letter and a diacritic may be reordered under it by NFKC: the diacritic goes too.
      k = WORD;
    } else if (k === WORD || k === MAPPED || k === FOLDED) {
      afterFoldable = k === FOLDED || (k === WORD && isFoldableScript(unit));
    }
    if (k === WORD || k === MAPPED || k === FOLDED) {
      if (pendingSeparator !== 0) {
        // Separators before the first word are dropped, which trims the start.
        if (out !== '') out += pendingSeparator === SPACE ? ' ' : '-';
        pendingSeparator = 0;
      }
      if (k === WORD) {
        if (sliceStart < 0) sliceStart = i;
      } else {
        if (sliceStart >= 0) out += s.slice(sliceStart, i);
        sliceStart = -1;
        out += k === FOLDED ? foldedUnit.get(unit)! : String.fromCharCode(mappedUnit[unit]!);
      }
    } else {
      if (sliceStart >= 0) out += s.slice(sliceStart, i);
      sliceStart = -1;
      if (k === SPACE) pendingSeparator = SPACE;
      else if (k === PUNCT && pendingSeparator !== SPACE) pendingSeparator = PUNCT;
      else if (k === DROP) dropped = true;
    }
    i += width;
  }
  if (sliceStart >= 0) out += sliceStart === 0 ? s : s.slice(sliceStart);
  // What stood on either side of a dropped character may now compose (a + ZWSP + U+0301): once more.
  return dropped ? normalizeText(out) : out;
}

/** A normalised text without its separators: the form used for the title sort and exact/prefix ranking. */
export function compactNormalized(normalized: string): string {
  return normalized.indexOf(' ') < 0 && normalized.indexOf('-') < 0 ? normalized : normalized.replace(SEPARATORS, '');
}

/** normalizeText then compactNormalized: "잔잔한 피아노" and "잔잔한피아노" give the same key, as do "R.E.M." and "rem". */
export function compactText(input: string): string {
  return compactNormalized(normalizeText(input));
}

/**
 * Characters searched as runs of character bigrams: Hangul (syllables and jamo), kana and CJK ideographs.
 * These scripts do not put spaces between words reliably, so whitespace inside a run is ignored.
 */
export function isCjkCodePoint(cp: number): boolean {
  if (cp < 0x1100) return false;
  return (
    (cp >= HANGUL_FIRST && cp <= HANGUL_LAST) ||
    (cp >= 0x1100 && cp <= 0x11ff) ||
    (cp >= 0x3131 && cp <= 0x318e) ||
    (cp >= 0xa960 && cp <= 0xa97f) ||
    (cp >= 0xd7b0 && cp <= 0xd7ff) ||
    (cp >= 0x3041 && cp <= 0x309f) ||
    (cp >= 0x30a0 && cp <= 0x30ff && cp !== 0x30fb) ||
    (cp >= 0x31f0 && cp <= 0x31ff) ||
    (cp >= 0x3005 && cp <= 0x3007) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x20000 && cp <= 0x3ffff)
  );
}

export function isChoseongCodePoint(cp: number): boolean {
  return cp >= COMPAT_CONSONANT_FIRST && cp <= COMPAT_CONSONANT_LAST;
}

/** The initial consonant of a Hangul syllable, a consonant jamo itself, or null for anything else. */
export function choseongOf(cp: number): string | null {
  if (cp >= HANGUL_FIRST && cp <= HANGUL_LAST) return CHOSEONG[Math.floor((cp - HANGUL_FIRST) / SYLLABLES_PER_INITIAL)]!;
  if (isChoseongCodePoint(cp)) return String.fromCharCode(cp);
  return null;
}

/**
 * The 초성 string of a normalised text: each syllable or consonant jamo becomes its initial consonant,
 * separators inside a run are skipped (as runs ignore them), and anything else becomes '.', which no
 * 초성 query contains, so a match never spans two runs.
 */
export function choseongString(normalized: string): string {
  let out = '';
  for (const ch of normalized) {
    if (ch === ' ' || ch === '-') continue;
    out += choseongOf(ch.codePointAt(0)!) ?? '.';
  }
  return out;
}

/** True when the query, once normalised, is made only of consonant jamo (ㄱ-ㅎ), e.g. "ㅅㄹ" or "ㅅㄹ ㄴㄹ". */
export function isChoseongQuery(query: string): boolean {
  const compact = compactText(query);
  if (compact === '') return false;
  for (const ch of compact) if (!isChoseongCodePoint(ch.codePointAt(0)!)) return false;
  return true;
}
