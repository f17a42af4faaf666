import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedPerm } from './sorted-perm';

/** Keys in a plain map; the reference order is a comparator sort of it. */
function harness() {
  const keys = new Map<number, number>();
  let rebuilds = 0;
  const sorted = () => [...keys.entries()].sort(([ia, ka], [ib, kb]) => ka - kb || ia - ib).map(([id]) => id);
  const perm = new SortedPerm<number>({
    key: (id) => keys.get(id) ?? null,
    compare: (a, b) => a - b,
    sortAll: () => {
      rebuilds++;
      return new Uint32Array(sorted());
    },
  });
  return { keys, perm, sorted, rebuilds: () => rebuilds };
}

describe('SortedPerm', () => {
  it('matches a fresh sort after any sequence of changes, read at any points', () => {
    const change = fc.record({ id: fc.integer({ min: 0, max: 40 }), key: fc.option(fc.integer({ min: 0, max: 6 })), read: fc.boolean() });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 120 }), (changes) => {
        const h = harness();
        expect([...h.perm.view()]).toEqual([]);
        for (const c of changes) {
          const before = h.keys.get(c.id) ?? null;
          if (c.key === null) h.keys.delete(c.id);
          else h.keys.set(c.id, c.key);
          h.perm.change(c.id, before);
          if (c.read) expect([...h.perm.view()]).toEqual(h.sorted());
        }
        expect([...h.perm.view()]).toEqual(h.sorted());
      }),
      { numRuns: 300 },
    );
  });

  it('applies a small batch without a full rebuild, and rebuilds after a large one', () => {
    const h = harness();
    for (let id = 0; id < 2000; id++) h.keys.set(id, id % 17);
    expect(h.perm.length).toBe(2000);
    expect(h.rebuilds()).toBe(1);
    for (let id = 0; id < 50; id++) {
      const before = h.keys.get(id)!;
      h.keys.set(id, 100 - id);
      h.perm.change(id, before);
    }
    expect([...h.perm.view()]).toEqual(h.sorted());
    expect(h.rebuilds()).toBe(1);
    for (let id = 0; id < 1000; id++) {
      const before = h.keys.get(id)!;
      h.keys.delete(id);
      h.perm.change(id, before);
    }
    expect([...h.perm.view()]).toEqual(h.sorted());
    expect(h.rebuilds()).toBe(2);
  });

  it('finds key bounds', () => {
    const h = harness();
    [5, 1, 3, 3, 9].forEach((k, id) => h.keys.set(id, k));
    expect(h.perm.lowerBound((k) => k < 3)).toBe(1);
    expect(h.perm.lowerBound((k) => k <= 3)).toBe(3);
    expect(h.perm.lowerBound((k) => k < 100)).toBe(5);
  });
});
