import { useEffect, useRef } from 'react';
import { player } from './player';

/** True when a key press belongs to what the user is typing or to a control that handles keys itself. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  // A modal dialog owns the keyboard while it is open.
  return target.closest('[aria-modal="true"]') !== null;
}

/** Space on a button, link or menu item activates that control; it must not also toggle playback. */
function activatesControl(target: EventTarget | null): boolean {
  return (
    target instanceof Element && target.closest('button, a[href], summary, [role="button"], [role="menuitem"], [role="slider"]') !== null
  );
}

export type ShortcutAction = 'toggle' | 'back' | 'forward' | 'repeat' | 'next' | 'previous';

/** The shortcuts' keys, as `aria-keyshortcuts` names them (shown in the buttons' titles too, PRODUCT §13.2). */
export const NEXT_KEY = 'N';
export const PREVIOUS_KEY = 'P';
export const REPEAT_KEY = 'L';
export const TOGGLE_KEY = 'Space';
/**
 * The position slider's keys: ← and → work anywhere (5 s); Home, End, PageUp and PageDown while it has the
 * focus, as the WAI-ARIA slider pattern has them.
 */
export const POSITION_KEYS = 'ArrowLeft ArrowRight Home End PageUp PageDown';

/**
 * The player's keyboard shortcuts (PRODUCT §4): Space play/pause, ← and → 5 seconds, L repeat, and N / P
 * next / previous track of the queue; never while typing. Letters are read by key position (event.code),
 * so they work with a Korean or Japanese layout.
 */
export function shortcutFor(
  event: Pick<KeyboardEvent, 'key' | 'code' | 'target' | 'altKey' | 'ctrlKey' | 'metaKey' | 'defaultPrevented'>,
): ShortcutAction | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  if (isTypingTarget(event.target)) return null;
  if (event.code === 'Space' || event.key === ' ') return activatesControl(event.target) ? null : 'toggle';
  if (event.key === 'ArrowLeft') return 'back';
  if (event.key === 'ArrowRight') return 'forward';
  if (event.code === 'KeyL') return 'repeat';
  if (event.code === 'KeyN') return 'next';
  if (event.code === 'KeyP') return 'previous';
  return null;
}

export function useShortcuts(enabled: boolean, onDone?: (action: ShortcutAction) => void): void {
  // The latest callback, without adding and removing the key listener at every render.
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!enabled) return;
    const handleKey = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      if (action === 'toggle') player.toggle();
      else if (action === 'back') player.skip(-1);
      else if (action === 'forward') player.skip(1);
      else if (action === 'next') player.next();
      else if (action === 'previous') player.previous();
      else player.toggleRepeat();
      done.current?.(action);
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [enabled]);
}
