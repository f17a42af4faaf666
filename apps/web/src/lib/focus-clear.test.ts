import { afterEach, describe, expect, it } from 'vitest';
import { clearanceScroll } from './focus-clear';

/** An element laid out at `rect` (jsdom lays nothing out). */
function placed(rect: { top: number; bottom: number; left: number; right: number }, covers?: string): HTMLElement {
  const el = document.createElement(covers ? 'div' : 'button');
  if (covers) el.dataset.covers = covers;
  el.getBoundingClientRect = () => ({
    ...rect,
    x: rect.left,
    y: rect.top,
    width: rect.right - rect.left,
    height: rect.bottom - rect.top,
    toJSON: () => ({}),
  });
  document.body.append(el);
  return el;
}

describe('clearanceScroll', () => {
  afterEach(() => document.body.replaceChildren());
  // jsdom's window is 1024×768.
  const wide = { left: 0, right: 1024 };

  it('brings a control out from under the bars at the top and the bottom', () => {
    placed({ top: 0, bottom: 64, ...wide }, 'top');
    placed({ top: 688, bottom: 768, ...wide }, 'bottom');
    expect(clearanceScroll(placed({ top: 40, bottom: 72, left: 100, right: 200 }))).toBe(40 - 64 - 8);
    expect(clearanceScroll(placed({ top: 670, bottom: 702, left: 100, right: 200 }))).toBe(702 - 688 + 8);
    expect(clearanceScroll(placed({ top: 300, bottom: 332, left: 100, right: 200 }))).toBe(0);
  });

  it('takes a layer marked auto as at the bottom in the lower half (a phone’s notices), at the top in the upper', () => {
    placed({ top: 600, bottom: 700, ...wide }, 'auto');
    expect(clearanceScroll(placed({ top: 650, bottom: 690, left: 10, right: 300 }))).toBe(690 - 600 + 8);
    document.body.replaceChildren();
    placed({ top: 72, bottom: 150, ...wide }, 'auto');
    expect(clearanceScroll(placed({ top: 100, bottom: 140, left: 10, right: 300 }))).toBe(100 - 150 - 8);
  });

  it('leaves a control beside a layer alone (the notices at the right of a wide screen)', () => {
    placed({ top: 72, bottom: 150, left: 628, right: 1008 }, 'auto');
    expect(clearanceScroll(placed({ top: 100, bottom: 140, left: 100, right: 600 }))).toBe(0);
    expect(clearanceScroll(placed({ top: 100, bottom: 140, left: 500, right: 700 }))).toBe(100 - 150 - 8);
  });

  it('skips an empty layer', () => {
    placed({ top: 700, bottom: 700, ...wide }, 'auto');
    expect(clearanceScroll(placed({ top: 650, bottom: 690, left: 10, right: 300 }))).toBe(0);
  });
});
