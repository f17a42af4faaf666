import { DEFAULT_SORT_DIR, SORT_FIELDS, type SortDir, type SortField } from '@sori/contract';
import type { QueryValue } from '../../lib/api-client';

/**
 * The sort of a track list (PRODUCT §3's `sort` and `sortOrder`, DECISIONS 6 and 16): chosen in the
 * list's sort menu and kept in the URL under the API's own names, so reload, back and forward restore it.
 * Only what the user chose is stored; what is not chosen falls back to the list's own order.
 */
export interface SortChoice {
  field: SortField | null;
  dir: SortDir | null;
}

export const NO_SORT: SortChoice = Object.freeze({ field: null, dir: null }) as SortChoice;

/** Reads `sort` (a field, or `field,dir`) and `sortOrder` from a URL; anything unknown is ignored. */
export function sortFromParams(params: URLSearchParams): SortChoice {
  const [rawField, rawDir] = (params.get('sort') ?? '').split(',').map((part) => part.trim().toLowerCase());
  const field = (SORT_FIELDS as readonly string[]).includes(rawField ?? '') ? (rawField as SortField) : null;
  const order = (params.get('sortOrder') ?? rawDir ?? '').trim().toLowerCase();
  const dir = order === 'asc' || order === 'desc' ? order : null;
  return { field, dir };
}

/**
 * The order a list is actually in: the chosen field, else the list's default (best match for a text search
 * of the catalogue or one's uploads, newest otherwise; a playlist keeps the order tracks were added in).
 * Relevance needs text: without it the list is newest first, as the server does.
 */
export function effectiveSort(choice: SortChoice, q: string, listOrder: boolean): { field: SortField; dir: SortDir } {
  const hasText = q.trim() !== '';
  let field: SortField = choice.field ?? (hasText && !listOrder ? 'relevance' : 'id');
  if (field === 'relevance' && !hasText) field = 'id';
  return { field, dir: choice.dir ?? DEFAULT_SORT_DIR[field] };
}

/**
 * The sort as `GET /musics` parameters. A list without a chosen sort sends what it always did: nothing for
 * the catalogue (the server's default), `sort=id&sort=desc` for a playlist (the order of adding).
 */
export function sortToApiQuery(choice: SortChoice, q: string, listOrder: boolean): Record<string, QueryValue> {
  if (choice.field === null && choice.dir === null) return { sort: listOrder ? ['id', 'desc'] : undefined };
  const { field, dir } = effectiveSort(choice, q, listOrder);
  return { sort: field, sortOrder: dir };
}

/** Writes a sort into a copy of `base`; a new order starts at page 1. */
export function sortToParams(choice: SortChoice, base: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(base);
  out.delete('sort');
  out.delete('sortOrder');
  out.delete('page');
  if (choice.field) out.set('sort', choice.field);
  if (choice.dir) out.set('sortOrder', choice.dir);
  return out;
}

/** A stable text for query keys. */
export function sortKey(choice: SortChoice): string {
  return `${choice.field ?? ''},${choice.dir ?? ''}`;
}
