import { useRef, useState, type KeyboardEvent } from 'react';

/** The keys that move within a group, and where each goes from `i` of `count`. */
function stepOf(key: string, i: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (i + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (i - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * One Tab stop for a group of chips (a roving tab index, as a radio group has natively): Tab enters the group
 * on the chip last focused there (else `initial`: the chosen one, or the first), the arrows, Home and End move
 * among its chips, Space presses or ticks the one focused, and Tab leaves the group. The filter sheet had 90
 * stops before the "apply" button; moods in 11 groups and the 17 keys now take one stop a group.
 * Answers the props each chip spreads, by its index in the group.
 */
export function useRovingFocus(count: number, initial: number) {
  const [active, setActive] = useState<number | null>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  const current = active !== null && active < count ? active : Math.max(0, Math.min(initial, count - 1));
  return (i: number) => ({
    tabIndex: i === current ? 0 : -1,
    ref: (el: HTMLElement | null) => {
      items.current[i] = el;
    },
    onFocus: () => setActive(i),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const next = stepOf(event.key, i, count);
      if (next === null) return;
      event.preventDefault();
      items.current[next]?.focus();
    },
  });
}
