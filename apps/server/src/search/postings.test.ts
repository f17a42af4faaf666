import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsToIds, wordsFor } from './bitset';
import { PostingStore } from './postings';

describe('PostingStore', () => {
  it('behaves like a map of sorted sets through adds, deletes, block moves and compaction', () => {
    const op = fc.record({ add: fc.boolean(), key: fc.integer({ min: 0, max: 6 }), id: fc.integer({ min: 0, max: 300 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 600 }), fc.boolean(), (ops, compactHalfway) => {
        const store = new PostingStore<number>();
        const model = new Map<number, Set<number>>();
        ops.forEach((o, i) => {
          if (compactHalfway && i === ops.length >> 1) store.compact();
          const set = model.get(o.key) ?? new Set<number>();
          if (o.add) {
            expect(store.add(o.key, o.id)).toBe(!model.has(o.key));
            set.add(o.id);
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
          const want = [...set].sort((a, b) => a - b);
          expect([...store.ids(key)]).toEqual(want);
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
