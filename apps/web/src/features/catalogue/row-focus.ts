import { neighbourOf, refocusAfterDialogs } from '../../lib/modal-focus';

const rowOf = (trackId: string) => document.querySelector<HTMLElement>(`[data-testid="track-row"][data-track-id="${CSS.escape(trackId)}"]`);

/** The track the focus should go to when the row of `trackId` goes away: the next row's, else the one before. */
export function neighbourRow(trackId: number): string | null {
  const rows = [...document.querySelectorAll('[data-testid="track-row"]')].map((row) => row.getAttribute('data-track-id'));
  return neighbourOf(rows, String(trackId));
}

/**
 * After the row of `removed` goes away with the control the focus was on (a track removed from a playlist, a
 * track deleted), puts the focus on the same control in the row of `next` (`action`, a data-testid, while it
 * shows; else that row's menu, which holds the actions a narrow table folds away), else on the page's title:
 * not on the page's start. Waits for the row to leave the list (it goes when the list is read again) and for
 * any dialog to close; focus the user has placed elsewhere meanwhile is left alone.
 */
export function refocusRow(removed: number, next: string | null, action?: string): void {
  refocusAfterDialogs(
    () => {
      const row = next === null ? null : rowOf(next);
      const own = action ? row?.querySelector<HTMLElement>(`[data-testid="${action}"]`) : null;
      if (own && own.getClientRects().length > 0) return own;
      const menu = row?.querySelector<HTMLElement>('[data-testid="row-menu"] button');
      if (menu) return menu;
      const heading = document.querySelector<HTMLElement>('[data-testid="page-title"]');
      heading?.setAttribute('tabindex', '-1');
      return heading;
    },
    { until: () => !rowOf(String(removed)), budgetMs: 5000 },
  );
}
