/**
 * Keeps Tab inside the open dialog. react-bootstrap's own focus enforcement acts only after focus has left:
 * Tab from a dialog's last control first lands on the page behind it (which a screen reader announces) and
 * is pulled back to the dialog a moment later. Here Tab from the last control goes to the first, and
 * Shift+Tab from the first to the last, before focus moves at all. One listener serves every modal.
 */
const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The dialog on top: the last shown Bootstrap modal or side panel (offcanvas, which has a backdrop) in the document. */
function topDialog(doc: Document): HTMLElement | null {
  const open = doc.querySelectorAll<HTMLElement>('.modal.show[role="dialog"], .offcanvas.show[role="dialog"][aria-modal="true"]');
  return open[open.length - 1] ?? null;
}

/** What Tab stops at inside the dialog, in order: of a radio group only its checked button (or its first). */
function stops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => {
    if (el.tabIndex < 0 || el.closest('[hidden], [inert]')) return false;
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || el.checked || !el.name) return true;
    const group = [...dialog.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((r) => r.name === el.name);
    return !group.some((r) => r.checked) && group[0] === el;
  });
}

export function trapModalFocus(doc: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const dialog = topDialog(doc);
    if (!dialog) return;
    const items = stops(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    const active = doc.activeElement;
    let next: HTMLElement | undefined;
    if (!first || !last) next = dialog;
    else if (!dialog.contains(active)) next = event.shiftKey ? last : first;
    else if (event.shiftKey && (active === first || active === dialog)) next = last;
    else if (!event.shiftKey && active === last) next = first;
    if (!next) return;
    event.preventDefault();
    next.focus();
  };
  doc.addEventListener('keydown', onKeyDown, true);
  return () => doc.removeEventListener('keydown', onKeyDown, true);
}

/**
 * After a dialog removed the item it was opened from (deleting a playlist), or a new address mounted the
 * screen anew with the focus in it ("check another" on the verify page), puts focus on `target()` once
 * no modal is left on screen. The dialog's own focus return aims at the removed item's button, so focus
 * would otherwise fall to the page's start. Focus the user has already placed somewhere is left alone; a
 * side panel (the phone sidebar) may stay open, since the target is in it. `until` waits for more than the
 * dialogs: the removed item to leave the page (it goes when its list is read again), so that the focus it
 * held has really fallen before it is placed. `otherwise` runs when the focus is not placed (the reader had
 * put it elsewhere, or there is no target), for what the focus would have said to be said another way.
 * `after` runs at the end either way, once the focus is settled.
 */
export function refocusAfterDialogs(
  target: () => HTMLElement | null,
  {
    until = () => true,
    budgetMs = 3000,
    doc = document,
    otherwise,
    after,
  }: { until?: () => boolean; budgetMs?: number; doc?: Document; otherwise?: () => void; after?: () => void } = {},
): void {
  const start = performance.now();
  const step = () => {
    if ((doc.querySelector('.modal, .modal-backdrop') || !until()) && performance.now() - start < budgetMs) {
      requestAnimationFrame(step);
      return;
    }
    const active = doc.activeElement;
    const placed = active && active !== doc.body && active.isConnected ? null : target();
    if (placed) placed.focus();
    else otherwise?.();
    after?.();
  };
  requestAnimationFrame(step);
}

/**
 * `element` if the focus can go back to it: still in the document, shown, and not disabled (a busy button is
 * `aria-disabled` only for a moment, and keeps the focus, so it counts); else null.
 */
export function usableControl(element: Element | null | undefined): HTMLElement | null {
  if (!(element instanceof HTMLElement) || !element.isConnected || element.closest('[hidden], [inert]')) return null;
  if ((element as HTMLButtonElement).disabled) return null;
  if (typeof element.checkVisibility === 'function' && !element.checkVisibility()) return null;
  return element;
}

/** The item after `id` in `ids`, else the one before, else null: where focus goes when `id` is removed. */
export function neighbourOf<T>(ids: readonly T[], id: T): T | null {
  const i = ids.indexOf(id);
  if (i < 0) return null;
  return ids[i + 1] ?? ids[i - 1] ?? null;
}
