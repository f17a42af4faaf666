import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { assembleKernels } from '../../../../scripts/kernels-asm.mjs';
import { andAllInto, andCountInto, andNotCountInto, countBits, setBitIds } from './kernels';
import { KERNELS_WASM_BASE64 } from './kernels-wasm';

/** The same operations a word at a time, as the index did them before the kernels. */
const ref = {
  count(a: Uint32Array): number {
    let n = 0;
    for (const w of a) for (let x = w; x !== 0; x &= x - 1) n++;
    return n;
  },
  and(ands: Uint32Array[]): Uint32Array {
    const out = Uint32Array.from(ands[0]!);
    for (const b of ands.slice(1)) for (let i = 0; i < out.length; i++) out[i]! &= b[i]!;
    return out;
  },
  andNot(a: Uint32Array, b: Uint32Array): Uint32Array {
    return a.map((w, i) => w & ~b[i]!);
  },
  ids(a: Uint32Array): number[] {
    const out: number[] = [];
    for (let i = 0; i < a.length * 32; i++) if ((a[i >>> 5]! >>> (i & 31)) & 1) out.push(i);
    return out;
  },
};

/** Bitsets of one length (0 to 70 words: not always whole 16-byte blocks), some sparse, some full. */
const operands = (min: number, max: number) =>
  fc
    .integer({ min: 0, max: 70 })
    .chain((words) =>
      fc.array(
        fc.oneof(
          fc.uint32Array({ minLength: words, maxLength: words }),
          fc.constant(new Uint32Array(words).fill(0xffffffff)),
          fc.constant(new Uint32Array(words)),
        ),
        { minLength: min, maxLength: max },
      ),
    );

describe('bitset kernels (WebAssembly SIMD)', () => {
  it('AND any number of bitsets and count the result, as a word-at-a-time loop does', () => {
    fc.assert(
      fc.property(operands(1, 7), (ands) => {
        const out = new Uint32Array(ands[0]!.length).fill(0xdeadbeef);
        const expected = ref.and(ands);
        expect(andAllInto(out, ands)).toBe(ref.count(expected));
        expect(out).toEqual(expected);
      }),
    );
  });

  it('AND and AND-NOT two bitsets, also in place, with their counts; counts any bitset', () => {
    fc.assert(
      fc.property(operands(2, 2), ([a, b]) => {
        const and = ref.and([a!, b!]);
        const andNot = ref.andNot(a!, b!);
        const out = new Uint32Array(a!.length);
        expect(andCountInto(out, a!, b!)).toBe(ref.count(and));
        expect(out).toEqual(and);
        expect(andNotCountInto(out, a!, b!)).toBe(ref.count(andNot));
        expect(out).toEqual(andNot);
        // In place: dst is an operand.
        const dst = Uint32Array.from(a!);
        expect(andNotCountInto(dst, dst, b!)).toBe(ref.count(andNot));
        expect(dst).toEqual(andNot);
        expect(countBits(b!)).toBe(ref.count(b!));
      }),
    );
  });

  it('lists the set bits of any bitset in ascending order, growing its memory for a long list', () => {
    fc.assert(
      fc.property(operands(1, 1), ([a]) => {
        expect([...setBitIds(a!)]).toEqual(ref.ids(a!));
      }),
    );
    // 4 MB of list: past the memory the slots took, and the slots still right afterwards.
    const full = new Uint32Array(31_250).fill(0xffffffff);
    const ids = setBitIds(full);
    expect(ids.length).toBe(1_000_000);
    expect(ids[0]).toBe(0);
    expect(ids[999_999]).toBe(999_999);
    expect(andCountInto(new Uint32Array(31_250), full, full)).toBe(1_000_000);
  });

  it('keeps results right when bitsets of other lengths come between (a longer one leaves no bits behind)', () => {
    const long = new Uint32Array(1000).fill(0xffffffff);
    const short = new Uint32Array(5).fill(0xffffffff);
    expect(countBits(long)).toBe(32_000);
    expect(andAllInto(new Uint32Array(5), [short, short])).toBe(160);
    expect(countBits(new Uint32Array(40_000).fill(1))).toBe(40_000);
    expect(andCountInto(new Uint32Array(5), short, new Uint32Array(5).fill(3))).toBe(10);
  });

  it('refuses bitsets of different lengths instead of reading the missing words as zeros', () => {
    expect(() => andCountInto(new Uint32Array(4), new Uint32Array(4), new Uint32Array(3))).toThrow(RangeError);
    expect(() => andAllInto(new Uint32Array(4), [new Uint32Array(4), new Uint32Array(8)])).toThrow(RangeError);
  });

  it('runs the module assembled from kernels.wat (kernels-wasm.ts is up to date)', async () => {
    const wat = readFileSync(new URL('./kernels.wat', import.meta.url), 'utf8');
    const bytes = (await assembleKernels(wat)) as Uint8Array;
    expect(Buffer.from(bytes).toString('base64')).toBe(KERNELS_WASM_BASE64);
  });
});
