import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortIdsByNumber, sortIdsByString } from './sort-keys';

describe('sortIdsByNumber', () => {
  it('orders by value then id, for any finite or infinite values', () => {
    const value = fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(0, 1, -1, 0.5, Infinity, -Infinity, 1e-300, -1e-300));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 300 }), (raw) => {
        const values = new Float64Array(raw.map((v) => v + 0));
        const ids = new Uint32Array(raw.map((_, i) => i));
        const want = [...ids].sort((a, b) => values[a]! - values[b]! || a - b);
        expect([...sortIdsByNumber(ids, values)]).toEqual(want);
      }),
    );
  });
});

describe('sortIdsByString', () => {
  it('orders by UTF-16 code units then id', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 }), { maxLength: 200 }), (keys) => {
        const ids = new Uint32Array(keys.map((_, i) => i));
        const want = [...ids].sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b));
        expect([...sortIdsByString(ids, (i) => keys[i]!)]).toEqual(want);
      }),
    );
  });
});
