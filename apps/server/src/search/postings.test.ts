import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsToIds, wordsFor } from './bitset';
import { PostingStore } from './postings';

describe('PostingStore', () => {
  it('behaves like a map of sorted sets through adds, deletes, block moves and compaction', () => {
    const op = fc.record({
      add: fc.boolean(),
      key: fc.integer({ min: 0, max: 6 }),
      id: fc.integer({ min: 0, max: 300 }),
      aux: fc.integer({ min: 0, max: 255 }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 600 }), fc.boolean(), (ops, compactHalfway) => {
        const store = new PostingStore<number>({ aux: true });
        const model = new Map<number, Map<number, number>>();
        ops.forEach((o, i) => {
          if (compactHalfway && i === ops.length >> 1) store.compact();
          const set = model.get(o.key) ?? new Map<number, number>();
          if (o.add) {
            expect(store.add(o.key, o.id, o.aux)).toBe(!model.has(o.key));
            // Adding an id already there keeps its first aux byte.
            if (!set.has(o.id)) set.set(o.id, o.aux);
            model.set(o.key, set);
          } else {
            const emptied = set.has(o.id) && set.size === 1;
            expect(store.delete(o.key, o.id)).toBe(emptied);
            set.delete(o.id);
            if (set.size === 0) model.delete(o.key);
          }
        });
        expect(store.keyCount).toBe(model.size);
        for (const [key, set] of model) {
          const want = [...set.keys()].sort((a, b) => a - b);
          expect([...store.ids(key)]).toEqual(want);
          expect([...store.auxView(key)]).toEqual(want.map((id) => set.get(id)));
          expect(store.lengthOf(key)).toBe(want.length);
          const bits = new Uint32Array(wordsFor(301));
          store.orInto(key, bits);
          expect(bitsToIds(bits)).toEqual(want);
        }
      }),
      { numRuns: 200 },
    );
  });
});
