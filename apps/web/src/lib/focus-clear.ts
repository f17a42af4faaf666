import { useEffect } from 'react';

/**
 * Keeps the focused control clear of the bars laid over the page (WCAG 2.4.11, focus not obscured): the
 * navigation and the search's compact filters at the top, the player bar at the bottom, each marked
 * `data-covers="top"` or `"bottom"`. The browser scrolls a control reached by Tab into view only when it is
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
  for (const cover of document.querySelectorAll<HTMLElement>('[data-covers]')) {
    if (cover.contains(el)) return 0;
    const style = getComputedStyle(cover);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const box = cover.getBoundingClientRect();
    if (box.height === 0) continue;
    if (cover.dataset.covers === 'top') top = Math.max(top, box.bottom);
    else bottom = Math.min(bottom, box.top);
  }
  const box = el.getBoundingClientRect();
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
