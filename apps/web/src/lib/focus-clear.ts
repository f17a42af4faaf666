import { useEffect } from 'react';

/**
 * Keeps the focused control clear of the bars laid over the page (WCAG 2.4.11, focus not obscured): the
 * navigation and the search's compact filters at the top, the player bar at the bottom, each marked
 * `data-covers="top"` or `"bottom"`, and the notices, `"auto"` (at the top on a wide screen, the bottom on a
 * phone). A bar counts only where it is over the control: the notices stand at the right on a wide screen. The browser scrolls a control reached by Tab into view only when it is
 * outside the window, and the part under a sticky or fixed bar counts as inside (Chromium leaves the page's
 * scroll padding out of that test): Shift+Tab went up the track rows under the navigation, and Tab down them
 * under the player bar, unseen. A control focused from the keyboard under a bar brings the page along by as
 * much; a pointer's focus, and a control in a fixed or sticky layer (a dialog, a menu, a bar), are left alone.
 */
export function useFocusClear(): void {
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const el = event.target;
      if (!(el instanceof Element) || !el.matches(':focus-visible')) return;
      const by = clearanceScroll(el);
      if (by !== 0) window.scrollBy({ top: by, behavior: 'instant' });
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
}

/** Room left between a bar and the control brought clear of it, px. */
const CLEARANCE = 8;

/** How far the page must scroll (negative: up) for `el` to sit clear of the bars; 0 when it does or cannot. */
export function clearanceScroll(el: Element): number {
  if (!scrollsWithPage(el)) return 0;
  let top = 0;
  let bottom = window.innerHeight;
  const box = el.getBoundingClientRect();
  for (const cover of document.querySelectorAll<HTMLElement>('[data-covers]')) {
    if (cover.contains(el)) return 0;
    const style = getComputedStyle(cover);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const over = cover.getBoundingClientRect();
    // Empty, or beside the control rather than over it (the notices stand at the right on a wide screen).
    if (over.height === 0 || over.right <= box.left || over.left >= box.right) continue;
    // `auto`: a layer that moves between the top and the bottom (the notices: at the bottom on a phone).
    const side = cover.dataset.covers === 'auto' ? (over.top + over.bottom < window.innerHeight ? 'top' : 'bottom') : cover.dataset.covers;
    if (side === 'top') top = Math.max(top, over.bottom);
    else bottom = Math.min(bottom, over.top);
  }
  // Taller than the room between the bars (the main region, focused after a route change): left as it is.
  if (box.height > bottom - top - 2 * CLEARANCE) return 0;
  if (box.top < top) return box.top - top - CLEARANCE;
  if (box.bottom > bottom) return box.bottom - bottom + CLEARANCE;
  return 0;
}

function scrollsWithPage(el: Element): boolean {
  for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
    const { position } = getComputedStyle(node);
    if (position === 'fixed' || position === 'sticky') return false;
  }
  return true;
}
