import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToCounter, bitsToIdArray, counterEqualsInto } from './bitset';

describe('bitsToIdArray', () => {
  it('lists exactly the set bits, ascending, in an array of their count', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint32Array({ maxLength: 70 }),
          fc.integer({ min: 0, max: 70 }).map((n) => new Uint32Array(n).fill(0xffffffff)),
        ),
        (bits) => {
          const expected: number[] = [];
          for (let i = 0; i < bits.length * 32; i++) if ((bits[i >>> 5]! >>> (i & 31)) & 1) expected.push(i);
          const ids = bitsToIdArray(bits);
          expect(ids).toBeInstanceOf(Uint32Array);
          expect([...ids]).toEqual(expected);
        },
      ),
    );
  });
});

describe('bit-sliced counter', () => {
  it('counts for each id how many of the added bitsets hold it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).chain((words) => fc.array(fc.uint32Array({ minLength: words, maxLength: words }), { maxLength: 7 })),
        (sets) => {
          const words = sets[0]?.length ?? 1;
          const slices = [new Uint32Array(words), new Uint32Array(words), new Uint32Array(words)];
          for (const s of sets) addToCounter(slices, s);
          for (let k = 1; k <= 7; k++) {
            const out = new Uint32Array(words);
            counterEqualsInto(out, slices, k);
            for (let id = 0; id < words * 32; id++) {
              const count = sets.filter((s) => (s[id >>> 5]! >>> (id & 31)) & 1).length;
              expect(((out[id >>> 5]! >>> (id & 31)) & 1) === 1, `id ${id}, k ${k}`).toBe(count === k);
            }
          }
        },
      ),
    );
  });
});
