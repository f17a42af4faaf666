import { describe, expect, it, vi } from 'vitest';
import transitionEnd from './transition-end';

describe('transitionEnd (dom-helpers, mended)', () => {
  it('still ends a transition whose own event never comes when one bubbles up from inside', async () => {
    vi.useFakeTimers();
    try {
      const element = document.createElement('div');
      const child = document.createElement('input');
      element.append(child);
      document.body.append(element);
      const handler = vi.fn();
      transitionEnd(element, handler, 150);
      child.dispatchEvent(new Event('transitionend', { bubbles: true }));
      // The child's event reaches the handler (which react-bootstrap filters by target), but it is not the end.
      await vi.advanceTimersByTimeAsync(200);
      expect(handler.mock.calls.map(([e]) => (e as Event).target)).toEqual([child, element]);
      element.remove();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends no second end once the element’s own event came, and none after being removed', async () => {
    vi.useFakeTimers();
    try {
      const element = document.createElement('div');
      document.body.append(element);
      const handler = vi.fn();
      transitionEnd(element, handler, 150);
      element.dispatchEvent(new Event('transitionend', { bubbles: true }));
      await vi.advanceTimersByTimeAsync(200);
      expect(handler).toHaveBeenCalledTimes(1);
      const other = vi.fn();
      transitionEnd(element, other, 150)();
      await vi.advanceTimersByTimeAsync(200);
      expect(other).not.toHaveBeenCalled();
      element.remove();
    } finally {
      vi.useRealTimers();
    }
  });
});
