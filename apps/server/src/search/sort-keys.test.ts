import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortIdsByFloat32, sortIdsByNumber, sortIdsByString } from './sort-keys';

const byKeyThenId = (keys: readonly string[]) => (a: number, b: number) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b);

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

describe('sortIdsByFloat32', () => {
  it('orders a subset of ids by Float32 value then id, across signs, fractions, repeats and infinities', () => {
    const value = fc.oneof(
      fc.float({ noNaN: true }),
      fc.constantFrom(0, 1, -1, 0.5, -0.5, 120, 120.5, 60, Infinity, -Infinity, 3.4e38, -3.4e38, 1e-40),
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 400 }), fc.array(fc.boolean(), { maxLength: 400 }), (raw, keep) => {
        const values = new Float32Array(raw.map((v) => v + 0));
        const ids = raw.map((_, i) => i).filter((i) => keep[i] ?? true);
        const want = [...ids].sort((a, b) => values[a]! - values[b]! || a - b);
        expect([...sortIdsByFloat32(ids, values)]).toEqual(want);
      }),
    );
  });
});

describe('sortIdsByString', () => {
  it('orders by UTF-16 code units then id, with long shared prefixes and repeats', () => {
    // A tiny alphabet makes long common prefixes and exact repeats, which exercise every chunk level.
    const key = fc.string({ unit: fc.constantFrom('a', 'b', '가', '\uffff', '𠀋'), maxLength: 10 });
    const keys = fc.oneof(fc.array(key, { maxLength: 40 }), fc.array(key, { minLength: 49, maxLength: 3000 }));
    fc.assert(
      fc.property(keys, (ks) => {
        const ids = new Uint32Array(ks.map((_, i) => i));
        expect([...sortIdsByString(ids, (i) => ks[i]!)]).toEqual([...ids].sort(byKeyThenId(ks)));
      }),
      { numRuns: 150 },
    );
  });

  it('sorts runs too large for the packed path by radix, at any depth', () => {
    const key = fc.string({ unit: fc.constantFrom('a', 'b', '가', '𠀋'), maxLength: 12 });
    fc.assert(
      fc.property(fc.array(key, { minLength: 100, maxLength: 2000 }), fc.integer({ min: 49, max: 400 }), (ks, packedMax) => {
        const ids = new Uint32Array(ks.map((_, i) => i));
        expect([...sortIdsByString(ids, (i) => ks[i]!, packedMax)]).toEqual([...ids].sort(byKeyThenId(ks)));
      }),
      { numRuns: 60 },
    );
  });

  it('sorts keys longer than the key store first makes room for (it grows as it reads them)', () => {
    // Long keys that differ only in their last few units, so every unit read matters.
    const key = fc
      .tuple(fc.integer({ min: 20, max: 60 }), fc.string({ unit: fc.constantFrom('a', 'b', '가'), minLength: 1, maxLength: 3 }))
      .map(([pad, k]) => `the long way home ${'~'.repeat(pad)}${k}`);
    fc.assert(
      fc.property(fc.array(key, { minLength: 50, maxLength: 300 }), (ks) => {
        const ids = new Uint32Array(ks.map((_, i) => i));
        expect([...sortIdsByString(ids, (i) => ks[i]!)]).toEqual([...ids].sort(byKeyThenId(ks)));
      }),
      { numRuns: 40 },
    );
  });
});
