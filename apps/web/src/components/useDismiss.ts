import { useEffect, type RefObject } from 'react';

/** Closes a popup on a pointer press outside `root` or on Escape (focus then returns to `returnFocus`). */
export function useDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  close: () => void,
  returnFocus?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const handlePointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
      returnFocus?.current?.focus();
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open, root, close, returnFocus]);
}

/** Opens a popup upwards when there is not enough room under its toggle. */
export function opensUpward(toggle: HTMLElement | null, needed: number): boolean {
  if (!toggle) return false;
  const rect = toggle.getBoundingClientRect();
  // The player bar covers the bottom of the window while a track is loaded.
  const player = document.querySelector('[data-testid="player-bar"]');
  const bottom = player ? player.getBoundingClientRect().top : window.innerHeight;
  return rect.bottom + needed > bottom && rect.top - needed > 60;
}
