import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsToIdArray } from './bitset';

describe('bitsToIdArray', () => {
  it('lists exactly the set bits, ascending, in an array of their count', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.uint32Array({ maxLength: 70 }), fc.integer({ min: 0, max: 70 }).map((n) => new Uint32Array(n).fill(0xffffffff))),
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
