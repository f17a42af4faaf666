import { isGenreCode, isGenreGroupCode, isMoodCode, parseSoundKey } from './codes';
import { BPM_RANGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, TEXT_LIMITS } from './constants';
import type { KeyMode } from './api';
import type { ErrorCode } from './errors';
import { parseListIdText } from './ids';

/** Sort fields of `GET /musics` (DECISIONS 6). Anything else is a 400, never passed to SQL. */
export const SORT_FIELDS = ['id', 'title', 'bpm', 'duration', 'popularity', 'relevance'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDir = 'asc' | 'desc';

/** The direction a field sorts in when none is given: newest, most popular and best match first. */
export const DEFAULT_SORT_DIR: Readonly<Record<SortField, SortDir>> = {
  id: 'desc',
  title: 'asc',
  bpm: 'asc',
  duration: 'asc',
  popularity: 'desc',
  relevance: 'desc',
};

export const MAX_MOODS_PER_QUERY = 20;
export const MAX_PAGE_NUMBER = 1_000_000;

/** A validated catalogue query. */
export interface MusicQuery {
  /** Zero-based. */
  page: number;
  size: number;
  q: string | null;
  bpmGte: number | null;
  bpmLte: number | null;
  sort: SortField;
  dir: SortDir;
  /** A genre code, or a group code N00 standing for every genre of the group. */
  genre: number | null;
  soundKey: string | null;
  /** Major or minor; with `soundKey`, that key only ('A' and 'minor': A minor), without it every key of the mode. */
  keyMode: KeyMode | null;
  speed: 1 | 2 | 3 | 4 | null;
  /** A track must have every one of these. */
  moods: number[];
  /** 0 likes, -1 downloads, > 0 one of the caller's playlists (DECISIONS 3). */
  tempPlayListId: number | null;
}

export type RawQuery = Record<string, string | string[] | undefined>;

export type MusicQueryResult = { ok: true; value: MusicQuery } | { ok: false; code: ErrorCode; field: string };

const values = (v: string | string[] | undefined): string[] =>
  (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter((s) => s !== '');
const single = (v: string | string[] | undefined): string | undefined => values(v)[0];
const INT = /^-?\d{1,10}$/u;
const NUM = /^-?\d{1,4}(\.\d{1,3})?$/u;

/** Reads the query of `GET /musics` (and the list endpoints) the way the web client sends it. */
export function parseMusicQuery(raw: RawQuery): MusicQueryResult {
  const fail = (code: ErrorCode, field: string): MusicQueryResult => ({ ok: false, code, field });

  let page = 0;
  const pageRaw = single(raw.page);
  if (pageRaw !== undefined) {
    if (!INT.test(pageRaw)) return fail('VALIDATION_FAILED', 'page');
    page = Number(pageRaw);
    if (page < 0 || page > MAX_PAGE_NUMBER) return fail('VALIDATION_FAILED', 'page');
  }

  let size = DEFAULT_PAGE_SIZE;
  const sizeRaw = single(raw.size);
  if (sizeRaw !== undefined) {
    if (!INT.test(sizeRaw)) return fail('VALIDATION_FAILED', 'size');
    size = Number(sizeRaw);
    if (size < 1 || size > MAX_PAGE_SIZE) return fail('VALIDATION_FAILED', 'size');
  }

  const qRaw = single(raw.q);
  if (qRaw !== undefined && qRaw.length > TEXT_LIMITS.searchQuery) return fail('FIELD_TOO_LONG', 'q');
  const q = qRaw ? qRaw : null;

  const bpm = (field: 'bpmGte' | 'bpmLte'): number | null | 'bad' => {
    const s = single(raw[field]);
    if (s === undefined) return null;
    if (!NUM.test(s)) return 'bad';
    const n = Number(s);
    return n < 0 || n > BPM_RANGE.max * 4 ? 'bad' : n;
  };
  const bpmGte = bpm('bpmGte');
  if (bpmGte === 'bad') return fail('INVALID_FILTER', 'bpmGte');
  const bpmLte = bpm('bpmLte');
  if (bpmLte === 'bad') return fail('INVALID_FILTER', 'bpmLte');
  if (bpmGte !== null && bpmLte !== null && bpmGte > bpmLte) return fail('INVALID_FILTER', 'bpmLte');

  // sort=field | sort=field,dir | sort=field&sort=dir, plus sortOrder
  const sortParts = values(raw.sort).flatMap((s) => s.split(',').map((p) => p.trim().toLowerCase()));
  let sort: SortField = q ? 'relevance' : 'id';
  let dir: SortDir | null = null;
  if (sortParts.length > 0) {
    const [field, maybeDir, ...rest] = sortParts;
    if (!(SORT_FIELDS as readonly string[]).includes(field!)) return fail('INVALID_SORT', 'sort');
    sort = field as SortField;
    if (maybeDir !== undefined) {
      if (maybeDir !== 'asc' && maybeDir !== 'desc') return fail('INVALID_SORT', 'sort');
      dir = maybeDir;
    }
    if (rest.length > 0) return fail('INVALID_SORT', 'sort');
  }
  const orderRaw = single(raw.sortOrder)?.toLowerCase();
  if (orderRaw !== undefined) {
    if (orderRaw !== 'asc' && orderRaw !== 'desc') return fail('INVALID_SORT', 'sortOrder');
    dir ??= orderRaw;
  }
  if (sort === 'relevance' && !q) sort = 'id';

  let genre: number | null = null;
  const gRaw = single(raw.g);
  if (gRaw !== undefined) {
    if (!INT.test(gRaw)) return fail('INVALID_FILTER', 'g');
    genre = Number(gRaw);
    if (!isGenreCode(genre) && !isGenreGroupCode(genre)) return fail('INVALID_FILTER', 'g');
  }

  let soundKey: string | null = null;
  const keyRaw = single(raw.soundKey);
  if (keyRaw !== undefined) {
    soundKey = parseSoundKey(keyRaw);
    if (soundKey === null) return fail('INVALID_FILTER', 'soundKey');
  }

  let keyMode: KeyMode | null = null;
  const modeRaw = single(raw.keyMode)?.toLowerCase();
  if (modeRaw !== undefined) {
    if (modeRaw !== 'major' && modeRaw !== 'minor') return fail('INVALID_FILTER', 'keyMode');
    keyMode = modeRaw;
  }

  let speed: MusicQuery['speed'] = null;
  const speedRaw = single(raw.speed);
  if (speedRaw !== undefined) {
    if (!/^[1-4]$/u.test(speedRaw)) return fail('INVALID_FILTER', 'speed');
    speed = Number(speedRaw) as 1 | 2 | 3 | 4;
  }

  const moodStrings = values(raw.moods).flatMap((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  );
  if (moodStrings.length > MAX_MOODS_PER_QUERY) return fail('INVALID_FILTER', 'moods');
  const moods: number[] = [];
  for (const m of moodStrings) {
    if (!INT.test(m) || !isMoodCode(Number(m))) return fail('INVALID_FILTER', 'moods');
    if (!moods.includes(Number(m))) moods.push(Number(m));
  }

  let tempPlayListId: number | null = null;
  // The id rule (ids.ts) applies to the text as sent: no trimming, so ' 1' is refused like '+1'.
  const listRaw = Array.isArray(raw.tempPlayListId) ? raw.tempPlayListId[0] : raw.tempPlayListId;
  if (listRaw !== undefined && listRaw !== '') {
    tempPlayListId = parseListIdText(listRaw);
    if (tempPlayListId === null) return fail('INVALID_ID', 'tempPlayListId');
  }

  return {
    ok: true,
    value: {
      page,
      size,
      q,
      bpmGte,
      bpmLte,
      sort,
      dir: dir ?? DEFAULT_SORT_DIR[sort],
      genre,
      soundKey,
      keyMode,
      speed,
      moods,
      tempPlayListId,
    },
  };
}

/** True when the query asks for more than a plain listing (any text or filter). */
export function hasConditions(q: MusicQuery): boolean {
  return (
    q.q !== null ||
    q.bpmGte !== null ||
    q.bpmLte !== null ||
    q.genre !== null ||
    q.soundKey !== null ||
    q.keyMode !== null ||
    q.speed !== null ||
    q.moods.length > 0
  );
}

export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
