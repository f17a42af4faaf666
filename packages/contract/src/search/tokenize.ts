/**
 * Tokenising for search, on text already passed through normalizeText.
 *
 * A normalised text is read as a sequence of segments:
 * - a CJK run: Hangul/kana/kanji characters; whitespace and punctuation inside it are ignored (so "잔잔한 피아노"
 *   is the run 잔잔한피아노) and only a Latin letter or digit ends it;
 * - a Latin compound: words ("parts") joined by punctuation only, e.g. "lo-fi" → [lo, fi], "r-e-m" → [r, e, m];
 *   a change between letters and digits also splits parts ("mp3" → [mp, 3]), so digits are words of their own.
 *
 * The index stores, per text, the character bigrams of each CJK run (a one-character run as itself), every
 * Latin part and every compound joined ("lofi", "rem", "acdc"). The query side turns the same segments into
 * terms, matched as described in apps/server/src/search/README.md.
 */
import { forgivingTerms } from './forgive';
import { typingReadings } from './hangul-typing';
import { choseongOf, compactNormalized, isChoseongCodePoint, isCjkCodePoint, normalizeText } from './normalize';

export type Segment = { kind: 'cjk'; text: string } | { kind: 'latin'; parts: string[] };

const isDigit = (cp: number): boolean => cp >= 0x30 && cp <= 0x39;

/** The segments of a normalised text, in text order. */
export function segmentsOf(normalized: string): Segment[] {
  const out: Segment[] = [];
  let run = '';
  let parts: string[] = [];
  let part = '';
  let partIsDigits = false;
  const endPart = (): void => {
    if (part !== '') parts.push(part);
    part = '';
  };
  const endCompound = (): void => {
    endPart();
    if (parts.length > 0) out.push({ kind: 'latin', parts });
    parts = [];
  };
  const endRun = (): void => {
    if (run !== '') out.push({ kind: 'cjk', text: run });
    run = '';
  };
  for (const ch of normalized) {
    if (ch === ' ') {
      endCompound();
    } else if (ch === '-') {
      endPart();
    } else {
      const cp = ch.codePointAt(0)!;
      if (isCjkCodePoint(cp)) {
        endCompound();
        run += ch;
      } else {
        endRun();
        const digit = isDigit(cp);
        if (part !== '' && digit !== partIsDigits) endPart();
        partIsDigits = digit;
        part += ch;
      }
    }
  }
  endCompound();
  endRun();
  return out;
}

/** Character bigrams of a CJK run; a one-character run yields itself. Code points, not UTF-16 units. */
export function cjkGrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length === 1) return chars;
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(chars[i]! + chars[i + 1]!);
  return grams;
}

/**
 * A CJK index token as a key: a number for the characters nearly every title uses (Hangul syllables and
 * jamo, kana, the main ideograph block), so that a million titles do not allocate and hash a string per
 * bigram; the token text itself for anything else. Numbers: a bigram is 1 + a × 32768 + b, a single
 * character −(1 + a), with a and b dense character indexes below 32768 (small integers stay unboxed).
 */
export type GramKey = number | string;

const DENSE_RANGES: readonly (readonly [number, number])[] = [
  [0xac00, 0xd7a3],
  [0x3131, 0x318e],
  [0x3041, 0x30ff],
  [0x4e00, 0x9fff],
  [0x3005, 0x3007],
];
const DENSE_BASE: readonly number[] = (() => {
  const bases: number[] = [];
  let next = 0;
  for (const [from, to] of DENSE_RANGES) {
    bases.push(next);
    next += to - from + 1;
  }
  return bases;
})();
const DENSE_LIMIT = 32768;

/** Dense index of a CJK code point (see GramKey), or -1. */
export function denseCjkIndex(cp: number): number {
  for (let r = 0; r < DENSE_RANGES.length; r++) {
    const [from, to] = DENSE_RANGES[r]!;
    if (cp >= from && cp <= to) return DENSE_BASE[r]! + cp - from;
  }
  return -1;
}

function codePointOfDense(index: number): number {
  for (let r = DENSE_RANGES.length - 1; r >= 0; r--) {
    if (index >= DENSE_BASE[r]!) return DENSE_RANGES[r]![0] + index - DENSE_BASE[r]!;
  }
  return -1;
}

/** The key of a one- or two-character CJK token. */
export function gramKey(gram: string): GramKey {
  const cps = Array.from(gram, (c) => c.codePointAt(0)!);
  const a = denseCjkIndex(cps[0]!);
  if (cps.length === 1) return a >= 0 ? -(1 + a) : gram;
  const b = denseCjkIndex(cps[1]!);
  return a >= 0 && b >= 0 ? 1 + a * DENSE_LIMIT + b : gram;
}

/** The token text of a key (gramKey's inverse). */
export function gramText(key: GramKey): string {
  if (typeof key === 'string') return key;
  if (key < 0) return String.fromCodePoint(codePointOfDense(-key - 1));
  const n = key - 1;
  return String.fromCodePoint(codePointOfDense(Math.floor(n / DENSE_LIMIT)), codePointOfDense(n % DENSE_LIMIT));
}

export interface IndexTokens {
  /** Distinct CJK bigrams (and one-character runs), as keys (gramText gives the text). */
  cjk: GramKey[];
  /**
   * For each cjk token, where it occurs: 1 + the index of its first character among all the CJK characters
   * of the text (runs numbered on without a gap), or 0 when that is unknown (a one-character run, a bigram
   * occurring twice, a position past 254). Bigrams ab at p and bc at p + 1 mean "abc" is in one run, which
   * lets the index confirm a longer term without reading the text.
   */
  cjkPositions: number[];
  /** Distinct Latin parts and joined compounds. */
  latin: string[];
  /** Distinct initial consonants found in the CJK runs (for one-consonant 초성 queries). */
  consonants: string[];
}

/** Largest position an IndexTokens.cjkPositions entry records (it fits a byte). */
export const MAX_GRAM_POSITION = 255;

function addGram(tokens: IndexTokens, gram: GramKey, position: number): void {
  const k = tokens.cjk.indexOf(gram);
  if (k < 0) {
    tokens.cjk.push(gram);
    tokens.cjkPositions.push(position <= MAX_GRAM_POSITION ? position : 0);
  } else {
    tokens.cjkPositions[k] = 0;
  }
}

/** The tokens a text is indexed under, derived from segmentsOf (the reference for indexTokens). */
export function indexTokensFromSegments(normalized: string): IndexTokens {
  const tokens: IndexTokens = { cjk: [], cjkPositions: [], latin: [], consonants: [] };
  const latin = new Set<string>();
  const consonants = new Set<string>();
  let charsBefore = 0;
  for (const seg of segmentsOf(normalized)) {
    if (seg.kind === 'cjk') {
      const grams = cjkGrams(seg.text);
      if (grams.length === 1 && Array.from(seg.text).length === 1) addGram(tokens, gramKey(grams[0]!), 0);
      else grams.forEach((g, i) => addGram(tokens, gramKey(g), charsBefore + i + 1));
      for (const ch of seg.text) {
        const c = choseongOf(ch.codePointAt(0)!);
        if (c !== null) consonants.add(c);
        charsBefore++;
      }
    } else {
      for (const p of seg.parts) latin.add(p);
      if (seg.parts.length > 1) latin.add(seg.parts.join(''));
    }
  }
  tokens.latin = [...latin];
  tokens.consonants = [...consonants];
  return tokens;
}

const pushNew = (list: string[], token: string): void => {
  if (!list.includes(token)) list.push(token);
};

/**
 * The tokens a text is indexed under: the same as indexTokensFromSegments (a property test holds them
 * equal), written as one pass over UTF-16 units without closures because it runs for every title at boot.
 */
export function indexTokens(normalized: string): IndexTokens {
  return indexTokensInto(normalized, { cjk: [], cjkPositions: [], latin: [], consonants: [] });
}

/** indexTokens into arrays the caller reuses (emptied first): no allocation per text but the tokens. */
export function indexTokensInto(normalized: string, tokens: IndexTokens): IndexTokens {
  tokens.cjk.length = 0;
  tokens.cjkPositions.length = 0;
  tokens.latin.length = 0;
  tokens.consonants.length = 0;
  const latin = tokens.latin;
  const consonants = tokens.consonants;
  const n = normalized.length;
  // The previous CJK character: its dense index (-1 when it has none) and, for those, its text.
  let prevDense = -1;
  let prevText = '';
  let runLength = 0;
  let cjkChars = 0;
  let partStart = -1;
  let partIsDigits = false;
  let partCount = 0;
  let joined = '';
  // i runs one past the end so that the end of the text closes the open part, compound and run.
  for (let i = 0; i <= n;) {
    const unit = i < n ? normalized.charCodeAt(i) : 0x20;
    const cp = unit >= 0xd800 && unit <= 0xdbff && i + 1 < n ? normalized.codePointAt(i)! : unit;
    const width = cp > 0xffff ? 2 : 1;
    const isCjk = unit !== 0x20 && unit !== 0x2d && isCjkCodePoint(cp);
    const digit = cp >= 0x30 && cp <= 0x39;
    // A part ends at any separator, at CJK, and where letters and digits meet.
    if (partStart >= 0 && (unit === 0x20 || unit === 0x2d || isCjk || digit !== partIsDigits)) {
      const part = normalized.slice(partStart, i);
      pushNew(latin, part);
      joined += part;
      partCount++;
      partStart = -1;
    }
    // A compound ends at whitespace and at CJK; a run ends at a Latin letter or digit (and at the end).
    if (unit === 0x20 || isCjk) {
      if (partCount > 1) pushNew(latin, joined);
      partCount = 0;
      joined = '';
    }
    if (runLength > 0 && ((!isCjk && unit !== 0x20 && unit !== 0x2d) || i === n)) {
      if (runLength === 1) addGram(tokens, prevDense >= 0 ? -(1 + prevDense) : prevText, 0);
      runLength = 0;
    }
    if (isCjk) {
      const dense = denseCjkIndex(cp);
      // The bigram ending here starts at the previous CJK character, number cjkChars - 1 (1-based: cjkChars).
      if (runLength > 0) {
        const key =
          prevDense >= 0 && dense >= 0
            ? 1 + prevDense * DENSE_LIMIT + dense
            : (prevDense >= 0 ? String.fromCodePoint(codePointOfDense(prevDense)) : prevText) + normalized.slice(i, i + width);
        addGram(tokens, key, cjkChars);
      }
      prevDense = dense;
      prevText = dense >= 0 ? '' : normalized.slice(i, i + width);
      runLength++;
      cjkChars++;
      const c = choseongOf(cp);
      if (c !== null) pushNew(consonants, c);
    } else if (unit !== 0x20 && unit !== 0x2d && partStart < 0) {
      partStart = i;
      partIsDigits = digit;
    }
    i += width;
  }
  return tokens;
}

/**
 * One condition of a query reading; every term of a reading must match.
 * - cjk: the text occurs inside one CJK run (spaces ignored) of the title or artist, or names a label;
 * - choseong: the consonants occur consecutively in the 초성 string of a run of the title or artist;
 * - latin: the joined word is a word of the field (a word prefix when last), or, for a compound, every part
 *   is (the final part as a prefix when last); or it names a label.
 * `last` marks the final term of the query: the one still being typed, matched as a prefix.
 */
export type SearchTerm =
  | { kind: 'cjk'; text: string; last: boolean }
  | { kind: 'choseong'; text: string }
  | { kind: 'latin'; parts: string[]; joined: string; last: boolean };

export interface ParsedQuery {
  normalized: string;
  /** The query without separators; '' means the query has no searchable text. */
  compact: string;
  /**
   * Alternative readings, a track matches when it matches any of them: the words as typed, and (for a
   * multi-word query) the words joined, so "잔잔한 피아노" also finds 잔잔한피아노 and "lo fi" finds "lofi".
   * Besides these, a query whose compact form begins a title's compact form matches that title.
   */
  readings: SearchTerm[][];
}

const isChoseongRun = (text: string): boolean => {
  for (const ch of text) if (!isChoseongCodePoint(ch.codePointAt(0)!)) return false;
  return true;
};

/** Identifies a term (kind, text and whether it is matched as a prefix); equal keys match the same tracks. */
export function termKey(t: SearchTerm): string {
  switch (t.kind) {
    case 'cjk':
      return `c${t.last ? '*' : ''}:${t.text}`;
    case 'choseong':
      return `h:${t.text}`;
    case 'latin':
      return `l${t.last ? '*' : ''}:${t.parts.join('-')}`;
  }
}

function termsOf(pieces: readonly string[]): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const piece of pieces) {
    for (const seg of segmentsOf(piece)) {
      if (seg.kind === 'cjk') {
        terms.push(isChoseongRun(seg.text) ? { kind: 'choseong', text: seg.text } : { kind: 'cjk', text: seg.text, last: false });
      } else {
        terms.push({ kind: 'latin', parts: seg.parts, joined: seg.parts.join(''), last: false });
      }
    }
  }
  const lastTerm = terms[terms.length - 1];
  if (lastTerm && lastTerm.kind !== 'choseong') lastTerm.last = true;
  const seen = new Set<string>();
  return terms.filter((t) => {
    const k = termKey(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Parses a raw query (any form a user may type) into its readings. */
export function parseSearchQuery(query: string): ParsedQuery {
  const normalized = normalizeText(query);
  const compact = compactNormalized(normalized);
  if (compact === '') return { normalized, compact, readings: [] };
  const words = normalized.split(' ');
  const readings = [termsOf(words)];
  if (words.length > 1) {
    const joined = termsOf([normalized.replace(/ /gu, '')]);
    const sameAs = (a: SearchTerm[], b: SearchTerm[]): boolean => a.length === b.length && a.every((t, i) => termKey(t) === termKey(b[i]!));
    if (!sameAs(joined, readings[0]!)) readings.push(joined);
  }
  return { normalized, compact, readings };
}

/** The tempo range a bare number in a query is also read as a BPM in (inclusive). */
export const BPM_TERM_MIN = 40;
export const BPM_TERM_MAX = 250;

/**
 * The BPM a term also asks for: a bare whole number from BPM_TERM_MIN to BPM_TERM_MAX ("120", not "mp3",
 * "12.5" or "0120"); null otherwise. It matches the tracks whose BPM, rounded as the catalogue shows it,
 * equals it.
 */
export function bpmOfTerm(term: SearchTerm): number | null {
  if (term.kind !== 'latin' || term.parts.length !== 1) return null;
  const w = term.joined;
  if (w.length < 2 || w.length > 3 || w.charCodeAt(0) === 0x30) return null;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return null;
  }
  const n = Number(w);
  return n >= BPM_TERM_MIN && n <= BPM_TERM_MAX ? n : null;
}

/** A span of the original text, in UTF-16 offsets, end exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

interface PlacedChar {
  ch: string;
  start: number;
  end: number;
}
type PlacedSegment = { kind: 'cjk'; chars: PlacedChar[] } | { kind: 'latin'; parts: PlacedChar[][] };

const CLUSTER_CONTINUATION = /[\p{M}\u1160-\u11ff\u200c\u200d]/u;

/**
 * The segments of an original (not normalised) text, each character placed at the span of the original it
 * came from. Characters are normalised one cluster (a character with its combining marks or conjoining
 * vowels) at a time, close enough to normalizeText for showing where a match is.
 */
function placedSegments(text: string): PlacedSegment[] {
  const out: PlacedSegment[] = [];
  let run: PlacedChar[] = [];
  let parts: PlacedChar[][] = [];
  let part: PlacedChar[] = [];
  let partIsDigits = false;
  const flushPart = (): void => {
    if (part.length > 0) parts.push(part);
    part = [];
  };
  const flushCompound = (): void => {
    flushPart();
    if (parts.length > 0) out.push({ kind: 'latin', parts });
    parts = [];
  };
  const flushRun = (): void => {
    if (run.length > 0) out.push({ kind: 'cjk', chars: run });
    run = [];
  };
  const clusters: { text: string; start: number; end: number }[] = [];
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const w = cp > 0xffff ? 2 : 1;
    const last = clusters[clusters.length - 1];
    if (last && last.end === i && CLUSTER_CONTINUATION.test(text.slice(i, i + w))) {
      last.text += text.slice(i, i + w);
      last.end = i + w;
    } else {
      clusters.push({ text: text.slice(i, i + w), start: i, end: i + w });
    }
    i += w;
  }
  for (const c of clusters) {
    const n = normalizeText(c.text);
    if (n === '') {
      if (/[\s\p{Cc}]/u.test(c.text)) flushCompound();
      else flushPart();
      continue;
    }
    for (const ch of n) {
      const cp = ch.codePointAt(0)!;
      if (ch === ' ') flushCompound();
      else if (ch === '-') flushPart();
      else if (isCjkCodePoint(cp)) {
        flushCompound();
        run.push({ ch, start: c.start, end: c.end });
      } else {
        flushRun();
        const digit = cp >= 0x30 && cp <= 0x39;
        if (part.length > 0 && digit !== partIsDigits) flushPart();
        partIsDigits = digit;
        part.push({ ch, start: c.start, end: c.end });
      }
    }
  }
  flushCompound();
  flushRun();
  return out;
}

/** Marks where `want` occurs in a run, or, with `then`, `want` followed by a character `then` accepts. */
function findRuns(
  chars: readonly PlacedChar[],
  want: readonly string[],
  map: (ch: string) => string,
  out: TextRange[],
  then?: (ch: string) => boolean,
): void {
  const length = want.length + (then ? 1 : 0);
  for (let i = 0; i + length <= chars.length; i++) {
    let ok = true;
    for (let k = 0; k < want.length && ok; k++) ok = map(chars[i + k]!.ch) === want[k];
    if (ok && then) ok = then(chars[i + want.length]!.ch);
    if (ok) out.push({ start: chars[i]!.start, end: chars[i + length - 1]!.end });
  }
}

function markWord(chars: readonly PlacedChar[], word: string, prefix: boolean, out: TextRange[]): void {
  const text = chars.map((c) => c.ch).join('');
  if (text === word || (prefix && text.startsWith(word) && word !== '')) {
    let length = 0;
    let k = 0;
    while (k < chars.length && length < word.length) length += chars[k++]!.ch.length;
    out.push({ start: chars[0]!.start, end: chars[k - 1]!.end });
  }
}

/**
 * Where the words of a query occur in a text (a title or artist as stored, not normalised), for
 * highlighting: sorted, non-overlapping ranges. Follows the matching rules (CJK inside runs with spaces
 * ignored, 초성, Latin words with the last as a prefix, compounds joined or by parts, and the pieces a
 * forgiven query cuts a run into) but not label matches, which have no place in the text.
 */
export function highlightRanges(text: string, query: string): TextRange[] {
  const parsed = parseSearchQuery(query);
  const found: TextRange[] = [];
  const segs = placedSegments(text);
  const same = (ch: string): string => ch;
  const initial = (ch: string): string => choseongOf(ch.codePointAt(0)!) ?? '.';
  // The terms a forgiven query counts too: the words of a run cut at a label (ピアノ of 穏やかなピアノ).
  for (const reading of [...parsed.readings, forgivingTerms(parsed) ?? []]) {
    for (const term of reading) {
      for (const seg of segs) {
        if (seg.kind === 'cjk') {
          const typing = term.kind === 'cjk' && term.last ? typingReadings(term.text) : null;
          if (typing) for (const r of typing) findRuns(seg.chars, Array.from(r.prefix), same, found, r.next);
          else if (term.kind === 'cjk') findRuns(seg.chars, Array.from(term.text), same, found);
          else if (term.kind === 'choseong') findRuns(seg.chars, Array.from(term.text), initial, found);
        } else if (term.kind === 'latin') {
          markWord(seg.parts.flat(), term.joined, term.last, found);
          term.parts.forEach((p, i) => {
            for (const part of seg.parts) markWord(part, p, term.last && i === term.parts.length - 1, found);
          });
        }
      }
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: TextRange[] = [];
  for (const r of found) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}
