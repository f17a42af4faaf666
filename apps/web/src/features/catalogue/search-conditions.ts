import { parseMusicQuery, type KeyMode, type MusicQuery, type RawQuery } from '@sori/contract';
import type { QueryValue } from '../../lib/api-client';

/**
 * The search conditions of a track list (PRODUCT §3 and §4) and their place in the URL (DECISIONS 16):
 * the query of the screen uses the API's own names (q, g, speed, moods, soundKey, keyMode, bpmGte, bpmLte) plus a
 * one-based `page`, so a shared link, reload, back and forward all restore the same search.
 */
export interface SearchConditions {
  /** Trimmed search text; '' when there is none. */
  q: string;
  /** A genre code, or a group code N00 standing for the whole group. */
  genre: number | null;
  speed: 1 | 2 | 3 | 4 | null;
  /** Every selected mood must match. */
  moods: number[];
  soundKey: string | null;
  /** Major or minor: with a key, that key in that mode; alone, every key of the mode. */
  keyMode: KeyMode | null;
  bpmMin: number | null;
  bpmMax: number | null;
}

export const NO_CONDITIONS: SearchConditions = Object.freeze({
  q: '',
  genre: null,
  speed: null,
  moods: [],
  soundKey: null,
  keyMode: null,
  bpmMin: null,
  bpmMax: null,
}) as SearchConditions;

/** The URL parameters that are search conditions; anything else in the query is left alone. */
const CONDITION_PARAMS = ['q', 'g', 'speed', 'moods', 'soundKey', 'keyMode', 'bpmGte', 'bpmLte'] as const;

function rawFrom(params: URLSearchParams): RawQuery {
  const raw: RawQuery = {};
  for (const name of CONDITION_PARAMS) {
    const values = params.getAll(name);
    if (values.length === 1) raw[name] = values[0];
    else if (values.length > 1) raw[name] = values;
  }
  return raw;
}

function fromQuery(query: MusicQuery): SearchConditions {
  return {
    q: query.q?.trim() ?? '',
    genre: query.genre,
    speed: query.speed,
    moods: [...query.moods],
    soundKey: query.soundKey,
    keyMode: query.keyMode,
    bpmMin: query.bpmGte,
    bpmMax: query.bpmLte,
  };
}

/**
 * Reads conditions from a URL query with the contract's parser, the same rules the server applies. A
 * field it refuses (a hand-edited link with an unknown genre, say) is dropped and the rest kept, so a
 * half-broken link still opens a sensible search instead of an error.
 */
export function conditionsFromParams(params: URLSearchParams): SearchConditions {
  const raw = rawFrom(params);
  // A range written the wrong way round (a hand-edited link) is searched swapped, as the filters do.
  const [gte, lte] = [raw.bpmGte, raw.bpmLte];
  if (typeof gte === 'string' && typeof lte === 'string' && /^\d+$/u.test(gte) && /^\d+$/u.test(lte) && Number(gte) > Number(lte)) {
    [raw.bpmGte, raw.bpmLte] = [lte, gte];
  }
  for (let attempt = 0; attempt <= CONDITION_PARAMS.length; attempt++) {
    const parsed = parseMusicQuery(raw);
    if (parsed.ok) return fromQuery(parsed.value);
    if (!(parsed.field in raw)) break;
    delete raw[parsed.field];
  }
  return NO_CONDITIONS;
}

/** The one-based page in the URL; anything that is not a positive whole number means page 1. */
export function pageFromParams(params: URLSearchParams): number {
  const raw = params.get('page');
  if (!raw || !/^\d{1,6}$/u.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** Conditions as they should be searched: text trimmed, BPM bounds in order, moods without repeats. */
export function normalizeConditions(c: SearchConditions): SearchConditions {
  return { ...c, q: c.q.trim(), moods: [...new Set(c.moods)], ...searchedBpm(c.bpmMin, c.bpmMax) };
}

/** A BPM range as it is searched: bounds typed the wrong way round (120 to 90) are swapped. */
export function searchedBpm(min: number | null, max: number | null): { bpmMin: number | null; bpmMax: number | null } {
  return min !== null && max !== null && min > max ? { bpmMin: max, bpmMax: min } : { bpmMin: min, bpmMax: max };
}

/**
 * Writes conditions and page into a copy of `base` (other parameters, such as a shared track, are kept).
 * Page 1 is left out, so a new search and a first visit have the same address.
 */
export function conditionsToParams(c: SearchConditions, page = 1, base?: URLSearchParams): URLSearchParams {
  const n = normalizeConditions(c);
  const out = new URLSearchParams(base);
  for (const name of [...CONDITION_PARAMS, 'page']) out.delete(name);
  if (n.q) out.set('q', n.q);
  if (n.genre !== null) out.set('g', String(n.genre));
  if (n.speed !== null) out.set('speed', String(n.speed));
  for (const mood of n.moods) out.append('moods', String(mood));
  if (n.soundKey) out.set('soundKey', n.soundKey);
  if (n.keyMode) out.set('keyMode', n.keyMode);
  if (n.bpmMin !== null) out.set('bpmGte', String(n.bpmMin));
  if (n.bpmMax !== null) out.set('bpmLte', String(n.bpmMax));
  if (page > 1) out.set('page', String(page));
  return out;
}

/** The conditions as `GET /musics` query parameters. */
export function toApiQuery(c: SearchConditions): Record<string, QueryValue> {
  const n = normalizeConditions(c);
  return {
    q: n.q || undefined,
    g: n.genre ?? undefined,
    speed: n.speed ?? undefined,
    moods: n.moods.length ? n.moods : undefined,
    soundKey: n.soundKey ?? undefined,
    keyMode: n.keyMode ?? undefined,
    bpmGte: n.bpmMin ?? undefined,
    bpmLte: n.bpmMax ?? undefined,
  };
}

/** True when any filter besides the text is set. */
export function hasFilters(c: SearchConditions): boolean {
  return (
    c.genre !== null ||
    c.speed !== null ||
    c.moods.length > 0 ||
    c.soundKey !== null ||
    c.keyMode !== null ||
    c.bpmMin !== null ||
    c.bpmMax !== null
  );
}

/** How many filters are on, as the filter button's badge counts them (the BPM range is one). */
export function countFilters(c: SearchConditions): number {
  if (!hasFilters(c)) return 0;
  return (
    (c.genre !== null ? 1 : 0) +
    (c.speed !== null ? 1 : 0) +
    c.moods.length +
    (c.soundKey ? 1 : 0) +
    (c.keyMode ? 1 : 0) +
    (c.bpmMin !== null || c.bpmMax !== null ? 1 : 0)
  );
}

export function hasConditions(c: SearchConditions): boolean {
  return c.q.trim() !== '' || hasFilters(c);
}

/** A stable text for comparing two sets of conditions (and for query keys). */
export function conditionsKey(c: SearchConditions): string {
  return conditionsToParams(c).toString();
}

/**
 * Reads a BPM typed into a filter box: a number above 0 and up to 999, with at most two decimals (72.5, as
 * the analysis measures tempi), else no bound. The box says when what it holds is no bound (BpmRange).
 */
export function parseBpmInput(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}(?:\.\d{1,2})?$/u.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}
