/**
 * `dom-helpers/transitionEnd`, as react-bootstrap calls it to learn that a dialog, the phone sidebar or a
 * collapse has finished showing or hiding, with its known fault mended (dom-helpers issue 184, react-bootstrap
 * issue 6153; the fix, pull request 206, was not released when this was written). Both vite.config.ts and the
 * web tests' config put this module in its place (`TRANSITION_END_ALIAS`).
 *
 * The library waits for the element's own `transitionend`, and in case none comes (no transition ran: a
 * reduced-motion setting, an interrupted fade) sends one itself once the transition's time has passed.
 * Its "one came" flag was also set by a `transitionend` bubbling up from anything inside (an input's border
 * colour, a button's shadow), which cancelled that fallback: a login closed while it was still fading in left
 * its invisible dialog over the page, taking every click, on a busy machine about one time in twenty. Here
 * only the element's own event counts.
 */
type Handler = (event: TransitionEvent) => void;

function parseDuration(element: HTMLElement): number {
  const text = getComputedStyle(element).transitionDuration || '';
  const first = text.split(',')[0] ?? '';
  const value = Number.parseFloat(first);
  if (!Number.isFinite(value)) return 0;
  return first.includes('ms') ? value : value * 1000;
}

function emulateTransitionEnd(element: HTMLElement, duration: number, padding = 5): () => void {
  let called = false;
  const seen = (event: Event) => {
    if (event.target === element) called = true;
  };
  element.addEventListener('transitionend', seen);
  const timer = setTimeout(() => {
    if (!called) element.dispatchEvent(new Event('transitionend', { bubbles: true, cancelable: true }));
  }, duration + padding);
  return () => {
    clearTimeout(timer);
    element.removeEventListener('transitionend', seen);
  };
}

export default function transitionEnd(element: HTMLElement, handler: Handler, duration?: number | null, padding?: number): () => void {
  const removeEmulation = emulateTransitionEnd(element, duration ?? parseDuration(element), padding);
  const listener = handler as EventListener;
  element.addEventListener('transitionend', listener);
  return () => {
    removeEmulation();
    element.removeEventListener('transitionend', listener);
  };
}
