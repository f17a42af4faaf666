import { PAGINATION_WINDOW } from '@sori/contract';

/** One numbered slot of the pager: a page, or an ellipsis standing for the pages it skips. */
export type PageSlot = { kind: 'page'; page: number } | { kind: 'gap'; key: 'start' | 'end' };

/**
 * The numbered part of the pager (PRODUCT §2): up to five pages around the current one, and when the
 * window does not reach an end, a shortcut to the first or last page, with an ellipsis when pages lie
 * between the shortcut and the window.
 */
export function pageSlots(current: number, totalPages: number, windowSize = PAGINATION_WINDOW): PageSlot[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const size = Math.min(windowSize, totalPages);
  let start = Math.max(1, page - Math.floor((size - 1) / 2));
  const end = Math.min(totalPages, start + size - 1);
  start = Math.max(1, end - size + 1);

  const slots: PageSlot[] = [];
  if (start > 1) {
    slots.push({ kind: 'page', page: 1 });
    if (start > 2) slots.push({ kind: 'gap', key: 'start' });
  }
  for (let p = start; p <= end; p++) slots.push({ kind: 'page', page: p });
  if (end < totalPages) {
    if (end < totalPages - 1) slots.push({ kind: 'gap', key: 'end' });
    slots.push({ kind: 'page', page: totalPages });
  }
  return slots;
}
