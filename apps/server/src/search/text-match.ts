/**
 * Text matching for the catalogue index: a search text's words against titles, artists, genre and mood
 * labels and tempi, with the relevance classes a relevance sort pages across, and the text-match cache
 * (a text seen again is matched once against every live track). README.md gives the semantics.
 */
import {
  beginsAsTyped,
  bpmOfTerm,
  compactNormalized,
  forgivingTerms,
  keyNamedIn,
  parseSearchQuery,
  typingReadings,
  type KeyMode,
  type ParsedQuery,
  type SearchTerm,
} from '@sori/contract';
import { addToCounter, andInto, andNotInto, counterEqualsInto, forEachBit, isEmpty, orInto, popcount, setBit, type Bits } from './bitset';
import type { Tiers } from './index-types';
import { resolveLabels } from './labels';
import { compactSet, intersectInto, TextMatchCache, type IdSet, type TextMatchSets } from './text-cache';
import type { TrackStore } from './track-store';

/** Parsed search texts kept (a parse costs a normalisation and a tokenisation). */
const PARSED_QUERIES_MAX = 1024;

/**
 * A parsed search text, with the key it names, if any ("A minor", "가단조", "イ短調": `keyNamedIn`): a track
 * in that key and mode matching every other word of the text (`rest`) matches too, as by a label.
 */
export interface SearchText extends ParsedQuery {
  key: { pitchClass: number; mode: KeyMode; rest: SearchTerm[] } | null;
  /** What the text's matches are cached under: the normalised text, and the key (♯ and ♭ are normalised away). */
  cacheKey: string;
}

function searchTextOf(q: string): SearchText {
  const parsed = parseSearchQuery(q);
  const named = keyNamedIn(q);
  if (named === null) return { ...parsed, key: null, cacheKey: parsed.normalized };
  const rest = parseSearchQuery(named.rest).readings[0] ?? [];
  // When the key's name ended the text, none of the other words is the one being typed (matched as a prefix).
  if (named.atEnd) for (const t of rest) if (t.kind !== 'choseong') t.last = false;
  return {
    ...parsed,
    key: { pitchClass: named.pitchClass, mode: named.mode, rest },
    cacheKey: `${parsed.normalized}\u0002${named.pitchClass}${named.mode}`,
  };
}

export class TextMatcher {
  private readonly textCache: TextMatchCache;
  private readonly parsedQueries = new Map<string, SearchText>();

  constructor(
    private readonly store: TrackStore,
    /** Memory for the text-match cache (`text-cache.ts`), in bytes; 0 turns it off. */
    cacheBytes: number,
  ) {
    this.textCache = new TextMatchCache(cacheBytes);
  }

  /** Forgets cached matches (any track changed). */
  clear(): void {
    this.textCache.clear();
  }

  /** Hits, misses and size of the text-match cache, for the metrics. */
  stats(): { hits: number; misses: number; admitted: number; entries: number; bytes: number } {
    return { ...this.textCache.stats, entries: this.textCache.size, bytes: this.textCache.byteSize };
  }

  parse(q: string): SearchText {
    let parsed = this.parsedQueries.get(q);
    if (parsed === undefined) {
      parsed = searchTextOf(q);
      if (this.parsedQueries.size >= PARSED_QUERIES_MAX) this.parsedQueries.clear();
      this.parsedQueries.set(q, parsed);
    }
    return parsed;
  }

  /**
   * matchText under `filter`, through the text-match cache: a text seen again is matched once against every
   * live track, and each query then ANDs those sets with its own filter.
   */
  textMatches(
    parsed: SearchText,
    filter: Bits,
    wantTiers: boolean,
    partial: boolean,
  ): { matches: Bits; count: number; tiers: readonly (Bits | IdSet)[] | null } {
    // The partial matches of a text are cached apart from its whole matches, under a key no normalised
    // text can be (a control character is never part of one).
    const key = partial ? `\u0001${parsed.cacheKey}` : parsed.cacheKey;
    let sets: TextMatchSets | undefined = this.textCache.get(key);
    if (!sets && this.textCache.admit(key)) {
      const mark = this.store.pool.mark();
      const all = partial ? this.matchPartial(parsed, this.store.live, true) : this.matchText(parsed, this.store.live, true);
      sets = { matches: compactSet(all.matches), tiers: all.tiers!.map(compactSet) };
      this.store.pool.release(mark);
      this.textCache.set(key, sets);
    }
    if (!sets) {
      const m = partial ? this.matchPartial(parsed, filter, wantTiers) : this.matchText(parsed, filter, wantTiers);
      return { ...m, count: popcount(m.matches) };
    }
    const matches = sets.matches.dense ? this.store.pool.takeDirty() : this.store.pool.take();
    const count = intersectInto(matches, sets.matches, filter);
    return { matches, count, tiers: wantTiers ? sets.tiers : null };
  }

  /**
   * The relevance classes as the page reads them, best first: a class is narrowed to the final matches
   * only when paging reaches it (a first page rarely reads past the best two). Classes matched under the
   * filter already are used as they are unless a BPM range narrowed the matches since.
   */
  tiersWithin(classes: readonly (Bits | IdSet)[], matches: Bits, narrowed: boolean): Tiers {
    const done: Bits[] = [];
    return (k) => {
      let b = done[k];
      if (b === undefined) {
        const c = classes[k]!;
        if (c instanceof Uint32Array) {
          b = c;
          if (narrowed) andInto(b, matches);
        } else {
          b = c.dense ? this.store.pool.takeDirty() : this.store.pool.take();
          intersectInto(b, c, matches);
        }
        done[k] = b;
      }
      return b;
    };
  }

  /**
   * The tracks of `filter` matching the query, and, for a relevance sort, the six relevance classes (best
   * first) partitioning them.
   */
  private matchText(parsed: SearchText, filter: Bits, wantTiers: boolean): { matches: Bits; tiers: Bits[] | null } {
    const pool = this.store.pool;
    // A query whose compact form begins a title's compact form matches it (and ranks as exact or prefix).
    const order = this.store.titleOrder;
    const q = parsed.compact;
    const from = order.lowerBound((k) => k < q);
    const exactTo = order.lowerBound((k) => k <= q);
    const prefixTo = order.lowerBound((k) => k < q || k.startsWith(q));
    const ids = order.view();
    const prefix = pool.take();
    for (let i = from; i < prefixTo; i++) setBit(prefix, ids[i]!);
    // So does a title it begins once its last Hangul syllable is finished (피아노 산채 on the way to 피아노
    // 산책), as for the terms: a title does not drop out of its class while a syllable is being typed.
    for (const reading of typingReadings(q) ?? []) {
      const head = reading.prefix;
      const to = order.lowerBound((k) => k < head || k.startsWith(head));
      for (let i = order.lowerBound((k) => k < head); i < to; i++) {
        if (beginsAsTyped(compactNormalized(this.store.titleOf(ids[i]!)), reading)) setBit(prefix, ids[i]!);
      }
    }
    andInto(prefix, filter);
    const matches = pool.copy(prefix);

    const title4 = wantTiers ? pool.take() : null;
    const artist3 = wantTiers ? pool.take() : null;
    const label2 = wantTiers ? pool.take() : null;
    for (const reading of parsed.readings) {
      const all = pool.copy(filter);
      const inTitle = wantTiers ? pool.copy(filter) : null;
      const inArtist = wantTiers ? pool.copy(filter) : null;
      const inLabel = wantTiers ? pool.copy(filter) : null;
      for (const term of reading) {
        const mark = pool.mark();
        if (term.kind === 'choseong') {
          const c = pool.take();
          this.store.titleField.matchText(term, c, all, this.store.titleOf);
          this.artistTracksMatching(term, c);
          andInto(all, c);
          inTitle?.fill(0);
          inArtist?.fill(0);
          inLabel?.fill(0);
        } else {
          const t = pool.take();
          this.store.titleField.matchText(term, t, all, this.store.titleOf);
          const any = pool.copy(t);
          this.artistTracksMatching(term, any);
          if (inTitle && inArtist) {
            andInto(inTitle, t);
            andInto(inArtist, any);
          }
          this.labelTracks(term, any);
          this.bpmTracks(term, any);
          if (inLabel) andInto(inLabel, any);
          andInto(all, any);
        }
        pool.release(mark);
        if (isEmpty(all)) break;
      }
      orInto(matches, all);
      if (title4 && artist3 && label2 && inTitle && inArtist && inLabel) {
        andInto(inTitle, all);
        andInto(inArtist, all);
        andInto(inLabel, all);
        orInto(title4, inTitle);
        orInto(artist3, inArtist);
        orInto(label2, inLabel);
      }
    }
    // The key the text names, with its other words: matched as by a label.
    if (parsed.key) {
      const { pitchClass, mode, rest } = parsed.key;
      const modeBits = this.store.modeBits.get(mode);
      if (modeBits) {
        const all = pool.copy(filter);
        andInto(all, this.store.pitchBits[pitchClass]!);
        andInto(all, modeBits);
        for (const term of rest) {
          if (isEmpty(all)) break;
          const mark = pool.mark();
          const any = pool.take();
          this.store.titleField.matchText(term, any, all, this.store.titleOf);
          this.artistTracksMatching(term, any);
          if (term.kind !== 'choseong') {
            this.labelTracks(term, any);
            this.bpmTracks(term, any);
          }
          andInto(all, any);
          pool.release(mark);
        }
        orInto(matches, all);
        // A word matched by its 초성 puts the track in the 초성 class, as in the readings above.
        if (label2 && !rest.some((t) => t.kind === 'choseong')) orInto(label2, all);
      }
    }
    if (!title4 || !artist3 || !label2) return { matches, tiers: null };

    const exact = pool.take();
    for (let i = from; i < exactTo; i++) setBit(exact, ids[i]!);
    andInto(exact, filter);
    // Cumulative classes (each contains the better ones), then differences: exact, prefix, title, artist,
    // label, 초성.
    orInto(title4, prefix);
    orInto(artist3, title4);
    orInto(label2, artist3);
    const cumulative = [exact, prefix, title4, artist3, label2, matches];
    const tiers: Bits[] = [];
    for (let k = 0; k < cumulative.length; k++) {
      const d = pool.copy(cumulative[k]!);
      if (k > 0) andNotInto(d, cumulative[k - 1]!);
      tiers.push(d);
    }
    return { matches, tiers };
  }

  /**
   * The tracks of `filter` matching some terms of a forgiven query (`forgivingTerms`), and, for a relevance
   * sort, the classes partitioning them best first: by how many terms a track matches (most first), then by
   * the worst way its matched terms match (title, artist, label or BPM, 초성). Each term's tracks are added
   * to a bit-sliced counter (four bitsets, for up to FORGIVING_TERMS_MAX terms), so each class is one pass
   * over the words. A track matching every term is found here only when the terms were cut at labels
   * (穏やか + ぴあの matches a peaceful ピアノ track, which 穏やかなぴあの does not).
   */
  private matchPartial(parsed: SearchText, filter: Bits, wantTiers: boolean): { matches: Bits; tiers: Bits[] | null } {
    const pool = this.store.pool;
    const terms = forgivingTerms(parsed)!;
    const matches = pool.take();
    const counter = wantTiers ? [pool.take(), pool.take(), pool.take(), pool.take()] : null;
    // Tracks with a matched term outside the title (notTitle), outside title and artist (notArtist), and
    // with a term matched by 초성 (byChoseong): each includes the next.
    const notTitle = wantTiers ? pool.take() : null;
    const notArtist = wantTiers ? pool.take() : null;
    const byChoseong = wantTiers ? pool.take() : null;
    for (const term of terms) {
      const mark = pool.mark();
      const any = pool.take();
      if (term.kind === 'choseong') {
        this.store.titleField.matchText(term, any, filter, this.store.titleOf);
        this.artistTracksMatching(term, any);
        andInto(any, filter);
        if (notTitle && notArtist && byChoseong) {
          orInto(notTitle, any);
          orInto(notArtist, any);
          orInto(byChoseong, any);
        }
      } else {
        this.store.titleField.matchText(term, any, filter, this.store.titleOf);
        const inTitle = wantTiers ? pool.copy(any) : null;
        this.artistTracksMatching(term, any);
        const inArtist = wantTiers ? pool.copy(any) : null;
        this.labelTracks(term, any);
        this.bpmTracks(term, any);
        andInto(any, filter);
        if (notTitle && notArtist && inTitle && inArtist) {
          const outside = pool.copy(any);
          andNotInto(outside, inTitle);
          orInto(notTitle, outside);
          outside.set(any);
          andNotInto(outside, inArtist);
          orInto(notArtist, outside);
        }
      }
      orInto(matches, any);
      if (counter) addToCounter(counter, any);
      pool.release(mark);
    }
    if (!counter || !notTitle || !notArtist || !byChoseong) return { matches, tiers: null };
    const tiers: Bits[] = [];
    for (let k = terms.length; k >= 1; k--) {
      const exactly = pool.take();
      counterEqualsInto(exactly, counter, k);
      const title = pool.copy(exactly);
      andNotInto(title, notTitle);
      const artist = pool.copy(exactly);
      andInto(artist, notTitle);
      andNotInto(artist, notArtist);
      const label = pool.copy(exactly);
      andInto(label, notArtist);
      andNotInto(label, byChoseong);
      andInto(exactly, byChoseong);
      tiers.push(title, artist, label, exactly);
    }
    return { matches, tiers };
  }

  /** A bare number (40–250) names a tempo: the tracks whose BPM rounds to it, cut out of the BPM order. */
  private bpmTracks(term: SearchTerm, out: Bits): void {
    const n = bpmOfTerm(term);
    if (n === null) return;
    const order = this.store.numericOrders.bpm;
    const from = order.lowerBound((k) => k < n - 0.5);
    const to = order.lowerBound((k) => k < n + 0.5);
    const ids = order.view();
    for (let i = from; i < to; i++) setBit(out, ids[i]!);
  }

  private artistTracksMatching(term: SearchTerm, out: Bits): void {
    if (this.store.artistNumbers.size === 0) return;
    const mark = this.store.artistPool.mark();
    const artists = this.store.artistPool.take();
    this.store.artistField.matchText(term, artists, null, this.store.artistTextOf);
    forEachBit(artists, (no) => this.store.artistTracks.orInto(no, out));
    this.store.artistPool.release(mark);
  }

  private labelTracks(term: SearchTerm, out: Bits): void {
    const codes = resolveLabels(term);
    for (const g of codes.genres) {
      const b = this.store.genreBits.get(g);
      if (b) orInto(out, b);
    }
    for (const m of codes.moods) {
      const b = this.store.moodBits.get(m);
      if (b) orInto(out, b);
    }
    for (const sp of codes.speeds) {
      const b = this.store.speedBits.get(sp);
      if (b) orInto(out, b);
    }
    for (const mode of codes.modes) {
      const b = this.store.modeBits.get(mode);
      if (b) orInto(out, b);
    }
  }
}
