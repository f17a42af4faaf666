/**
 * Where the focus goes when the address changes. Every screen is mounted anew at each address (the screen
 * boundary is keyed by the path), so a control of the old screen that held the focus (a link in a list, a
 * form's field, a dialog it opened) is gone, and the browser drops the focus to the document's start: Tab
 * then starts from the top, and a screen reader hears nothing of the new screen. This places it on the new
 * screen's heading (its h1), as for any other navigation, /track/1 to /track/2 included. While the screen is
 * still loading (no h1 yet, or one inside `aria-busy`), the focus waits on `main`, then moves to the heading
 * as it arrives, and back to it if the screen replaces it (a loading heading giving way to the loaded one).
 *
 * Focus that did not fall is left alone: a header or sidebar link that stays on screen keeps it, and so does
 * anything the reader moves it to meanwhile (or an open dialog: the wait lasts until it closes).
 *
 * An address with a fragment (`/track/7#similar`, a row menu's "similar tracks") names a part of the screen:
 * its heading takes the focus instead, scrolled to the top of the view, and kept there while the parts
 * above it finish loading (until the reader scrolls, types or clicks).
 */
export function focusNewScreen(
  main: HTMLElement,
  { budgetMs = 10_000, anchor = '' }: { budgetMs?: number; anchor?: string } = {},
): () => void {
  const doc = main.ownerDocument;
  const win = doc.defaultView ?? window;
  const start = performance.now();
  let placed: HTMLElement | null = null;
  let frame = 0;
  let stopped = false;

  // Where the named part's heading was last put, while it is kept there: the reader's own scrolling or
  // typing ends the keeping (a click ends everything, below).
  let kept: number | null = null;
  let keeping = true;
  const release = () => {
    keeping = false;
  };
  const READER_MOVES = ['wheel', 'touchstart', 'keydown'] as const;
  const stop = () => {
    stopped = true;
    win.cancelAnimationFrame(frame);
    doc.removeEventListener('pointerdown', stop, true);
    for (const type of READER_MOVES) doc.removeEventListener(type, release, true);
  };
  const step = () => {
    if (stopped) return;
    if (performance.now() - start > budgetMs) {
      stop();
      return;
    }
    frame = win.requestAnimationFrame(step);
    const active = doc.activeElement;
    const fell = !active || active === doc.body || !active.isConnected;
    const ours = active === main || (placed !== null && active === placed);
    if (!fell && !ours) {
      stop();
      return;
    }
    // A dialog open over the screen holds or returns the focus itself; wait until it has closed.
    if (doc.querySelector('.modal.show, .modal-backdrop, .offcanvas-backdrop')) return;
    const heading = main.querySelector<HTMLElement>('h1');
    const loaded = heading && !heading.closest('[aria-busy="true"]') ? heading : null;
    // The named part's heading once the screen has loaded; the screen's own when it has no such part.
    const part = anchor && loaded ? doc.getElementById(anchor) : null;
    const partHeading = part && main.contains(part) ? (part.querySelector<HTMLElement>('h2, h3') ?? part) : null;
    const target = partHeading ?? loaded ?? main;
    if (partHeading && keeping) {
      // Kept at the top of the view while the parts above it load and grow.
      const top = Math.round(partHeading.getBoundingClientRect().top);
      if (kept === null || top !== kept) {
        partHeading.scrollIntoView({ block: 'start' });
        kept = Math.round(partHeading.getBoundingClientRect().top);
      }
    }
    if (active === target) return;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus({ preventScroll: true });
    placed = target;
  };
  // A pointer placing the focus (or clicking on nothing) is the reader's choice: the heading no longer takes it.
  doc.addEventListener('pointerdown', stop, true);
  for (const type of READER_MOVES) doc.addEventListener(type, release, true);
  frame = win.requestAnimationFrame(step);
  return stop;
}
