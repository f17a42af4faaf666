/**
 * The terms of a query counted one by one when no track matches the query whole ("search that forgives",
 * apps/server/src/search/README.md): the terms of the words as typed, each CJK term also cut at the genre and mood labels it holds,
 * since Japanese (and often Korean) runs words together: 穏やかなピアノ is 穏やか + ピアノ, 잔잔한피아노 is
 * 잔잔한 + 피아노.
 */
import { GENRE_GROUPS, GENRES, KEY_MODE_WORDS, LANGS, MOOD_GROUPS, MOODS, SPEEDS } from '../codes';
import { compactNormalized, isCjkCodePoint, normalizeText } from './normalize';
import { termKey, type ParsedQuery, type SearchTerm } from './tokenize';

let cjkKeys: readonly string[] | null = null;
const LABELLED_MODES = [{ labels: KEY_MODE_WORDS.major }, { labels: KEY_MODE_WORDS.minor }];

/**
 * The genre, mood and speed label keys and the key modes' words (as the server's label dictionary finds
 * labels: each label's compact form
 * and its words, in the three languages) of two or more characters, all CJK: 잔잔한, 穏やか, ろーふぁい.
 * Longest first. Made at first use.
 */
export function cjkLabelKeys(): readonly string[] {
  if (cjkKeys === null) {
    const keys = new Set<string>();
    for (const item of [...GENRES, ...GENRE_GROUPS, ...MOODS, ...MOOD_GROUPS, ...SPEEDS, ...LABELLED_MODES]) {
      for (const lang of LANGS) {
        const norm = normalizeText(item.labels[lang]);
        for (const k of [compactNormalized(norm), ...norm.split(/[ -]/u)]) {
          const chars = Array.from(k);
          if (chars.length >= 2 && chars.every((c) => isCjkCodePoint(c.codePointAt(0)!))) keys.add(k);
        }
      }
    }
    cjkKeys = [...keys].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  }
  return cjkKeys;
}

/**
 * The most terms counted: a query of 2 to this many terms is forgiven. Longer ones (rare: 200 characters at
 * most) still need every term; the bound keeps the counting to three bit slices.
 */
export const FORGIVING_TERMS_MAX = 8;

/** Japanese particles (and the な of na-adjectives) that join a label to the next word: 穏やかなピアノ. */
const PARTICLES = new Set(['な', 'の', 'に', 'を', 'が', 'で', 'と', 'は', 'へ', 'も', 'や']);

/**
 * A CJK term cut at the label keys it holds (leftmost, longest first): each label key becomes a term, and so
 * does each piece between them once leading particles are dropped, when two or more characters are left.
 * A term holding no label, or only one label exactly, is returned as it is.
 */
export function splitAtLabels(term: SearchTerm): SearchTerm[] {
  if (term.kind !== 'cjk') return [term];
  const text = term.text;
  const keys = cjkLabelKeys();
  const pieces: { text: string; end: number }[] = [];
  let rest = '';
  const flush = (end: number): void => {
    let i = 0;
    while (i < rest.length && PARTICLES.has(rest[i]!)) i++;
    const piece = rest.slice(i);
    if (Array.from(piece).length >= 2) pieces.push({ text: piece, end });
    rest = '';
  };
  for (let i = 0; i < text.length;) {
    const key = keys.find((k) => text.startsWith(k, i));
    if (key === undefined) {
      rest += text[i];
      i++;
      continue;
    }
    flush(i);
    pieces.push({ text: key, end: i + key.length });
    i += key.length;
  }
  flush(text.length);
  if (pieces.length < 2) return [term];
  return pieces.map((p) => ({ kind: 'cjk', text: p.text, last: term.last && p.end === text.length }));
}

const memo = new WeakMap<ParsedQuery, readonly SearchTerm[] | null>();

/** The terms counted one by one when nothing matches the query whole, or null when it is not forgiven. */
export function forgivingTerms(parsed: ParsedQuery): readonly SearchTerm[] | null {
  let terms = memo.get(parsed);
  if (terms === undefined) {
    const seen = new Set<string>();
    const list: SearchTerm[] = [];
    for (const term of parsed.readings[0] ?? []) {
      for (const t of splitAtLabels(term)) {
        const k = termKey(t);
        if (!seen.has(k)) {
          seen.add(k);
          list.push(t);
        }
      }
    }
    terms = list.length >= 2 && list.length <= FORGIVING_TERMS_MAX ? list : null;
    memo.set(parsed, terms);
  }
  return terms;
}
