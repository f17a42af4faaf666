/**
 * One searchable text field (track titles, or distinct artist names): entries (ids) indexed by the tokens of
 * their normalised text, and the term matching of the query language on top of them.
 *
 * Stored per field: a posting list per token (CJK bigrams or one-character runs, Latin parts and joined
 * compounds), a bitset per initial consonant, and three small vocabulary indexes that turn the query forms
 * the postings do not hold directly into unions of postings: the sorted Latin words (prefix of the last
 * word), the bigrams containing each CJK character (one-character queries) and the bigrams under each pair
 * of initial consonants (초성 queries).
 */
import {
  choseongOf,
  choseongString,
  cjkGrams,
  compactNormalized,
  gramKey,
  gramText,
  indexTokensInto,
  typingReadings,
  type GramKey,
  type IndexTokens,
  type SearchTerm,
  type TypingReading,
} from '@sori/contract';
import {
  andInto,
  andNotInto,
  BitsPool,
  clearBit,
  forEachBit,
  grown,
  isEmpty,
  orInto,
  setBit,
  testBit,
  type Bits,
  wordsFor,
} from './bitset';
import { lowerBound, PostingStore } from './postings';

type TextOf = (entry: number) => string;

export class TextField {
  /** Token → entries; each CJK posting carries the bigram's position (IndexTokens.cjkPositions). */
  readonly postings = new PostingStore<GramKey>({ aux: true });
  private readonly latinWords: string[] = [];
  private readonly tokensByChar = new Map<string, Set<GramKey>>();
  private readonly tokensByConsonantPair = new Map<string, Set<GramKey>>();
  private readonly consonantBits = new Map<string, Bits>();
  private words: number;
  private readonly pool: BitsPool;
  /** During a bulk build new Latin words are appended and sorted once at the end, not spliced in. */
  private bulk = false;
  /** Reused by add/remove (a million titles at boot). */
  private readonly tokens: IndexTokens = { cjk: [], cjkPositions: [], latin: [], consonants: [] };

  constructor(capacity: number) {
    this.words = wordsFor(capacity);
    this.pool = new BitsPool(this.words);
  }

  /** Makes room for entries below `capacity`; bitsets handed to match* must be this long (wordsFor). */
  grow(capacity: number): void {
    const words = wordsFor(capacity);
    if (words <= this.words) return;
    this.words = words;
    for (const [c, b] of this.consonantBits) this.consonantBits.set(c, grown(b, words));
    this.pool.resize(words);
  }

  add(entry: number, normalized: string): void {
    const t = indexTokensInto(normalized, this.tokens);
    for (let k = 0; k < t.cjk.length; k++) {
      if (this.postings.add(t.cjk[k]!, entry, t.cjkPositions[k]!)) this.registerCjk(t.cjk[k]!);
    }
    for (const token of t.latin) {
      if (this.postings.add(token, entry)) {
        if (this.bulk) this.latinWords.push(token);
        else insertSorted(this.latinWords, token);
      }
    }
    for (const c of t.consonants) {
      let b = this.consonantBits.get(c);
      if (!b) this.consonantBits.set(c, (b = new Uint32Array(this.words)));
      setBit(b, entry);
    }
  }

  /** Removes an entry; `normalized` must be the text it was added with. */
  remove(entry: number, normalized: string): void {
    const t = indexTokensInto(normalized, this.tokens);
    for (const token of t.cjk) if (this.postings.delete(token, entry)) this.unregisterCjk(token);
    for (const token of t.latin) {
      // During a bulk build the word list is unsorted: endBulk drops the words left without postings.
      if (this.postings.delete(token, entry) && !this.bulk) deleteSorted(this.latinWords, token);
    }
    for (const c of t.consonants) {
      const b = this.consonantBits.get(c);
      if (b) clearBit(b, entry);
    }
  }

  beginBulk(): void {
    this.bulk = true;
  }
  /** Ends a bulk build: sorts the Latin vocabulary and packs the postings. */
  endBulk(): void {
    this.bulk = false;
    const words = [...new Set(this.latinWords)].filter((w) => this.postings.has(w)).sort();
    this.latinWords.length = 0;
    this.latinWords.push(...words);
    this.postings.compact();
  }

  get vocabularySize(): number {
    return this.postings.keyCount;
  }

  /**
   * Sets in `out` the entries whose text matches a cjk or latin term. `restrict` (optional) limits the
   * entries that need checking against their text (three or more characters: the bigrams of the term are
   * all present, but maybe not in a row); entries outside it may be left out of `out`.
   */
  matchText(term: SearchTerm, out: Bits, restrict: Bits | null, textOf: TextOf): void {
    if (term.kind === 'cjk') {
      const typing = term.last ? typingReadings(term.text) : null;
      if (typing) this.matchTyping(term.text, typing, out, restrict, textOf);
      else this.matchCjk(term.text, out, restrict, textOf);
    } else if (term.kind === 'latin') this.matchLatin(term.parts, term.joined, term.last, out);
    else this.matchChoseong(term.text, out, restrict, textOf);
  }

  private matchCjk(text: string, out: Bits, restrict: Bits | null, textOf: TextOf): void {
    const grams = cjkGrams(text);
    if (grams[0] === text) {
      if (Array.from(text).length === 1) {
        // One character: every bigram containing it, plus the one-character runs that are exactly it.
        for (const token of this.tokensByChar.get(text) ?? []) this.postings.orInto(token, out);
      } else {
        this.postings.orInto(gramKey(text), out);
      }
      return;
    }
    // Entries holding every bigram of the term, found by walking the shortest list and seeking in the
    // others; then the bigrams must be consecutive in one run. Their recorded positions settle that without
    // reading the text when each occurs once (p, p + 1, …); otherwise the text is checked.
    const keys = grams.map(gramKey);
    const lists = keys.map((k) => this.postings.view(k));
    const positions = keys.map((k) => this.postings.auxView(k));
    const gramsDistinct = new Set(keys).size === keys.length;
    let lead = 0;
    for (let k = 1; k < lists.length; k++) if (lists[k]!.length < lists[lead]!.length) lead = k;
    const leadList = lists[lead]!;
    const cursors = new Int32Array(lists.length);
    const at = new Int32Array(lists.length);
    for (let i = 0; i < leadList.length; i++) {
      const e = leadList[i]!;
      at[lead] = i;
      let inAll = true;
      for (let k = 0; k < lists.length && inAll; k++) {
        if (k === lead) continue;
        const list = lists[k]!;
        let c = cursors[k]!;
        if (c < list.length && list[c]! < e) c = gallop(list, c, e);
        cursors[k] = c;
        at[k] = c;
        inAll = c < list.length && list[c] === e;
      }
      if (!inAll || (restrict && !testBit(restrict, e))) continue;
      let known = gramsDistinct;
      let consecutive = true;
      const first = positions[0]![at[0]!]!;
      for (let k = 0; k < lists.length && known; k++) {
        const p = positions[k]![at[k]!]!;
        if (p === 0) known = false;
        else if (p !== first + k) consecutive = false;
      }
      if (known ? consecutive : runsContain(textOf(e), text)) setBit(out, e);
    }
  }

  /**
   * The last term when it ends in a Hangul syllable still being typed (`hangul-typing.ts`): the term as
   * typed, and for each reading the entries where its prefix is followed, in one run, by a character the
   * reading allows. For a one-character prefix the bigrams of it and each allowed character are the answer;
   * a longer prefix is matched first (often nothing: no more work), and the entries it leaves that hold such
   * a bigram and are not matched already are checked against their text.
   */
  private matchTyping(text: string, readings: TypingReading[], out: Bits, restrict: Bits | null, textOf: TextOf): void {
    this.matchCjk(text, out, restrict, textOf);
    const mark = this.pool.mark();
    for (const { prefix, next, nextChars } of readings) {
      const chars = Array.from(prefix);
      const before = chars[chars.length - 1]!;
      if (chars.length === 1) {
        for (const ch of nextChars()) this.postings.orInto(gramKey(before + ch), out);
        continue;
      }
      const found = this.pool.take();
      this.matchCjk(prefix, found, restrict, textOf);
      andNotInto(found, out);
      if (restrict) andInto(found, restrict);
      if (isEmpty(found)) continue;
      const joined = this.pool.take();
      for (const ch of nextChars()) this.postings.orInto(gramKey(before + ch), joined);
      andInto(found, joined);
      forEachBit(found, (e) => {
        if (runsContainThen(textOf(e), prefix, next)) setBit(out, e);
      });
    }
    this.pool.release(mark);
  }

  private matchLatin(parts: readonly string[], joined: string, prefix: boolean, out: Bits): void {
    this.wordInto(joined, prefix, out);
    if (parts.length < 2) return;
    const mark = this.pool.mark();
    const all = this.pool.take();
    this.wordInto(parts[0]!, prefix && parts.length === 1, all);
    for (let i = 1; i < parts.length; i++) {
      const next = this.pool.take();
      this.wordInto(parts[i]!, prefix && i === parts.length - 1, next);
      andInto(all, next);
    }
    orInto(out, all);
    this.pool.release(mark);
  }

  private wordInto(word: string, prefix: boolean, out: Bits): void {
    if (!prefix) {
      this.postings.orInto(word, out);
      return;
    }
    const words = this.latinWords;
    for (let i = lowerBoundString(words, word); i < words.length && words[i]!.startsWith(word); i++) {
      this.postings.orInto(words[i]!, out);
    }
  }

  private matchChoseong(seq: string, out: Bits, restrict: Bits | null, textOf: TextOf): void {
    const cs = Array.from(seq);
    if (cs.length === 1) {
      const b = this.consonantBits.get(seq);
      if (b) orInto(out, b);
      return;
    }
    const mark = this.pool.mark();
    let all: Bits | null = null;
    for (let i = 0; i + 1 < cs.length; i++) {
      const pairBits = this.pool.take();
      for (const token of this.tokensByConsonantPair.get(cs[i]! + cs[i + 1]!) ?? []) this.postings.orInto(token, pairBits);
      if (all) andInto(all, pairBits);
      else all = pairBits;
    }
    const found = all!;
    if (cs.length === 2) {
      orInto(out, found);
    } else {
      if (restrict) andInto(found, restrict);
      forEachBit(found, (e) => {
        if (choseongString(textOf(e)).includes(seq)) setBit(out, e);
      });
    }
    this.pool.release(mark);
  }

  private registerCjk(token: GramKey): void {
    const text = gramText(token);
    for (const ch of new Set(text)) addToSetMap(this.tokensByChar, ch, token);
    const pair = consonantPair(text);
    if (pair !== null) addToSetMap(this.tokensByConsonantPair, pair, token);
  }

  private unregisterCjk(token: GramKey): void {
    const text = gramText(token);
    for (const ch of new Set(text)) deleteFromSetMap(this.tokensByChar, ch, token);
    const pair = consonantPair(text);
    if (pair !== null) deleteFromSetMap(this.tokensByConsonantPair, pair, token);
  }
}

/**
 * Whether `cjk` (CJK characters only) occurs inside one run of the normalised `text`: contiguous in the
 * text itself (the usual case, no copy needed), or once separators are dropped (runs ignore them; a Latin
 * letter or digit left in between still breaks the match, as it ends the run).
 */
function runsContain(text: string, cjk: string): boolean {
  if (text.includes(cjk)) return true;
  return (text.includes(' ') || text.includes('-')) && compactNormalized(text).includes(cjk);
}

/** Whether `prefix` occurs inside one run of the normalised `text` followed at once by a character `next` accepts. */
function runsContainThen(text: string, prefix: string, next: (ch: string) => boolean): boolean {
  const compact = text.includes(' ') || text.includes('-') ? compactNormalized(text) : text;
  for (let at = compact.indexOf(prefix); at >= 0; at = compact.indexOf(prefix, at + 1)) {
    const cp = compact.codePointAt(at + prefix.length);
    if (cp !== undefined && next(String.fromCodePoint(cp))) return true;
  }
  return false;
}

/** The initial consonants of a two-character token, when both characters have one. */
function consonantPair(token: string): string | null {
  const chars = Array.from(token);
  if (chars.length !== 2) return null;
  const a = choseongOf(chars[0]!.codePointAt(0)!);
  const b = choseongOf(chars[1]!.codePointAt(0)!);
  return a !== null && b !== null ? a + b : null;
}

function addToSetMap(m: Map<string, Set<GramKey>>, key: string, value: GramKey): void {
  let s = m.get(key);
  if (!s) m.set(key, (s = new Set()));
  s.add(value);
}
function deleteFromSetMap(m: Map<string, Set<GramKey>>, key: string, value: GramKey): void {
  const s = m.get(key);
  if (!s) return;
  s.delete(value);
  if (s.size === 0) m.delete(key);
}

/**
 * First index from `from` whose value is >= x, for a sorted list where list[from] < x: doubling steps, then
 * a binary search, so a list walked in step with a similar one costs O(1) per step, not O(log n).
 */
export function gallop(list: Uint32Array, from: number, x: number): number {
  let lo = from + 1;
  let step = 1;
  while (lo < list.length && list[lo]! < x) {
    lo += step;
    step *= 2;
  }
  return lowerBound(list, Math.max(from + 1, lo - (step >>> 1)), Math.min(lo + 1, list.length), x);
}

export function lowerBoundString(a: readonly string[], x: string): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertSorted(a: string[], x: string): void {
  const i = lowerBoundString(a, x);
  if (a[i] !== x) a.splice(i, 0, x);
}
function deleteSorted(a: string[], x: string): void {
  const i = lowerBoundString(a, x);
  if (a[i] === x) a.splice(i, 1);
}
