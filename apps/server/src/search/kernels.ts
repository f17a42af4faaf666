/**
 * Whole-bitset AND, AND-NOT, popcount and the list of set bits through a small WebAssembly SIMD module
 * (kernels.wat). V8 runs a plain loop over a Uint32Array at one word per several cycles (a bounds check, a
 * load and a store per word), and a callback per set bit at ~18 ns on the bench machine: at a million
 * tracks, one AND of three 125 kB bitsets with a popcount took ~200 µs, the largest single cost of a search.
 * The module does 128 bits per step; operands are copied into its memory (a memcpy, ~4 µs for 125 kB) and
 * the result copied back, so callers keep ordinary Uint32Arrays and nothing else in the index changes.
 *
 * Three slots of `words` words each live in the module's memory, each padded to whole 16-byte blocks with
 * zeros (copies only ever write the first `words` words, and AND / AND-NOT of zero pads stay zero, so the
 * pads never add to a count). Calls are synchronous and never nested, so one set of slots serves every
 * index in the process; it is laid out again when a bitset of another length comes.
 */
import { KERNELS_WASM_BASE64 } from './kernels-wasm';

// The WebAssembly global, as far as it is used here (this project's TypeScript libs do not declare it).
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
};

interface KernelExports {
  memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  and(dst: number, a: number, b: number, blocks: number): void;
  andCount(dst: number, a: number, b: number, blocks: number): number;
  andNotCount(dst: number, a: number, b: number, blocks: number): number;
  count(a: number, blocks: number): number;
  ids(a: number, blocks: number, out: number): number;
}

const kernel = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(KERNELS_WASM_BASE64, 'base64')))
  .exports as unknown as KernelExports;

const PAGE_BYTES = 65536;
const SLOTS = 3;

/** The current layout: bitset length in words, 16-byte blocks per slot, slot starts in words and bytes. */
let words = -1;
let blocks = 0;
let slotWords = 0;
let mem = new Uint32Array(kernel.memory.buffer);
/** The first slot (where results are made) as a view of exactly `words` words, to copy results out. */
let result = new Uint32Array(0);

function layout(n: number): void {
  if (n === words && mem.buffer === kernel.memory.buffer) return;
  blocks = (n + 3) >>> 2;
  slotWords = blocks * 4;
  reserve(SLOTS * slotWords * 4);
  mem = new Uint32Array(kernel.memory.buffer);
  for (let s = 0; s < SLOTS; s++) mem.fill(0, s * slotWords + n, (s + 1) * slotWords);
  result = new Uint32Array(kernel.memory.buffer, 0, n);
  words = n;
}

/** Grows the module's memory to at least `bytes` (which detaches the views on it: callers lay out again). */
function reserve(bytes: number): void {
  const have = kernel.memory.buffer.byteLength;
  if (bytes > have) kernel.memory.grow(Math.ceil((bytes - have) / PAGE_BYTES));
}

/** Bitsets combined must be of one length (a shorter one would silently read as zeros). */
function same(a: Uint32Array, b: Uint32Array): void {
  if (a.length !== words || b.length !== words) throw new RangeError(`bitsets of ${a.length} and ${b.length} words combined into ${words}`);
}

/** Byte offset of slot `s`. */
const at = (s: number): number => s * slotWords * 4;

/** out := the AND of `ands` (one or more, all as long as `out`; `out` may be one of them), answering its popcount. */
export function andAllInto(out: Uint32Array, ands: readonly Uint32Array[]): number {
  // An index with no ids yet has empty bitsets (and not every per-value one made).
  if (out.length === 0) return 0;
  layout(out.length);
  for (const b of ands) same(b, out);
  const last = ands.length - 1;
  mem.set(ands[0]!, 0);
  if (last === 0) {
    out.set(ands[0]!);
    return kernel.count(0, blocks);
  }
  // slot 0 := ands[0]; then slot 0 &= each next operand, copied into slot 1; the last pass counts.
  let count = 0;
  for (let j = 1; j <= last; j++) {
    mem.set(ands[j]!, slotWords);
    if (j < last) kernel.and(0, 0, at(1), blocks);
    else count = kernel.andCount(0, 0, at(1), blocks);
  }
  out.set(result);
  return count;
}

/** A pass over two operands into slot 0 (byte offsets, block count), answering the result's popcount. */
type Pass = (dst: number, a: number, b: number, blocks: number) => number;

/** out := pass(a, b) (all of one length; `out` may be `a` or `b`), answering its popcount. */
function twoOperands(pass: Pass, out: Uint32Array, a: Uint32Array, b: Uint32Array): number {
  layout(out.length);
  same(a, b);
  mem.set(a, slotWords);
  mem.set(b, 2 * slotWords);
  const count = pass(0, at(1), at(2), blocks);
  out.set(result);
  return count;
}

/** out := a & b (all of one length; `out` may be `a` or `b`), answering its popcount. */
export const andCountInto = (out: Uint32Array, a: Uint32Array, b: Uint32Array): number => twoOperands(kernel.andCount, out, a, b);

/** out := a & ~b (all of one length; `out` may be `a` or `b`), answering its popcount. */
export const andNotCountInto = (out: Uint32Array, a: Uint32Array, b: Uint32Array): number => twoOperands(kernel.andNotCount, out, a, b);

/** The number of set bits of `a`. */
export function countBits(a: Uint32Array): number {
  layout(a.length);
  mem.set(a, 0);
  return kernel.count(0, blocks);
}

/**
 * The positions of the set bits of `a`, ascending: a view into the module's memory, valid until the next call
 * into this module. The list goes after the slots; the memory grows to hold it (4 bytes a set bit).
 */
export function setBitIds(a: Uint32Array): Uint32Array {
  layout(a.length);
  mem.set(a, 0);
  const n = kernel.count(0, blocks);
  const out = at(SLOTS);
  if (out + 4 * n > kernel.memory.buffer.byteLength) {
    reserve(out + 4 * n);
    layout(a.length);
  }
  return new Uint32Array(kernel.memory.buffer, out, kernel.ids(0, blocks, out));
}
