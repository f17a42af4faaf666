/**
 * The search semantics written the slow, obvious way: every track checked against the query with string
 * operations, then sorted with a comparator. Tests hold CatalogueIndex to this on random catalogues; it is
 * the executable form of the rules in README.md and shares only normalisation and segmentation with it.
 */
import {
  bpmOfTerm,
  choseongString,
  forgivingTerms,
  compactNormalized,
  GENRE_GROUPS,
  GENRES,
  genresMatching,
  KEY_MODE_WORDS,
  keyNamedIn,
  LANGS,
  MOOD_GROUPS,
  MOODS,
  SPEEDS,
  normalizeText,
  parseSearchQuery,
  parseSoundKey,
  pitchClassOfKey,
  segmentsOf,
  typingReadings,
  type Labels,
  type SearchTerm,
} from '@sori/contract';
import type { IndexedTrack, IndexQuery, IndexResult } from '../../src/search/catalogue-index';

interface FieldText {
  runs: string[];
  words: Set<string>;
}

function fieldText(raw: string | null): FieldText {
  const runs: string[] = [];
  const words = new Set<string>();
  if (raw !== null) {
    for (const seg of segmentsOf(normalizeText(raw))) {
      if (seg.kind === 'cjk') runs.push(seg.text);
      else {
        for (const p of seg.parts) words.add(p);
        words.add(seg.parts.join(''));
      }
    }
  }
  return { runs, words };
}

function wordMatches(words: Set<string>, w: string, prefix: boolean): boolean {
  for (const x of words) if (prefix ? x.startsWith(w) : x === w) return true;
  return false;
}

function termInField(term: SearchTerm, f: FieldText): boolean {
  switch (term.kind) {
    case 'cjk': {
      const typing = term.last ? typingReadings(term.text) : null;
      if (!typing) return f.runs.some((r) => r.includes(term.text));
      // Its last syllable still being typed: the prefix, then a character the reading allows.
      return f.runs.some((r) =>
        typing.some(({ prefix, next }) => Array.from(r).some((ch, i, chars) => next(ch) && chars.slice(0, i).join('').endsWith(prefix))),
      );
    }
    case 'choseong':
      return f.runs.some((r) => choseongString(r).includes(term.text));
    case 'latin':
      return (
        wordMatches(f.words, term.joined, term.last) ||
        (term.parts.length > 1 && term.parts.every((p, i) => wordMatches(f.words, p, term.last && i === term.parts.length - 1)))
      );
  }
}

function keysOfLabels(labels: Labels): string[] {
  const keys: string[] = [];
  for (const lang of LANGS) {
    const norm = normalizeText(labels[lang]);
    keys.push(compactNormalized(norm), ...norm.split(/[ -]/u));
  }
  return keys.filter((k) => k !== '');
}

/** Every label key of a track: its genre, its genre's group, its moods and their groups, its speed, its key's mode. */
function trackLabelKeys(t: IndexedTrack): string[] {
  const keys: string[] = [];
  const speed = SPEEDS.find((sp) => sp.value === t.speed);
  if (speed) keys.push(...keysOfLabels(speed.labels));
  if (t.keyMode !== null) keys.push(...keysOfLabels(KEY_MODE_WORDS[t.keyMode]));
  const genre = GENRES.find((g) => g.code === t.genre);
  if (genre) {
    keys.push(...keysOfLabels(genre.labels));
    const group = GENRE_GROUPS.find((g) => g.code === genre.group);
    if (group) keys.push(...keysOfLabels(group.labels));
  }
  for (const code of t.moods) {
    const mood = MOODS.find((m) => m.code === code);
    if (!mood) continue;
    keys.push(...keysOfLabels(mood.labels));
    const group = MOOD_GROUPS.find((g) => g.code === mood.group);
    if (group) keys.push(...keysOfLabels(group.labels));
  }
  return keys;
}

function termInLabels(term: SearchTerm, keys: readonly string[]): boolean {
  if (term.kind === 'choseong') return false;
  const text = term.kind === 'cjk' ? term.text : term.joined;
  if (keys.some((k) => k === text || (term.last && text.length >= 2 && k.startsWith(text)))) return true;
  const typing = term.kind === 'cjk' && term.last && text.length >= 2 ? typingReadings(text) : null;
  return (typing ?? []).some(({ prefix, next }) =>
    keys.some((k) => k.startsWith(prefix) && k.length > prefix.length && next(String.fromCodePoint(k.codePointAt(prefix.length)!))),
  );
}

/** A bare number from 40 to 250 also matches the tracks whose BPM, rounded as shown, is that number. */
function termInBpm(term: SearchTerm, t: IndexedTrack): boolean {
  const n = bpmOfTerm(term);
  return n !== null && t.bpm !== null && !Number.isNaN(t.bpm) && Math.round(t.bpm) === n;
}

/** How a term matches a track: 4 in the title, 3 in the artist, 2 by a label or the BPM, 1 by 초성; 0 not. */
function termTierOf(term: SearchTerm, t: IndexedTrack, title: FieldText, artist: FieldText, labels: readonly string[]): number {
  if (term.kind === 'choseong') return termInField(term, title) || termInField(term, artist) ? 1 : 0;
  if (termInField(term, title)) return 4;
  if (termInField(term, artist)) return 3;
  return termInLabels(term, labels) || termInBpm(term, t) ? 2 : 0;
}

/** Whether `key` begins with `compact` once the last Hangul syllable of `compact` is finished (산채 → 산책…). */
function beginsAsTyped(key: string, compact: string): boolean {
  return (typingReadings(compact) ?? []).some(
    ({ prefix, next }) =>
      key.startsWith(prefix) && key.length > prefix.length && next(String.fromCodePoint(key.codePointAt(prefix.length)!)),
  );
}

/** 6 exact title, 5 title prefix, 4 every term in the title, 3 … or artist, 2 … or labels / BPM, 1 초성; 0 no match. */
export function relevanceOf(t: IndexedTrack, q: string): number {
  const parsed = parseSearchQuery(q);
  if (parsed.compact === '') return 1;
  const titleKey = compactNormalized(normalizeText(t.title));
  if (titleKey === parsed.compact) return 6;
  if (titleKey.startsWith(parsed.compact) || beginsAsTyped(titleKey, parsed.compact)) return 5;
  const title = fieldText(t.title);
  const artist = fieldText(t.artist);
  const labels = trackLabelKeys(t);
  let best = 0;
  for (const reading of parsed.readings) {
    let tier = 4;
    for (const term of reading) tier = Math.min(tier, termTierOf(term, t, title, artist, labels));
    best = Math.max(best, tier);
  }
  // A key named with its mode ("A minor", "가단조") matches a track in that key and mode, as a label does,
  // when every other word of the text matches it too.
  const named = keyNamedIn(q);
  if (named && t.keyMode === named.mode && t.soundKey !== null) {
    const name = parseSoundKey(t.soundKey);
    if (name !== null && pitchClassOfKey(name) === named.pitchClass) {
      let tier = 2;
      for (const term of parseSearchQuery(named.rest).readings[0] ?? []) {
        const typed = named.atEnd ? (term.kind === 'choseong' ? term : { ...term, last: false }) : term;
        tier = Math.min(tier, termTierOf(typed, t, title, artist, labels));
      }
      best = Math.max(best, tier);
    }
  }
  return best;
}

/**
 * For a query forgiven when nothing matches it whole: how many of its terms a track matches (k) and how the
 * matched ones match (the worst of their tiers, 4 to 1), as k × 8 + tier; 0 when it matches none.
 */
export function partialRelevanceOf(t: IndexedTrack, q: string): number {
  const terms = forgivingTerms(parseSearchQuery(q));
  if (terms === null) return 0;
  const title = fieldText(t.title);
  const artist = fieldText(t.artist);
  const labels = trackLabelKeys(t);
  let matched = 0;
  let tier = 4;
  for (const term of terms) {
    const termTier = termTierOf(term, t, title, artist, labels);
    if (termTier === 0) continue;
    matched++;
    tier = Math.min(tier, termTier);
  }
  return matched === 0 ? 0 : matched * 8 + tier;
}

function visible(t: IndexedTrack, viewerId: number | null): boolean {
  return t.published || (viewerId !== null && t.ownerId === viewerId);
}

function passesFilters(t: IndexedTrack, q: IndexQuery): boolean {
  if (q.genre !== null && (t.genre === null || !genresMatching(q.genre).includes(t.genre))) return false;
  if (!q.moods.every((m) => t.moods.includes(m))) return false;
  if (q.soundKey !== null) {
    const want = parseSoundKey(q.soundKey);
    const have = t.soundKey === null ? null : parseSoundKey(t.soundKey);
    if (want === null || have === null || pitchClassOfKey(want) !== pitchClassOfKey(have)) return false;
  }
  if (q.keyMode !== null && t.keyMode !== q.keyMode) return false;
  if (q.speed !== null && t.speed !== q.speed) return false;
  if (q.bpmGte !== null || q.bpmLte !== null) {
    if (t.bpm === null || Number.isNaN(t.bpm)) return false;
    if (q.bpmGte !== null && t.bpm < q.bpmGte) return false;
    if (q.bpmLte !== null && t.bpm > q.bpmLte) return false;
  }
  return true;
}

const nullish = (v: number | null): boolean => v === null || Number.isNaN(v);

/** Every match of the query in order (before paging). */
export function oracleOrder(tracks: readonly IndexedTrack[], q: IndexQuery): number[] {
  const byId = new Map<number, IndexedTrack>();
  for (const t of tracks) byId.set(t.id, t);
  let candidates: IndexedTrack[];
  let listOrder: number[] | null = null;
  if (q.scope.kind === 'catalogue') {
    candidates = [...byId.values()].filter((t) => visible(t, q.viewerId));
  } else if (q.scope.kind === 'owner') {
    const owner = q.scope.ownerId;
    candidates = [...byId.values()].filter((t) => t.ownerId === owner);
  } else {
    listOrder = [...new Set(q.scope.ids.filter((id) => byId.has(id)))];
    candidates = listOrder.map((id) => byId.get(id)!).filter((t) => visible(t, q.viewerId));
  }
  candidates = candidates.filter((t) => passesFilters(t, q));
  const hasText = q.q !== null && parseSearchQuery(q.q).compact !== '';
  const relevance = new Map<number, number>();
  if (hasText) {
    for (const t of candidates) relevance.set(t.id, relevanceOf(t, q.q!));
    const full = candidates.filter((t) => relevance.get(t.id)! > 0);
    if (full.length === 0) {
      // Nothing matches the whole query: the tracks matching some of its terms, more terms first.
      for (const t of candidates) relevance.set(t.id, partialRelevanceOf(t, q.q!));
      candidates = candidates.filter((t) => relevance.get(t.id)! > 0);
    } else {
      candidates = full;
    }
  }
  const desc = q.dir === 'desc';
  const sort = q.sort === 'relevance' && !hasText ? 'id' : q.sort;
  if (sort === 'id' && listOrder) {
    const keep = new Set(candidates.map((t) => t.id));
    const ordered = listOrder.filter((id) => keep.has(id));
    return desc ? ordered : ordered.reverse();
  }
  const byIdDir = (a: IndexedTrack, b: IndexedTrack): number => (desc ? b.id - a.id : a.id - b.id);
  const numeric =
    (value: (t: IndexedTrack) => number | null) =>
    (a: IndexedTrack, b: IndexedTrack): number => {
      const va = value(a);
      const vb = value(b);
      if (nullish(va) !== nullish(vb)) return nullish(va) ? 1 : -1;
      if (nullish(va) || va === vb) return byIdDir(a, b);
      return desc ? vb! - va! : va! - vb!;
    };
  const titleKey = (t: IndexedTrack): string => compactNormalized(normalizeText(t.title));
  const comparators = {
    id: byIdDir,
    title: (a: IndexedTrack, b: IndexedTrack): number => {
      const ka = titleKey(a);
      const kb = titleKey(b);
      if (ka === kb) return byIdDir(a, b);
      return (ka < kb ? -1 : 1) * (desc ? -1 : 1);
    },
    bpm: numeric((t) => t.bpm),
    duration: numeric((t) => t.durationSec),
    popularity: numeric((t) => t.popularity),
    relevance: (a: IndexedTrack, b: IndexedTrack): number => {
      const d = relevance.get(a.id)! - relevance.get(b.id)!;
      if (d !== 0) return desc ? -d : d;
      return byIdDir(a, b);
    },
  };
  return [...candidates].sort(comparators[sort]).map((t) => t.id);
}

export function oracleSearch(tracks: readonly IndexedTrack[], q: IndexQuery): IndexResult {
  const all = oracleOrder(tracks, q);
  return { ids: all.slice(q.offset, q.offset + q.limit), total: all.length };
}

/** A query of the whole catalogue, signed out, newest first, 20 a page: the overrides say what differs. */
export function indexQuery(overrides: Partial<IndexQuery> = {}): IndexQuery {
  return {
    q: null,
    genre: null,
    moods: [],
    soundKey: null,
    keyMode: null,
    speed: null,
    bpmGte: null,
    bpmLte: null,
    sort: 'id',
    dir: 'desc',
    offset: 0,
    limit: 20,
    scope: { kind: 'catalogue' },
    viewerId: null,
    ...overrides,
  };
}
