import { describe, expect, it } from 'vitest';
import { pageSlots, type PageSlot } from './pagination';

/** Slots as text: numbers, and … for an ellipsis. */
const show = (slots: PageSlot[]) => slots.map((s) => (s.kind === 'page' ? String(s.page) : '…')).join(' ');

describe('pageSlots', () => {
  it('should show every page when they fit in the window', () => {
    expect(show(pageSlots(1, 1))).toBe('1');
    expect(show(pageSlots(3, 5))).toBe('1 2 3 4 5');
  });

  it('should show nothing without pages', () => {
    expect(pageSlots(1, 0)).toEqual([]);
  });

  it('should keep five pages around the current one with first/last shortcuts and ellipses', () => {
    expect(show(pageSlots(1, 20))).toBe('1 2 3 4 5 … 20');
    expect(show(pageSlots(3, 20))).toBe('1 2 3 4 5 … 20');
    expect(show(pageSlots(4, 20))).toBe('1 2 3 4 5 6 … 20');
    expect(show(pageSlots(10, 20))).toBe('1 … 8 9 10 11 12 … 20');
    expect(show(pageSlots(17, 20))).toBe('1 … 15 16 17 18 19 20');
    expect(show(pageSlots(20, 20))).toBe('1 … 16 17 18 19 20');
  });

  it('should match the seven pages of the browser-test catalogue', () => {
    expect(show(pageSlots(1, 7))).toBe('1 2 3 4 5 … 7');
    expect(show(pageSlots(4, 7))).toBe('1 2 3 4 5 6 7');
    expect(show(pageSlots(7, 7))).toBe('1 … 3 4 5 6 7');
  });

  it('should clamp a current page outside the range', () => {
    expect(show(pageSlots(0, 7))).toBe('1 2 3 4 5 … 7');
    expect(show(pageSlots(99, 7))).toBe('1 … 3 4 5 6 7');
  });

  it('should honour another window size', () => {
    expect(show(pageSlots(5, 9, 3))).toBe('1 … 4 5 6 … 9');
  });
});
